/**
 * Writes a valid SAF-T Financial NO 1.30 file of exactly N posting lines, streamed to disk, for
 * the import benchmark: a realistic chart (NS 4102), customers and suppliers, balanced opening
 * balances and balanced vouchers (sales, purchases, payments, payroll) spread over one year.
 *
 *   npx tsx bench/generate-saft.ts <file> <lines> [seed]
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CHART: [number, string, number][] = [
  // [account, name, opening øre (debit positive)]; the openings sum to zero.
  [1200, 'Maskiner og anlegg', 85_000_000],
  [1250, 'Inventar', 12_500_000],
  [1460, 'Innkjøpte varer for videresalg', 43_000_000],
  [1500, 'Kundefordringer', 61_250_000],
  [1570, 'Andre kortsiktige fordringer', 2_000_000],
  [1700, 'Forskuddsbetalt kostnad', 1_500_000],
  [1900, 'Kontanter', 250_000],
  [1920, 'Bankinnskudd', 131_000_000],
  [2000, 'Aksjekapital', -30_000_000],
  [2050, 'Annen egenkapital', -148_500_000],
  [2400, 'Leverandørgjeld', -58_000_000],
  [2600, 'Forskuddstrekk', -4_200_000],
  [2700, 'Utgående merverdiavgift', -21_300_000],
  [2710, 'Inngående merverdiavgift', 9_800_000],
  [2740, 'Oppgjørskonto merverdiavgift', 0],
  [2770, 'Skyldig arbeidsgiveravgift', -3_100_000],
  [2940, 'Skyldige feriepenger', -8_400_000],
  [2990, 'Annen kortsiktig gjeld', -72_800_000],
  [3000, 'Salgsinntekt, avgiftspliktig', 0],
  [3100, 'Salgsinntekt, avgiftsfri', 0],
  [3600, 'Leieinntekt fast eiendom', 0],
  [4000, 'Innkjøp av råvarer og halvfabrikata', 0],
  [4300, 'Innkjøp av varer for videresalg', 0],
  [5000, 'Lønn til ansatte', 0],
  [5400, 'Arbeidsgiveravgift', 0],
  [6300, 'Leie lokale', 0],
  [6340, 'Lys, varme', 0],
  [6540, 'Inventar', 0],
  [6700, 'Revisjons- og regnskapshonorar', 0],
  [6800, 'Kontorrekvisita', 0],
  [6900, 'Telefon', 0],
  [7140, 'Reisekostnad, ikke oppgavepliktig', 0],
  [7320, 'Reklamekostnad', 0],
  [7770, 'Bank og kortgebyrer', 0],
  [8050, 'Annen renteinntekt', 0],
  [8150, 'Annen rentekostnad', 0],
];
const COST_ACCOUNTS = [4000, 4300, 6300, 6340, 6540, 6700, 6800, 6900, 7140, 7320];
const CUSTOMERS = 800;
const SUPPLIERS = 250;
const WORDS = ['Nord', 'Fjord', 'Berg', 'Vik', 'Lys', 'Tre', 'Stein', 'Elv', 'Skog', 'Havn', 'Bakke', 'Dal'];
const FORMS = ['AS', 'ASA', 'ENK', 'DA'];

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

const money = (ore: number) => `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const partyName = (i: number, kind: number) =>
  `${WORDS[(i * 7 + kind) % WORDS.length]}${WORDS[(i * 3 + 5 * kind) % WORDS.length]!.toLowerCase()} ${['Handel', 'Bygg', 'Data', 'Transport', 'Mat'][i % 5]} ${FORMS[i % FORMS.length]}`;
const orgNumber = (i: number, kind: number) => String(910_000_000 + kind * 40_000_000 + i * 7919);

interface GenLine {
  account: number;
  amount: number;
  customer?: string;
  supplier?: string;
  description: string;
  vat?: string;
}
interface GenTx {
  id: number;
  date: string;
  description: string;
  lines: GenLine[];
}

/** The vouchers of the file, deterministic for (lines, seed); generated twice (totals, then XML). */
function* transactions(lines: number, seed: number): Generator<GenTx> {
  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  let remaining = lines;
  let id = 100_000;
  const total = Math.max(1, Math.round(lines / 2.7));
  while (remaining > 0) {
    id += 1;
    const dayOfYear = Math.min(364, Math.floor(((id - 100_000) / total) * 365));
    const date = new Date(Date.UTC(2025, 0, 1 + dayOfYear)).toISOString().slice(0, 10);
    let kind = int(10);
    if (remaining <= 3) kind = remaining === 3 ? 0 : 6;
    else if (remaining === 4) kind = 6;
    const net = (int(5_000_000) + 10_000) * (int(20) === 0 ? 10 : 1);
    const vat = Math.round(net / 4);
    const customer = `K${10_000 + int(CUSTOMERS)}`;
    const supplier = `L${20_000 + int(SUPPLIERS)}`;
    let tx: GenTx;
    if (kind <= 3) {
      const text = `Faktura ${id}`;
      tx = {
        id,
        date,
        description: text,
        lines: [
          { account: 1500, amount: net + vat, customer, description: text },
          { account: kind === 3 ? 3100 : 3000, amount: -net, description: text, vat: '3' },
          { account: 2700, amount: -vat, description: 'Utgående mva 25 %' },
        ],
      };
      if (kind === 3) tx.lines = [tx.lines[0]!, { ...tx.lines[1]!, amount: -(net + vat) }];
    } else if (kind <= 5) {
      const text = `Inngående faktura ${id}`;
      tx = {
        id,
        date,
        description: text,
        lines: [
          { account: COST_ACCOUNTS[int(COST_ACCOUNTS.length)]!, amount: net, description: text, vat: '1' },
          { account: 2710, amount: vat, description: 'Inngående mva 25 %' },
          { account: 2400, amount: -(net + vat), supplier, description: text },
        ],
      };
    } else if (kind <= 7) {
      const fromCustomer = kind === 6;
      const text = fromCustomer ? `Innbetaling ${customer}` : `Betaling ${supplier}`;
      tx = {
        id,
        date,
        description: text,
        lines: fromCustomer
          ? [
              { account: 1920, amount: net, description: text },
              { account: 1500, amount: -net, customer, description: text },
            ]
          : [
              { account: 2400, amount: net, supplier, description: text },
              { account: 1920, amount: -net, description: text },
            ],
      };
    } else if (kind === 8) {
      const gross = net * 3;
      const tax = Math.round(gross * 0.34);
      const aga = Math.round(gross * 0.141);
      tx = {
        id,
        date,
        description: `Lønn ${date.slice(0, 7)}`,
        lines: [
          { account: 5000, amount: gross, description: 'Bruttolønn' },
          { account: 5400, amount: aga, description: 'Arbeidsgiveravgift' },
          { account: 2600, amount: -tax, description: 'Forskuddstrekk' },
          { account: 2770, amount: -aga, description: 'Skyldig arbeidsgiveravgift' },
          { account: 1920, amount: -(gross - tax), description: 'Utbetalt lønn' },
        ],
      };
    } else {
      const fee = int(50_000) + 100;
      tx = {
        id,
        date,
        description: 'Bankgebyr',
        lines: [
          { account: 7770, amount: fee, description: 'Bankgebyr' },
          { account: 1920, amount: -fee, description: 'Bankgebyr' },
        ],
      };
    }
    if (tx.lines.length > remaining || remaining - tx.lines.length === 1) {
      // Keep the count exact: a two-line voucher, or a three-line sale when three lines are left.
      const text = 'Bankgebyr';
      tx.lines =
        remaining === 3
          ? [
              { account: 1500, amount: 12_500, customer, description: text },
              { account: 3000, amount: -10_000, description: text, vat: '3' },
              { account: 2700, amount: -2_500, description: text },
            ]
          : [
              { account: 7770, amount: 2_500, description: text },
              { account: 1920, amount: -2_500, description: text },
            ];
    }
    remaining -= tx.lines.length;
    yield tx;
  }
}

