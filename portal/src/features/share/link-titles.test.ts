import { describe, expect, it } from 'vitest';
import { linkWidgetTitle } from './link-titles';

const typeTitle = (type: string) =>
  ({ kpi: 'Nøkkeltall', budget: 'Budsjett', 'top-customers': 'Topp 10 kunder' })[type] ?? type;

describe('linkWidgetTitle (issue 27: "Nøkkeltall: Driftsmargin", not "Nøkkeltall, Nøkkeltall")', () => {
  it('names a KPI and a budget line with their choice, in the language asked', () => {
    expect(linkWidgetTitle('kpi:ebitda-margin', 'no', typeTitle)).toBe('Nøkkeltall: EBITDA-margin');
    expect(linkWidgetTitle('kpi:current-ratio', 'no', typeTitle)).toBe('Nøkkeltall: Likviditetsgrad 1');
    expect(linkWidgetTitle('kpi:current-ratio', 'en', () => 'KPI')).toBe('KPI: Current ratio');
    expect(linkWidgetTitle('budget:operatingResult', 'no', typeTitle)).toMatch(/^Budsjett: \S/);
  });

  it('names a type without a choice by its title alone, and keeps an unknown choice as it is', () => {
    expect(linkWidgetTitle('top-customers', 'no', typeTitle)).toBe('Topp 10 kunder');
    expect(linkWidgetTitle('kpi:no-such-kpi', 'no', typeTitle)).toBe('Nøkkeltall: no-such-kpi');
  });
});
