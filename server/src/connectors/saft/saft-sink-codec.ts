import type { RawLine, RawTransaction, SaftSink } from './saft-fields.ts';

// How the SAF-T elements cross from the import worker, which parses, to the main thread, which
// builds the records (saft-records.ts) and writes them: the parser alone keeps one core busy, so
// the rest of the work goes to the other. Structured clone would write every object's property
// names and rebuild each object on the other side; instead a batch's transactions go as numbers in
// a Float64Array and their strings' UTF-16 code units in a Uint16Array (both moved, not copied),
// made one string again on the other side and cut up by their lengths. The few other calls
// (header, accounts, parties, totals) go as they are.

/** A SaftSink that is told when the file ends, as SaftRecords is. */
export interface SaftEndSink extends SaftSink {
  end(): void;
}

type Method = Exclude<keyof SaftEndSink, 'transaction'>;

export interface EncodedCalls {
  /** Per call: OTHER and its index in `others`, or TX and the transaction's numbers; each string's length. */
  numbers: Float64Array;
  /** The transactions' strings, one after another, as UTF-16 code units. */
  chars: Uint16Array;
  others: { method: Method; args: unknown[]; line: number }[];
}

const OTHER = 0;
const TX = 1;
const SIDES = [undefined, 'DebitAmount', 'CreditAmount'] as const;

/** Records the calls a parser makes on its sink; `take` hands them over and starts the next batch. */
export class SinkEncoder implements SaftEndSink {
  private numbers = new Float64Array(8192);
  private used = 0;
  /**
   * The strings' UTF-16 code units, copied as they come: the parser's strings are slices of its
   * chunk, which then die young instead of being kept (with the chunk) until the batch is sent.
   */
  private chars = new Uint16Array(1 << 16);
  private charsUsed = 0;
  private others: EncodedCalls['others'] = [];
  /** Transaction lines and other calls since the last take: what a batch is measured in. */
  size = 0;

  constructor(
    /** The line of the file the parser is at: the line a call's messages name. */
    private readonly where: () => number,
  ) {}

  take(): EncodedCalls {
    const out = {
      numbers: this.numbers.slice(0, this.used),
      chars: this.chars.slice(0, this.charsUsed),
      others: this.others,
    };
    this.used = 0;
    this.charsUsed = 0;
    this.others = [];
    this.size = 0;
    return out;
  }

  transaction(tx: RawTransaction): void {
    const lines = tx.lines;
    this.size += lines.length + 1;
    this.num(TX);
    this.num(tx.line);
    this.num(lines.length);
    this.str(tx.journal);
    this.str(tx.id);
    this.str(tx.period);
    this.str(tx.periodYear);
    this.str(tx.date);
    this.str(tx.glDate);
    this.str(tx.description);
    this.str(tx.customer);
    this.str(tx.supplier);
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      const amount = l.amount;
      this.num(amount === undefined ? 0 : amount.side === 'DebitAmount' ? 1 : 2);
      if (amount !== undefined) this.str(amount.raw);
      this.str(l.accountId);
      this.str(l.customerId);
      this.str(l.supplierId);
      this.str(l.description);
    }
  }

  namespace(...args: Parameters<SaftSink['namespace']>): void {
    this.other('namespace', args);
  }
  company(...args: Parameters<SaftSink['company']>): void {
    this.other('company', args);
  }
  selection(...args: Parameters<SaftSink['selection']>): void {
    this.other('selection', args);
  }
  header(...args: Parameters<SaftSink['header']>): void {
    this.other('header', args);
  }
  account(...args: Parameters<SaftSink['account']>): void {
    this.other('account', args);
  }
  accountsDone(): void {
    this.other('accountsDone', []);
  }
  party(...args: Parameters<SaftSink['party']>): void {
    this.other('party', args);
  }
  entriesStart(): void {
    this.other('entriesStart', []);
  }
  totals(...args: Parameters<SaftSink['totals']>): void {
    this.other('totals', args);
  }
  end(): void {
    this.other('end', []);
  }

  private other(method: Method, args: unknown[]): void {
    this.size += 1;
    this.num(OTHER);
    this.num(this.others.length);
    this.others.push({ method, args, line: this.where() });
  }

  private str(s: string): void {
    const n = s.length;
    if (this.charsUsed + n > this.chars.length) {
      const grown = new Uint16Array(Math.max(this.chars.length * 2, this.charsUsed + n));
      grown.set(this.chars.subarray(0, this.charsUsed));
      this.chars = grown;
    }
    const chars = this.chars;
    let at = this.charsUsed;
    for (let i = 0; i < n; i++) chars[at++] = s.charCodeAt(i);
    this.charsUsed = at;
    this.num(n);
  }

  private num(n: number): void {
    if (this.used === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.used++] = n;
  }
}

/**
 * Makes the calls a SinkEncoder took on `sink`, in order, calling `at` with each call's line first
 * (the line the sink's messages name).
 */
export function replayCalls(encoded: EncodedCalls, sink: SaftEndSink, at: (line: number) => void): void {
  const { numbers, chars, others } = encoded;
  // One native decode for the batch; each string is then a slice of it.
  const text = Buffer.from(chars.buffer, chars.byteOffset, chars.byteLength).toString('utf16le');
  let i = 0;
  let offset = 0;
  const str = () => {
    const end = offset + numbers[i++]!;
    const s = text.slice(offset, end);
    offset = end;
    return s;
  };
  while (i < numbers.length) {
    if (numbers[i++] === OTHER) {
      const call = others[numbers[i++]!]!;
      at(call.line);
      (sink[call.method] as (...args: unknown[]) => void)(...call.args);
      continue;
    }
    const line = numbers[i++]!;
    const count = numbers[i++]!;
    const tx: RawTransaction = {
      journal: str(),
      id: str(),
      period: str(),
      periodYear: str(),
      date: str(),
      glDate: str(),
      description: str(),
      customer: str(),
      supplier: str(),
      lines: new Array<RawLine>(count),
      line,
    };
    for (let l = 0; l < count; l++) {
      const side = SIDES[numbers[i++]!];
      const amount = side === undefined ? undefined : { raw: str(), side };
      tx.lines[l] = { accountId: str(), amount, customerId: str(), supplierId: str(), description: str() };
    }
    at(line);
    sink.transaction(tx);
  }
}
