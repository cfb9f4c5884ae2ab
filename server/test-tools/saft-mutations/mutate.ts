// Builds flawed copies of the SAF-T example files in ../shared/fixtures/saf-t, each with one thing
// real exports get wrong or do differently, so Saldo's import can be held against the independent
// checker on them. The copies are written at test time into a folder the caller gives (nothing
// generated is committed). Edits are made on the text, so everything else stays byte for byte.
// Where a mutation adds postings it also updates the header totals and the touched accounts' (and
// parties') stated closing balances, so each copy has exactly its one flaw.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const FIXTURES = resolve(import.meta.dirname, '../../../../shared/fixtures/saf-t');
export const FILE_888 = join(FIXTURES, 'ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');
export const FILE_999 = join(FIXTURES, 'ExampleFile_SAF-T_Financial_999999999_20161125213512.xml');

const ore = (s: string) => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) throw new Error(`not an amount: ${s}`);
  const n = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -n : n;
};
const decimal = (o: number) => `${Math.floor(Math.abs(o) / 100)}.${String(Math.abs(o) % 100).padStart(2, '0')}`;

/** A SAF-T document as text, with the edits the mutations need. */
class Saft {
  readonly p: string;
  constructor(public xml: string) {
    this.p = /<(\w+:)?AuditFile/.exec(xml)?.[1] ?? '';
  }

  private tag(name: string) {
    return `${this.p}${name}`;
  }

  /** Every <Transaction> block with its place in the text. */
  transactions(): { id: string; start: number; end: number; text: string }[] {
    const open = `<${this.tag('Transaction')}>`;
    const close = `</${this.tag('Transaction')}>`;
    const out = [];
    for (let at = this.xml.indexOf(open); at >= 0; at = this.xml.indexOf(open, at + 1)) {
      const end = this.xml.indexOf(close, at) + close.length;
      const text = this.xml.slice(at, end);
      const id = new RegExp(`<${this.tag('TransactionID')}>([^<]*)<`).exec(text)![1]!;
      out.push({ id, start: at, end, text });
    }
    return out;
  }

  transaction(id: string) {
    const tx = this.transactions().find((t) => t.id === id);
    if (!tx) throw new Error(`no transaction ${id}`);
    return tx;
  }

  replaceTransaction(id: string, edit: (text: string) => string): void {
    const tx = this.transaction(id);
    this.xml = this.xml.slice(0, tx.start) + edit(tx.text) + this.xml.slice(tx.end);
  }

  setPeriod(id: string, period: string, year?: string): void {
    this.replaceTransaction(id, (t) => {
      let out = t.replace(new RegExp(`<${this.tag('Period')}>[^<]*<`), `<${this.tag('Period')}>${period}<`);
      if (year)
        out = out.replace(new RegExp(`<${this.tag('PeriodYear')}>[^<]*<`), `<${this.tag('PeriodYear')}>${year}<`);
      return out;
    });
  }

  /**
   * Adds a balanced transaction at the end of the first journal; lines: [account, amount (debit +),
   * party?], the party a CustomerID, or `{ supplier }` for a SupplierID.
   */
  addTransaction(id: string, date: string, lines: [string, number, (string | { supplier: string })?][]): void {
    const t = (name: string, value: string) => `<${this.tag(name)}>${value}</${this.tag(name)}>`;
    const body = lines
      .map(([account, amount, party]) => {
        const side = amount >= 0 ? 'DebitAmount' : 'CreditAmount';
        const partyId =
          party === undefined
            ? ''
            : typeof party === 'string'
              ? t('CustomerID', party)
              : t('SupplierID', party.supplier);
        return `<${this.tag('Line')}>${t('AccountID', account)}${partyId}${t('Description', 'Tillegg')}<${this.tag(side)}>${t('Amount', decimal(amount))}</${this.tag(side)}></${this.tag('Line')}>`;
      })
      .join('');
    const tx = `<${this.tag('Transaction')}>${t('TransactionID', id)}${t('Period', date.slice(5, 7))}${t('PeriodYear', date.slice(0, 4))}${t('TransactionDate', date)}${t('Description', `Bilag ${id}`)}${body}</${this.tag('Transaction')}>`;
    const close = `</${this.tag('Journal')}>`;
    const at = this.xml.indexOf(close);
    this.xml = `${this.xml.slice(0, at)}${tx}\n${this.xml.slice(at)}`;
    const debit = lines.reduce((s, [, a]) => s + Math.max(0, a), 0);
    this.addToHeader(debit, 1);
    for (const [account, amount, party] of lines) {
      this.addToClosing('Account', 'AccountID', account, amount);
      if (typeof party === 'string') this.addToClosing('Customer', 'CustomerID', party, amount);
      else if (party) this.addToClosing('Supplier', 'SupplierID', party.supplier, amount);
    }
  }

