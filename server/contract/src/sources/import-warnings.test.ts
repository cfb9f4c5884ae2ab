import { describe, expect, it } from 'vitest';
import { formatMoney } from '../numbers/format.ts';
import {
  type ImportWarning,
  type ImportWarningCode,
  importWarning,
  importWarningText,
  isImportWarningCode,
} from './import-warnings.ts';

const NB = '\u00a0';

/** One warning of every code, with parameters a real file could give. */
const EVERY: ImportWarning[] = [
  importWarning('SAFT_NAMESPACE', { namespace: 'urn:x' }),
  importWarning('SAFT_OPENING_NOT_BALANCED', { debit: 324_541_000, credit: 70_000_000, difference: 254_541_000 }),
  importWarning('SAFT_NO_SELECTION_START', { date: '2024-03-15' }),
  importWarning('SAFT_OPENINGS_NOT_DATED', {}),
  importWarning('SAFT_DUPLICATE_ACCOUNT', { account: '1920' }),
  importWarning('SAFT_DUPLICATE_CUSTOMER', { id: 'K1' }),
  importWarning('SAFT_DUPLICATE_SUPPLIER', { id: 'L1' }),
  importWarning('SAFT_UNKNOWN_ACCOUNTS', { accounts: '9999, 9998', more: 3 }),
  importWarning('SAFT_TOTAL_MISMATCH', { element: 'TotalCredit', stated: 130_000, computed: 123_450 }),
  importWarning('SAFT_TOTAL_NOT_AMOUNT', { element: 'TotalDebit', value: 'n/a' }),
  importWarning('SAFT_ENTRIES_MISMATCH', { stated: 2, counted: 1 }),
  importWarning('SAFT_CLOSING_MISMATCH', { account: '1920', stated: 67_056_875, computed: 72_440_700 }),
  importWarning('SAFT_DUPLICATE_TRANSACTION', {
    journal: 'GL',
    transactionId: '7',
    date: '2024-03-15',
    amount: 123_450,
  }),
  importWarning('SAFT_REUSED_TRANSACTION_ID', { journal: 'GL', transactionId: '7' }),
  importWarning('SAFT_UNKNOWN_CUSTOMER', { id: 'K404', lines: 1, amount: 625_000 }),
  importWarning('SAFT_UNKNOWN_SUPPLIER', { id: 'L404', lines: 2, amount: -625_000 }),
  importWarning('SAFT_CUSTOMER_CLOSING_MISMATCH', {
    id: '12000',
    name: 'Kunden AS',
    stated: 1_234_567,
    computed: 123_456,
  }),
  importWarning('SAFT_SUPPLIER_CLOSING_MISMATCH', {
    id: '20000',
    name: '20000',
    stated: -1_234_567,
    computed: -1_373_456,
  }),
  importWarning('MORE_WARNINGS', { count: 4 }),
  importWarning('UNCLASSIFIED_ACCOUNT', { account: '9996', name: 'Avregningskonto', amount: -1_234_000 }),
  importWarning('TRIPLETEX_POSTING_SKIPPED', { id: '42' }),
  importWarning('SAFT_OPENING_VOUCHER', {
    journal: 'GL',
    transactionId: 'IB2025',
    date: '2025-01-01',
    lines: 65,
    amount: 261_876_350,
  }),
  importWarning('SAFT_COUNTRY', { country: 'SE' }),
  importWarning('SAFT_FISCAL_YEAR', { startMonth: 5, offset: 4, transactions: 492 }),
  importWarning('SAFT_PERIOD_DATE_MISMATCH', { transactions: 2, total: 53, rule: 'period' }),
  importWarning('SOURCE_MESSAGE', { text: 'Opening balances do not net to zero' }),
];

