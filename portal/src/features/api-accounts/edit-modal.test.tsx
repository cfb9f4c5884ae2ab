import type { ApiAccount } from '@saldo/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { $, renderWithProviders } from '../../test/render';
import { EditModal } from './edit-modal';

const saft: ApiAccount = {
  _id: 'acc-1',
  name: 'Åpning Xledger AS (912345670)',
  number: '912345670',
  provider: 'saft',
  type: 'manual',
  consumerIdHint: null,
  employeeIdHint: null,
  expirationDate: null,
  apiKeyIsInvalid: false,
  invalidReason: null,
  syncInfo: { status: 'done', percentage: 100, lastSyncedAt: null, error: null },
  stats: null,
  openingVoucher: 'opening',
  createdAt: '2026-11-21T10:00:00.000Z',
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('EditModal on a SAF-T source', () => {
  it('sets the source to read an opening-balance voucher as an ordinary voucher, and sends only that', async () => {
    const calls = stubFetch(() => json(200, { ...saft, openingVoucher: 'ordinary' }));
    renderWithProviders(<EditModal account={saft} onClose={() => undefined} />);
    const box = $<HTMLInputElement>('[data-testid=edit-opening-voucher]')!;
    expect(box.checked).toBe(false);
    expect(box.parentElement?.textContent).toMatch(/^Read an opening-balance voucher/);
    act(() => box.click());
    await act(async () => {
      $<HTMLButtonElement>('button[type=submit]')!.click();
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toMatch(/\/api-account\/acc-1$/);
    expect(put?.body).toEqual({ openingVoucher: 'ordinary' });
  });

  it('offers no such choice on a Tripletex source', () => {
    renderWithProviders(
      <EditModal account={{ ...saft, provider: 'tripletex', openingVoucher: undefined }} onClose={() => undefined} />,
    );
    expect($('[data-testid=edit-opening-voucher]')).toBeNull();
  });
});
