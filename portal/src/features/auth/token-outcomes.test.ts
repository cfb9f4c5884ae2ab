import { describe, expect, it } from 'vitest';
import { afterLoginTarget, resetOutcome, verifyOutcome } from './token-outcomes';

describe('verifyOutcome', () => {
  it('is done when the server accepted the token, or the account was verified already', () => {
    expect(verifyOutcome({ hasToken: true, errorCode: null })).toEqual({ kind: 'done' });
    expect(verifyOutcome({ hasToken: true, errorCode: 'EMAIL_ALREADY_VERIFIED' })).toEqual({ kind: 'done' });
  });

  it('sends an invalid or expired token, or a link without one, to /send-verification', () => {
    const expired = {
      kind: 'expired',
      errorCode: 'INVALID_VERIFICATION_TOKEN',
      redirectTo: '/send-verification',
    };
    expect(verifyOutcome({ hasToken: true, errorCode: 'INVALID_VERIFICATION_TOKEN' })).toEqual(expired);
    expect(verifyOutcome({ hasToken: false, errorCode: null })).toEqual(expired);
  });

  it('asks for the signup password while the link is good, and keeps a wrong one on the page', () => {
    expect(verifyOutcome({ hasToken: true, errorCode: 'VERIFICATION_PASSWORD_REQUIRED' })).toEqual({
      kind: 'needsPassword',
    });
    expect(verifyOutcome({ hasToken: true, errorCode: 'INCORRECT_CREDENTIALS' })).toEqual({
      kind: 'fieldError',
      errorCode: 'INCORRECT_CREDENTIALS',
    });
  });

  it('stays on the page for network and server failures', () => {
    expect(verifyOutcome({ hasToken: true, errorCode: 'BAD_NETWORK' })).toEqual({
      kind: 'failed',
      errorCode: 'BAD_NETWORK',
    });
  });
});

describe('resetOutcome', () => {
  it('is done when the password was reset', () => {
    expect(resetOutcome({ hasToken: true, errorCode: null })).toEqual({ kind: 'done' });
  });

  it('sends an invalid or expired token, or a link without one, to /password/forgot', () => {
    const expired = { kind: 'expired', errorCode: 'INVALID_RESET_TOKEN', redirectTo: '/password/forgot' };
    expect(resetOutcome({ hasToken: true, errorCode: 'INVALID_RESET_TOKEN' })).toEqual(expired);
    expect(resetOutcome({ hasToken: false, errorCode: null })).toEqual(expired);
  });

  it('keeps password rule failures on the page as field errors', () => {
    expect(resetOutcome({ hasToken: true, errorCode: 'WEAK_PASSWORD' })).toEqual({
      kind: 'fieldError',
      errorCode: 'WEAK_PASSWORD',
    });
    expect(resetOutcome({ hasToken: true, errorCode: 'PASSWORD_TOO_SHORT' }).kind).toBe('fieldError');
    expect(resetOutcome({ hasToken: true, errorCode: 'INTERNAL_ERROR' })).toEqual({
      kind: 'failed',
      errorCode: 'INTERNAL_ERROR',
    });
  });
});

describe('afterLoginTarget', () => {
  it('sends integration-partner logins to the API accounts, others to the redirect', () => {
    expect(afterLoginTarget({ integrationPartnerId: 'p1', redirect: '/profit' })).toBe('/api-settings/api-accounts');
    expect(afterLoginTarget({ integrationPartnerId: null, redirect: '/profit' })).toBe('/profit');
    expect(afterLoginTarget({ integrationPartnerId: '', redirect: '/' })).toBe('/');
  });
});
