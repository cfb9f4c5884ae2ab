import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { fitLabels, legendOptions } from './uplot-chart';

// A canvas whose text is 7 px a character, in the font the axis set.
function chart(font: string) {
  const ctx = {
    font: '',
    measureText(text: string) {
      return { width: ctx.font === font ? text.length * 7 : 0 };
    },
  };
  return { axes: [{}, { font: [font, 12], ticks: { size: 10 }, gap: 5 }], ctx } as unknown as uPlot;
}

describe('the value axis', () => {
  const size = fitLabels as (self: uPlot, values: string[], axisIdx: number, cycleNum: number) => number;
  it('is as wide as its widest label in its own font, with room for ticks and gap', () => {
    const self = chart('12px sans-serif');
    // "1 500 000 000": 13 characters, 91 px, + 10 tick + 5 gap + 4.
    expect(size(self, ['500 000 000', '1 500 000 000'], 1, 0)).toBe(110);
    // Never narrower than 48 px.
    expect(size(self, ['0', '10'], 1, 0)).toBe(48);
  });
});

describe('the legend', () => {
  it('names each series beside a square of its colour, with no empty live value ("Inntekter:")', () => {
    const legend = legendOptions(['#123456', '#abcdef']);
    expect(legend.live).toBe(false);
    const fill = legend.markers?.fill as (u: uPlot, i: number) => string;
    expect([fill({} as uPlot, 1), fill({} as uPlot, 2)]).toEqual(['#123456', '#abcdef']);
    expect(legend.markers?.width).toBe(0);
    expect(legendOptions(['#123456'], true)).toEqual({ show: false });
  });
});
