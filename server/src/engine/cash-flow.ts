import type {
  CashFlowGroup,
  CashFlowGroupId,
  CashFlowMonth,
  CashFlowReport,
  CashFlowSubItem,
  LocalizedText,
} from '@saldo/contract';
import { CASH_FLOW_LINES, inRanges } from '@saldo/contract/statements/chart';
import { STATEMENT_LABELS } from '@saldo/contract/statements/index';
import type { LedgerHistory } from './balance-sheet.ts';
import { CASH_FIRST_ACCOUNT, CASH_LAST_ACCOUNT } from './lines.ts';

const LINE_TITLES: Record<string, LocalizedText> = {
  resultBeforeTax: { no: 'Ordinært resultat før skattekostnad', en: 'Result before tax' },
  taxPaid: { no: 'Periodens betalte skatt', en: 'Tax paid' },
  depreciation: { no: 'Avskrivninger', en: 'Depreciation added back' },
  inventory: { no: 'Endring i varelager', en: 'Change in inventory' },
  receivables: { no: 'Endring i fordringer', en: 'Change in receivables' },
  payables: { no: 'Endring i leverandørgjeld', en: 'Change in trade payables' },
  otherAccruals: { no: 'Endring i andre tidsavgrensningsposter', en: 'Change in other accruals' },
  fixedAssets: { no: 'Kjøp og salg av anleggsmidler', en: 'Purchase and sale of fixed assets' },
  investments: { no: 'Endring i kortsiktige investeringer', en: 'Change in short-term investments' },
  equity: { no: 'Egenkapital og utbytte', en: 'Equity and dividends' },
  longTermDebt: { no: 'Endring i langsiktig gjeld', en: 'Change in long-term debt' },
  shortTermLoans: { no: 'Endring i kortsiktige lån', en: 'Change in short-term loans' },
};

/**
 * The indirect method, by the lines of @saldo/contract/statements/chart (which the drill-down names too): every
 * account outside cash and bank (19xx) is in exactly one line (accounts outside the chart in other
 * accruals), save depreciation (6000–6099), added back in operating and taken out of investing, so
 * the net change equals the movement of 19xx for any ledger whose vouchers balance.
 */
const LINES = CASH_FLOW_LINES.map((line) => ({
  ...line,
  title: LINE_TITLES[line.key] ?? { no: line.key, en: line.key },
  effect: (account: number, movement: number) => (inRanges(account, line.ranges) ? line.sign * movement : 0),
}));

const TITLES: Record<CashFlowGroupId, LocalizedText> = {
  operating: STATEMENT_LABELS.operatingActivities,
  investing: STATEMENT_LABELS.investingActivities,
  financing: STATEMENT_LABELS.financingActivities,
};

const isCash = (a: number) => a >= CASH_FIRST_ACCOUNT && a <= CASH_LAST_ACCOUNT;

/** Cash flow by month with openings; amounts are cash effects in øre (in positive, out negative). */
export function buildCashFlow(
  history: LedgerHistory,
  range: { startDate: string; endDate: string; months: readonly string[] },
): CashFlowReport {
  let cash = 0;
  for (const { accountNumber, amount } of history.before) if (isCash(accountNumber)) cash += amount;
  const byMonth = new Map<string, Map<number, number>>();
  for (const { month, accountNumber, amount } of history.movements) {
    const accounts = byMonth.get(month) ?? new Map<number, number>();
    accounts.set(accountNumber, (accounts.get(accountNumber) ?? 0) + amount);
    byMonth.set(month, accounts);
  }
  const wanted = new Set(range.months);
  const cashflows: CashFlowMonth[] = [];
  for (const month of [...byMonth.keys(), ...range.months].filter((m, i, all) => all.indexOf(m) === i).sort()) {
    const movements = byMonth.get(month) ?? new Map<number, number>();
    const openingBalance = cash;
    for (const [a, m] of movements) if (isCash(a)) cash += m;
    if (wanted.has(month)) cashflows.push({ month, ...period(movements, openingBalance, cash) });
  }
  const totals = new Map<number, number>();
  for (const month of range.months)
    for (const [a, m] of byMonth.get(month) ?? []) totals.set(a, (totals.get(a) ?? 0) + m);
  const first = cashflows[0];
  const last = cashflows[cashflows.length - 1];
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    cashflows,
    openings: cashflows.map((c) => ({ month: c.month, openingBalance: c.openingBalance })),
    total: period(totals, first?.openingBalance ?? cash, last?.closingBalance ?? cash),
  };
}

function period(movements: ReadonlyMap<number, number>, openingBalance: number, closingBalance: number) {
  const items = LINES.map((line) => {
    let amount = 0;
    for (const [a, m] of movements) if (!isCash(a)) amount += line.effect(a, m);
    return { line, amount };
  });
  const explained = items.reduce((s, i) => s + i.amount, 0);
  const unexplained = closingBalance - openingBalance - explained;
  const groups: CashFlowGroup[] = (['operating', 'investing', 'financing'] as const).map((group) => {
    const subItems: CashFlowSubItem[] = items
      .filter((i) => i.line.section === group)
      .map(({ line, amount }) => ({ group: line.key, no: line.title.no, en: line.title.en, amount }));
    // Only a source whose vouchers do not balance leaves cash unexplained; it is shown, not hidden.
    if (group === 'operating' && unexplained !== 0) {
      subItems.push({
        group: 'unbalancedSource',
        no: 'Avvik i kildedata',
        en: 'Unbalanced source data',
        amount: unexplained,
      });
    }
    return { group, title: TITLES[group], totalAmountOfGroup: subItems.reduce((s, i) => s + i.amount, 0), subItems };
  });
  return { groups, netChange: closingBalance - openingBalance, openingBalance, closingBalance };
}
