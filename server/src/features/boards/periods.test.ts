import type { SyncStats } from '@saldo/contract';
import { importWarning } from '@saldo/contract/sources/import-warnings';
import { describe, expect, it } from 'vitest';
import { noStats } from '../sync/ingest.ts';
import { fiscalYearOfSources } from './periods.ts';

const stats = (...warnings: SyncStats['warnings']): SyncStats => ({ ...noStats(), warnings });
const fiscal = (startMonth: number) =>
  importWarning('SAFT_FISCAL_YEAR', { startMonth, offset: startMonth - 1, transactions: 12 });

describe("the fiscal year the board's sources say", () => {
  it('is the one start month their imports found, whatever else they warned of or whichever never synced', () => {
    expect(fiscalYearOfSources([stats(fiscal(5)), null, stats(importWarning('SAFT_COUNTRY', { country: 'SE' }))])).toBe(
      5,
    );
    expect(fiscalYearOfSources([stats(fiscal(7)), stats(fiscal(7))])).toBe(7);
  });

  it('is none where no import found one, or two sources disagree', () => {
    expect(fiscalYearOfSources([])).toBeNull();
    expect(fiscalYearOfSources([stats(), null])).toBeNull();
    expect(fiscalYearOfSources([stats(fiscal(5)), stats(fiscal(7))])).toBeNull();
  });
});
