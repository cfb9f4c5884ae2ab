// An independent reading of a SAF-T Financial file, to hold Saldo's figures against. It shares no
// code with the server (not its XML reader: this one is fast-xml-parser, the connector's is saxes;
// not its amounts, chart, periods or statements) and works from the file and the accounting rules
// alone, the way an auditor with a spreadsheet would. Only for the small example files: it reads
// the whole document into memory.
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';

type Xml = Record<string, unknown>;
const LISTS = new Set(['Account', 'Customer', 'Supplier', 'Journal', 'Transaction', 'Line']);

/** NS 4102 lines as regnskapsloven §§ 6-1, 6-2 list them (ARCHITECTURE.md), with the side and sign. */
const PL_LINES: [string, number, number][] = [
  ['salesRevenue', 3000, 3399],
  ['otherOperatingIncome', 3400, 3999],
  ['costOfGoods', 4000, 4999],
  ['payroll', 5000, 5999],
  ['depreciation', 6000, 6099],
  ['otherOperatingExpenses', 6100, 7999],
  ['financialIncome', 8000, 8099],
  ['financialExpenses', 8100, 8199],
  ['tax', 8300, 8399],
];
const BS_LINES: [string, number, number, 'assets' | 'equityAndLiabilities'][] = [
  ['intangibleAssets', 1000, 1099, 'assets'],
  ['tangibleAssets', 1100, 1299, 'assets'],
  ['financialAssets', 1300, 1399, 'assets'],
  ['inventory', 1400, 1499, 'assets'],
  ['receivables', 1500, 1799, 'assets'],
  ['investments', 1800, 1899, 'assets'],
  ['cashAndBank', 1900, 1999, 'assets'],
  ['paidInEquity', 2000, 2049, 'equityAndLiabilities'],
  ['retainedEarnings', 2050, 2099, 'equityAndLiabilities'],
  ['provisions', 2100, 2199, 'equityAndLiabilities'],
  ['longTermDebt', 2200, 2299, 'equityAndLiabilities'],
  ['shortTermDebt', 2300, 2999, 'equityAndLiabilities'],
];
/** Årsresultat and overføringer (88–89): results closed to equity, on no P&L line. */
const isDisposition = (n: number) => n >= 8800 && n <= 8999;
const plLine = (n: number) => PL_LINES.find(([, a, b]) => n >= a && n <= b)?.[0];
const bsLine = (n: number) => BS_LINES.find(([, a, b]) => n >= a && n <= b);
const inChart = (n: number) => plLine(n) !== undefined || bsLine(n) !== undefined || isDisposition(n);
const CATEGORY: Record<string, number> = {
  salgsinntekt: 3000,
  annenDriftsinntekt: 3400,
  varekostnad: 4000,
  loennskostnad: 5000,
  annenDriftskostnad: 6100,
  finansinntekt: 8000,
  finanskostnad: 8100,
  skattekostnad: 8300,
  egenkapital: 2000,
  kortsiktigGjeld: 2300,
  'resultatDisponeringForSAF-T': 8800,
};

const text = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? '' : String(v).trim();
const list = (v: unknown): Xml[] => (Array.isArray(v) ? (v as Xml[]) : []);

/** Decimal text to øre with string arithmetic. */
export function ore(value: string): number {
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`not an amount: ${value}`);
  const n = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -n : n;
}

const amountOf = (side: unknown): number | undefined => {
  if (side === undefined) return undefined;
  if (typeof side === 'object' && side !== null) return ore(text((side as Xml).Amount));
  return ore(text(side));
};

export interface CheckedAccount {
  id: string;
  name: string;
  /** Where the statements place it (a chart number), or null: Unclassified. */
  place: number | null;
}

export interface Checked {
  company: { name: string; orgNumber: string };
  accounts: Map<string, CheckedAccount>;
  /** account ID → month (yyyy-mm) → net movement, debit positive; opening balances in the first month */
  movements: Map<string, Map<string, number>>;
  /** customer key (organisation number, else ID) → { name, month → revenue in report sign } */
  customers: Map<string, { name: string; months: Map<string, number> }>;
  /** Every month with a movement, in order. */
  months: string[];
  /** transaction IDs left out as identical copies within their journal */
  copies: string[];
}

