import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirect('/profit')).toBe('/profit');
    expect(safeRedirect('/dashboard?subBoardId=42&year=2025#top')).toBe('/dashboard?subBoardId=42&year=2025#top');
  });

  it('falls back when there is nothing to go to', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect(undefined, '/dashboard')).toBe('/dashboard');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/\t/evil.example',
    '/\n/evil.example',
  ])('rejects %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('does not send a freshly logged-in user back to the login page', () => {
    expect(safeRedirect('/login?redirect=%2Fprofit')).toBe('/');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeRedirect('/a/../cashflow')).toBe('/cashflow');
  });
});
