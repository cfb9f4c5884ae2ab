// A SAF-T source of several files (next month's file uploaded on the same source) as one connector:
// the newest file covering a month gives that month, the other months stay with the files before it.
//
// The files are read newest first. A file covers the months from its first period (its opening
// balances' month, else its first posting's) to its last posting's; a posting of an older file in a
// month a newer file covers is left out. The opening balances are those of the file that gives the
// source's first month (the earliest start; of two starting together, the newer): the later files'
// openings are the earlier files' closings, which the kept postings already carry. Master data (the
// chart, customers, suppliers) is taken once per ID, the newest file's name winning. Each file's
// months are told through `onFileRead`, and a file the import refuses is named in the error
// (SaftFileError), so the job removes that file and not the others.

import type { ImportWarning } from '@saldo/contract/sources/import-warnings';
import type { SourceError } from '@saldo/contract/sources/source-errors';
import {
  batched,
  type Connector,
  ConnectorError,
  type ConnectorErrorKind,
  type LedgerRecord,
  recordBatches,
  type SyncContext,
} from '../types.ts';

/** A month range, yyyy-mm, both ends included. */
export interface MonthRange {
  from: string;
  to: string;
}

/** One file of the source, and the connector that reads it. */
export interface SaftSetFile {
  id: string;
  connector: Connector;
}

/** A file of the set the import refused: the error names the file so only that one is removed. */
export class SaftFileError extends ConnectorError {
  constructor(
    kind: ConnectorErrorKind,
    error: SourceError,
    readonly fileId: string,
  ) {
    super(kind, error);
  }
}

type Opening = Extract<LedgerRecord, { kind: 'opening' }>;

const masterKey = (r: LedgerRecord): string | null => {
  switch (r.kind) {
    case 'account':
      return `a:${r.accountId ?? String(r.number)}`;
    case 'customer':
    case 'supplier':
      return `${r.kind}:${r.id}`;
    case 'product':
      return `p:${r.id}`;
    case 'employee':
      return `e:${r.id}`;
    default:
      return null;
  }
};

/**
 * The files of one source, oldest upload first, read as one ledger. `onFileRead` is told each file's
 * months (null for a file with neither postings nor openings) once the file has been read.
 */
export function saftFileSetConnector(
  files: readonly SaftSetFile[],
  onFileRead?: (fileId: string, range: MonthRange | null) => void,
): Connector {
  return {
    type: 'saft',
    parts: ['file'],
    read: (ctx) => batched(readFiles(files, ctx, onFileRead), ctx.signal),
  };
}

async function* readFiles(
  files: readonly SaftSetFile[],
  ctx: SyncContext,
  onFileRead?: (fileId: string, range: MonthRange | null) => void,
): AsyncGenerator<LedgerRecord[]> {
  const newestFirst = [...files].reverse();
  const covered: MonthRange[] = [];
  const seen = new Set<string>();
  let company = false;
  /** The opening balances of the file that starts earliest so far (newer files first: ties keep the newer). */
  let openings: { from: string; records: Opening[] } | null = null;
  for (const [i, file] of newestFirst.entries()) {
    const fileCtx: SyncContext = {
      signal: ctx.signal,
      progress: (part, fraction) => ctx.progress(part, (i + fraction) / newestFirst.length),
      warn: (w: ImportWarning) => ctx.warn(w),
    };
    let first: string | undefined;
    let last: string | undefined;
    let openingMonth: string | undefined;
    const fileOpenings: Opening[] = [];
    try {
      for await (const batch of recordBatches(file.connector, fileCtx)) {
        const out: LedgerRecord[] = [];
        for (const record of batch) {
          if (record.kind === 'posting') {
            const month = record.period ?? record.date.slice(0, 7);
            if (first === undefined || month < first) first = month;
            if (last === undefined || month > last) last = month;
            if (!covered.some((r) => r.from <= month && month <= r.to)) out.push(record);
          } else if (record.kind === 'opening') {
            const month = record.date.slice(0, 7);
            if (openingMonth === undefined || month < openingMonth) openingMonth = month;
            fileOpenings.push(record);
          } else if (record.kind === 'company') {
            if (!company) out.push(record);
            company = true;
          } else {
            const key = masterKey(record);
            if (key === null || seen.has(key)) continue;
            seen.add(key);
            out.push(record);
          }
        }
        if (out.length) yield out;
      }
    } catch (err) {
      if (err instanceof ConnectorError && !(err instanceof SaftFileError))
        throw new SaftFileError(err.kind, err.error, file.id);
      throw err;
    }
    const from = [openingMonth, first].filter((m): m is string => m !== undefined).sort()[0];
    const range = from ? { from, to: last && last > from ? last : from } : null;
    if (range) {
      covered.push(range);
      if (!openings || range.from < openings.from) openings = { from: range.from, records: fileOpenings };
    }
    onFileRead?.(file.id, range);
  }
  if (openings?.records.length) yield openings.records;
}
