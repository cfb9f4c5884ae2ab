import { describe, expect, it } from 'vitest';
import { type Call, json, stubFetch } from '../../test/fetch-stub';
import { $, freshScreen, renderRoutes, settle, text } from '../../test/render';
import { PublicPackPage } from './public-pack-page';

freshScreen('nor');

const INFO = {
  name: 'Halvårsrapport',
  board: 'Nordlys Energiteknikk AS',
  startDate: '2026-01-01',
  endDate: '2026-06-30',
  language: 'nor',
  sentAt: '2026-07-03T08:15:00.000Z',
  contentHash: 'cd'.repeat(32),
  linkExpiresAt: '2026-10-01T08:15:00.000Z',
  firm: { name: 'Regnskap & Co AS', primaryColor: '#0b6e4f', secondaryColor: '#f4d35e' },
};

function visit(answer: () => Response): Call[] {
  const calls = stubFetch(answer);
  renderRoutes([{ path: '/pack/:secret', element: <PublicPackPage /> }], '/pack/s3cret-link');
  return calls;
}

describe('the page a sent pack’s mailed link opens', () => {
  it('shows the firm, the company, the pack, its period and when it was sent, and links to the PDF without a login', async () => {
    const calls = visit(() => json(200, INFO));
    await settle();
    expect(calls.map((c) => c.url)).toEqual(['/api/public/pack-snapshots/s3cret-link/info']);
    expect(text('[data-testid="public-pack-firm"]')).toBe('Regnskap & Co AS');
    expect(text('[data-testid="public-pack-name"]')).toBe('Halvårsrapport');
    expect(text('[data-testid="public-pack-board"]')).toBe('Nordlys Energiteknikk AS');
    expect(text('[data-testid="public-pack-period"]')).toBe('2026/01/01 – 2026/06/30');
    expect(text('[data-testid="public-pack-sent"]')).toMatch(/^2026\/07\/03 \d\d:15$/);
    expect($('[data-testid="public-pack-pdf"]')?.getAttribute('href')).toBe('/api/public/pack-snapshots/s3cret-link');
  });

  it('speaks the language the pack was sent in, whatever the visitor’s own', async () => {
    visit(() => json(200, { ...INFO, language: 'en', firm: null }));
    await settle();
    expect(text('[data-testid="public-pack-pdf"]')).toBe('Open PDF');
    expect(text('[data-testid="public-pack-firm"]')).toBe('Report pack');
  });

  it.each([
    [404, 'PACK_SNAPSHOT_LINK_NOT_FOUND', 'public-pack-notFound', 'Lenken er ikke gyldig'],
    [410, 'PACK_SNAPSHOT_LINK_EXPIRED', 'public-pack-expired', 'Lenken er utløpt'],
    [500, 'INTERNAL_ERROR', 'public-pack-failed', 'Rapporten kunne ikke hentes'],
  ])('answers %i (%s) with a page that says so', async (status, code, testId, title) => {
    visit(() => json(status, { code, message: code }));
    await settle();
    expect(text(`[data-testid="${testId}"] h1`)).toBe(title);
    expect($('[data-testid="public-pack-pdf"]')).toBeNull();
  });
});