function lineXml(line: GenLine, record: number, tx: GenTx): string {
  const side = line.amount >= 0 ? 'DebitAmount' : 'CreditAmount';
  const abs = Math.abs(line.amount);
  let xml = `\t\t\t\t<Line>\n\t\t\t\t\t<RecordID>${record}</RecordID>\n\t\t\t\t\t<AccountID>${line.account}</AccountID>\n`;
  xml += `\t\t\t\t\t<Analysis>\n\t\t\t\t\t\t<AnalysisType>A</AnalysisType>\n\t\t\t\t\t\t<AnalysisID>${100 + (line.account % 3)}</AnalysisID>\n\t\t\t\t\t</Analysis>\n`;
  xml += `\t\t\t\t\t<ValueDate>${tx.date}</ValueDate>\n\t\t\t\t\t<SourceDocumentID>${tx.id}</SourceDocumentID>\n`;
  if (line.customer) xml += `\t\t\t\t\t<CustomerID>${line.customer}</CustomerID>\n`;
  if (line.supplier) xml += `\t\t\t\t\t<SupplierID>${line.supplier}</SupplierID>\n`;
  xml += `\t\t\t\t\t<Description>${esc(line.description)}</Description>\n`;
  xml += `\t\t\t\t\t<${side}>\n\t\t\t\t\t\t<Amount>${money(abs)}</Amount>\n\t\t\t\t\t</${side}>\n`;
  if (line.vat)
    xml += `\t\t\t\t\t<TaxInformation>\n\t\t\t\t\t\t<TaxType>MVA</TaxType>\n\t\t\t\t\t\t<TaxCode>${line.vat}</TaxCode>\n\t\t\t\t\t\t<TaxPercentage>25</TaxPercentage>\n\t\t\t\t\t\t<TaxBase>${money(abs)}</TaxBase>\n\t\t\t\t\t\t<TaxAmount>\n\t\t\t\t\t\t\t<Amount>${money(Math.round(abs / 4))}</Amount>\n\t\t\t\t\t\t</TaxAmount>\n\t\t\t\t\t</TaxInformation>\n`;
  xml += `\t\t\t\t\t<SystemEntryTime>${tx.date}T09:30:00</SystemEntryTime>\n\t\t\t\t</Line>\n`;
  return xml;
}

