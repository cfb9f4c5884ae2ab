import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { quietContext } from '../types.ts';
import { readSaft } from './saft-connector.ts';
import type { RawTransaction } from './saft-fields.ts';
import { type EncodedCalls, replayCalls, type SaftEndSink, SinkEncoder } from './saft-sink-codec.ts';

const FIXTURES = '/work/shared/fixtures/saf-t';
const FILES = [
  `${FIXTURES}/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml`,
  `${FIXTURES}/ExampleFile_SAF-T_Financial_999999999_20161125213512.xml`,
];

type Call = [method: string, args: unknown[], line: number];

/** A sink that writes down each call, its arguments and the line `where` gives at the time. */
function recorder(where: () => number): SaftEndSink & { calls: Call[] } {
  const calls: Call[] = [];
  const record =
    (method: string) =>
    (...args: unknown[]) =>
      calls.push([method, args, where()]);
  return {
    calls,
    namespace: record('namespace'),
    company: record('company'),
    selection: record('selection'),
    header: record('header'),
    account: record('account'),
    accountsDone: record('accountsDone'),
    party: record('party'),
    entriesStart: record('entriesStart'),
    transaction: record('transaction'),
    totals: record('totals'),
    end: record('end'),
  };
}

describe('SinkEncoder and replayCalls', () => {
  it.each(FILES)('replay every call the parser made on %s, in order, at the line it was made', async (path) => {
    const direct: Call[] = [];
    for await (const calls of readSaft(
      { path },
      quietContext(),
      (where) => recorder(where),
      (sink, last) => (last ? sink.calls : null),
    ))
      direct.push(...calls);

    let line = 0;
    const replayed = recorder(() => line);
    const batches: EncodedCalls[] = [];
    // Small reads and batches: a file's calls are cut at many places.
    for await (const encoded of readSaft(
      { stream: () => createReadStream(path, { highWaterMark: 1024 }) },
      quietContext(),
      (where) => new SinkEncoder(where),
      (sink, last) => (sink.size >= 7 || (last && sink.size > 0) ? sink.take() : null),
    ))
      batches.push(encoded);
    for (const encoded of batches)
      replayCalls(encoded, replayed, (l) => {
        line = l;
      });

    expect(batches.length).toBeGreaterThan(1);
    expect(direct.filter(([m]) => m === 'transaction').length).toBeGreaterThan(0);
    expect(replayed.calls).toEqual(direct);
  });

  it('keeps empty, missing and non-ASCII values as they were, and sends transactions without objects', () => {
    const tx: RawTransaction = {
      journal: 'GL',
      id: '7',
      period: '',
      periodYear: '2024',
      date: '2024-03-15',
      glDate: '',
      description: 'Kjøp av blåbær 🫐',
      customer: '',
      supplier: 'L1',
      lines: [
        {
          accountId: '1920PKEY92783',
          amount: { raw: '10.00', side: 'DebitAmount' },
          customerId: '',
          supplierId: '',
          description: '',
        },
        { accountId: '2400', amount: undefined, customerId: 'K€', supplierId: '', description: 'æøå' },
        {
          accountId: '4000',
          amount: { raw: ' 10 ', side: 'CreditAmount' },
          customerId: '',
          supplierId: 'L1',
          description: 'x',
        },
      ],
      line: 42,
    };
    const encoder = new SinkEncoder(() => 0);
    encoder.transaction(tx);
    encoder.transaction({ ...tx, id: '8', lines: [], line: 43 });
    const encoded = encoder.take();
    expect(encoded.others).toEqual([]);
    const got: Call[] = [];
    replayCalls(
      encoded,
      { ...recorder(() => 0), transaction: (t) => got.push(['transaction', [t], t.line]) },
      () => {},
    );
    expect(got).toEqual([
      ['transaction', [tx], 42],
      ['transaction', [{ ...tx, id: '8', lines: [], line: 43 }], 43],
    ]);
    // Taken means gone: the next batch starts empty.
    expect(encoder.size).toBe(0);
    expect(encoder.take().numbers.length).toBe(0);
  });
});
