import type { BalanceSheetReport, CashFlowReport, ProfitLossReport, TopListItem } from '@saldo/contract';
import type { ErrorBody } from '@saldo/contract/errors/errors';
import { configure } from '@saldo/sdk';
import { jsonResponse } from '@saldo/sdk/testing';
import reports from './reports.json';
import { widgetAnswer } from './widget-fixtures';

/** Which state a story shows; the fixture fetch reads it back from the board id. */
export type StoryState = 'data' | 'loading' | 'empty' | 'error';

export const boardFor = (state: StoryState) => `story-${state}`;

export const topCustomers: TopListItem[] = [
  ['Fjord Fisk AS', 4_812_350_00],
  ['Nordlys Bygg AS', 3_904_120_50],
  ['Kafé Bønna', 2_455_000_00],
  ['Bergen Bilutleie AS', 1_998_730_00],
  ['Trønder Transport AS', 1_610_400_00],
  ['Vestland Vind AS', 1_202_000_00],
  ['Oslo Optikk AS', 988_450_00],
  ['Snø og Sånn AS', 640_210_00],
  ['Hytteservice Hemsedal', 412_900_00],
  ['Ås Økologisk Gård', 98_000_00],
].map(([name, amount], i) => ({ _id: `cust-${i + 1}`, name: name as string, amount: amount as number }));

// The reports come out of the server's report engine, written to reports.json by
// server/test-tools/client-fixtures (a server test keeps the file current), so they have the API's shape.
export const profitLoss = reports.profitLoss as ProfitLossReport;
export const emptyProfitLoss = reports.emptyProfitLoss as ProfitLossReport;
export const balanceSheet = reports.balanceSheet as BalanceSheetReport;
export const emptyBalanceSheet = reports.emptyBalanceSheet as BalanceSheetReport;
export const cashFlow = reports.cashFlow as CashFlowReport;
export const emptyCashFlow = reports.emptyCashFlow as CashFlowReport;
/** The reports a year earlier, for `compare` (stories show both choices with last year's figures). */
const comparisons = reports.comparisons;

/**
 * Stands in for the API in stories (passed to `configure({ fetch })`). The state comes from
 * the board id, so stories shown side by side on one page each get their own state.
 */
export const fixtureFetch: typeof fetch = async (input, init) => {
  const board = new Headers(init?.headers).get('x-board-id') ?? '';
  const path = new URL(String(input), 'http://story.local').pathname;
  const state = board.replace(/^story-/, '') as StoryState;
  if (state === 'loading') return new Promise<Response>(() => {});
  if (state === 'error') {
    const body: ErrorBody = { code: 'FORBIDDEN', message: 'You do not have access to this resource' };
    return jsonResponse(body, 403);
  }
  const empty = state === 'empty';
  if (path === '/api/widgets/top-ten/customers') return jsonResponse(empty ? [] : topCustomers);
  const widget = widgetAnswer(path, new URL(String(input), 'http://story.local').searchParams, empty);
  if (widget !== undefined) return jsonResponse(widget);
  const reports = {
    '/api/profit-loss': empty ? emptyProfitLoss : profitLoss,
    '/api/balance-sheet': empty ? emptyBalanceSheet : balanceSheet,
    '/api/cashflow': empty ? emptyCashFlow : cashFlow,
  };
  if (path in reports) {
    const key = path as keyof typeof reports;
    const compare = new URL(String(input), 'http://story.local').searchParams.get('compare');
    return jsonResponse(compare && !empty ? { ...reports[key], comparison: comparisons[key] } : reports[key]);
  }
  return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
};

/** Every story answers from fixtures instead of a server: the SDK is pointed at fixtureFetch before it renders. */
export const fixtureLoaders = [
  async () => {
    configure({ baseUrl: '', getToken: () => 'story-token', fetch: fixtureFetch });
    return {};
  },
];
