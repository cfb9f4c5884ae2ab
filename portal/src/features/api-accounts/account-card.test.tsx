import type { ApiAccount, SourceError } from '@saldo/contract';
import { sourceError } from '@saldo/contract/sources/source-errors';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { apiAccount } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AccountCard } from './account-card';
import { SaftFileForm } from './saft-file-form';

const NB = '\u00a0';

function failedAccount(error: SourceError | null): ApiAccount {
  return apiAccount({
    number: '888888888',
    syncInfo: { status: 'failed', percentage: null, lastSyncedAt: null, error },
  });
}

const unbalanced = sourceError('SAFT_UNBALANCED', {
  transactionId: '1057',
  journal: '123ABC',
  date: '2017-04-30',
  difference: 324_541_000,
  line: 4294,
});

const text = (testId: string) => document.body.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';

describe('a refused SAF-T file and a failed sync, in the UI language', () => {
  it("shows the sync's coded error in Norwegian, and in English after a switch", async () => {
    await act(() => i18n.changeLanguage('nor'));
    renderWithProviders(<AccountCard account={failedAccount(unbalanced)} onEdit={() => {}} onDelete={() => {}} />);
    expect(text('api-account-sync-error')).toBe(
      `Siste synkronisering feilet: Bilag 1057 i journal 123ABC (2017/04/30) går ikke i balanse: debet overstiger kredit med 3${NB}245${NB}410,00${NB}kr (linje 4294 i filen).`,
    );
    await act(() => i18n.changeLanguage('en'));
    expect(text('api-account-sync-error')).toContain(
      'debits exceed credits by NOK 3,245,410.00 (line 4294 of the file).',
    );
  });

  it('shows an error stored as text before the codes as it is, and says so when there is none', async () => {
    await act(() => i18n.changeLanguage('nor'));
    const old = sourceError('SOURCE_MESSAGE', { text: 'Transaction 9 does not balance' });
    const { unmount } = renderWithProviders(
      <AccountCard account={failedAccount(old)} onEdit={() => {}} onDelete={() => {}} />,
    );
    expect(text('api-account-sync-error')).toBe('Siste synkronisering feilet: Transaction 9 does not balance');
    unmount();
    renderWithProviders(<AccountCard account={failedAccount(null)} onEdit={() => {}} onDelete={() => {}} />);
    expect(text('api-account-sync-error')).toMatch(/^Siste synkronisering feilet: \S/);
  });

  it("shows why an upload was refused in Norwegian, under the server's error", async () => {
    await act(() => i18n.changeLanguage('nor'));
    renderWithProviders(
      <SaftFileForm
        formId="f"
        ids="f"
        state={{
          step: 'failed',
          phase: 'upload',
          code: 'INVALID_SAFT_FILE',
          reason: sourceError('SAFT_NOT_XML', { start: '%PDF-1.7' }),
          accountId: null,
        }}
        file={null}
        name=""
        onFile={() => {}}
        onName={() => {}}
        onSubmit={() => {}}
      />,
    );
    expect(text('saft-error-reason')).toBe(
      'Filen er ikke en SAF-T-regnskapsfil: den er ikke XML (den begynner med «%PDF-1.7»).',
    );
  });
});
