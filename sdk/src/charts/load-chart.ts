/**
 * Loads the chart code (uPlot) on demand. Builds with a bundler (the ESM in dist/, dist/cdn/, Vite)
 * give it a chunk of its own; the script-tag bundle swaps this module for load-chart-embed.ts
 * (rollup.config.js), which cannot split chunks.
 */
export const loadChart = (): Promise<typeof import('./uplot-chart')> => import('./uplot-chart');
