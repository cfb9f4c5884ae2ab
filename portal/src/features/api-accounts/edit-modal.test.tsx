import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { apiAccount } from '../../test/fixtures';
import { $, renderWithProviders } from '../../test/render';
import { EditModal } from './edit-modal';

const saft = apiAccount({ name: 'Åpning Xledger AS (912345670)', number: '912345670', openingVoucher: 'opening' });

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
