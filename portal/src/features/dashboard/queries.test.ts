import type { WidgetConfiguration } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from './queries';

const config = (widget: WidgetConfiguration['widget']): WidgetConfiguration => ({
  widget,
  name: { no: widget, en: widget },
  description: { no: '', en: '' },
  endpoint: `/widgets/${widget}`,
  views: ['single'],
});

describe('buildCatalogue', () => {
  it('lists the server catalogue (custom and AI widgets too), then the reports', () => {
    const types = buildCatalogue([config('top-customers'), config('custom'), config('ai'), config('mrr')]).map(
      (entry) => entry.widget,
    );
    expect(types).toEqual(['top-customers', 'custom', 'ai', 'mrr', 'profit-loss', 'balance-sheet', 'cash-flow']);
  });
});
