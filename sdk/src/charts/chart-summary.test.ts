import { describe, expect, it } from 'vitest';
import { chartSummary } from './chart-summary';

const format = (v: number) => `${v} kr`;

describe('chartSummary', () => {
  it('says where each series starts and ends and its highest and lowest point, skipping gaps', () => {
    const text = chartSummary(
      'en',
      ['Jan', 'Feb', 'Mar', 'Apr'],
      [
        { label: 'Revenue', values: [10, 40, 5, null] },
        { label: 'Costs', values: [null, null, null, null] },
      ],
      format,
    );
    expect(text).toBe(
      'Revenue: from 10 kr (Jan) to 5 kr (Mar), highest 40 kr (Feb), lowest 5 kr (Mar). Costs: No data for this period.',
    );
  });
  it('speaks Norwegian by default', () => {
    expect(chartSummary('nor', ['jan'], [{ label: 'Inntekter', values: [3] }], format)).toBe(
      'Inntekter: fra 3 kr (jan) til 3 kr (jan), høyest 3 kr (jan), lavest 3 kr (jan).',
    );
  });
});
