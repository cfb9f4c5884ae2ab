import type { BoardWidget } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { toExportRequest, validateExport } from './export-rules';

const widget = (id: string, type = id): BoardWidget => ({
  id,
  name: `name of ${id}`,
  widget: type,
  x: 0,
  y: 0,
  width: 4,
  height: 4,
  view: 'single',
});

describe('export rules', () => {
  it('needs a widget or a page (spec §5)', () => {
    expect(validateExport({ widgets: [], pages: [] })).toBe('exports.nothingSelected');
    expect(validateExport({ widgets: ['turnover'], pages: [] })).toBeNull();
    expect(validateExport({ widgets: [], pages: ['profitloss'] })).toBeNull();
  });

  it("sends the chosen widgets in the grid's order with their titles, pages in the dialog's order, PNG from the server", () => {
    const widgets = [widget('turnover'), widget('c1', 'custom'), widget('mrr')];
    const request = toExportRequest({
      widgets,
      chosen: new Set(['mrr', 'c1']),
      pages: new Set(['cashflow', 'profitloss'] as const),
      titleOf: (w) => `T:${w.id}`,
      format: 'png',
      from: '2026-01-01',
      to: '2026-12-31',
      lang: 'en',
    });
    expect(request).toEqual({
      format: 'png',
      widgets: [
        { id: 'c1', widget: 'custom', name: 'T:c1', view: 'single' },
        { id: 'mrr', widget: 'mrr', name: 'T:mrr', view: 'single' },
      ],
      pages: ['profitloss', 'cashflow'],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      lang: 'en',
    });
    expect(
      toExportRequest({
        ...{ widgets, chosen: new Set<string>(), pages: new Set(), titleOf: () => '' },
        format: 'xlsx',
        from: 'a',
        to: 'b',
        lang: 'nor',
      }).format,
    ).toBe('xlsx');
  });

  it("carries the period control's comparison for the widgets in the comparison view, and none without one", () => {
    const base = {
      widgets: [{ ...widget('top-customers'), view: 'comparison' as const }],
      chosen: new Set(['top-customers']),
      pages: new Set<never>(),
      titleOf: () => 'Topp 10 kunder',
      format: 'csv' as const,
      from: '2026-04-01',
      to: '2026-06-30',
      lang: 'nor' as const,
    };
    expect(toExportRequest({ ...base, compare: 'lastYear' })).toMatchObject({
      widgets: [{ id: 'top-customers', view: 'comparison' }],
      compare: 'lastYear',
    });
    expect(toExportRequest({ ...base, compare: null })).not.toHaveProperty('compare');
    // The budget is the report pages' comparison; the server keeps the widgets' own default for it.
    expect(toExportRequest({ ...base, pages: new Set(['profitloss'] as const), compare: 'budget' })).toMatchObject({
      pages: ['profitloss'],
      compare: 'budget',
    });
  });
});