export interface GeneratedSaft {
  lines: number;
  transactions: number;
  totalDebit: number;
  bytes: number;
}

/** Writes the file (streamed; memory stays flat) and returns what it holds. */
export async function generateSaft(path: string, lines: number, seed = 4102): Promise<GeneratedSaft> {
  let totalDebit = 0;
  let count = 0;
  for (const tx of transactions(lines, seed)) {
    count += 1;
    for (const l of tx.lines) if (l.amount > 0) totalDebit += l.amount;
  }
  const out = createWriteStream(path);
  let buffer = '';
  let bytes = 0;
  const put = async (s: string) => {
    buffer += s;
    if (buffer.length >= 1 << 20) {
      bytes += Buffer.byteLength(buffer);
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  };
  await put(
    `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<AuditFile xmlns="urn:StandardAuditFile-Taxation-Financial:NO" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n` +
      `\t<Header>\n\t\t<AuditFileVersion>1.30</AuditFileVersion>\n\t\t<AuditFileCountry>NO</AuditFileCountry>\n\t\t<AuditFileDateCreated>2026-01-15</AuditFileDateCreated>\n` +
      `\t\t<SoftwareCompanyName>Saldo benchmark</SoftwareCompanyName>\n\t\t<SoftwareID>generate-saft</SoftwareID>\n\t\t<SoftwareVersion>1</SoftwareVersion>\n` +
      `\t\t<Company>\n\t\t\t<RegistrationNumber>999888777</RegistrationNumber>\n\t\t\t<Name>Benkemerke Handel AS</Name>\n\t\t</Company>\n\t\t<DefaultCurrencyCode>NOK</DefaultCurrencyCode>\n` +
      `\t\t<SelectionCriteria>\n\t\t\t<PeriodStart>1</PeriodStart>\n\t\t\t<PeriodStartYear>2025</PeriodStartYear>\n\t\t\t<PeriodEnd>12</PeriodEnd>\n\t\t\t<PeriodEndYear>2025</PeriodEndYear>\n\t\t</SelectionCriteria>\n` +
      `\t\t<TaxAccountingBasis>A</TaxAccountingBasis>\n\t</Header>\n\t<MasterFiles>\n\t\t<GeneralLedgerAccounts>\n`,
  );
  for (const [number, name, opening] of CHART) {
    const side = opening < 0 ? 'Credit' : 'Debit';
    await put(
      `\t\t\t<Account>\n\t\t\t\t<AccountID>${number}</AccountID>\n\t\t\t\t<AccountDescription>${esc(name)}</AccountDescription>\n\t\t\t\t<StandardAccountID>${String(number).slice(0, 2)}</StandardAccountID>\n` +
        `\t\t\t\t<GroupingCategory>RF-1167</GroupingCategory>\n\t\t\t\t<GroupingCode>${number}</GroupingCode>\n\t\t\t\t<AccountType>GL</AccountType>\n` +
        `\t\t\t\t<Opening${side}Balance>${money(Math.abs(opening))}</Opening${side}Balance>\n\t\t\t\t<Closing${side}Balance>${money(Math.abs(opening))}</Closing${side}Balance>\n\t\t\t</Account>\n`,
    );
  }
  await put('\t\t</GeneralLedgerAccounts>\n\t\t<Customers>\n');
  for (let i = 0; i < CUSTOMERS; i++)
    await put(
      `\t\t\t<Customer>\n\t\t\t\t<RegistrationNumber>${orgNumber(i, 0)}</RegistrationNumber>\n\t\t\t\t<Name>${esc(partyName(i, 0))}</Name>\n\t\t\t\t<Address>\n\t\t\t\t\t<City>Oslo</City>\n\t\t\t\t\t<PostalCode>0150</PostalCode>\n\t\t\t\t</Address>\n` +
        `\t\t\t\t<CustomerID>K${10_000 + i}</CustomerID>\n\t\t\t\t<BalanceAccount>\n\t\t\t\t\t<AccountID>1500</AccountID>\n\t\t\t\t\t<OpeningDebitBalance>0.00</OpeningDebitBalance>\n\t\t\t\t\t<ClosingDebitBalance>0.00</ClosingDebitBalance>\n\t\t\t\t</BalanceAccount>\n\t\t\t</Customer>\n`,
    );
  await put('\t\t</Customers>\n\t\t<Suppliers>\n');
  for (let i = 0; i < SUPPLIERS; i++)
    await put(
      `\t\t\t<Supplier>\n\t\t\t\t<RegistrationNumber>${orgNumber(i, 1)}</RegistrationNumber>\n\t\t\t\t<Name>${esc(partyName(i, 1))}</Name>\n\t\t\t\t<Address>\n\t\t\t\t\t<City>Bergen</City>\n\t\t\t\t\t<PostalCode>5003</PostalCode>\n\t\t\t\t</Address>\n` +
        `\t\t\t\t<SupplierID>L${20_000 + i}</SupplierID>\n\t\t\t\t<BalanceAccount>\n\t\t\t\t\t<AccountID>2400</AccountID>\n\t\t\t\t\t<OpeningCreditBalance>0.00</OpeningCreditBalance>\n\t\t\t\t\t<ClosingCreditBalance>0.00</ClosingCreditBalance>\n\t\t\t\t</BalanceAccount>\n\t\t\t</Supplier>\n`,
    );
  await put(
    `\t\t</Suppliers>\n\t</MasterFiles>\n\t<GeneralLedgerEntries>\n\t\t<NumberOfEntries>${count}</NumberOfEntries>\n\t\t<TotalDebit>${money(totalDebit)}</TotalDebit>\n\t\t<TotalCredit>${money(totalDebit)}</TotalCredit>\n` +
      '\t\t<Journal>\n\t\t\t<JournalID>GL</JournalID>\n\t\t\t<Description>Hovedbok</Description>\n\t\t\t<Type>GL</Type>\n',
  );
  for (const tx of transactions(lines, seed)) {
    let xml =
      `\t\t\t<Transaction>\n\t\t\t\t<TransactionID>${tx.id}</TransactionID>\n\t\t\t\t<Period>${Number(tx.date.slice(5, 7))}</Period>\n\t\t\t\t<PeriodYear>2025</PeriodYear>\n` +
      `\t\t\t\t<TransactionDate>${tx.date}</TransactionDate>\n\t\t\t\t<Description>${esc(tx.description)}</Description>\n\t\t\t\t<SystemEntryDate>${tx.date}</SystemEntryDate>\n\t\t\t\t<GLPostingDate>${tx.date}</GLPostingDate>\n`;
    tx.lines.forEach((l, i) => {
      xml += lineXml(l, i + 1, tx);
    });
    await put(`${xml}\t\t\t</Transaction>\n`);
  }
  await put('\t\t</Journal>\n\t</GeneralLedgerEntries>\n</AuditFile>\n');
  bytes += Buffer.byteLength(buffer);
  out.end(buffer);
  await once(out, 'finish');
  return { lines, transactions: count, totalDebit, bytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [path, n, seed] = process.argv.slice(2);
  if (!path || !n) {
    console.error('usage: tsx bench/generate-saft.ts <file> <lines> [seed]');
    process.exit(2);
  }
  const started = performance.now();
  const result = await generateSaft(path, Number(n), seed ? Number(seed) : undefined);
  console.log(
    `${path}: ${result.lines} lines, ${result.transactions} transactions, ${(result.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
