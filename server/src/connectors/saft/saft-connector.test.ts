import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { type ImportWarning, importWarningText } from '@saldo/contract/sources/import-warnings';
import { sourceErrorText } from '@saldo/contract/sources/source-errors';
import { describe, expect, it } from 'vitest';
import { ConnectorError, type LedgerRecord, quietContext, type SyncContext } from '../types.ts';
import { type SaftSource, saftConnector } from './saft-connector.ts';

const FIXTURES = '/work/shared/fixtures/saf-t';
const FILE_888 = `${FIXTURES}/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml`;
const FILE_999 = `${FIXTURES}/ExampleFile_SAF-T_Financial_999999999_20161125213512.xml`;

/** The connector's records, and its warnings as their English texts (their codes in `codes`). */
async function read(source: SaftSource, ctx?: Partial<SyncContext>) {
  const raised: ImportWarning[] = [];
  const progress: number[] = [];
  const records: LedgerRecord[] = [];
  const context: SyncContext = {
    ...quietContext(undefined, raised),
    progress: (part, fraction) => {
      expect(part).toBe('file');
      progress.push(fraction);
    },
    ...ctx,
  };
  for await (const r of saftConnector(source).read(context)) records.push(r);
  const of = <K extends LedgerRecord['kind']>(kind: K) =>
    records.filter((r): r is Extract<LedgerRecord, { kind: K }> => r.kind === kind);
  const warnings = raised.map((w) => importWarningText(w, 'en'));
  return { records, warnings, codes: raised.map((w) => w.code), raised, progress, of };
}

