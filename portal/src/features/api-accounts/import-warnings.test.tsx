import type { ImportWarning } from '@saldo/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { ImportWarnings } from './import-warnings';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const NB = '\u00a0';
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const warnings: ImportWarning[] = [
  { code: 'SAFT_UNKNOWN_CUSTOMER', params: { id: 'K404', lines: 1, amount: 625_000 } },
  // A warning stored as text by an earlier version has no code of its own.
  { code: 'SOURCE_MESSAGE', params: { text: 'Opening balances do not net to zero' } },
];

function shown(): string[] {
  return [...container.querySelectorAll('[data-testid="api-account-warning"]')].map((li) => li.textContent ?? '');
}

describe('ImportWarnings', () => {
  it("shows a sync's warnings in the UI language, amounts formatted for it", async () => {
    await act(async () => {
      await i18n.changeLanguage('nor');
    });
    act(() =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <ImportWarnings warnings={warnings} testId="warnings" />
        </I18nextProvider>,
      ),
    );
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
    act(() =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <ImportWarnings warnings={[]} />
        </I18nextProvider>,
      ),
    );
    expect(container.innerHTML).toBe('');
  });
});
