import { describe, expect, it } from 'vitest';
import { alertText } from './alerts.ts';

// An alert's line stands beside the portfolio's figures: amounts in whole kroner (half away from zero, as
// every shown figure) and the period as the screen shows periods, never øre or ISO months.
const NB = '\u00a0';

describe('an alert in a line', () => {
  it('shows amounts in whole kroner and its month as a month', () => {
    const alert = {
      metric: 'result',
      reason: 'below',
      value: 190975458,
      threshold: 100000000000,
      period: '2026-10',
    } as const;
    expect(alertText(alert, 'nor')).toBe(
      `Årsresultat under 1${NB}000${NB}000${NB}000${NB}kr: 1${NB}909${NB}755${NB}kr (okt 2026)`,
    );
    expect(alertText(alert, 'en')).toBe(
      `Result below NOK${NB}1${NB}000${NB}000${NB}000: NOK${NB}1${NB}909${NB}755 (Oct 2026)`,
    );
  });

  it('rounds half away from zero, and names a span of months as a period', () => {
    const alert = {
      metric: 'result',
      reason: 'below',
      value: -5000050,
      threshold: 0,
      period: '2026-01..2026-06',
    } as const;
    expect(alertText(alert, 'nor')).toBe(`Årsresultat under 0${NB}kr: -50${NB}001${NB}kr (jan 2026 – jun 2026)`);
    expect(alertText({ ...alert, period: '2025-01..2025-12' }, 'nor')).toBe(
      `Årsresultat under 0${NB}kr: -50${NB}001${NB}kr (2025)`,
    );
  });
});
