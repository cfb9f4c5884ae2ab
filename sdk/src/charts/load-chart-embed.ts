/**
 * The script-tag bundle's chart loader (rollup.config.js puts it in place of load-chart.ts): an IIFE
 * cannot split chunks, so the chart code is a file of its own, dist/saldo-embed-chart.js, fetched from
 * beside the bundle the first time an element draws a chart. Module imports are fetched with CORS,
 * which Saldo's /sdk/ allows to any origin, so this works on a partner's page too.
 */

export const CHART_FILE = 'saldo-embed-chart.js';

/** The chart file beside the script at `scriptSrc`; null when the script's address is unknown. */
export function chartUrl(scriptSrc: string | undefined): string | null {
  if (!scriptSrc) return null;
  try {
    return new URL(CHART_FILE, scriptSrc).href;
  } catch {
    return null;
  }
}

// document.currentScript is only set while the bundle itself runs, so it is read once, at load.
const current = typeof document === 'undefined' ? null : document.currentScript;
const url = chartUrl(current instanceof HTMLScriptElement ? current.src : undefined);

export const loadChart = (): Promise<typeof import('./uplot-chart')> =>
  url ? import(/* @vite-ignore */ url) : Promise.reject(new Error('saldo-embed: the bundle’s own address is unknown'));
