import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ImportWarning } from '@saldo/contract/sources/import-warnings';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config.ts';
import { saftConnector } from './saft/saft-connector.ts';
import { threadedConnector } from './threaded.ts';
import { ConnectorError, type LedgerRecord, quietContext } from './types.ts';

const fixture = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');

async function collect(iterable: AsyncIterable<LedgerRecord>) {
  const out: LedgerRecord[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

describe('threadedConnector', () => {
  it('yields exactly the records, warnings and progress of the connector run in this thread', async () => {
    const direct: ImportWarning[] = [];
    const threaded: ImportWarning[] = [];
    const progress: number[] = [];
    const inThread = await collect(saftConnector({ path: fixture }).read(quietContext(undefined, direct)));
    const ctx = { ...quietContext(undefined, threaded), progress: (_: string, f: number) => progress.push(f) };
    const inWorker = await collect(threadedConnector({ kind: 'saft', path: fixture }).read(ctx));
    expect(inWorker).toEqual(inThread);
    expect(threaded).toEqual(direct);
    expect(threaded.map((w) => w.code)).toContain('SAFT_OPENING_NOT_BALANCED');
    expect(progress.at(-1)).toBe(1);
  });

  it('passes a connector error across with its kind and message', async () => {
    const missing = resolve(repoRoot, 'server/src/connectors/threaded.ts');
    const err = await collect(threadedConnector({ kind: 'saft', path: missing }).read(quietContext())).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect(err.kind).toBe('invalid-file');
    expect(err.message).toMatch(/not XML|not a SAF-T/);
  });

  it('fails as the connector in this thread does, naming the same line, when records cannot be built', async () => {
    // The worker only parses; the records (and their checks) are made on this thread from what it sends.
    const xml = readFileSync(fixture, 'utf8');
    const invalid = xml.replace(/(<n1:DebitAmount>\s*<n1:Amount>)10000</, '$1ti tusen<');
    expect(invalid).not.toBe(xml);
    const path = join(mkdtempSync(join(tmpdir(), 'saldo-threaded-')), 'invalid-amount.xml');
    writeFileSync(path, invalid);
    const direct = await collect(saftConnector({ path }).read(quietContext())).catch((e) => e);
    const threaded = await collect(threadedConnector({ kind: 'saft', path }).read(quietContext())).catch((e) => e);
    expect(direct).toBeInstanceOf(ConnectorError);
    expect(direct.error.code).toBe('SAFT_INVALID_AMOUNT');
    expect(direct.error.params.line).toBeGreaterThan(1000);
    expect(threaded).toBeInstanceOf(ConnectorError);
    expect(threaded.kind).toBe(direct.kind);
    expect(threaded.error).toEqual(direct.error);
  });

  it('stops when the sync is aborted', async () => {
    const controller = new AbortController();
    const records: LedgerRecord[] = [];
    const run = (async () => {
      for await (const r of threadedConnector({ kind: 'saft', path: fixture }).read(quietContext(controller.signal))) {
        records.push(r);
        controller.abort();
      }
    })();
    await expect(run).rejects.toThrow();
    expect(records).toHaveLength(1);
  });
});