describe('import warnings', () => {
  it('formats money for the language: nor 3 245 410,00 kr, en NOK 3,245,410.00, the sign in front', () => {
    expect(formatMoney(324_541_000, 'nor')).toBe(`3${NB}245${NB}410,00${NB}kr`);
    expect(formatMoney(324_541_000, 'en')).toBe('NOK 3,245,410.00');
    expect(formatMoney(-35, 'nor')).toBe(`-0,35${NB}kr`);
    expect(formatMoney(-35, 'en')).toBe('-NOK 0.35');
    expect(formatMoney(0, 'nor')).toBe(`0,00${NB}kr`);
    expect(formatMoney(100_000_000_000, 'en')).toBe('NOK 1,000,000,000.00');
  });

  it('has a Norwegian and an English text for every code, different from each other', () => {
    const codes = new Set<ImportWarningCode>(EVERY.map((w) => w.code));
    for (const w of EVERY) {
      expect(isImportWarningCode(w.code)).toBe(true);
      const nor = importWarningText(w, 'nor');
      const en = importWarningText(w, 'en');
      expect(nor.length, w.code).toBeGreaterThan(10);
      expect(en.length, w.code).toBeGreaterThan(10);
      if (w.code !== 'SOURCE_MESSAGE') expect(nor, w.code).not.toBe(en);
      // No English decimals in Norwegian: amounts there use a decimal comma.
      expect(nor, w.code).not.toMatch(/\d\.\d{2}\b/);
      expect(nor, w.code).not.toMatch(/\bNOK\b/);
    }
    expect(codes.size).toBe(EVERY.length);
  });

  it('says in Norwegian what an auditor would, with amounts and dates as a Norwegian reads them', () => {
    const nor = (w: ImportWarning) => importWarningText(w, 'nor');
    expect(nor(EVERY[1]!)).toBe(
      `Inngående balanser går ikke i null: debet 3${NB}245${NB}410,00${NB}kr og kredit 700${NB}000,00${NB}kr, en forskjell på 2${NB}545${NB}410,00${NB}kr.`,
    );
    expect(nor(EVERY[11]!)).toBe(
      `Konto 1920: filens utgående balanse er 670${NB}568,75${NB}kr, men inngående balanse og posteringer gir 724${NB}407,00${NB}kr (forskjell 53${NB}838,25${NB}kr).`,
    );
    expect(nor(EVERY[12]!)).toBe(
      `Bilag 7 i journal GL (2024/03/15) står to ganger med samme innhold; det er importert én gang, og kopien på 1${NB}234,50${NB}kr er utelatt.`,
    );
    expect(nor(EVERY[14]!)).toBe(
      `Kunde K404 står på 1 linje (netto 6${NB}250,00${NB}kr), men mangler i kunderegisteret.`,
    );
    expect(nor(EVERY[15]!)).toBe(
      `Leverandør L404 står på 2 linjer (netto -6${NB}250,00${NB}kr), men mangler i leverandørregisteret.`,
    );
    expect(nor(EVERY[16]!)).toBe(
      `Kunde 12000 Kunden AS: filens utgående saldo er 12${NB}345,67${NB}kr, men inngående saldo og kundens linjer gir 1${NB}234,56${NB}kr (forskjell -11${NB}111,11${NB}kr).`,
    );
    // A party without a name of its own is named once.
    expect(nor(EVERY[17]!)).toMatch(/^Leverandør 20000: filens/);
    expect(nor(EVERY[19]!)).toBe(
      `Konto 9996 Avregningskonto kan ikke plasseres i regnskapsoppstillingen (verken kontonummer, standardkonto eller gruppering passer); saldoen -12${NB}340,00${NB}kr står på linjen Uklassifisert i balansen.`,
    );
    expect(nor(EVERY[8]!)).toBe(
      `Filens TotalCredit er 1${NB}300,00${NB}kr, men kreditlinjene summerer til 1${NB}234,50${NB}kr (forskjell 65,50${NB}kr).`,
    );
  });

  it('names the voucher read as the opening balance, and the fiscal year the periods follow', () => {
    const byCode = (code: ImportWarningCode) => EVERY.find((w) => w.code === code)!;
    expect(importWarningText(byCode('SAFT_OPENING_VOUCHER'), 'nor')).toBe(
      `Bilag IB2025 i journal GL (2025/01/01, 65 linjer, 2${NB}618${NB}763,50${NB}kr) er lest som inngående balanse: det står på periodens første dag, bare på balansekontoer, og kontoene har ingen inngående balanse i filen.`,
    );
    expect(importWarningText(byCode('SAFT_FISCAL_YEAR'), 'en')).toBe(
      "The file's accounting periods follow a fiscal year that starts in May: period 1 is May. 492 transactions were placed in the month their period so gives.",
    );
  });

  it('shows a warning stored as text by an earlier version as it is, and an unknown code with its parameters', () => {
    expect(importWarningText('Opening balances do not net to zero', 'nor')).toBe('Opening balances do not net to zero');
    expect(importWarningText(EVERY.at(-1)!, 'nor')).toBe('Opening balances do not net to zero');
    const future = { code: 'SOMETHING_NEW', params: { a: 1 } } as unknown as ImportWarning;
    expect(importWarningText(future, 'en')).toBe('SOMETHING_NEW {"a":1}');
  });
});
