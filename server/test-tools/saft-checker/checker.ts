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
  /** The header's DefaultCurrencyCode and country (AuditFileCountry, else the company's address). */
  currency: string;
  country: string;
  /** The fiscal year's first month (1–12) the periods count from: 1 unless nearly all are offset alike. */
  fiscalYearStart: number;
  /** Transactions read as the opening balance (on the first day, balance-sheet accounts only, no openings stated). */
  openingVouchers: string[];
  /** Transactions with a period 1–12 that is not their date's month, by the rule used. */
  periodMismatches: number;
  accounts: Map<string, CheckedAccount>;
  /** account ID → month (yyyy-mm) → net movement, debit positive; opening balances in the month before the first */
  movements: Map<string, Map<string, number>>;
  /** customer key (organisation number, else ID) → { name, month → revenue in report sign } */
  customers: Map<string, { name: string; months: Map<string, number> }>;
  /** Every month with a movement, in order. */
  months: string[];
  /** transaction IDs left out as identical copies within their journal */
  copies: string[];
}

/** `openingVoucher: 'ordinary'`: read a voucher that looks like the opening balance as an ordinary one. */
export function checkSaft(path: string, options: { openingVoucher?: 'opening' | 'ordinary' } = {}): Checked {
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
  const journals = list(entries?.Journal);
  // The fiscal year: how many months after its period (mod 12) each of the first 50 transactions with
  // a period 1–12 is dated; one count for nine in ten of them (at least 12), other than 0, is the month
  // period 1 stands for.
  const offsets = new Map<number, number>();
  let withPeriod = 0;
  for (const journal of journals)
    for (const tx of list(journal.Transaction)) {
      if (withPeriod === 50) break;
      const p = Number(text(tx.Period));
      const date = text(tx.TransactionDate) || text(tx.GLPostingDate);
      if (!/^\d+$/.test(text(tx.Period)) || p < 1 || p > 12) continue;
      const k = (Number(date.slice(5, 7)) - p + 12) % 12;
      offsets.set(k, (offsets.get(k) ?? 0) + 1);
      withPeriod += 1;
    }
  const offset = withPeriod < 12 ? 0 : ([...offsets].find(([k, n]) => k !== 0 && n >= withPeriod * 0.9)?.[0] ?? 0);
  // The month a transaction counts in: its period, moved by the fiscal year's offset, in the year that
  // puts it nearest its date; without an offset its Period of its PeriodYear. Beyond 12 is the last.
  const monthOf = (period: string, periodYear: string, date: string) => {
    if (!period) return date.slice(0, 7);
    const p = Math.min(12, Math.max(1, Number(period)));
    if (offset === 0) return `${periodYear || date.slice(0, 4)}-${String(p).padStart(2, '0')}`;
    const m = ((p - 1 + offset) % 12) + 1;
    const y = Number(date.slice(0, 4));
    const candidates = [y - 1, y, y + 1].map((year) => `${year}-${String(m).padStart(2, '0')}`);
    const distance = (month: string) =>
      Math.abs(Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - (y * 12 + Number(date.slice(5, 7))));
    return candidates.sort((a, b) => distance(a) - distance(b))[0]!;
  };
  // The first day of the first period, and the month before it, where opening balances count.
  const startDate = text(selection.SelectionStartDate).slice(0, 10);
  const firstMonth = startDate
    ? startDate.slice(0, 7)
    : monthOf(text(selection.PeriodStart), text(selection.PeriodStartYear), `${text(selection.PeriodStartYear)}-06-15`);
  const firstDay = startDate || `${firstMonth}-01`;
  const [fy, fm] = firstMonth.split('-').map(Number) as [number, number];
  const openingMonth = fm === 1 ? `${fy - 1}-12` : `${fy}-${String(fm - 1).padStart(2, '0')}`;
  let anyOpening = false;

  for (const a of list((master.GeneralLedgerAccounts as Xml | undefined)?.Account)) {
    const id = text(a.AccountID);
    // Up to four digits: the account itself; longer (43100, 1920PKEY1): its first four digits.
    const own = /^\d{1,4}$/.test(id) ? Number(id) : /^\d{4}/.test(id) ? Number(id.slice(0, 4)) : Number.NaN;
    const long = /^\d{5,}$/.test(id);
    const standard = text(a.StandardAccountID);
    const standardPlace = /^\d{2}$/.test(standard)
      ? Number(standard) * 100
      : /^\d{4}$/.test(standard)
        ? Number(standard)
        : Number.NaN;
    const code = text(a.GroupingCode);
    const groupingPlace =
      /^\d{4}$/.test(code) && inChart(Number(code)) ? Number(code) : CATEGORY[text(a.GroupingCategory)];
    // A five-digit account is finer than the chart: its standard account or grouping first, then its four digits.
    const order = long ? [standardPlace, groupingPlace, own] : [own, standardPlace, groupingPlace];
    const place = order.find((n) => n !== undefined && inChart(n)) ?? null;
    accounts.set(id, { id, name: text(a.AccountDescription), place });
    const opening =
      (a.OpeningDebitBalance !== undefined ? ore(text(a.OpeningDebitBalance)) : 0) -
      (a.OpeningCreditBalance !== undefined ? ore(text(a.OpeningCreditBalance)) : 0);
    if (opening !== 0) {
      move(id, openingMonth, opening);
      anyOpening = true;
    }
  }
  const placeOf = (id: string) => {
    const known = accounts.get(id);
    if (known) return known.place;
    const n = /^\d{4}/.test(id) ? Number(id.slice(0, 4)) : Number.NaN;
    return inChart(n) ? n : null;
  };
  const openingVouchers: string[] = [];
  let periodMismatches = 0;

  const names = new Map<string, { name: string; key: string }>();
  for (const c of list((master.Customers as Xml | undefined)?.Customer)) {
    const id = text(c.CustomerID);
    names.set(id, { name: text(c.Name), key: text(c.RegistrationNumber) || `id:${id}` });
  }
  const customers: Checked['customers'] = new Map();
  const copies: string[] = [];

  for (const journal of journals) {
    const seen = new Map<string, string>();
    for (const tx of list(journal.Transaction)) {
      const id = text(tx.TransactionID);
      const date = text(tx.TransactionDate) || text(tx.GLPostingDate);
      // Norwegian books report by accounting period; one beyond 12 (year-end) is December's.
      const period = text(tx.Period);
      let month = monthOf(period, text(tx.PeriodYear), date);
      if (Number(period) >= 1 && Number(period) <= 12 && month !== date.slice(0, 7)) periodMismatches += 1;
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
      // The opening balance booked as a voucher: it counts where opening balances do.
      const balanceOnly = lines.every((l) => {
        const place = placeOf(l.account);
        return place !== null && place >= 1000 && place <= 2999;
      });
      if (options.openingVoucher !== 'ordinary' && !anyOpening && date === firstDay && balanceOnly) {
        openingVouchers.push(id);
        month = openingMonth;
      }
      const customerIds = new Set([text(tx.CustomerID), ...lines.map((l) => l.customer)].filter(Boolean));
      const supplierIds = new Set([text(tx.SupplierID), ...lines.map((l) => l.supplier)].filter(Boolean));
      const only = customerIds.size === 1 && supplierIds.size === 0 ? [...customerIds][0] : undefined;
      for (const l of lines) {
        move(l.account, month, l.amount);
        const place = placeOf(l.account);
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
  for (const id of movements.keys()) if (!accounts.has(id)) accounts.set(id, { id, name: id, place: placeOf(id) });
  const months = [...new Set([...movements.values()].flatMap((m) => [...m.keys()]))].sort();
  return {
    company: { name: text(company.Name), orgNumber: text(company.RegistrationNumber) },
    currency: text(header.DefaultCurrencyCode),
    country: text(header.AuditFileCountry) || text((company.Address as Xml | undefined)?.Country),
    fiscalYearStart: offset + 1,
    openingVouchers,
    periodMismatches,
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
