import { describe, expect, it } from 'vitest';
import { CHART_FILE, chartUrl, loadChart } from './load-chart-embed';

// The script-tag bundle finds its chart code beside itself, wherever a partner's page loads it from.
describe('the script-tag bundle’s chart loader', () => {
  it('names the chart file beside the bundle’s own address', () => {
    expect(chartUrl('https://saldo.example/sdk/saldo-embed.iife.js')).toBe(
      'https://saldo.example/sdk/saldo-embed-chart.js',
    );
    // A versioned address or a partner's own copy under another folder: still beside it, no query.
    expect(chartUrl('https://saldo.example/sdk/saldo-embed.iife.js?v=3')).toBe(
      'https://saldo.example/sdk/saldo-embed-chart.js',
    );
    expect(chartUrl('https://partner.example/static/vendor/saldo/saldo-embed.iife.js')).toBe(
      `https://partner.example/static/vendor/saldo/${CHART_FILE}`,
    );
  });

  it('has no address for the chart code when the bundle’s own is unknown, and says so on loading', async () => {
    expect(chartUrl(undefined)).toBeNull();
    expect(chartUrl('')).toBeNull();
    // Here the module is not run from a <script src>, so document.currentScript was null at load.
    await expect(loadChart()).rejects.toThrow('the bundle’s own address is unknown');
  });
});
