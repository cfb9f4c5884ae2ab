// SAF-T files of one company month by month, as a firm sends them: a file for January–March, then
// one for March–April whose March is the corrected March (`version` changes every amount), and so on.
// Each file's vouchers balance, its closing balances are true to its lines, and its opening balances
// are the company's balances before its first month (from the base openings and the earlier months
// of `version` 1). Shared by the server's tests and the browser journey (portal/e2e/saft-refresh.spec.ts).
// `monthlySums` reads a file's lines straight from its XML, sharing nothing with the engine.

export interface MonthlyFileOptions {
  company: string;
  orgNumber: string;
  /** yyyy-mm, consecutive, in order. */
  months: string[];
  /** Changes every amount of the file's months (a corrected export). */
  version: number;
}

type Line = [account: string, amount: number, customer?: string];
interface Tx {
  id: string;
  date: string;
  period: number;
  periodYear: number;
  lines: Line[];
}

const ACCOUNTS: [string, string][] = [
  ['1500', 'Kundefordringer'],
  ['1920', 'Bankinnskudd'],
  ['2050', 'Annen egenkapital'],
  ['3000', 'Salgsinntekt'],
  ['6300', 'Leie lokale'],
];
/** The company's balances before its first month: cash and the equity it came from. */
const BASE_OPENINGS: Record<string, number> = { '1920': 5_000_000, '2050': -5_000_000 };

const decimal = (o: number) => `${Math.floor(Math.abs(o) / 100)}.${String(Math.abs(o) % 100).padStart(2, '0')}`;
const el = (name: string, value: string | number) => `<${name}>${value}</${name}>`;
const balance = (kind: 'Opening' | 'Closing', amount: number) =>
  amount >= 0 ? el(`${kind}DebitBalance`, decimal(amount)) : el(`${kind}CreditBalance`, decimal(-amount));

/** The month's vouchers: a sale on credit, its payment, a cash sale and the rent. */
function monthTransactions(month: string, version: number): Tx[] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
  const sale = 1_000_000 + m * 12_345 + version * 111_111;
  const cash = 250_050 + version * 7_007;
  const rent = 400_000 + m * 1_001;
  const id = (n: number) => `${year}${String(m).padStart(2, '0')}${version}${n}`;
  const tx = (n: number, d: number, lines: Line[]): Tx => ({
    id: id(n),
    date: date(d),
    period: m,
    periodYear: year,
    lines,
  });
  return [
    tx(1, 5, [
      ['1500', sale, 'K1'],
      ['3000', -sale, 'K1'],
    ]),
    tx(2, 12, [
      ['1920', sale],
      ['1500', -sale, 'K1'],
    ]),
    tx(3, 15, [
      ['1920', cash],
      ['3000', -cash],
    ]),
    tx(4, 20, [
      ['6300', rent],
      ['1920', -rent],
    ]),
  ];
}

const previousMonths = (first: string, count: number) => {
  const [y, m] = first.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count; i >= 1; i--) {
    const index = y * 12 + m - 1 - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
};

/**
 * The file's XML. Its openings: the base balances plus the balance-sheet movements of `version` 1 in
 * the months from `since` (the company's first month) up to the file's first month.
 */
