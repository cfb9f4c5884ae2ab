// Writes small SAF-T Financial files from scratch, each shaped like a real firm's export that the
// example files do not cover: the opening balance booked as a voucher on 1 January (Xledger and
// others), a file from November whose P&L accounts open with the year's result so far, five-digit
// accounts (NS 4102:2023), a fiscal year from May whose periods count from May, a Danish file in DKK,
// and a Swedish company's file in NOK. Written at test time into a folder the
// caller gives, like the mutations beside it; every voucher balances and the header totals and
// closing balances are true to the lines, so each file has only the trait it is made for.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Account {
  id: string;
  name: string;
  standard?: string;
  grouping?: { category: string; code: string };
  /** Opening balance, øre, debit positive. */
  opening?: number;
}

interface Tx {
  id: string;
  date: string;
  period: number;
  periodYear: number;
  /** [account, amount øre (debit +), customer?] */
  lines: [string, number, string?][];
}

interface File {
  name: string;
  company: string;
  orgNumber: string;
  currency?: string;
  country?: string;
  selection: { periodStart: number; periodStartYear: number; periodEnd: number; periodEndYear: number };
  accounts: Account[];
  customers: { id: string; name: string }[];
  transactions: Tx[];
}

const decimal = (o: number) => `${Math.floor(Math.abs(o) / 100)}.${String(Math.abs(o) % 100).padStart(2, '0')}`;
const el = (name: string, value: string | number) => `<${name}>${value}</${name}>`;
const balance = (kind: 'Opening' | 'Closing', amount: number) =>
  amount >= 0 ? el(`${kind}DebitBalance`, decimal(amount)) : el(`${kind}CreditBalance`, decimal(-amount));

function toXml(f: File): string {
  const moved = new Map<string, number>();
  let debit = 0;
  for (const tx of f.transactions)
    for (const [account, amount] of tx.lines) {
      moved.set(account, (moved.get(account) ?? 0) + amount);
      if (amount > 0) debit += amount;
    }
  const accounts = f.accounts
    .map((a) => {
      const opening = a.opening ?? 0;
      return `<Account>${el('AccountID', a.id)}${el('AccountDescription', a.name)}${a.standard ? el('StandardAccountID', a.standard) : ''}${a.grouping ? el('GroupingCategory', a.grouping.category) + el('GroupingCode', a.grouping.code) : ''}${el('AccountType', 'GL')}${balance('Opening', opening)}${balance('Closing', opening + (moved.get(a.id) ?? 0))}</Account>`;
    })
    .join('\n');
  const customers = f.customers
    .map((c) => `<Customer>${el('CustomerID', c.id)}${el('Name', c.name)}${el('AccountID', '1500')}</Customer>`)
    .join('\n');
  const transactions = f.transactions
    .map((tx) => {
      const lines = tx.lines
        .map(([account, amount, customer]) => {
          const side = amount >= 0 ? 'DebitAmount' : 'CreditAmount';
          return `<Line>${el('RecordID', '1')}${el('AccountID', account)}${customer ? el('CustomerID', customer) : ''}${el('Description', `Bilag ${tx.id}`)}<${side}>${el('Amount', decimal(amount))}</${side}></Line>`;
        })
        .join('');
      return `<Transaction>${el('TransactionID', tx.id)}${el('Period', tx.period)}${el('PeriodYear', tx.periodYear)}${el('TransactionDate', tx.date)}${el('Description', `Bilag ${tx.id}`)}${lines}</Transaction>`;
    })
    .join('\n');
  const s = f.selection;
  return `<?xml version="1.0" encoding="UTF-8"?>
<AuditFile xmlns="urn:StandardAuditFile-Taxation-Financial:NO">
<Header>${el('AuditFileVersion', '1.30')}${el('AuditFileCountry', f.country ?? 'NO')}${el('AuditFileDateCreated', '2026-01-10')}${el('SoftwareCompanyName', 'Generert')}${el('SoftwareID', 'gen')}${el('SoftwareVersion', '1')}
<Company>${el('RegistrationNumber', f.orgNumber)}${el('Name', f.company)}<Address>${el('City', 'Oslo')}${el('Country', f.country ?? 'NO')}</Address></Company>
${el('DefaultCurrencyCode', f.currency ?? 'NOK')}
<SelectionCriteria>${el('PeriodStart', s.periodStart)}${el('PeriodStartYear', s.periodStartYear)}${el('PeriodEnd', s.periodEnd)}${el('PeriodEndYear', s.periodEndYear)}</SelectionCriteria>
${el('TaxAccountingBasis', 'A')}</Header>
<MasterFiles><GeneralLedgerAccounts>
${accounts}
</GeneralLedgerAccounts><Customers>
${customers}
</Customers></MasterFiles>
<GeneralLedgerEntries>${el('NumberOfEntries', f.transactions.length)}${el('TotalDebit', decimal(debit))}${el('TotalCredit', decimal(debit))}
<Journal>${el('JournalID', 'GL')}${el('Description', 'Hovedbok')}${el('Type', 'GL')}
${transactions}
</Journal></GeneralLedgerEntries>
</AuditFile>
`;
}

