import type { BoardDataHealth } from '@saldo/contract';
import { withSeverity } from '@saldo/contract/sources/data-health';
import { sourceError } from '@saldo/contract/sources/source-errors';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { DataHealthPanel } from './data-health-panel';
import { badgeOf, warningRows } from './health-rules';

const NB = '\u00a0';

// What the server answers for a board over a flawed SAF-T file (the warnings as a sync stores them).
const warnings = withSeverity([
  { code: 'SAFT_UNKNOWN_CUSTOMER', params: { id: 'K404', lines: 1, amount: 625_000 } },
  { code: 'SAFT_CLOSING_MISMATCH', params: { account: '1920', stated: 100_000, computed: 325_050 } },
  { code: 'SAFT_NAMESPACE', params: { namespace: 'urn:x' } },
]);
const health: BoardDataHealth = {
  groupId: 'b1',
  severity: 'error',
  counts: { error: 1, warning: 1, info: 1 },
  sources: [
    {
      _id: 'a1',
      name: 'Feil AS',
      provider: 'saft',
      lastSyncedAt: '2026-11-20T10:00:00.000Z',
      syncError: null,
      severity: 'error',
      warnings,
    },
  ],
};

describe('health rules', () => {
  it('the badge shows the worst severity and counts errors and warnings, nothing when all is well', () => {
    expect(badgeOf(health)).toEqual({ severity: 'error', count: 2 });
    expect(badgeOf({ ...health, severity: null, counts: { error: 0, warning: 0, info: 0 } })).toBeNull();
    expect(badgeOf(undefined)).toBeNull();
  });

  it('lists errors first, each with its text, what it touches and what to do, in the language', () => {
    const nor = warningRows(warnings, 'nor');
    expect(nor.map((r) => [r.severity, r.code])).toEqual([
      ['error', 'SAFT_CLOSING_MISMATCH'],
      ['warning', 'SAFT_UNKNOWN_CUSTOMER'],
      ['info', 'SAFT_NAMESPACE'],
    ]);
    expect(nor[0]).toMatchObject({ accounts: ['1920'], amount: `2${NB}250,50${NB}kr` });
    expect(nor[0]!.advice).toMatch(/^Kontoens saldo/);
    expect(nor[1]).toMatchObject({ party: 'K404', amount: `6${NB}250,00${NB}kr` });
    const en = warningRows(warnings, 'en');
    expect(en[0]).toMatchObject({ amount: 'NOK 2,250.50' });
    expect(en[0]!.text).toMatch(/^Account 1920: the file's closing balance/);
    expect(en[0]!.advice).toMatch(/^The account's balance in Saldo/);
  });
});

const unbalanced = sourceError('SAFT_UNBALANCED', {
  transactionId: '1057',
  journal: '123ABC',
  date: '2017-04-30',
  difference: 123_450,
  line: 4294,
});

describe('DataHealthPanel', () => {
  it('shows each source with its warnings, severities, accounts, amounts and advice', async () => {
    await act(() => i18n.changeLanguage('nor'));
    renderWithProviders(
      <DataHealthPanel
        health={{ ...health, sources: [{ ...health.sources[0]!, syncError: unbalanced }] }}
        onClose={() => {}}
      />,
    );
    const panel = document.body.querySelector('[data-testid="data-health-panel"]')!;
    expect(panel.querySelector('h2')?.textContent).toBe('Datahelse');
    const items = [...panel.querySelectorAll('[data-testid="data-health-warning"]')];
    expect(items.map((li) => li.getAttribute('data-code'))).toEqual([
      'SAFT_CLOSING_MISMATCH',
      'SAFT_UNKNOWN_CUSTOMER',
      'SAFT_NAMESPACE',
    ]);
    expect(items[0]!.querySelector('[data-severity]')?.textContent).toBe('Feil');
    expect(items[0]!.textContent).toContain('Kontoer1920');
    expect(items[0]!.textContent).toContain(`Beløp2${NB}250,50${NB}kr`);
    expect(items[0]!.textContent).toContain('Hva du bør gjøre');
    // The sync's coded error in Norwegian, the amount as a Norwegian reads it.
    expect(panel.querySelector('[data-testid="data-health-sync-failed"]')?.textContent).toContain(
      `Bilag 1057 i journal 123ABC (2017/04/30) går ikke i balanse: debet overstiger kredit med 1${NB}234,50${NB}kr (linje 4294 i filen).`,
    );
    await act(() => i18n.changeLanguage('en'));
    expect(items[1]!.querySelector('[data-severity]')?.textContent).toBe('Warning');
  });
});
