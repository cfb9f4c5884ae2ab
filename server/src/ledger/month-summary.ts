// The month summary (schema: monthSummary): a source's statement figures per month, made from its
// monthly balances by the KPI library's figures (figures.ts), so a summary row holds what the
// statements show for that month. The sync writes it beside each new ledger version (sync/ingest.ts);
// the portfolio reads it (portfolio-read.ts) instead of summing ledgers on request.

import type { FigureId } from '@saldo/contract/kpis/kpis';
import { figures } from '@saldo/contract/kpis/kpis';
import { addMonths } from '@saldo/contract/period/period';
import { Figures } from './figures.ts';

/** The P&L figures a summary keeps: the month's movement, positive in the figure's normal state. */
export const SUMMARY_FLOWS = [
  'revenue',
  'costOfGoods',
  'grossProfit',
  'operatingResult',
  'resultBeforeTax',
  'result',
  'depreciation',
  'payroll',
  'otherOperatingExpenses',
  'cashCosts',
] as const satisfies readonly FigureId[];

/** The balance sheet figures a summary keeps: what stands at the month's end. */
export const SUMMARY_BALANCES = [
  'cashAndBank',
  'equity',
  'totalAssets',
  'currentAssets',
  'shortTermDebt',
  'totalDebt',
  'inventory',
  'tradeReceivables',
  'tradePayables',
] as const satisfies readonly FigureId[];

export const SUMMARY_FIGURES = [...SUMMARY_FLOWS, ...SUMMARY_BALANCES] as const;
export type SummaryFigure = (typeof SUMMARY_FIGURES)[number];

/**
 * One month of a source: its flows over the month and its balances at the month's end (øre), and
 * whether it is booked (has postings of its own: not a gap, nor a month of a file's opening balances only).
 */
export type MonthSummary = { month: string; booked: boolean } & Record<SummaryFigure, number>;

/** A monthly balance as the sync keeps it: an account's place in the chart, a month and its movement (øre, debit positive). */
export interface MonthlyAmount {
  number: number;
  month: string;
  amount: number;
}

/**
 * The summary of a source's monthly balances: one row per month from its first month to its last,
 * a month without movements included (its balances stand as before). Balances add each month's
 * movement of the figure's accounts to the month before, which is the figure's balance (figures.ts)
 * without summing every earlier month again.
 */
export function summariseMonths(
  balances: Iterable<MonthlyAmount>,
  /** The months with postings of their own (opening balances are none). */
  posted: ReadonlySet<string>,
): MonthSummary[] {
  const months = new Map<string, Map<number, number>>();
  for (const b of balances) {
    const accounts = months.get(b.month) ?? new Map<number, number>();
    accounts.set(b.number, (accounts.get(b.number) ?? 0) + b.amount);
    months.set(b.month, accounts);
  }
  if (months.size === 0) return [];
  const sorted = [...months.keys()].sort();
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const figuresOf = new Figures({ first, before: new Map(), months });
  const running = Object.fromEntries(SUMMARY_BALANCES.map((id) => [id, 0])) as Record<SummaryFigure, number>;
  const out: MonthSummary[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) {
    const row = { month, booked: posted.has(month) } as MonthSummary;
    for (const id of SUMMARY_FLOWS) row[id] = figuresOf.flow(id, [month]);
    for (const id of SUMMARY_BALANCES) {
      if (figures[id].kind !== 'balance') throw new Error(`${id} is no balance`);
      running[id] += figuresOf.flow(id, [month]);
      row[id] = running[id];
    }
    out.push(row);
  }
  return out;
}

/** A summary row's values in the order of the table's columns after the month: the figures, then booked (0/1). */
export const summaryValues = (row: MonthSummary): number[] => [
  ...SUMMARY_FIGURES.map((id) => row[id]),
  row.booked ? 1 : 0,
];