export function monthlyFile(options: MonthlyFileOptions, since = options.months[0]!): string {
  const first = options.months[0]!;
  const [sy, sm] = since.split('-').map(Number) as [number, number];
  const [fy, fm] = first.split('-').map(Number) as [number, number];
  const openings = new Map(Object.entries(BASE_OPENINGS));
  // P&L accounts close to equity at the year's end; within a year they open at zero here.
  for (const month of previousMonths(first, fy * 12 + fm - (sy * 12 + sm)))
    for (const tx of monthTransactions(month, 1))
      for (const [account, amount] of tx.lines)
        if (Number(account) < 3000) openings.set(account, (openings.get(account) ?? 0) + amount);
        else openings.set('2050', (openings.get('2050') ?? 0) + amount);
  const transactions = options.months.flatMap((m) => monthTransactions(m, options.version));
  const moved = new Map<string, number>();
  let debit = 0;
  for (const tx of transactions)
    for (const [account, amount] of tx.lines) {
      moved.set(account, (moved.get(account) ?? 0) + amount);
      if (amount > 0) debit += amount;
    }
  const accounts = ACCOUNTS.map(([id, name]) => {
    const opening = openings.get(id) ?? 0;
    return `<Account>${el('AccountID', id)}${el('AccountDescription', name)}${el('AccountType', 'GL')}${balance('Opening', opening)}${balance('Closing', opening + (moved.get(id) ?? 0))}</Account>`;
  }).join('\n');
  const lines = (tx: Tx) =>
    tx.lines
      .map(([account, amount, customer], i) => {
        const side = amount >= 0 ? 'DebitAmount' : 'CreditAmount';
        return `<Line>${el('RecordID', i + 1)}${el('AccountID', account)}${customer ? el('CustomerID', customer) : ''}${el('Description', `Bilag ${tx.id}`)}<${side}>${el('Amount', decimal(amount))}</${side}></Line>`;
      })
      .join('');
  const entries = transactions
    .map(
      (tx) =>
        `<Transaction>${el('TransactionID', tx.id)}${el('Period', tx.period)}${el('PeriodYear', tx.periodYear)}${el('TransactionDate', tx.date)}${el('Description', `Bilag ${tx.id}`)}${lines(tx)}</Transaction>`,
    )
    .join('\n');
  const last = options.months.at(-1)!;
  return `<?xml version="1.0" encoding="UTF-8"?>
<AuditFile xmlns="urn:StandardAuditFile-Taxation-Financial:NO">
<Header>${el('AuditFileVersion', '1.30')}${el('AuditFileCountry', 'NO')}${el('AuditFileDateCreated', `${last}-28`)}${el('SoftwareCompanyName', 'Generert')}${el('SoftwareID', 'gen')}${el('SoftwareVersion', '1')}
<Company>${el('RegistrationNumber', options.orgNumber)}${el('Name', options.company)}<Address>${el('City', 'Oslo')}${el('Country', 'NO')}</Address></Company>
${el('DefaultCurrencyCode', 'NOK')}
<SelectionCriteria>${el('PeriodStart', Number(first.slice(5)))}${el('PeriodStartYear', first.slice(0, 4))}${el('PeriodEnd', Number(last.slice(5)))}${el('PeriodEndYear', last.slice(0, 4))}</SelectionCriteria>
${el('TaxAccountingBasis', 'A')}</Header>
<MasterFiles><GeneralLedgerAccounts>
${accounts}
</GeneralLedgerAccounts><Customers>
<Customer>${el('CustomerID', 'K1')}${el('Name', 'Fjord Handel AS')}${el('AccountID', '1500')}</Customer>
</Customers></MasterFiles>
<GeneralLedgerEntries>${el('NumberOfEntries', transactions.length)}${el('TotalDebit', decimal(debit))}${el('TotalCredit', decimal(debit))}
<Journal>${el('JournalID', 'GL')}${el('Description', 'Hovedbok')}${el('Type', 'GL')}
${entries}
</Journal></GeneralLedgerEntries>
</AuditFile>
`;
}

/**
 * A file's lines summed per month (PeriodYear-Period) and account, øre debit positive, and its
 * opening balances: read from the XML text with regular expressions, nothing of the engine's.
 */
export function monthlySums(xml: string): { months: Map<string, Map<string, number>>; openings: Map<string, number> } {
  const ore = (text: string) => Math.round(Number(text) * 100);
  const months = new Map<string, Map<string, number>>();
  for (const [, tx] of xml.matchAll(/<Transaction>([\s\S]*?)<\/Transaction>/g)) {
    const period = Number(/<Period>(\d+)<\/Period>/.exec(tx!)![1]);
    const year = /<PeriodYear>(\d+)<\/PeriodYear>/.exec(tx!)![1];
    const month = `${year}-${String(period).padStart(2, '0')}`;
    const sums = months.get(month) ?? new Map<string, number>();
    months.set(month, sums);
    for (const [, line] of tx!.matchAll(/<Line>([\s\S]*?)<\/Line>/g)) {
      const account = /<AccountID>([^<]+)<\/AccountID>/.exec(line!)![1]!;
      const side = /<(Debit|Credit)Amount><Amount>([^<]+)<\/Amount>/.exec(line!)!;
      const amount = side[1] === 'Debit' ? ore(side[2]!) : -ore(side[2]!);
      sums.set(account, (sums.get(account) ?? 0) + amount);
    }
  }
  const openings = new Map<string, number>();
  for (const [, account] of xml.matchAll(/<Account>([\s\S]*?)<\/Account>/g)) {
    const id = /<AccountID>([^<]+)<\/AccountID>/.exec(account!)![1]!;
    const debit = /<OpeningDebitBalance>([^<]+)</.exec(account!);
    const credit = /<OpeningCreditBalance>([^<]+)</.exec(account!);
    const amount = (debit ? ore(debit[1]!) : 0) - (credit ? ore(credit[1]!) : 0);
    if (amount !== 0) openings.set(id, amount);
  }
  return { months, openings };
}

/**
 * What a source of these files (oldest upload first) holds per month: each month from the newest
 * file whose first-to-last month covers it; the openings of the file that starts earliest.
 */
export function expectedLedger(xmls: readonly string[]): {
  months: Map<string, Map<string, number>>;
  openings: Map<string, number>;
} {
  const files = xmls.map(monthlySums);
  const months = new Map<string, Map<string, number>>();
  const span = (f: (typeof files)[number]) => [...f.months.keys()].sort();
  const all = [...new Set(files.flatMap(span))].sort();
  for (const month of all) {
    for (let i = files.length - 1; i >= 0; i--) {
      const s = span(files[i]!);
      if (s[0]! <= month && month <= s.at(-1)!) {
        months.set(month, files[i]!.months.get(month) ?? new Map());
        break;
      }
    }
  }
  let earliest = files.length - 1;
  for (let i = files.length - 1; i >= 0; i--) if (span(files[i]!)[0]! < span(files[earliest]!)[0]!) earliest = i;
  return { months, openings: files[earliest]!.openings };
}
