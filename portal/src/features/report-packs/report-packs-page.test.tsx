import type { PackPreview } from '@saldo/contract/schemas/report-packs';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { reportPack } from '../../test/fixtures';
import { $, $$, click, freshScreen, renderRoutes, settle, text } from '../../test/render';
import { ReportPacksPage } from './report-packs-page';

freshScreen('nor');

const PACK = reportPack({
  sections: [
    { kind: 'cover' },
    { kind: 'profitLoss', compare: 'lastYear' },
    { kind: 'commentary', text: 'Omsetning ', compare: 'lastYear' },
  ],
});

const PREVIEW: PackPreview = {
  packId: 'p1',
  name: 'Månedsrapport',
  language: 'nor',
  period: { startDate: '2026-01-01', endDate: '2026-10-31' },
  lastBookedMonth: '2026-10',
  sections: [
    {
      kind: 'commentary',
      title: 'Kommentar',
      compare: 'lastYear',
      comparison: { startDate: '2025-01-01', endDate: '2025-10-31' },
      text: 'Omsetning 1\u00a0234',
      figures: [],
    },
  ],
};

function open() {
  const calls = stubFetch((call) => {
    if (call.url.endsWith('/api/report-packs/b1') && call.method === 'GET') return json(200, [PACK]);
    if (call.url.endsWith('/api/report-packs/b1/p1') && call.method === 'PUT')
      return json(200, { ...PACK, ...(call.body as object) });
    if (call.url.endsWith('/api/report-packs/b1/p1/preview')) return json(200, PREVIEW);
    // Below the editor, the period's observations (none), the pack's schedule (none), its sent snapshots
    // and deliveries (none).
    if (call.url.endsWith('/api/report-packs/b1/p1/schedule')) return json(200, null);
    if (call.url.includes('/api/observations'))
      return json(200, {
        startDate: '',
        endDate: '',
        compare: 'lastYear',
        comparison: PREVIEW.period,
        observations: [],
      });
    return json(200, []);
  });
  renderRoutes([{ path: '/group/:boardId/report-packs', element: <ReportPacksPage /> }], '/group/b1/report-packs');
  return calls;
}

const textarea = () => $<HTMLTextAreaElement>('[data-testid="pack-section-text"]')!;

describe('the report packs page', () => {
  it('lists the board’s packs and opens one in the editor with its sections', async () => {
    open();
    await settle();
    expect($$('[data-testid="report-pack"]')).toHaveLength(1);
    expect(text('[data-testid="report-pack"]')).toContain('Månedsrapport');
    await click($('[data-testid="report-pack-open"]'));
    expect($$('[data-testid="pack-section"]').map((s) => s.querySelector('strong')?.textContent)).toEqual([
      'Forside',
      'Resultatregnskap',
      'Kommentar',
    ]);
  });

  it('inserts a placeholder from the picker, checks the text as it is typed, and saves the sections in their new order', async () => {
    const calls = open();
    await settle();
    await click($('[data-testid="report-pack-open"]'));
    await click($('[data-testid="pack-placeholder-insert"]'));
    expect(textarea().value).toBe('Omsetning {{line:salesRevenue}}');
    await act(async () => {
      fireEvent.change(textarea(), { target: { value: 'Omsetning {{line:revnue}}' } });
    });
    expect(text('[data-testid="pack-editor"] .field__error')).toBe(
      'Linje 1, kolonne 11: ukjent regnskapslinje «revnue» i {{line:revnue}}',
    );
    await act(async () => {
      fireEvent.change(textarea(), { target: { value: 'Omsetning {{line:revenue:change}}' } });
    });
    expect($('[data-testid="pack-editor"] .field__error')).toBeNull();
    // The commentary moved to the top, the P&L removed.
    const sections = () => $$('[data-testid="pack-section"]');
    await click(sections()[2]!.querySelector('button[aria-label="Flytt opp"]'));
    await click(sections()[2]!.querySelector('[data-testid="pack-section-remove"]'));
    await click($('[data-testid="pack-save"]'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Månedsrapport',
      language: 'nor',
      sections: [
        { kind: 'cover' },
        { kind: 'commentary', text: 'Omsetning {{line:revenue:change}}', compare: 'lastYear' },
      ],
    });
  });

  it('shows the preview the server resolves', async () => {
    open();
    await settle();
    await click($('[data-testid="report-pack-open"]'));
    await click($('[data-testid="pack-preview-run"]'));
    expect(text('[data-testid="pack-preview-text"]')).toBe('Omsetning 1\u00a0234');
  });
});