  /** Keeps the header's TotalDebit/TotalCredit/NumberOfEntries true to the lines. */
  addToHeader(debit: number, entries: number): void {
    for (const name of ['TotalDebit', 'TotalCredit']) {
      this.xml = this.xml.replace(
        new RegExp(`<${this.tag(name)}>([^<]*)<`),
        (_, v: string) => `<${this.tag(name)}>${decimal(ore(v) + debit)}<`,
      );
    }
    this.xml = this.xml.replace(
      new RegExp(`<${this.tag('NumberOfEntries')}>([^<]*)<`),
      (_, v: string) => `<${this.tag('NumberOfEntries')}>${Number(v) + entries}<`,
    );
  }

  /** Adds to the stated closing balance of a master-data account or party, where it states one. */
  addToClosing(element: string, idElement: string, id: string, amount: number): void {
    const open = `<${this.tag(element)}>`;
    const close = `</${this.tag(element)}>`;
    for (let at = this.xml.indexOf(open); at >= 0; at = this.xml.indexOf(open, at + 1)) {
      const end = this.xml.indexOf(close, at);
      const block = this.xml.slice(at, end);
      if (!block.includes(`<${this.tag(idElement)}>${id}</`)) continue;
      const debit = new RegExp(`<${this.tag('ClosingDebitBalance')}>([^<]*)</${this.tag('ClosingDebitBalance')}>`);
      const credit = new RegExp(`<${this.tag('ClosingCreditBalance')}>([^<]*)</${this.tag('ClosingCreditBalance')}>`);
      const d = debit.exec(block);
      const c = credit.exec(block);
      if (!d && !c) return;
      const next = (d ? ore(d[1]!) : 0) - (c ? ore(c[1]!) : 0) + amount;
      const element2 = next >= 0 ? 'ClosingDebitBalance' : 'ClosingCreditBalance';
      const replacement = `<${this.tag(element2)}>${decimal(next)}</${this.tag(element2)}>`;
      const edited = (d ? block.replace(debit, replacement) : block.replace(credit, replacement)).replace(
        d ? credit : debit,
        '',
      );
      this.xml = this.xml.slice(0, at) + edited + this.xml.slice(end);
      return;
    }
  }

  /** Adds an account to GeneralLedgerAccounts; `extra` is raw elements such as a StandardAccountID. */
  addAccount(id: string, name: string, extra = ''): void {
    const close = `</${this.tag('GeneralLedgerAccounts')}>`;
    const at = this.xml.indexOf(close);
    const account = `<${this.tag('Account')}><${this.tag('AccountID')}>${id}</${this.tag('AccountID')}><${this.tag('AccountDescription')}>${name}</${this.tag('AccountDescription')}>${extra}<${this.tag('AccountType')}>GL</${this.tag('AccountType')}></${this.tag('Account')}>\n`;
    this.xml = this.xml.slice(0, at) + account + this.xml.slice(at);
  }

  /** Renames an account everywhere it appears as an AccountID. */
  renameAccount(from: string, to: string): void {
    this.xml = this.xml.replaceAll(`<${this.tag('AccountID')}>${from}</`, `<${this.tag('AccountID')}>${to}</`);
  }

  el(name: string, value: string): string {
    return `<${this.tag(name)}>${value}</${this.tag(name)}>`;
  }
}

export interface Mutation {
  name: string;
  /** The example file it is made from. */
  base: string;
  make(s: Saft): void;
}