export function checkSaft(path: string): Checked {
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: true,
    parseTagValue: false,
    isArray: (name) => LISTS.has(name),
  });
  const file = parser.parse(readFileSync(path, 'utf8')) as Xml;
  const audit = file.AuditFile as Xml;
  const header = audit.Header as Xml;
  const company = header.Company as Xml;
  const selection = (header.SelectionCriteria ?? {}) as Xml;
  const master = audit.MasterFiles as Xml;
  const entries = audit.GeneralLedgerEntries as Xml;

  const accounts = new Map<string, CheckedAccount>();
  const movements = new Map<string, Map<string, number>>();
  const move = (id: string, month: string, amount: number) => {
    const months = movements.get(id) ?? new Map<string, number>();
    months.set(month, (months.get(month) ?? 0) + amount);
    movements.set(id, months);
  };
  const openingMonth = `${text(selection.PeriodStartYear)}-${text(selection.PeriodStart).padStart(2, '0')}`;

  for (const a of list((master.GeneralLedgerAccounts as Xml | undefined)?.Account)) {
    const id = text(a.AccountID);
    const own = /^\d+$/.test(id) ? Number(id) : /^\d{4}/.test(id) ? Number(id.slice(0, 4)) : Number.NaN;
    const standard = text(a.StandardAccountID);
    const standardPlace = /^\d{2}$/.test(standard)
      ? Number(standard) * 100
      : /^\d{4}$/.test(standard)
        ? Number(standard)
        : Number.NaN;
    const code = text(a.GroupingCode);
    const groupingPlace =
      /^\d{4}$/.test(code) && inChart(Number(code)) ? Number(code) : CATEGORY[text(a.GroupingCategory)];
    const place = [own, standardPlace, groupingPlace].find((n) => n !== undefined && inChart(n)) ?? null;
    accounts.set(id, { id, name: text(a.AccountDescription), place });
    const opening =
      (a.OpeningDebitBalance !== undefined ? ore(text(a.OpeningDebitBalance)) : 0) -
      (a.OpeningCreditBalance !== undefined ? ore(text(a.OpeningCreditBalance)) : 0);
    if (opening !== 0) move(id, openingMonth, opening);
  }

  const names = new Map<string, { name: string; key: string }>();
  for (const c of list((master.Customers as Xml | undefined)?.Customer)) {
    const id = text(c.CustomerID);
    names.set(id, { name: text(c.Name), key: text(c.RegistrationNumber) || `id:${id}` });
  }
  const customers: Checked['customers'] = new Map();
  const copies: string[] = [];

  for (const journal of list(entries?.Journal)) {
    const seen = new Map<string, string>();
    for (const tx of list(journal.Transaction)) {
      const id = text(tx.TransactionID);
      const date = text(tx.TransactionDate) || text(tx.GLPostingDate);
      // Norwegian books report by accounting period; one beyond 12 (year-end) is December's.
      const period = text(tx.Period);
      const year = text(tx.PeriodYear) || date.slice(0, 4);
      const month = period
        ? `${year}-${String(Math.min(12, Math.max(1, Number(period)))).padStart(2, '0')}`
        : date.slice(0, 7);
      const lines = list(tx.Line).map((l) => ({
        account: text(l.AccountID),
        amount: (amountOf(l.DebitAmount) ?? 0) - (amountOf(l.CreditAmount) ?? 0),
        customer: text(l.CustomerID),
        supplier: text(l.SupplierID),
      }));
      const fingerprint = JSON.stringify([date, month, lines]);
      if (seen.get(id) === fingerprint) {
        copies.push(id);
        continue;
      }
      if (!seen.has(id)) seen.set(id, fingerprint);
      const customerIds = new Set([text(tx.CustomerID), ...lines.map((l) => l.customer)].filter(Boolean));
      const supplierIds = new Set([text(tx.SupplierID), ...lines.map((l) => l.supplier)].filter(Boolean));
      const only = customerIds.size === 1 && supplierIds.size === 0 ? [...customerIds][0] : undefined;
      for (const l of lines) {
        move(l.account, month, l.amount);
        const account = accounts.get(l.account);
        const place = account
          ? account.place
          : /^\d{4}$/.test(l.account) && inChart(Number(l.account))
            ? Number(l.account)
            : null;
        const customer = l.customer || (l.supplier ? undefined : only);
        if (customer && place !== null && place >= 3000 && place <= 3999) {
          const who = names.get(customer) ?? { name: customer, key: `id:${customer}` };
          const entry = customers.get(who.key) ?? { name: who.name, months: new Map<string, number>() };
          entry.months.set(month, (entry.months.get(month) ?? 0) - l.amount);
          customers.set(who.key, entry);
        }
      }
    }
  }
  // Accounts on lines but not in the chart of accounts: placed by their number when it is in the chart.
  for (const id of movements.keys())
    if (!accounts.has(id)) {
      const n = /^\d{4}$/.test(id) ? Number(id) : Number.NaN;
      accounts.set(id, { id, name: id, place: inChart(n) ? n : null });
    }
  const months = [...new Set([...movements.values()].flatMap((m) => [...m.keys()]))].sort();
  return {
    company: { name: text(company.Name), orgNumber: text(company.RegistrationNumber) },
    accounts,
    movements,
    customers,
    months,
    copies,
  };
}

