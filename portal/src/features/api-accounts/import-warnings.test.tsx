import type { ImportWarning } from '@saldo/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { ImportWarnings } from './import-warnings';

const NB = '\u00a0';

const warnings: ImportWarning[] = [
  { code: 'SAFT_UNKNOWN_CUSTOMER', params: { id: 'K404', lines: 1, amount: 625_000 } },
  // A warning stored as text by an earlier version has no code of its own.
  { code: 'SOURCE_MESSAGE', params: { text: 'Opening balances do not net to zero' } },
];

function shown(): string[] {
  return [...document.body.querySelectorAll('[data-testid="api-account-warning"]')].map((li) => li.textContent ?? '');
}

describe('ImportWarnings', () => {
  it("shows a sync's warnings in the UI language, amounts formatted for it", async () => {
    await act(async () => {
      await i18n.changeLanguage('nor');
    });
    const { container } = renderWithProviders(<ImportWarnings warnings={warnings} testId="warnings" />);
    expect(shown()).toEqual([
      `Kunde K404 står på 1 linje (netto 6${NB}250,00${NB}kr), men mangler i kunderegisteret.`,
      'Opening balances do not net to zero',
    ]);
    expect(container.querySelector('[data-code="SAFT_UNKNOWN_CUSTOMER"]')).not.toBeNull();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(shown()[0]).toBe('Customer K404 is on 1 line (net NOK 6,250.00) but missing from the master data.');
  });

  it('shows nothing without warnings', () => {
    const { container } = renderWithProviders(<ImportWarnings warnings={[]} />);
    // Only the providers' empty notification region is there.
    expect(container.querySelectorAll('*')).toHaveLength(1);
    expect(container.textContent).toBe('');
  });
});
