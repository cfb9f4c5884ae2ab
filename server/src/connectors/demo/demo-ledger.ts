// Over 400 lines by design: one generator whose state (what is owed, to whom and when) every flow shares.
import type { LedgerRecord } from '../types.ts';
import { demoChart } from './chart.ts';
import { customerStems, customerTrades, firstNames, lastNames, productNames, supplierNames } from './names.ts';

export interface DemoOptions {
  /** Same seed, same company: every number is reproducible. */
  seed?: number;
  /** First month, yyyy-mm. */
  fromMonth: string;
  /** Last month, yyyy-mm (inclusive). */
  toMonth: string;
  /** Scales the number of invoices per month; 1 gives about 400 postings a month. */
  scale?: number;
}

type Line = Omit<Extract<LedgerRecord, { kind: 'posting' }>, 'kind' | 'date' | 'voucher'>;

/** mulberry32: tiny, fast and good enough for made-up ledgers. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Costs other than goods and payroll, per month in øre before VAT: [account, supplier index, amount, VAT?, days to pay]
const monthlyCosts: ReadonlyArray<readonly [number, number, number, boolean, number]> = [
  [6300, 2, 8_500_000, false, 0],
  [6900, 1, 1_190_000, true, 14],
  [6800, 0, 640_000, true, 30],
  [7100, 3, 1_450_000, true, 14],
  [7320, 4, 2_200_000, true, 30],
  [6540, 8, 520_000, true, 30],
  [5900, 14, 410_000, true, 14],
  [6360, 10, 780_000, true, 14],
  [6700, 12, 1_850_000, true, 14],
];

export function monthsBetween(fromMonth: string, toMonth: string): string[] {
  const months: string[] = [];
  let [y, m] = fromMonth.split('-').map(Number) as [number, number];
  const [ty, tm] = toMonth.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

function daysIn(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date `days` after another. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The whole demo ledger in memory; fine for tests, use demoRecords for big companies. */
export function generateDemoLedger(options: DemoOptions): LedgerRecord[] {
  return [...demoRecords(options)];
}

/**
 * A made-up but believable Norwegian installer of heat pumps and solar panels, month by month:
 * - customers (a long tail) invoiced with 25 % VAT and paying 14–45 days later, so there are
 *   receivables at every month end; service revenue, and a sublet office (other operating income);
 * - goods, subcontractors and running costs bought on supplier invoices paid on their terms (supplier
 *   debt), stock kept in inventory with a monthly change, insurance paid yearly in advance;
 * - payroll on the 25th with 12 % holiday pay (paid in June), employer's tax (AGA, 14.1 %) and
 *   withholding, both paid on the 15th of the month after each two-month term;
 * - VAT settled at the end of each two-month term and paid on the 10th of the month after;
 * - equipment and vans depreciated over five years, software over three, a van bought each March;
 * - a bank loan with quarterly interest and instalments, interest on deposits, a money market fund;
 * - warranty provisions built from product sales and used by repairs;
 * - at the year end 22 % tax on the profit (paid in April), and the result closed: half to dividend
 *   (paid in May), half to other equity.
 * Every voucher balances to zero øre; amounts are integer øre.
 *
 * Streamed: master data first, then one month at a time, so a company of millions of postings is
 * generated in bounded memory.
 */