/** yyyy-mm … yyyy-mm, every month. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (let month = first; month <= last; month = `${y}-${String(m).padStart(2, '0')}`) {
    out.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

export interface CheckedProfitLoss {
  /** line → amount in report sign (income positive) */
  lines: Record<string, number>;
  /** account ID → amount in report sign */
  accounts: Record<string, number>;
  result: number;
}

/** The P&L of some months: income positive, costs negative. */
export function profitLoss(c: Checked, months: readonly string[]): CheckedProfitLoss {
  const out: CheckedProfitLoss = { lines: {}, accounts: {}, result: 0 };
  for (const [id, byMonth] of c.movements) {
    const place = c.accounts.get(id)?.place;
    const line = place == null ? undefined : plLine(place);
    if (!line) continue;
    let amount = 0;
    for (const m of months) amount -= byMonth.get(m) ?? 0;
    if (amount === 0) continue;
    out.accounts[id] = amount;
    out.lines[line] = (out.lines[line] ?? 0) + amount;
    out.result += amount;
  }
  return out;
}

export interface CheckedBalance {
  /** line → balance: assets debit positive, equity and liabilities credit positive */
  lines: Record<string, number>;
  accounts: Record<string, number>;
  /** this year's result so far and earlier years' unclosed results (credit positive) */
  resultThisYear: number;
  resultBeforeYear: number;
  totalAssets: number;
  totalEquityAndLiabilities: number;
}

/** The balance at the end of `month`: every movement up to it; accounts outside the chart on 'unclassified'. */
export function balanceAt(c: Checked, month: string): CheckedBalance {
  const out: CheckedBalance = {
    lines: {},
    accounts: {},
    resultThisYear: 0,
    resultBeforeYear: 0,
    totalAssets: 0,
    totalEquityAndLiabilities: 0,
  };
  const yearStart = `${month.slice(0, 4)}-01`;
  for (const [id, byMonth] of c.movements) {
    const place = c.accounts.get(id)?.place ?? null;
    let balance = 0;
    for (const [m, amount] of byMonth) {
      if (m > month) continue;
      balance += amount;
      if (place !== null && (plLine(place) || isDisposition(place))) {
        if (m >= yearStart) out.resultThisYear -= amount;
        else out.resultBeforeYear -= amount;
      }
    }
    if (balance === 0 || (place !== null && (plLine(place) || isDisposition(place)))) continue;
    const line = place === null ? undefined : bsLine(place);
    const [name, side] = line ? [line[0], line[3]] : ['unclassified', 'assets' as const];
    const shown = side === 'assets' ? balance : -balance;
    out.accounts[id] = shown;
    out.lines[name] = (out.lines[name] ?? 0) + shown;
    if (side === 'assets') out.totalAssets += shown;
    else out.totalEquityAndLiabilities += shown;
  }
  out.totalEquityAndLiabilities += out.resultThisYear + out.resultBeforeYear;
  return out;
}

/** Cash and bank (accounts placed in 19xx) at the end of `month`. */
export function cashAt(c: Checked, month: string): number {
  let cash = 0;
  for (const [id, byMonth] of c.movements) {
    const place = c.accounts.get(id)?.place ?? null;
    if (place === null || place < 1900 || place > 1999) continue;
    for (const [m, amount] of byMonth) if (m <= month) cash += amount;
  }
  return cash;
}

/** The ten customers with the most revenue (3000–3999) in the months, largest first. */
export function topCustomers(c: Checked, months: readonly string[]): { name: string; amount: number }[] {
  return [...c.customers.values()]
    .map(({ name, months: byMonth }) => ({ name, amount: months.reduce((s, m) => s + (byMonth.get(m) ?? 0), 0) }))
    .filter((r) => r.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name))
    .slice(0, 10);
}
