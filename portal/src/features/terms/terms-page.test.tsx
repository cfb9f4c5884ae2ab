import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { $, renderRoutes, settle } from '../../test/render';
import { RegisterPage } from '../auth/register-page';
import { TERMS_SECTIONS, TermsPage } from './terms-page';

afterEach(() => act(() => void i18n.changeLanguage('nor')));

describe('the terms (issue 27: "Jeg godtar vilkårene" links to terms)', () => {
  it('are a page of their own in Norwegian and English, every section with its heading and text', async () => {
    renderRoutes([{ path: '/terms', element: <TermsPage /> }], '/terms');
    await settle();
    expect($('h1')?.textContent).toBe('Vilkår for bruk av Saldo');
    expect(document.body.querySelectorAll('.terms__section')).toHaveLength(TERMS_SECTIONS.length);
    const norwegian = $('[data-testid="terms-page"]')?.textContent;
    await act(() => i18n.changeLanguage('en'));
    expect($('h1')?.textContent).toBe('Terms of use of Saldo');
    expect($('[data-testid="terms-page"]')?.textContent).not.toBe(norwegian);
  });

  it('are linked from the sign-up form, in a new tab so the form keeps what was typed', async () => {
    renderRoutes([{ path: '/register', element: <RegisterPage /> }], '/register');
    await settle();
    const link = $<HTMLAnchorElement>('[data-testid="terms-link"]');
    expect(link?.getAttribute('href')).toBe('/terms');
    expect(link?.target).toBe('_blank');
    expect(link?.textContent).toBe('vilkårene');
    expect(link?.closest('label')?.textContent).toBe('Jeg godtar vilkårene');
  });
});