export const MUTATIONS: Mutation[] = [
  {
    // A January voucher booked in February, a February one in January, and April's last sale in
    // period 13 (a year-end adjustment).
    name: '888-periods',
    base: FILE_888,
    make(s) {
      const txs = s.transactions();
      s.setPeriod('1001', '02');
      const february = txs.find((t) => t.text.includes('-02-') && /<\w*:?Period>02</.test(t.text))!;
      s.setPeriod(february.id, '01');
      const lastSale = txs.filter((t) => /<\w*:?AccountID>3\d{3}</.test(t.text)).at(-1)!;
      s.setPeriod(lastSale.id, '13');
    },
  },
  {
    // 9995 outside the chart with standard account 79 (a cost), 9997 with a grouping code only,
    // and 9996 with neither: Unclassified. The example's opening balances are made to net to zero
    // (its missing equity, 2050), so no balance sheet warning is owed.
    name: '888-standard-accounts',
    base: FILE_888,
    make(s) {
      s.addAccount(
        '2050',
        'Annen egenkapital',
        s.el('OpeningCreditBalance', '2545410.00') + s.el('ClosingCreditBalance', '2545410.00'),
      );
      s.addAccount('9995', 'Midlertidig konto', s.el('StandardAccountID', '79'));
      s.addAccount('9996', 'Avregningskonto');
      s.addAccount(
        '9997',
        'Diverse kostnader',
        s.el('GroupingCategory', 'annenDriftskostnad') + s.el('GroupingCode', '7790'),
      );
      s.addTransaction('9001', '2017-03-15', [
        ['9995', 1_184_000],
        ['9997', 50_000],
        ['9996', -1_234_000],
      ]);
    },
  },
  {
    // Two bank accounts under one number, as exporters write them.
    name: '888-sub-accounts',
    base: FILE_888,
    make(s) {
      s.renameAccount('1920', '1920PKEY92783');
      s.addAccount(
        '1920PKEY20503047',
        'Skattetrekkskonto',
        s.el('StandardAccountID', '1920') + s.el('ClosingDebitBalance', '0.00'),
      );
      s.addTransaction('9002', '2017-02-28', [
        ['1920PKEY20503047', 2_500_000],
        ['1920PKEY92783', -2_500_000],
      ]);
    },
  },
  {
    // A voucher written twice into its journal, the header counting the copy.
    name: '888-duplicate-transaction',
    base: FILE_888,
    make(s) {
      const tx = s.transaction('1001');
      s.xml = s.xml.slice(0, tx.end) + tx.text + s.xml.slice(tx.end);
      const debit = [...tx.text.matchAll(/<\w*:?DebitAmount>\s*<\w*:?Amount>([^<]*)</g)].reduce(
        (sum, m) => sum + ore(m[1]!),
        0,
      );
      s.addToHeader(debit, 1);
    },
  },
  {
    // A sale to a customer the master data does not list.
    name: '888-unknown-customer',
    base: FILE_888,
    make(s) {
      s.addTransaction('9003', '2017-04-20', [
        ['1500', 625_000, 'K404'],
        ['3000', -500_000],
        ['2700', -125_000],
      ]);
    },
  },
  {
    // A purchase from a supplier the master data does not list, named on the payable line.
    name: '888-unknown-supplier',
    base: FILE_888,
    make(s) {
      s.addTransaction('9004', '2017-03-22', [
        ['6300', 400_000],
        ['2710', 100_000],
        ['2400', -500_000, { supplier: 'L404' }],
      ]);
    },
  },
  {
    name: '999-periods',
    base: FILE_999,
    make(s) {
      s.setPeriod('4567', '11');
      s.setPeriod('5678', '13');
    },
  },
  {
    name: '999-standard-accounts',
    base: FILE_999,
    make(s) {
      s.addAccount('9995', 'Midlertidig konto', s.el('StandardAccountID', '79'));
      s.addAccount('9996', 'Avregningskonto');
      s.addTransaction('9001', '2015-11-30', [
        ['9995', 1_184_000],
        ['9996', -1_184_000],
      ]);
    },
  },
  {
    name: '999-sub-accounts',
    base: FILE_999,
    make(s) {
      s.renameAccount('1925', '1925PKEY1');
      s.addAccount('1925PKEY2', 'Bankkonto 2', s.el('StandardAccountID', '19'));
      s.addTransaction('9002', '2015-12-01', [
        ['1925PKEY2', 200_000],
        ['1925PKEY1', -200_000],
      ]);
    },
  },
  {
    name: '999-duplicate-transaction',
    base: FILE_999,
    make(s) {
      const tx = s.transaction('4567');
      s.xml = s.xml.slice(0, tx.end) + tx.text + s.xml.slice(tx.end);
      s.addToHeader(1_250_000, 1);
    },
  },
];

/** Writes every mutated copy into `dir` and returns their paths by name. */
export function writeMutations(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of MUTATIONS) {
    const saft = new Saft(readFileSync(m.base, 'utf8'));
    m.make(saft);
    const path = join(dir, `${m.name}.xml`);
    writeFileSync(path, saft.xml);
    out.set(m.name, path);
  }
  return out;
}