export function* demoRecords(options: DemoOptions): Generator<LedgerRecord> {
  const rand = prng(options.seed ?? 4102);
  const scale = options.scale ?? 1;
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  let out: LedgerRecord[] = [];
  const months = monthsBetween(options.fromMonth, options.toMonth);
  if (months.length === 0) throw new Error('The demo period has no months');

  for (const [number, name, nameEn] of demoChart) out.push({ kind: 'account', number, name, nameEn });

  const customers = Array.from({ length: 48 }, (_, i) => {
    const name = `${customerStems[i % customerStems.length]} ${customerTrades[(i * 7 + Math.floor(i / customerStems.length)) % customerTrades.length]} AS`;
    // Zipf-like weights: a few large customers and a long tail, as in most order books.
    return { id: `C${1001 + i}`, name, orgNumber: String(910_000_000 + i * 7919), weight: 1 / (i + 1) ** 0.9 };
  });
  const totalWeight = customers.reduce((s, c) => s + c.weight, 0);
  const pickCustomer = () => {
    let r = rand() * totalWeight;
    for (const c of customers) {
      r -= c.weight;
      if (r <= 0) return c;
    }
    return customers[customers.length - 1]!;
  };
  for (const c of customers) out.push({ kind: 'customer', id: c.id, name: c.name, orgNumber: c.orgNumber });
  for (const [i, name] of supplierNames.entries()) {
    out.push({ kind: 'supplier', id: `S${2001 + i}`, name, orgNumber: String(970_000_000 + i * 6173) });
  }
  const products = productNames.map(([name, price, account], i) => ({ id: `P${101 + i}`, name, price, account }));
  for (const p of products) out.push({ kind: 'product', id: p.id, name: p.name, price: p.price });

  const firstMonth = months[0]!;
  const employees = Array.from({ length: 16 }, (_, i) => {
    const startIndex = i < 9 ? 0 : int(2, Math.max(2, months.length - 2));
    const leaves = i % 7 === 3 && months.length > 12;
    return {
      id: `E${301 + i}`,
      name: `${firstNames[i % firstNames.length]} ${lastNames[(i * 5) % lastNames.length]}`,
      startMonth: months[Math.min(startIndex, months.length - 1)] ?? firstMonth,
      endMonth: leaves ? months[Math.min(months.length - 1, startIndex + int(8, 14))] : undefined,
      salary: int(42_000, 68_000) * 100,
    };
  });
  for (const e of employees) {
    out.push({
      kind: 'employee',
      id: e.id,
      name: e.name,
      startDate: `${e.startMonth}-01`,
      ...(e.endMonth ? { endDate: `${e.endMonth}-${daysIn(e.endMonth)}` } : {}),
    });
  }

  let voucherNo = 0;
  const voucher = (date: string, lines: Line[]) => {
    const sum = lines.reduce((s, l) => s + l.amount, 0);
    if (sum !== 0) throw new Error(`Demo voucher does not balance: ${sum}`);
    voucherNo += 1;
    for (const line of lines) out.push({ kind: 'posting', date, voucher: String(voucherNo), ...line });
  };

  // Payments waiting for their day: a customer's, a supplier's, or a settlement with the state.
  const due: Array<{ date: string; lines: Line[] }> = [];
  /** A supplier invoice on `date`, paid `days` later (at once when 0). */
  const supplierInvoice = (
    date: string,
    supplierIndex: number,
    account: number,
    net: number,
    vatRate: number,
    days: number,
  ) => {
    const supplierId = `S${2001 + supplierIndex}`;
    const description = supplierNames[supplierIndex]!;
    const vat = Math.round(net * vatRate);
    voucher(date, [
      { accountNumber: account, amount: net, supplierId, description },
      ...(vat ? [{ accountNumber: 2710, amount: vat, supplierId, description: 'Inngående mva 25 %' }] : []),
      { accountNumber: 2400, amount: -(net + vat), supplierId, description },
    ]);
    due.push({
      date: addDays(date, days),
      lines: [
        { accountNumber: 2400, amount: net + vat, supplierId, description: 'Betaling leverandør' },
        { accountNumber: 1920, amount: -(net + vat), supplierId, description: 'Betaling leverandør' },
      ],
    });
    return vat;
  };

  // Opening: share capital and equity brought forward, a bank loan, and what the company owns.
  const openDate = `${firstMonth}-01`;
  voucher(openDate, [
    { accountNumber: 1920, amount: 330_000_000, description: 'Åpningsbalanse' },
    { accountNumber: 2000, amount: -100_000_000, description: 'Aksjekapital' },
    { accountNumber: 2050, amount: -130_000_000, description: 'Annen egenkapital' },
    { accountNumber: 2220, amount: -100_000_000, description: 'Banklån' },
  ]);
  voucher(openDate, [
    { accountNumber: 1200, amount: 72_000_000, description: 'Maskiner og verktøy' },
    { accountNumber: 1080, amount: 36_000_000, description: 'Prosjekteringsprogramvare' },
    { accountNumber: 1350, amount: 15_000_000, description: 'Aksjer i Energiklyngen Vest AS' },
    { accountNumber: 1880, amount: 50_000_000, description: 'Pengemarkedsfond' },
    { accountNumber: 1460, amount: 60_000_000, description: 'Varelager' },
    { accountNumber: 1920, amount: -233_000_000, description: 'Kjøp av eiendeler' },
  ]);

  // Fixed assets being depreciated: [account, depreciation account, monthly amount, months left].
  const assets: Array<{ account: number; expense: number; monthly: number; left: number }> = [
    { account: 1200, expense: 6000, monthly: 1_200_000, left: 60 },
    { account: 1080, expense: 6020, monthly: 1_000_000, left: 36 },
  ];
  let loan = 100_000_000;
  let inventory = 60_000_000;
  let prepaidInsurance = 0;
  let yearResult = 0; // øre, the ledger's sign (credit negative): the P&L's movements this year
  const track = (lines: Line[]) => {
    for (const l of lines) if (l.accountNumber >= 3000 && l.accountNumber <= 8399) yearResult += l.amount;
  };
  const booked = (date: string, lines: Line[]) => {
    voucher(date, lines);
    track(lines);
  };
  let outVat = 0;
  let inVat = 0;
  let withholding = 0;
  let employerTax = 0;
  let taxPayable = 0;
  let dividendPayable = 0;
  let holidayAccrued = 0;

  yield* out;
  out = [];

  for (const [index, month] of months.entries()) {
    const [year, mon] = month.split('-').map(Number) as [number, number];
    const days = daysIn(month);
    const day = (d: number) => `${month}-${pad(Math.min(d, days))}`;
    // Growth of about 14 % a year, a quiet July and a busy autumn.
    const season = [0.8, 0.85, 1, 1.05, 1.1, 1.05, 0.55, 0.9, 1.15, 1.2, 1.15, 1][mon - 1]!;
    const activity = season * (1 + 0.14 * (index / 12));

    // Customer invoices, paid 14–45 days later.
    let productSales = 0;
    const invoices = Math.round(int(28, 36) * activity * scale);
    for (let i = 0; i < invoices; i++) {
      const customer = pickCustomer();
      const date = day(int(1, days));
      const lines = int(1, 3);
      const postings: Line[] = [];
      let net = 0;
      for (let l = 0; l < lines; l++) {
        const p = pick(products);
        const qty = p.account === 3100 ? int(1, 6) : 1;
        const amount = p.price * qty;
        net += amount;
        if (p.account === 3000) productSales += amount;
        postings.push({
          accountNumber: p.account,
          amount: -amount,
          customerId: customer.id,
          productId: p.id,
          description: p.name,
        });
      }
      const vat = Math.round(net * 0.25);
      voucher(date, [
        { accountNumber: 1500, amount: net + vat, customerId: customer.id, description: `Faktura ${customer.name}` },
        ...postings,
        { accountNumber: 2700, amount: -vat, description: 'Utgående mva 25 %' },
      ]);
      track(postings);
      outVat += vat;
      due.push({
        date: addDays(date, int(14, 45)),
        lines: [
          {
            accountNumber: 1920,
            amount: net + vat,
            customerId: customer.id,
            description: `Innbetaling ${customer.name}`,
          },
          {
            accountNumber: 1500,
            amount: -(net + vat),
            customerId: customer.id,
            description: `Innbetaling ${customer.name}`,
          },
        ],
      });
    }

    // Goods for resale and subcontractors, about 38 % of product revenue, on 30 days.
    const purchases = Math.round(int(10, 14) * activity * scale);
    for (let i = 0; i < purchases; i++) {
      const supplierIndex = pick([6, 7, 8, 9, 17]);
      const account = supplierIndex === 17 ? 4500 : 4300;
      const net = int(20_000, 110_000) * 100;
      const date = day(int(1, days));
      inVat += supplierInvoice(date, supplierIndex, account, net, 0.25, 30);
      yearResult += net;
    }

    // Running costs on supplier invoices: rent is paid when invoiced, the rest on 14 or 30 days.
    for (const [account, supplierIndex, base, withVat, terms] of monthlyCosts) {
      const net = Math.round((base * (0.9 + rand() * 0.2)) / 100) * 100;
      inVat += supplierInvoice(day(int(1, 10)), supplierIndex, account, net, withVat ? 0.25 : 0, terms);
      yearResult += net;
    }

    // Insurance: the year's premium invoiced in January and paid in advance, expensed month by month.
    if (mon === 1 || index === 0) {
      const premium = Math.round((11_400_000 * (1 + 0.05 * Math.floor(index / 12)) * (13 - mon)) / 12 / 100) * 100;
      supplierInvoice(day(5), 5, 1700, premium, 0, 14);
      prepaidInsurance = premium;
    }
    const insurance = Math.round(prepaidInsurance / (13 - mon));
    booked(day(days), [
      { accountNumber: 7500, amount: insurance, description: 'Forsikring, periodisert' },
      { accountNumber: 1700, amount: -insurance, description: 'Forsikring, periodisert' },
    ]);
    prepaidInsurance -= insurance;

    // A new van every March after the first year.
    if (mon === 3 && index >= 12) {
      const price = int(380_000, 460_000) * 100;
      inVat += supplierInvoice(day(12), 3, 1230, price, 0.25, 30);
      assets.push({ account: 1230, expense: 6000, monthly: Math.round(price / 60), left: 60 });
    }

    // Stock moves with the season: the change against last month end is booked against cost of goods.
    const stock = Math.round((60_000_000 * activity * (0.9 + rand() * 0.2)) / 100) * 100;
    if (stock !== inventory) {
      booked(day(days), [
        { accountNumber: 1460, amount: stock - inventory, description: 'Beholdningsendring' },
        { accountNumber: 4390, amount: inventory - stock, description: 'Beholdningsendring' },
      ]);
      inventory = stock;
    }

    // Payroll on the 25th: gross pay, 32 % withheld, 14.1 % employer's tax, 12 % holiday pay.
    const active = employees.filter((e) => e.startMonth <= month && (!e.endMonth || e.endMonth >= month));
    const gross = active.reduce((s, e) => s + e.salary, 0);
    if (gross > 0) {
      const withheld = Math.round(gross * 0.32);
      const holiday = Math.round(gross * 0.12);
      const contributions = Math.round((gross + holiday) * 0.141);
      booked(day(25), [
        { accountNumber: 5000, amount: gross, description: `Lønn ${month}` },
        { accountNumber: 2600, amount: -withheld, description: 'Forskuddstrekk' },
        { accountNumber: 1920, amount: -(gross - withheld), description: 'Utbetalt lønn' },
      ]);
      booked(day(25), [
        { accountNumber: 5180, amount: holiday, description: 'Påløpte feriepenger' },
        { accountNumber: 2940, amount: -holiday, description: 'Påløpte feriepenger' },
        { accountNumber: 5400, amount: contributions, description: 'Arbeidsgiveravgift' },
        { accountNumber: 2770, amount: -contributions, description: 'Arbeidsgiveravgift' },
      ]);
      withholding += withheld;
      employerTax += contributions;
      holidayAccrued += holiday;
    }
    // Holiday pay earned so far is paid out in June.
    if (mon === 6 && holidayAccrued > 0) {
      voucher(day(20), [
        { accountNumber: 2940, amount: holidayAccrued, description: 'Utbetalte feriepenger' },
        { accountNumber: 1920, amount: -holidayAccrued, description: 'Utbetalte feriepenger' },
      ]);
      holidayAccrued = 0;
    }

    // At the end of each two-month term: VAT settled (paid on the 10th of the month after), and the
    // term's withholding and employer's tax due on the 15th of the month after.
    if (mon % 2 === 0) {
      voucher(day(days), [
        { accountNumber: 2700, amount: outVat, description: 'Mva-oppgjør' },
        { accountNumber: 2710, amount: -inVat, description: 'Mva-oppgjør' },
        { accountNumber: 2740, amount: inVat - outVat, description: 'Mva-oppgjør' },
      ]);
      const next = addDays(day(days), 1).slice(0, 7);
      due.push({
        date: `${next}-10`,
        lines: [
          { accountNumber: 2740, amount: outVat - inVat, description: 'Betalt mva' },
          { accountNumber: 1920, amount: inVat - outVat, description: 'Betalt mva' },
        ],
      });
      due.push({
        date: `${next}-15`,
        lines: [
          { accountNumber: 2600, amount: withholding, description: 'Forskuddstrekk termin' },
          { accountNumber: 2770, amount: employerTax, description: 'Arbeidsgiveravgift termin' },
          { accountNumber: 1920, amount: -(withholding + employerTax), description: 'Skatteoppgjør termin' },
        ],
      });
      outVat = 0;
      inVat = 0;
      withholding = 0;
      employerTax = 0;
    }

    // Part of the premises is sublet: other operating income (no VAT on letting premises).
    booked(day(1), [
      { accountNumber: 1920, amount: 1_200_000, description: 'Fremleie kontorlokale' },
      { accountNumber: 3600, amount: -1_200_000, description: 'Fremleie kontorlokale' },
    ]);

    // Warranty: 2 % of product sales set aside; repairs under warranty paid from the provision.
    const provision = Math.round(productSales * 0.02);
    booked(day(days), [
      { accountNumber: 7790, amount: provision, description: 'Garantiavsetning' },
      { accountNumber: 2180, amount: -provision, description: 'Garantiavsetning' },
    ]);
    const repairs = Math.round((provision * (0.4 + rand() * 0.4)) / 100) * 100;
    voucher(day(int(5, 25)), [
      { accountNumber: 2180, amount: repairs, description: 'Garantireparasjoner' },
      { accountNumber: 1920, amount: -repairs, description: 'Garantireparasjoner' },
    ]);

    // Straight-line depreciation, monthly, while an asset has months left.
    for (const asset of assets) {
      if (asset.left <= 0) continue;
      booked(day(days), [
        { accountNumber: asset.expense, amount: asset.monthly, description: 'Avskrivning' },
        { accountNumber: asset.account, amount: -asset.monthly, description: 'Avskrivning' },
      ]);
      asset.left -= 1;
    }
    const fee = int(400, 900) * 100;
    booked(day(days), [
      { accountNumber: 7770, amount: fee, description: 'Bankgebyrer' },
      { accountNumber: 1920, amount: -fee, description: 'Bankgebyrer' },
    ]);

    // Quarterly: interest on the loan (5.5 % a year) and an instalment, and a little interest on deposits.
    if (mon % 3 === 0) {
      const interest = Math.round((loan * 0.055) / 4);
      const instalment = Math.min(loan, 5_000_000);
      const income = int(800, 2400) * 100;
      booked(day(days), [
        { accountNumber: 8150, amount: interest, description: 'Renter banklån' },
        { accountNumber: 2220, amount: instalment, description: 'Avdrag banklån' },
        { accountNumber: 8040, amount: -income, description: 'Renteinntekt' },
        { accountNumber: 1920, amount: income - interest - instalment, description: 'Renter og avdrag' },
      ]);
      loan -= instalment;
    }

    // Payments falling due this month: customers paying, suppliers paid, VAT and taxes settled.
    const first = `${month}-01`;
    const last = day(days);
    for (const payment of due.filter((d) => d.date >= first && d.date <= last)) voucher(payment.date, payment.lines);
    for (let i = due.length - 1; i >= 0; i--) if (due[i]!.date <= last) due.splice(i, 1);

    // Year end: the fund's return, 22 % tax on a profit, and the result closed to other equity.
    if (mon === 12) {
      const fundReturn = int(1_200_000, 1_800_000);
      booked(day(31), [
        { accountNumber: 1880, amount: fundReturn, description: `Avkastning ${year}` },
        { accountNumber: 8070, amount: -fundReturn, description: `Avkastning ${year}` },
      ]);
      if (yearResult < 0) {
        const tax = Math.round(-yearResult * 0.22);
        booked(day(31), [
          { accountNumber: 8300, amount: tax, description: `Skattekostnad ${year}` },
          { accountNumber: 2500, amount: -tax, description: `Betalbar skatt ${year}` },
        ]);
        taxPayable += tax;
      }
      // Half of a profit goes out as dividend (paid in May), the rest to other equity; a loss is covered by it.
      const dividend = yearResult < 0 ? Math.round(-yearResult * 0.5) : 0;
      if (yearResult !== 0) {
        voucher(day(31), [
          ...(dividend
            ? [
                { accountNumber: 8920, amount: dividend, description: `Avsatt utbytte ${year}` },
                { accountNumber: 2800, amount: -dividend, description: `Avsatt utbytte ${year}` },
              ]
            : []),
          {
            accountNumber: 8960,
            amount: -yearResult - dividend,
            description: `Årsresultat ${year} til annen egenkapital`,
          },
          {
            accountNumber: 2050,
            amount: yearResult + dividend,
            description: `Årsresultat ${year} til annen egenkapital`,
          },
        ]);
      }
      dividendPayable += dividend;
      yearResult = 0;
    }
    // Last year's dividend is paid in May, once the accounts are approved.
    if (mon === 5 && dividendPayable > 0) {
      voucher(day(20), [
        { accountNumber: 2800, amount: dividendPayable, description: 'Utbetalt utbytte' },
        { accountNumber: 1920, amount: -dividendPayable, description: 'Utbetalt utbytte' },
      ]);
      dividendPayable = 0;
    }
    // Last year's tax is paid in April.
    if (mon === 4 && taxPayable > 0) {
      voucher(day(30), [
        { accountNumber: 2500, amount: taxPayable, description: 'Betalt skatt' },
        { accountNumber: 1920, amount: -taxPayable, description: 'Betalt skatt' },
      ]);
      taxPayable = 0;
    }
    yield* out;
    out = [];
  }
}
