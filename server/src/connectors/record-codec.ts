import type { LedgerRecord } from './types.ts';

// How records cross from the import worker to the main thread. Structured clone writes every
// object's property names and rebuilds each object on the other side, which cost about 1 µs a
// posting in the worker and 2 µs on the main thread; a flat array of plain values clones at a
// fraction of that. Postings (nearly all records) go as a tag and their eleven fields, any
// other record as a tag and the object itself.

type Posting = Extract<LedgerRecord, { kind: 'posting' }>;
export type EncodedRecords = (string | number | null | LedgerRecord)[];

const POSTING = 0;
const OTHER = 1;

/** Appends `records` to `out`, in order. */
export function encodeRecords(records: readonly LedgerRecord[], out: EncodedRecords): void {
  for (const r of records) {
    if (r.kind !== 'posting') {
      out.push(OTHER, r);
      continue;
    }
    out.push(
      POSTING,
      r.date,
      r.voucher,
      r.accountNumber,
      r.amount,
      r.period ?? null,
      r.voucherRef ?? null,
      r.accountId ?? null,
      r.customerId ?? null,
      r.supplierId ?? null,
      r.productId ?? null,
      r.description ?? null,
    );
  }
}

/** The records `encodeRecords` appended, with only the optional fields that were set. */
export function decodeRecords(flat: EncodedRecords): LedgerRecord[] {
  const out: LedgerRecord[] = [];
  for (let i = 0; i < flat.length; ) {
    if (flat[i] === OTHER) {
      out.push(flat[i + 1] as LedgerRecord);
      i += 2;
      continue;
    }
    const p: Posting = {
      kind: 'posting',
      date: flat[i + 1] as string,
      voucher: flat[i + 2] as string,
      accountNumber: flat[i + 3] as number,
      amount: flat[i + 4] as number,
    };
    if (flat[i + 5] !== null) p.period = flat[i + 5] as string;
    if (flat[i + 6] !== null) p.voucherRef = flat[i + 6] as string;
    if (flat[i + 7] !== null) p.accountId = flat[i + 7] as string;
    if (flat[i + 8] !== null) p.customerId = flat[i + 8] as string;
    if (flat[i + 9] !== null) p.supplierId = flat[i + 9] as string;
    if (flat[i + 10] !== null) p.productId = flat[i + 10] as string;
    if (flat[i + 11] !== null) p.description = flat[i + 11] as string;
    out.push(p);
    i += 12;
  }
  return out;
}
