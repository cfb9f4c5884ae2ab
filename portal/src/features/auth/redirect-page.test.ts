import { describe, expect, it } from 'vitest';
import { redirectLandingTarget } from './redirect-page';

describe('redirectLandingTarget', () => {
  it('sends a logged-in user to the redirect parameter, or /', () => {
    expect(redirectLandingTarget('/profit?year=2025', true)).toBe('/profit?year=2025');
    expect(redirectLandingTarget(null, true)).toBe('/');
  });

  it('sends everyone else to /login, keeping the redirect', () => {
    expect(redirectLandingTarget('/profit?year=2025', false)).toBe('/login?redirect=%2Fprofit%3Fyear%3D2025');
    expect(redirectLandingTarget(null, false)).toBe('/login');
  });

  it('drops an off-site redirect', () => {
    expect(redirectLandingTarget('https://evil.example', true)).toBe('/');
    expect(redirectLandingTarget('//evil.example', false)).toBe('/login');
  });
});
