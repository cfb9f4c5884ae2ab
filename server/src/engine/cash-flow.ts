import type { CashFlowGroup, CashFlowGroupId, CashFlowMonth, CashFlowReport, CashFlowSubItem } from '@saldo/contract';
import type { LedgerHistory } from './balance-sheet.ts';
import {
  CASH_FIRST_ACCOUNT,
  CASH_LAST_ACCOUNT,
  DISPOSITION_FIRST_ACCOUNT,
  DISPOSITION_LAST_ACCOUNT,
  isInChart,
  profitLossLineOf,
} from './lines.ts';

interface Line {
  group: CashFlowGroupId;
  key: string;
  no: string;
  en: string;
  /** Cash effect of one account's movement (debit positive), or 0 when the account is not in this line. */
  effect(account: number, movement: number): number;
}

const within = (a: number, from: number, to: number) => a >= from && a <= to;
const minus = (from: number, to: number) => (a: number, m: number) => (within(a, from, to) ? -m : 0);
const profitLossLine = (a: number) => profitLossLineOf(a)?.id;

/**
 * The indirect method. Every account outside cash and bank (19xx) is in exactly one line (accounts
 * outside the chart in other accruals), except depreciation (6000–6099), which is added back in
 * operating and taken out of investing, so the net change equals the movement of 19xx for any ledger
 * whose vouchers balance.
 */
const LINES: readonly Line[] = [
  {
    group: 'operating',
    key: 'resultBeforeTax',
    no: 'Resultat før skattekostnad',
    en: 'Result before tax',
    effect: (a, m) => {
      const line = profitLossLine(a);
      return line !== undefined && line !== 'tax' ? -m : 0;
    },
  },
  {
    group: 'operating',
    key: 'taxPaid',
    no: 'Betalt skatt',
    en: 'Tax paid',
    effect: (a, m) => (profitLossLine(a) === 'tax' || within(a, 2500, 2599) ? -m : 0),
  },
  {
    group: 'operating',
    key: 'depreciation',
    no: 'Avskrivninger',
    en: 'Depreciation added back',
    effect: (a, m) => (within(a, 6000, 6099) ? m : 0),
  },
  {
    group: 'operating',
    key: 'inventory',
    no: 'Endring i varelager',
    en: 'Change in inventory',
    effect: minus(1400, 1499),
  },
  {
    group: 'operating',
    key: 'receivables',
    no: 'Endring i fordringer',
    en: 'Change in receivables',
    effect: minus(1500, 1799),
  },
  {
    group: 'operating',
    key: 'payables',
    no: 'Endring i leverandørgjeld',
    en: 'Change in payables',
    effect: minus(2400, 2499),
  },
  {
    group: 'operating',
    key: 'otherAccruals',
    no: 'Endring i andre tidsavgrensninger',
    en: 'Change in other accruals',
    effect: (a, m) =>
      within(a, 2100, 2199) || within(a, 2600, 2799) || within(a, 2900, 2999) || !isInChart(a) ? -m : 0,
  },
  {
    group: 'investing',
    key: 'fixedAssets',
    no: 'Kjøp og salg av anleggsmidler',
    en: 'Purchase and sale of fixed assets',
    effect: (a, m) => (within(a, 1000, 1399) || within(a, 1800, 1899) || within(a, 6000, 6099) ? -m : 0),
  },
  {
    group: 'financing',
    key: 'equity',
    no: 'Egenkapital og utbytte',
    en: 'Equity and dividends',
    // Dividends set aside (2800–2899) are paid to the owners: financing, with the equity they came from.
    effect: (a, m) =>
      within(a, 2000, 2099) || within(a, 2800, 2899) || within(a, DISPOSITION_FIRST_ACCOUNT, DISPOSITION_LAST_ACCOUNT)
        ? -m
        : 0,
  },
  { group: 'financing', key: 'longTermDebt', no: 'Langsiktig gjeld', en: 'Long-term debt', effect: minus(2200, 2299) },
  {
    group: 'financing',
    key: 'shortTermLoans',
    no: 'Kortsiktige lån',
    en: 'Short-term loans',
    effect: minus(2300, 2399),
  },
];

const TITLES: Record<CashFlowGroupId, { no: string; en: string }> = {
  operating: { no: 'Kontantstrømmer fra driften', en: 'Cash flows from operating activities' },
  investing: { no: 'Kontantstrømmer fra investeringer', en: 'Cash flows from investing activities' },
  financing: { no: 'Kontantstrømmer fra finansiering', en: 'Cash flows from financing activities' },
};

const isCash = (a: number) => within(a, CASH_FIRST_ACCOUNT, CASH_LAST_ACCOUNT);

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
      .filter((i) => i.line.group === group)
      .map(({ line, amount }) => ({ group: line.key, no: line.no, en: line.en, amount }));
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