const fromString = (xml: string, chunk = 64): SaftSource => {
  const bytes = Buffer.from(xml, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  return { stream: () => Readable.from(parts), size: bytes.length };
};

async function failure(source: SaftSource): Promise<ConnectorError> {
  const error = await read(source).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

/** Independent of the connector: the file's sums by regular expression (fine for these small files). */
function fileFacts(path: string) {
  const xml = readFileSync(path, 'utf8');
  const ore = (s: string) => Math.round(Number(s) * 100);
  const accountsXml = /<n1:GeneralLedgerAccounts>([\s\S]*?)<\/n1:GeneralLedgerAccounts>/.exec(xml)![1]!;
  let openingDebit = 0;
  let openingCredit = 0;
  for (const block of accountsXml.split('</n1:Account>')) {
    const d = /<n1:OpeningDebitBalance>([^<]+)</.exec(block)?.[1];
    const c = /<n1:OpeningCreditBalance>([^<]+)</.exec(block)?.[1];
    const net = (d ? ore(d) : 0) - (c ? ore(c) : 0);
    if (net > 0) openingDebit += net;
    else openingCredit -= net;
  }
  const sum = (side: string) =>
    [...xml.matchAll(new RegExp(`<n1:${side}>\\s*<n1:Amount>([^<]+)</n1:Amount>`, 'g'))].reduce(
      (s, m) => s + ore(m[1]!),
      0,
    );
  const count = (tag: string) => xml.split(`<n1:${tag}>`).length - 1;
  return {
    accounts: count('Account'),
    customers: count('Customer'),
    suppliers: count('Supplier'),
    lines: count('Line'),
    transactions: count('Transaction'),
    debit: sum('DebitAmount'),
    credit: sum('CreditAmount'),
    openingDebit,
    openingCredit,
  };
}

describe('SAF-T connector on the example files', () => {
  it('reads the 888888888 file: 22 accounts, 6 customers, 6 suppliers, 170 balanced lines', async () => {
    const { of, warnings, progress } = await read({ path: FILE_888 });
    expect(of('account')).toHaveLength(22);
    expect(of('customer')).toHaveLength(6);
    expect(of('supplier')).toHaveLength(6);
    const postings = of('posting');
    expect(postings).toHaveLength(170);
    const debit = postings.filter((p) => p.amount > 0).reduce((s, p) => s + p.amount, 0);
    const credit = postings.filter((p) => p.amount < 0).reduce((s, p) => s - p.amount, 0);
    expect(debit).toBe(948_704_935);
    expect(credit).toBe(948_704_935);
    for (const p of postings) {
      expect(Number.isSafeInteger(p.amount)).toBe(true);
      expect(p.date).toMatch(/^2017-0[1-4]-\d{2}$/);
    }
    // Opening balances do not net to zero in this example file; the warning says by how much.
    const facts = fileFacts(FILE_888);
    expect(facts.openingDebit - facts.openingCredit).toBe(254_541_000);
    // The example file contradicts itself twice: its opening balances, and three accounts' stated
    // closing balances against their own transactions. Both are told, neither hidden.
    // Its customers' and suppliers' closing balances agree with their lines: no warning for them.
    expect(warnings).toEqual([
      'Opening balances do not net to zero: debit NOK 3,245,410.00 and credit NOK 700,000.00, a difference of NOK 2,545,410.00.',
      "Account 1920: the file's closing balance is NOK 670,568.75, but its opening balance and postings give NOK 724,407.00 (difference NOK 53,838.25).",
      "Account 2711: the file's closing balance is NOK 0.00, but its opening balance and postings give -NOK 0.35 (difference -NOK 0.35).",
      "Account 2740: the file's closing balance is NOK 0.00, but its opening balance and postings give NOK 0.35 (difference NOK 0.35).",
    ]);
    const openings = of('opening');
    expect(openings).toHaveLength(11);
    expect(new Set(openings.map((o) => o.date))).toEqual(new Set(['2017-01-01']));
    expect(openings.reduce((s, o) => s + o.amount, 0)).toBe(facts.openingDebit - facts.openingCredit);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('agrees with the file itself (counts and sums by regular expression)', async () => {
    for (const path of [FILE_888, FILE_999]) {
      const facts = fileFacts(path);
      const { of } = await read({ path });
      expect(of('account')).toHaveLength(facts.accounts);
      expect(of('customer')).toHaveLength(facts.customers);
      expect(of('supplier')).toHaveLength(facts.suppliers);
      expect(of('posting')).toHaveLength(facts.lines);
      expect(new Set(of('posting').map((p) => p.voucher)).size).toBe(facts.transactions);
      expect(of('posting').reduce((s, p) => s + Math.max(p.amount, 0), 0)).toBe(facts.debit);
      expect(of('posting').reduce((s, p) => s - Math.min(p.amount, 0), 0)).toBe(facts.credit);
    }
  });

  it('maps master data and lines of the 888888888 file', async () => {
    const { of } = await read({ path: FILE_888 });
    expect(of('account')[0]).toEqual({ kind: 'account', number: 1250, name: 'Inventar', standardAccount: '12' });
    expect(of('customer')[0]).toEqual({
      kind: 'customer',
      id: '1000',
      name: 'Leketøysbutikk Tøyen',
      orgNumber: '987654321',
    });
    const first = of('posting').filter((p) => p.voucher === '1001');
    expect(first.map((p) => [p.accountNumber, p.amount])).toEqual([
      [4000, 1_000_000],
      [2400, -1_250_000],
      [2710, 250_000],
    ]);
    expect(first[0]).toMatchObject({ date: '2017-01-04', description: 'Faktura 1155 - Stoff til kosebamser' });
    expect(first[2]!.description).toBe('Beregnet MVA');
    // The supplier is on the payable line only in the file; a one-party voucher gives it to every line.
    expect(first.map((p) => p.supplierId)).toEqual(['2002', '2002', '2002']);
    const revenue = of('posting').filter((p) => p.accountNumber >= 3000 && p.accountNumber < 4000);
    expect(revenue.length).toBeGreaterThan(0);
    expect(revenue.filter((p) => p.customerId).length).toBeGreaterThan(revenue.length / 2);
  });

  it('reads the 999999999 file: 4 accounts, 1 customer, 1 supplier, 5 lines of 25 000 NOK each side', async () => {
    const { of, warnings } = await read({ path: FILE_999 });
    expect(of('account').map((a) => a.number)).toEqual([1925, 2400, 2740, 4000]);
    expect(of('customer')).toEqual([{ kind: 'customer', id: '12000', name: 'Kunden AS', orgNumber: '999999999' }]);
    expect(of('supplier')).toEqual([
      { kind: 'supplier', id: '20000', name: 'Leverandøren AS', orgNumber: '999999999' },
    ]);
    expect(of('posting')).toHaveLength(5);
    expect(of('posting').reduce((s, p) => s + Math.max(p.amount, 0), 0)).toBe(2_500_000);
    // Account 4000 has an opening balance of 0: no record for it.
    expect(of('opening')).toEqual([
      { kind: 'opening', date: '2015-01-01', accountNumber: 1925, amount: 123_456 },
      { kind: 'opening', date: '2015-01-01', accountNumber: 2400, amount: -123_456 },
      { kind: 'opening', date: '2015-01-01', accountNumber: 2740, amount: -123_456 },
    ]);
    // Its closing balances are placeholders (12 345.67) that no transactions add up to, its
    // customer's and supplier's too.
    expect(warnings).toEqual([
      'Opening balances do not net to zero: debit NOK 1,234.56 and credit NOK 2,469.12, a difference of NOK 1,234.56.',
      "Account 1925: the file's closing balance is NOK 12,345.67, but its opening balance and postings give -NOK 11,265.44 (difference -NOK 23,611.11).",
      "Account 2400: the file's closing balance is -NOK 12,345.67, but its opening balance and postings give -NOK 1,234.56 (difference NOK 11,111.11).",
      "Account 2740: the file's closing balance is -NOK 12,345.67, but its opening balance and postings give NOK 1,265.44 (difference NOK 13,611.11).",
      "Account 4000: the file's closing balance is NOK 0.00, but its opening balance and postings give NOK 10,000.00 (difference NOK 10,000.00).",
      "Customer 12000 Kunden AS: the file's closing balance is NOK 12,345.67, but the opening balance and the customer's lines give NOK 1,234.56 (difference -NOK 11,111.11).",
      "Supplier 20000 Leverandøren AS: the file's closing balance is -NOK 12,345.67, but the opening balance and the supplier's lines give -NOK 13,734.56 (difference -NOK 1,388.89).",
    ]);
  });

  it('reads the same records from a stream in small chunks that split UTF-8 characters', async () => {
    const whole = await read({ path: FILE_888 });
    const bytes = readFileSync(FILE_888);
    const parts: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) parts.push(bytes.subarray(i, i + 7));
    const streamed = await read({ stream: () => Readable.from(parts), size: bytes.length });
    expect(streamed.records).toEqual(whole.records);
    const web = await read({ stream: () => Readable.toWeb(Readable.from(parts)) as ReadableStream<Uint8Array> });
    expect(web.records).toEqual(whole.records);
    expect(web.progress).toEqual([0, 1]);
  });

  it('stops when the sync is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(read({ path: FILE_888 }, { signal: controller.signal })).rejects.toThrow('cancelled by the user');
  });
});

interface Options {
  prefix?: string;
  bom?: boolean;
  selection?: string;
  accounts?: string;
  totals?: string;
  transactions?: string;
}

const ACCOUNTS = `
  <Account><AccountID>1920</AccountID><AccountDescription>Bank</AccountDescription><OpeningDebitBalance>1000.50</OpeningDebitBalance></Account>
  <Account><AccountID>2000</AccountID><AccountDescription>Egenkapital</AccountDescription><OpeningCreditBalance>1000,50</OpeningCreditBalance></Account>
  <Account><AccountID>3000</AccountID><AccountDescription>Salg &amp; tjenester</AccountDescription></Account>`;
const TRANSACTION = `
  <Transaction><TransactionID>7</TransactionID><TransactionDate>2024-03-15</TransactionDate><Description>Salg</Description>
    <Line><AccountID>1920</AccountID><Description>Innbetaling</Description><DebitAmount><Amount>1 234,50</Amount></DebitAmount></Line>
    <Line><AccountID>3000</AccountID><CustomerID>K1</CustomerID><CreditAmount><Amount>1234.5</Amount></CreditAmount></Line>
  </Transaction>`;

/** A small SAF-T file; elements are written without prefix and get `prefix` added. */
function saft(o: Options = {}): string {
  const xml = `<AuditFile xmlns="urn:StandardAuditFile-Taxation-Financial:NO">
  <Header><AuditFileVersion>1.30</AuditFileVersion>
    <SelectionCriteria>${o.selection ?? '<PeriodStart>01</PeriodStart><PeriodStartYear>2024</PeriodStartYear>'}</SelectionCriteria>
  </Header>
  <MasterFiles>
    <GeneralLedgerAccounts>${o.accounts ?? ACCOUNTS}</GeneralLedgerAccounts>
    <Customers><Customer><Name>Kunde &lt;1&gt;</Name><CustomerID>K1</CustomerID><BalanceAccount><AccountID>1500</AccountID><OpeningDebitBalance>99</OpeningDebitBalance></BalanceAccount></Customer></Customers>
  </MasterFiles>
  <GeneralLedgerEntries>${o.totals ?? ''}
    <Journal><JournalID>GL</JournalID>${o.transactions ?? TRANSACTION}</Journal>
  </GeneralLedgerEntries>
</AuditFile>`;
  const prefixed = o.prefix
    ? xml.replace(/<(\/?)([A-Z][A-Za-z]*)/g, `<$1${o.prefix}:$2`).replace('xmlns=', `xmlns:${o.prefix}=`)
    : xml;
  return `${o.bom ? '\ufeff' : ''}<?xml version="1.0" encoding="UTF-8"?>\n${prefixed}`;
}

describe('SAF-T connector on small files', () => {
  it('reads prefixed and unprefixed namespaces, with and without a BOM, alike', async () => {
    const plain = await read(fromString(saft()));
    expect(plain.warnings).toEqual([]);
    expect(plain.of('account').map((a) => a.name)).toEqual(['Bank', 'Egenkapital', 'Salg & tjenester']);
    expect(plain.of('customer')).toEqual([{ kind: 'customer', id: 'K1', name: 'Kunde <1>' }]);
    expect(plain.of('posting')).toEqual([
      {
        kind: 'posting',
        date: '2024-03-15',
        voucher: '7',
        accountNumber: 1920,
        amount: 123_450,
        customerId: 'K1',
        description: 'Innbetaling',
      },
      {
        kind: 'posting',
        date: '2024-03-15',
        voucher: '7',
        accountNumber: 3000,
        amount: -123_450,
        customerId: 'K1',
        description: 'Salg',
      },
    ]);
    // The customer's BalanceAccount (1.30) is a sub-ledger balance, not a second opening balance.
    expect(plain.of('opening')).toEqual([
      { kind: 'opening', date: '2024-01-01', accountNumber: 1920, amount: 100_050 },
      { kind: 'opening', date: '2024-01-01', accountNumber: 2000, amount: -100_050 },
    ]);
    for (const variant of [{ prefix: 'n1' }, { bom: true }, { prefix: 'saft', bom: true }]) {
      const xml = saft(variant);
      if (variant.prefix) expect(xml).toContain(`<${variant.prefix}:Line>`);
      const other = await read(fromString(xml, 5));
      expect(other.records).toEqual(plain.records);
      expect(other.warnings).toEqual([]);
    }
  });

  it('dates opening balances by PeriodStart written 1 or 01, or by SelectionStartDate', async () => {
    const dateOf = async (selection: string) => (await read(fromString(saft({ selection })))).of('opening')[0]?.date;
    expect(await dateOf('<PeriodStart>1</PeriodStart><PeriodStartYear>2024</PeriodStartYear>')).toBe('2024-01-01');
    expect(await dateOf('<PeriodStart>01</PeriodStart><PeriodStartYear>2024</PeriodStartYear>')).toBe('2024-01-01');
    expect(await dateOf('<PeriodStart>7</PeriodStart><PeriodStartYear>2023</PeriodStartYear>')).toBe('2023-07-01');
    expect(await dateOf('<SelectionStartDate>2023-05-01</SelectionStartDate>')).toBe('2023-05-01');
    const none = await read(fromString(saft({ selection: '' })));
    expect(none.of('opening')[0]?.date).toBe('2024-03-15');
    expect(none.warnings).toEqual([
      "The file's header has no SelectionCriteria start: opening balances are dated 2024/03/15.",
    ]);
  });

  it('rejects a transaction that does not balance with a coded error, its texts naming it and the difference', async () => {
    const transactions = TRANSACTION.replace('1 234,50', '1 244,50');
    const error = await failure(fromString(saft({ transactions })));
    expect(error.kind).toBe('unbalanced');
    expect(error.error).toEqual({
      code: 'SAFT_UNBALANCED',
      params: { transactionId: '7', journal: 'GL', date: '2024-03-15', difference: 1_000, line: 18 },
    });
    expect(error.message).toBe(
      'Transaction 7 in journal GL (2024/03/15) does not balance: debits exceed credits by NOK 10.00 (line 18 of the file).',
    );
    expect(sourceErrorText(error.error, 'nor')).toBe(
      'Bilag 7 i journal GL (2024/03/15) går ikke i balanse: debet overstiger kredit med 10,00\u00a0kr (linje 18 i filen).',
    );
  });

  it('rejects garbage amounts with the value and the transaction', async () => {
    const error = await failure(fromString(saft({ transactions: TRANSACTION.replace('1234.5', '12,34,5') })));
    expect(error.kind).toBe('invalid-file');
    expect(error.error).toEqual({
      code: 'SAFT_INVALID_AMOUNT',
      params: { value: '12,34,5', element: 'CreditAmount', transactionId: '7', line: 18 },
    });
    expect(error.message).toBe(
      'Invalid amount "12,34,5" in <CreditAmount> in transaction 7: expected a number such as 1234.50 (line 18 of the file).',
    );
  });

  it('rejects a truncated file, naming where it ends', async () => {
    const xml = saft();
    const error = await failure(fromString(xml.slice(0, xml.indexOf('<CreditAmount>') + 22)));
    expect(error.kind).toBe('invalid-file');
    expect(error.message).toMatch(
      /^The file is truncated: it ends at line \d+, column \d+ inside <Amount>\. Export or upload the SAF-T file again\.$/,
    );
  });

  it('rejects malformed XML with its position', async () => {
    const error = await failure(fromString(saft().replace('</Description>', '</Descripton>')));
    expect(error.kind).toBe('invalid-file');
    expect(error.message).toMatch(/^The file is not well-formed XML at line \d+, column \d+: unexpected close tag/);
  });

  it('rejects an HTML page, an empty file and a file that is not XML', async () => {
    const html = await failure(
      fromString('<!DOCTYPE html>\n<html lang="nb"><head><meta charset="utf-8"><title>Logg inn</title></head></html>'),
    );
    expect(html.kind).toBe('invalid-file');
    expect(html.message).toBe(
      'The file is not a SAF-T Financial file: the root element is <html>, expected <AuditFile>.',
    );
    const empty = await failure(fromString(''));
    expect(empty.message).toBe('The file is empty: it is not a SAF-T Financial file.');
    const blank = await failure(fromString('\ufeff  \n'));
    expect(blank.message).toBe('The file is not a SAF-T Financial file: it contains no XML element.');
    const csv = await failure(fromString('Konto;Beløp\n1920;100,00\n'));
    expect(csv.kind).toBe('invalid-file');
    expect(csv.message).toBe('The file is not a SAF-T Financial file: it is not XML (it starts with "Konto;Beløp").');
    const pdf = await failure(fromString('%PDF-1.7\n%âãÏÓ\n'));
    expect(pdf.message).toBe('The file is not a SAF-T Financial file: it is not XML (it starts with "%PDF-1.7").');
    const broken = await failure(fromString('<?xml version="1.0"?>\n<AuditFile><Header></AuditFile>'));
    expect(broken.message).toMatch(/^The file is not well-formed XML at line 2, column \d+: unexpected close tag/);
  });

  it('warns when the file totals disagree with its lines, but imports it', async () => {
    const totals =
      '<NumberOfEntries>2</NumberOfEntries><TotalDebit>1234.50</TotalDebit><TotalCredit>1300</TotalCredit>';
    const { warnings, of } = await read(fromString(saft({ totals })));
    expect(of('posting')).toHaveLength(2);
    expect(warnings).toEqual([
      "The file's TotalCredit is NOK 1,300.00, but its credit lines sum to NOK 1,234.50 (difference NOK 65.50).",
      "The file's NumberOfEntries is 2, but it has 1 transactions.",
    ]);
    const agreeing = '<TotalDebit>1234.50</TotalDebit><TotalCredit>1 234,50</TotalCredit>';
    expect((await read(fromString(saft({ totals: agreeing })))).warnings).toEqual([]);
  });

  it('keeps sub-accounts and accounts without a number apart, each under its own ID, and drops nothing', async () => {
    const accounts = `${ACCOUNTS}
      <Account><AccountID>1920PKEY92783</AccountID><AccountDescription>Bank 2</AccountDescription><StandardAccountID>1920</StandardAccountID></Account>
      <Account><AccountID>KASSE</AccountID><AccountDescription>Kasse</AccountDescription><OpeningDebitBalance>5</OpeningDebitBalance></Account>
      <Account><AccountID>9995</AccountID><AccountDescription>Midlertidig konto</AccountDescription><GroupingCategory>annenDriftskostnad</GroupingCategory><GroupingCode>7790</GroupingCode></Account>`;
    const transactions = `${TRANSACTION}
      <Transaction><TransactionID>8</TransactionID><TransactionDate>2024-03-16</TransactionDate><Description>Flytt</Description>
        <Line><AccountID>1920PKEY92783</AccountID><DebitAmount><Amount>10</Amount></DebitAmount></Line>
        <Line><AccountID>KASSE</AccountID><CreditAmount><Amount>10</Amount></CreditAmount></Line>
      </Transaction>`;
    const { of, warnings } = await read(fromString(saft({ accounts, transactions })));
    expect(of('account').slice(3)).toEqual([
      { kind: 'account', number: 1920, accountId: '1920PKEY92783', name: 'Bank 2', standardAccount: '1920' },
      { kind: 'account', number: 0, accountId: 'KASSE', name: 'Kasse' },
      {
        kind: 'account',
        number: 9995,
        name: 'Midlertidig konto',
        grouping: { category: 'annenDriftskostnad', code: '7790' },
      },
    ]);
    expect(of('posting').filter((p) => p.voucher === '8')).toEqual([
      {
        kind: 'posting',
        date: '2024-03-16',
        voucher: '8',
        accountNumber: 1920,
        accountId: '1920PKEY92783',
        amount: 1_000,
        description: 'Flytt',
      },
      {
        kind: 'posting',
        date: '2024-03-16',
        voucher: '8',
        accountNumber: 0,
        accountId: 'KASSE',
        amount: -1_000,
        description: 'Flytt',
      },
    ]);
    expect(of('opening').find((o) => o.accountId === 'KASSE')).toEqual({
      kind: 'opening',
      date: '2024-01-01',
      accountNumber: 0,
      accountId: 'KASSE',
      amount: 500,
    });
    // Where they land in the statements is decided at ingest (classify-account.ts), which tells the unplaced.
    expect(warnings).toEqual([
      'Opening balances do not net to zero: debit NOK 1,005.50 and credit NOK 1,000.50, a difference of NOK 5.00.',
    ]);
  });

  it('counts a posting in its accounting period: Period/PeriodYear, a period 13 in December, else the date', async () => {
    const tx = (id: string, date: string, period: string) => `
      <Transaction><TransactionID>${id}</TransactionID>${period}<TransactionDate>${date}</TransactionDate>
        <Line><AccountID>1920</AccountID><DebitAmount><Amount>10</Amount></DebitAmount></Line>
        <Line><AccountID>3000</AccountID><CreditAmount><Amount>10</Amount></CreditAmount></Line>
      </Transaction>`;
    const transactions = [
      tx('1', '2024-02-03', '<Period>1</Period><PeriodYear>2024</PeriodYear>'),
      tx('2', '2025-01-10', '<Period>13</Period><PeriodYear>2024</PeriodYear>'),
      tx('3', '2024-05-31', '<Period>05</Period><PeriodYear>2024</PeriodYear>'),
      tx('4', '2024-06-30', ''),
    ].join('');
    const { of, warnings } = await read(fromString(saft({ transactions })));
    const periods = new Map(of('posting').map((p) => [p.voucher, [p.date, p.period]]));
    expect([...periods]).toEqual([
      ['1', ['2024-02-03', '2024-01']],
      ['2', ['2025-01-10', '2024-12']],
      ['3', ['2024-05-31', '2024-05']],
      ['4', ['2024-06-30', undefined]],
    ]);
    // Transaction 1 is dated February in period 1: told, and counted in its period.
    expect(warnings).toEqual([
      "1 of 2 transactions have an accounting period other than their date's month; they count in the month their period gives.",
    ]);
  });

  it('imports a transaction repeated in its journal once, and both of two that only share an ID, telling each', async () => {
    const copy = TRANSACTION;
    const other = TRANSACTION.replace('1 234,50', '99').replace('1234.5', '99');
    const totals = '<NumberOfEntries>3</NumberOfEntries><TotalDebit>2568</TotalDebit><TotalCredit>2568</TotalCredit>';
    const { of, warnings, raised } = await read(fromString(saft({ totals, transactions: TRANSACTION + copy + other })));
    expect(of('posting').map((p) => p.amount)).toEqual([123_450, -123_450, 9_900, -9_900]);
    // The header counts the file as written (the copy too), so it agrees: no totals warning.
    expect(raised).toEqual([
      {
        code: 'SAFT_DUPLICATE_TRANSACTION',
        params: { journal: 'GL', transactionId: '7', date: '2024-03-15', amount: 123_450 },
      },
      { code: 'SAFT_REUSED_TRANSACTION_ID', params: { journal: 'GL', transactionId: '7' } },
    ]);
    expect(warnings[0]).toBe(
      'Transaction 7 in journal GL (2024/03/15) appears twice with the same content; it was imported once and the copy of NOK 1,234.50 left out.',
    );
  });

  it('imports an AccountID listed twice as one account with its balances added, and says so', async () => {
    const accounts = `${ACCOUNTS}
      <Account><AccountID>1920</AccountID><AccountDescription>Bank igjen</AccountDescription><OpeningDebitBalance>10</OpeningDebitBalance></Account>`;
    const { of, raised } = await read(fromString(saft({ accounts })));
    expect(of('account').filter((a) => a.number === 1920)).toEqual([{ kind: 'account', number: 1920, name: 'Bank' }]);
    expect(
      of('opening')
        .filter((o) => o.accountNumber === 1920)
        .reduce((s, o) => s + o.amount, 0),
    ).toBe(101_050);
    expect(raised.map((w) => w.code)).toEqual(['SAFT_DUPLICATE_ACCOUNT', 'SAFT_OPENING_NOT_BALANCED']);
    expect(raised[0]).toEqual({ code: 'SAFT_DUPLICATE_ACCOUNT', params: { account: '1920' } });
  });

  it('tells customers and suppliers on lines that the master data lacks, with their lines and net amount', async () => {
    const transactions = TRANSACTION.replace('<CustomerID>K1</CustomerID>', '<CustomerID>K9</CustomerID>');
    const { raised } = await read(fromString(saft({ transactions })));
    expect(raised).toEqual([{ code: 'SAFT_UNKNOWN_CUSTOMER', params: { id: 'K9', lines: 1, amount: -123_450 } }]);
  });

  it('tells a SupplierID on lines that the master data lacks, and still imports its lines under it', async () => {
    // A purchase from L9, named on the cost line and the payable line; the master data lists no L9.
    const purchase = `
      <Transaction><TransactionID>8</TransactionID><TransactionDate>2024-03-20</TransactionDate><Description>Kjøp</Description>
        <Line><AccountID>6300</AccountID><SupplierID>L9</SupplierID><DebitAmount><Amount>400.00</Amount></DebitAmount></Line>
        <Line><AccountID>2710</AccountID><DebitAmount><Amount>100.00</Amount></DebitAmount></Line>
        <Line><AccountID>2400</AccountID><SupplierID>L9</SupplierID><CreditAmount><Amount>500.00</Amount></CreditAmount></Line>
      </Transaction>`;
    const accounts = `${ACCOUNTS}
      <Account><AccountID>2400</AccountID><AccountDescription>Leverandørgjeld</AccountDescription></Account>
      <Account><AccountID>2710</AccountID><AccountDescription>Inngående mva</AccountDescription></Account>
      <Account><AccountID>6300</AccountID><AccountDescription>Leie lokale</AccountDescription></Account>`;
    const { raised, warnings, of } = await read(fromString(saft({ accounts, transactions: TRANSACTION + purchase })));
    expect(raised).toEqual([{ code: 'SAFT_UNKNOWN_SUPPLIER', params: { id: 'L9', lines: 2, amount: -10_000 } }]);
    expect(warnings).toEqual(['Supplier L9 is on 2 lines (net -NOK 100.00) but missing from the master data.']);
    expect(importWarningText(raised[0]!, 'nor')).toBe(
      'Leverandør L9 står på 2 linjer (netto -100,00\u00a0kr), men mangler i leverandørregisteret.',
    );
    expect(
      of('posting')
        .filter((p) => p.voucher === '8')
        .map((p) => [p.accountNumber, p.amount, p.supplierId]),
    ).toEqual([
      [6300, 40_000, 'L9'],
      [2710, 10_000, 'L9'],
      [2400, -50_000, 'L9'],
    ]);
    expect(of('supplier')).toEqual([]);
  });

  it('reads amounts written directly in DebitAmount/CreditAmount, and falls back to GLPostingDate', async () => {
    const transactions = `
      <Transaction><TransactionID>9</TransactionID><GLPostingDate>2024-02-29</GLPostingDate><Description>Eldre format</Description>
        <Line><AccountID>1920</AccountID><DebitAmount>250.75</DebitAmount></Line>
        <Line><AccountID>3000</AccountID><CreditAmount> 250,75 </CreditAmount></Line>
      </Transaction>`;
    const { of } = await read(fromString(saft({ transactions })));
    expect(of('posting').map((p) => [p.date, p.accountNumber, p.amount])).toEqual([
      ['2024-02-29', 1920, 25_075],
      ['2024-02-29', 3000, -25_075],
    ]);
  });

  it('rejects a root element other than AuditFile even when it is XML', async () => {
    const error = await failure(
      fromString('<?xml version="1.0"?><n1:Invoice xmlns:n1="urn:x"><n1:ID>1</n1:ID></n1:Invoice>'),
    );
    expect(error.message).toBe(
      'The file is not a SAF-T Financial file: the root element is <n1:Invoice>, expected <AuditFile>.',
    );
  });
});
