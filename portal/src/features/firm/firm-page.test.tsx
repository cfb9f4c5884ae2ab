import type { Firm } from '@saldo/contract';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { freshScreen, renderRoutes, settle, typeInto } from '../../test/render';
import { FirmPage } from './firm-page';
import { checkLogoFile, updateOf, validateFirm, valuesOf } from './firm-rules';

const UNSAVED: Firm = {
  firmId: 'u1',
  canEdit: true,
  configured: false,
  name: 'Regnskap AS',
  orgNumber: null,
  primaryColor: '#1d4ed8',
  secondaryColor: '#0f172a',
  senderName: null,
  replyTo: null,
  logo: null,
  updatedAt: null,
};

const $ = (testId: string) => document.body.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
const text = (testId: string) => $(testId)?.textContent ?? null;

async function renderPage() {
  const result = renderRoutes([{ path: '/profile-settings/firm', element: <FirmPage /> }], '/profile-settings/firm');
  await settle(6);
  return result;
}

async function submit() {
  await act(async () => {
    fireEvent.submit($('firm-form')!);
  });
  await settle(6);
}

freshScreen('nor');

describe('the firm form’s rules', () => {
  it('checks the organisation number by modulus 11 (spaces allowed), colours as hex codes and the reply-to address', () => {
    const good = { ...valuesOf(UNSAVED), orgNumber: '918 874 224' };
    expect(validateFirm(good)).toEqual({});
    expect(
      validateFirm({
        ...good,
        name: ' ',
        orgNumber: '918874225',
        primaryColor: 'blå',
        secondaryColor: '#fff',
        replyTo: 'x@',
      }),
    ).toEqual({
      name: 'nameRequired',
      orgNumber: 'orgNumber',
      primaryColor: 'color',
      secondaryColor: 'color',
      replyTo: 'replyTo',
    });
    expect(updateOf({ ...good, primaryColor: '#0B6E4F', senderName: '  ', replyTo: '' })).toEqual({
      name: 'Regnskap AS',
      orgNumber: '918874224',
      primaryColor: '#0b6e4f',
      secondaryColor: '#0f172a',
      senderName: null,
      replyTo: null,
    });
  });

  it('spares a certain refusal of a logo: not a PNG or SVG, or over 1 MB', () => {
    expect(checkLogoFile({ name: 'a.png', type: 'image/png', size: 1024 * 1024 })).toBeNull();
    expect(checkLogoFile({ name: 'a.svg', type: '', size: 10 })).toBeNull();
    expect(checkLogoFile({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBe('FIRM_LOGO_TYPE');
    expect(checkLogoFile({ name: 'a.png', type: 'image/png', size: 1024 * 1024 + 1 })).toBe('FIRM_LOGO_TOO_LARGE');
  });
});

describe('the firm page', () => {
  it('shows its own checks in Norwegian, then saves the profile and tells so', async () => {
    const saved: Firm = { ...UNSAVED, configured: true, orgNumber: '918874224', updatedAt: '2026-11-28T17:00:00.000Z' };
    const calls = stubFetch((call) =>
      call.method === 'PUT' ? json(200, { ...saved, ...(call.body as object) }) : json(200, UNSAVED),
    );
    await renderPage();
    expect($('firm-name')?.value).toBe('Regnskap AS');
    // No logo before the profile is saved.
    expect($('firm-logo-input')?.disabled).toBe(true);
    typeInto($('firm-orgNumber'), '918874225');
    typeInto($('firm-replyTo'), 'post(at)firma.no');
    await submit();
    expect(text('firm-orgNumber-error')).toBe(
      'Organisasjonsnummeret må være ni siffer som består Brønnøysundregistrenes kontroll',
    );
    expect(text('firm-replyTo-error')).toBe('Skriv inn en gyldig e-postadresse');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    typeInto($('firm-orgNumber'), '918 874 224');
    typeInto($('firm-replyTo'), 'post@firma.no');
    expect(text('firm-orgNumber-error')).toBeNull();
    await submit();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/firm');
    expect(put?.body).toEqual({
      name: 'Regnskap AS',
      orgNumber: '918874224',
      primaryColor: '#1d4ed8',
      secondaryColor: '#0f172a',
      senderName: null,
      replyTo: 'post@firma.no',
    });
    expect(document.body.textContent).toContain('Firmaprofilen er lagret');
    expect($('firm-logo-input')?.disabled).toBe(false);
  });

  it('shows the server’s refusal in Norwegian', async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? json(403, {
            code: 'FIRM_NOT_EDITABLE',
            message: 'Only the firm’s owner and the Admins of its boards may change its profile',
          })
        : json(200, { ...UNSAVED, orgNumber: '918874224' }),
    );
    await renderPage();
    await submit();
    expect(text('firm-save-error')).toBe('Bare firmaets eier og administratorene av tavlene kan endre firmaprofilen');
  });

  it('is read-only to a member who may not change it', async () => {
    stubFetch(() => json(200, { ...UNSAVED, canEdit: false, configured: true, orgNumber: '918874224' }));
    await renderPage();
    expect(text('firm-read-only')).toBe('Bare firmaets eier og administratorene av tavlene kan endre firmaprofilen.');
    expect($('firm-name')?.readOnly).toBe(true);
    expect($('firm-save')).toBeNull();
    expect($('firm-logo-input')).toBeNull();
  });

  it('says when the profile cannot be read, and offers to try again', async () => {
    stubFetch(() => json(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' }));
    await renderPage();
    expect($('firm-error')).not.toBeNull();
    expect($('firm-retry')).not.toBeNull();
    expect($('firm-form')).toBeNull();
  });
});
