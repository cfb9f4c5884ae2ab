import type { BalanceSheetReport, CashFlowReport, ProfitLossReport, TurnoverData } from '@saldo/contract';
import {
  buildBalanceSheetModel,
  buildCashFlowModel,
  buildProfitLossModel,
  type ResultRow,
} from '@saldo/contract/statements/index';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/create-test-app.ts';
import { boardThroughApi, getOk, ledgerOf, signedInApp } from '../../test/ledger-boards.ts';
import { toTable } from '../exports/tables.ts';

// Issue 26 (7): a widget's figure and its statement line show one value. The turnover widget is the
// P&L's Sum driftsinntekter (3000-3999) by month: it shows the kroner the footed P&L shows, month by
// month and for the period, on screen (SDK) and in the exports, not a rounding of its own.

let t: TestApp;
let token: string;
let boardId: string;

beforeAll(async () => {
  ({ t, token } = await signedInApp());
  const line = (date: string, voucher: string, accountNumber: number, amount: number) =>
    ({ kind: 'posting', date, voucher, accountNumber, amount }) as const;
  // Revenue of …50 øre in three months, some costs of …50 too: rounding each on its own would not foot.
  const ledger = ledgerOf(
    ['01', '02', '03'].flatMap((month, i) => [
      line(`2026-${month}-10`, `S${i}`, 3000, -(100_50 + i * 33_33)),
      line(`2026-${month}-10`, `S${i}`, 3600, -(50 + i)),
      line(`2026-${month}-10`, `S${i}`, 1920, 100_50 + i * 33_33 + 50 + i),
      line(`2026-${month}-12`, `C${i}`, 6300, 20_50 + i),
      line(`2026-${month}-12`, `C${i}`, 1920, -(20_50 + i)),
    ]),
  );
  boardId = await boardThroughApi({ t, token }, 'Halvkroner AS', ledger);
});

const get = <T>(path: string) =>
  getOk<T>({ t, token }, path, `groupId=${boardId}&startDate=2026-01-01&endDate=2026-03-31`);

describe('the turnover widget and the P&L', () => {
  it("show the P&L's Sum driftsinntekter, month by month and for the period, as one set of kroner", async () => {
    const pl = buildProfitLossModel(await get<ProfitLossReport>('/api/profit-loss'));
    const income = pl.rows.find((r): r is ResultRow => r.kind === 'result' && r.key === 'operatingIncome')!;
    const turnover = await get<TurnoverData>('/api/widgets/turnover');
    expect(turnover.months.map((m) => m.amount)).toEqual(income.values);
    expect(turnover.shown).toEqual({ parts: income.shown, total: income.shownTotal });
    expect(income.shown.reduce((s, k) => s + k, 0)).toBe(income.shownTotal);
    // The export writes the same kroner.
    const rows = toTable('turnover', turnover, 'nor').rows;
    expect(rows.map((r) => r[1])).toEqual([...income.shown, income.shownTotal]);
  });

  it("the cash flow's result before tax is the P&L's, and its cash the balance sheet's, as the API sends them", async () => {
    const pl = buildProfitLossModel(await get<ProfitLossReport>('/api/profit-loss'));
    const report = await get<CashFlowReport>('/api/cashflow');
    const beforeTax = pl.rows.find((r): r is ResultRow => r.kind === 'result' && r.key === 'resultBeforeTax')!;
    // The server sends the P&L's kroner with the cash flow (footing.ts: the P&L is footed first).
    expect(report.resultBeforeTaxShown).toEqual({ shown: beforeTax.shown, shownTotal: beforeTax.shownTotal });
    const cf = buildCashFlowModel(report);
    const line = cf.groups[0]!.lines.find((l) => l.key === 'resultBeforeTax')!;
    expect(line.values).toEqual(beforeTax.values);
    expect([...line.shown, line.shownTotal]).toEqual([...beforeTax.shown, beforeTax.shownTotal]);
    expect(cf.fallbacks).toBe(0);
    const bs = buildBalanceSheetModel(await get<BalanceSheetReport>('/api/balance-sheet'));
    const cash = bs.sides[0]!.sections.flatMap((b) => b.groups).find((g) => g.group === 'cashAndBank')!;
    expect(cf.balances[2]!.shown).toEqual(cash.shown);
  });
});