const ACCOUNTS: Account[] = [
  { id: '1250', name: 'Inventar' },
  { id: '1500', name: 'Kundefordringer' },
  { id: '1920', name: 'Bankinnskudd' },
  { id: '2000', name: 'Aksjekapital' },
  { id: '2050', name: 'Annen egenkapital' },
  { id: '2250', name: 'Gjeld til kredittinstitusjoner' },
  { id: '2400', name: 'Leverandørgjeld' },
  { id: '3000', name: 'Salgsinntekt' },
  { id: '6300', name: 'Leie lokale' },
];
const CUSTOMERS = [
  { id: 'K1', name: 'Fjord Handel AS' },
  { id: 'K2', name: 'Vidde Bygg AS' },
];

/** A month of ordinary trade: two sales (paid), a rent paid; amounts vary by the month. */
function month(
  prefix: string,
  date: (day: number) => string,
  period: number,
  periodYear: number,
  n: number,
  accounts = { bank: '1920', sales: '3000', rent: '6300', receivables: '1500' },
): Tx[] {
  const sale = 1_000_000 + n * 12_345;
  const rent = 400_000 + n * 1_001;
  return [
    {
      id: `${prefix}1`,
      date: date(5),
      period,
      periodYear,
      lines: [
        [accounts.receivables, sale, 'K1'],
        [accounts.sales, -sale, 'K1'],
      ],
    },
    {
      id: `${prefix}2`,
      date: date(12),
      period,
      periodYear,
      lines: [
        [accounts.bank, sale],
        [accounts.receivables, -sale, 'K1'],
      ],
    },
    {
      id: `${prefix}3`,
      date: date(15),
      period,
      periodYear,
      lines: [
        [accounts.bank, 250_050],
        [accounts.sales, -250_050, 'K2'],
      ],
    },
    {
      id: `${prefix}4`,
      date: date(20),
      period,
      periodYear,
      lines: [
        [accounts.rent, rent],
        [accounts.bank, -rent],
      ],
    },
    {
      id: `${prefix}5`,
      date: date(28),
      period,
      periodYear,
      lines: [
        [accounts.rent, 12_500],
        [accounts.bank, -12_500],
      ],
    },
  ];
}

const day = (year: number, m: number) => (d: number) =>
  `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The opening balance as a voucher (Xledger): 1 January, balance-sheet accounts only, openings 0. */
export const OPENING_VOUCHER = {
  id: 'IB2025',
  lines: [
    ['1250', 201_876_300],
    ['1500', 10_000_000],
    ['1920', 50_000_050],
    ['2000', -10_000_000],
    ['2050', -101_876_350],
    ['2250', -150_000_000],
  ] as [string, number][],
};

function openingVoucherFile(): File {
  const transactions: Tx[] = [
    { id: OPENING_VOUCHER.id, date: '2025-01-01', period: 1, periodYear: 2025, lines: OPENING_VOUCHER.lines },
  ];
  for (let m = 1; m <= 3; m++) transactions.push(...month(`2025${m}`, day(2025, m), m, 2025, m));
  return {
    name: 'gen-opening-voucher',
    company: 'Åpning Xledger AS',
    orgNumber: '912345670',
    selection: { periodStart: 1, periodStartYear: 2025, periodEnd: 3, periodEndYear: 2025 },
    accounts: ACCOUNTS,
    customers: CUSTOMERS,
    transactions,
  };
}

/**
 * The openings of a file that starts in November: balance accounts and, on its P&L accounts, the
 * result of January–October (revenue credit, rent debit). They add to zero.
 */
export const MID_YEAR_OPENINGS: Record<string, number> = {
  '1500': 5_000_000,
  '1920': 40_000_000,
  '2000': -10_000_000,
  '2050': -20_000_000,
  '3000': -31_750_000,
  '6300': 16_750_000,
};

/** November and December 2025 (periods 11–12), its P&L accounts opening with January–October's result. */
function midYearFile(): File {
  const transactions: Tx[] = [];
  for (const m of [11, 12]) transactions.push(...month(`M${m}-`, day(2025, m), m, 2025, m));
  return {
    name: 'gen-mid-year',
    company: 'Midt i Året AS',
    orgNumber: '912345700',
    selection: { periodStart: 11, periodStartYear: 2025, periodEnd: 12, periodEndYear: 2025 },
    accounts: ACCOUNTS.map((a) => (MID_YEAR_OPENINGS[a.id] ? { ...a, opening: MID_YEAR_OPENINGS[a.id] } : a)),
    customers: CUSTOMERS,
    transactions,
  };
}

function fiveDigitFile(): File {
  const accounts: Account[] = [
    { id: '15000', name: 'Kundefordringer' },
    { id: '19200', name: 'Driftskonto', opening: 2_500_000 },
    { id: '19201', name: 'Skattetrekkskonto', standard: '1950', opening: 100_000 },
    { id: '20500', name: 'Annen egenkapital', opening: -2_600_000 },
    { id: '30000', name: 'Salg høy sats', standard: '3000' },
    { id: '30100', name: 'Salg tjenester' },
    { id: '43100', name: 'Innkjøp underleverandør', standard: '4300' },
    { id: '63000', name: 'Leie lokale', grouping: { category: 'annenDriftskostnad', code: '6300' } },
    { id: '67000', name: 'Revisjon' },
    // Their first four digits are on another line than their standard account or grouping code says.
    { id: '30500', name: 'Leieinntekt', standard: '3400' },
    { id: '47000', name: 'Frakt ut', grouping: { category: 'annenDriftskostnad', code: '6900' } },
  ];
  const transactions: Tx[] = [];
  for (let m = 1; m <= 2; m++)
    transactions.push(
      ...month(`5${m}`, day(2025, m), m, 2025, m, {
        bank: '19200',
        sales: '30000',
        rent: '63000',
        receivables: '15000',
      }),
      {
        id: `5${m}6`,
        date: day(2025, m)(25),
        period: m,
        periodYear: 2025,
        lines: [
          ['43100', 300_000 + m],
          ['67000', 45_000],
          ['30100', -120_000],
          ['19201', 20_000],
          ['19200', -245_000 - m],
        ],
      },
      {
        id: `5${m}7`,
        date: day(2025, m)(26),
        period: m,
        periodYear: 2025,
        lines: [
          ['19200', 70_000 - 15_000 * m],
          ['30500', -70_000],
          ['47000', 15_000 * m],
        ],
      },
    );
  return {
    name: 'gen-five-digit',
    company: 'Femsifret AS',
    orgNumber: '912345689',
    selection: { periodStart: 1, periodStartYear: 2025, periodEnd: 2, periodEndYear: 2025 },
    accounts,
    customers: CUSTOMERS,
    transactions,
  };
}

/** A fiscal year May 2024 – April 2025, its periods counted from May (period 1 = May, PeriodYear 2024). */
function fiscalMayFile(): File {
  const transactions: Tx[] = [];
  for (let p = 1; p <= 12; p++) {
    const calendar = ((p + 3) % 12) + 1;
    const year = calendar >= 5 ? 2024 : 2025;
    transactions.push(...month(`F${p}-`, day(year, calendar), p, 2024, p));
  }
  return {
    name: 'gen-fiscal-may',
    company: 'Brutt År AS',
    orgNumber: '912345697',
    selection: { periodStart: 1, periodStartYear: 2024, periodEnd: 12, periodEndYear: 2024 },
    accounts: ACCOUNTS.map((a) =>
      a.id === '1920' ? { ...a, opening: 30_000_000 } : a.id === '2050' ? { ...a, opening: -30_000_000 } : a,
    ),
    customers: CUSTOMERS,
    transactions,
  };
}

function currencyFile(name: string, currency: string, country: string): File {
  const transactions: Tx[] = [];
  for (let m = 1; m <= 2; m++) transactions.push(...month(`${country}${m}`, day(2025, m), m, 2025, m));
  return {
    name,
    company: country === 'DK' ? 'Dansk Handel ApS' : 'Svensk Handel AB',
    orgNumber: country === 'DK' ? '12345678' : '5560000001',
    currency,
    country,
    selection: { periodStart: 1, periodStartYear: 2025, periodEnd: 2, periodEndYear: 2025 },
    accounts: ACCOUNTS.map((a) =>
      a.id === '1920' ? { ...a, opening: 5_000_000 } : a.id === '2050' ? { ...a, opening: -5_000_000 } : a,
    ),
    customers: CUSTOMERS,
    transactions,
  };
}

/** Every generated file, by name. */
export const GENERATED = () => [
  openingVoucherFile(),
  midYearFile(),
  fiveDigitFile(),
  fiscalMayFile(),
  currencyFile('gen-dkk', 'DKK', 'DK'),
  currencyFile('gen-sweden-nok', 'NOK', 'SE'),
];

/** Writes every generated file into `dir` and returns their paths by name. */
export function writeGenerated(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of GENERATED()) {
    const path = join(dir, `${f.name}.xml`);
    writeFileSync(path, toXml(f));
    out.set(f.name, path);
  }
  return out;
}
