import type { Connector, LedgerRecord } from '../types.ts';
import { demoChart } from './chart.ts';

export interface DemoOptions {
  /** Same seed, same company: every number is reproducible. */
  seed?: number;
  /** First month, yyyy-mm. */
  fromMonth: string;
  /** Last month, yyyy-mm (inclusive). */
  toMonth: string;
  /** Scales the number of invoices per month; 1 gives about 340 postings a month. */
  scale?: number;
}

/** mulberry32: tiny, fast and good enough for made-up ledgers. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const customerStems = [
  'Fjord',
  'Nordkapp',
  'Vestland',
  'Trollheim',
  'Havblikk',
  'Polar',
  'Lofoten',
  'Skagerrak',
  'Dovre',
  'Hardanger',
  'Mjøsa',
  'Sognefjell',
  'Varanger',
  'Jotun',
  'Bjørke',
  'Solberg',
  'Eik',
  'Stavern',
  'Norrøn',
  'Frøya',
];
const customerTrades = [
  'Bygg',
  'Elektro',
  'Eiendom',
  'Transport',
  'Rør',
  'Maskin',
  'Handel',
  'Energi',
  'Marine',
  'Data',
];
const supplierNames = [
  'Kontorpartner Norge AS',
  'Nettlinje Telecom AS',
  'Vestby Gårdeiere AS',
  'Bilpool Nord AS',
  'Trykk & Reklame AS',
  'Forsikringshuset AS',
  'Grossisten Engros AS',
  'Elektrogrossisten AS',
  'Verktøyhuset AS',
  'Byggvare Sentralen AS',
  'Renhold Service AS',
  'IT-Driften AS',
  'Regnskapskontoret AS',
  'Transportsentralen AS',
  'Kaffebrenneriet AS',
  'Advokatfirmaet Lund AS',
  'Sikkerhet Vakt AS',
  'Underentreprenør Bygg AS',
];
const productNames: ReadonlyArray<readonly [string, number, 3000 | 3100]> = [
  ['Varmepumpe luft-luft', 2_499_000, 3000],
  ['Varmepumpe væske-vann', 12_900_000, 3000],
  ['Solcellepanel 400 W', 389_000, 3000],
  ['Inverter 10 kW', 2_150_000, 3000],
  ['Ladeboks elbil', 1_249_000, 3000],
  ['Batterilager 10 kWh', 8_900_000, 3000],
  ['Ventilasjonsaggregat', 4_590_000, 3000],
  ['Styringssystem smarthus', 1_790_000, 3000],
  ['Montasje, time', 95_000, 3100],
  ['Service og vedlikehold', 350_000, 3100],
  ['Prosjektering', 1_250_000, 3100],
  ['Energirådgivning', 480_000, 3100],
];
const firstNames = [
  'Ingrid',
  'Ola',
  'Kari',
  'Lars',
  'Sofie',
  'Henrik',
  'Nora',
  'Magnus',
  'Emma',
  'Jonas',
  'Ida',
  'Sander',
  'Maja',
  'Eirik',
  'Thea',
  'Martin',
  'Sara',
  'Kristian',
];
const lastNames = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Kristiansen',
  'Jensen',
  'Karlsen',
  'Berg',
  'Haugen',
  'Hagen',
  'Eriksen',
  'Bakken',
  'Lie',
];

// Costs other than goods and payroll, per month in øre before VAT: [account, supplier index, amount, VAT?]
const monthlyCosts: ReadonlyArray<readonly [number, number, number, boolean]> = [
  [6300, 2, 8_500_000, false],
  [6900, 1, 1_190_000, true],
  [6800, 0, 640_000, true],
  [7100, 3, 1_450_000, true],
  [7320, 4, 2_200_000, true],
  [7500, 5, 980_000, false],
  [6540, 8, 520_000, true],
  [5900, 14, 410_000, true],
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

/**
 * A made-up but realistic Norwegian installer of heat pumps and solar panels: customers with a
 * long-tailed share of revenue, seasonal sales with growth, suppliers, payroll with employer's
 * contributions and withholding, VAT settled every second month, depreciation, a bank loan and
 * year-end tax. Every voucher balances to zero øre.
 */
/** The whole demo ledger in memory; fine for tests, use demoRecords for big companies. */
export function generateDemoLedger(options: DemoOptions): LedgerRecord[] {
  return [...demoRecords(options)];
}

/**
 * The demo ledger as a stream: master data first, then one month at a time, so a company of
 * millions of postings is generated in bounded memory.
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
  const voucher = (
    date: string,
    lines: Array<Omit<Extract<LedgerRecord, { kind: 'posting' }>, 'kind' | 'date' | 'voucher'>>,
  ) => {
    const sum = lines.reduce((s, l) => s + l.amount, 0);
    if (sum !== 0) throw new Error(`Demo voucher does not balance: ${sum}`);
    voucherNo += 1;
    for (const line of lines) out.push({ kind: 'posting', date, voucher: String(voucherNo), ...line });
  };

  // Opening: share capital, a bank loan, and equipment bought for cash.
  const openDate = `${firstMonth}-01`;
  voucher(openDate, [
    { accountNumber: 1920, amount: 150_000_000, description: 'Innskutt aksjekapital' },
    { accountNumber: 2000, amount: -50_000_000, description: 'Innskutt aksjekapital' },
    { accountNumber: 2220, amount: -100_000_000, description: 'Banklån' },
  ]);
  voucher(openDate, [
    { accountNumber: 1200, amount: 72_000_000, description: 'Kjøp av maskiner og verktøy' },
    { accountNumber: 1920, amount: -72_000_000, description: 'Kjøp av maskiner og verktøy' },
  ]);

  let yearResult = 0; // øre, credit negative as in the ledger
  const track = (account: number, amount: number) => {
    if (account >= 3000) yearResult += amount;
  };
  let outVat = 0;
  let inVat = 0;
  let withholding = 0;
  let employerTax = 0;
  let taxPayable = 0;
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

    const invoices = Math.round(int(28, 36) * activity * scale);
    for (let i = 0; i < invoices; i++) {
      const customer = pickCustomer();
      const date = day(int(1, days));
      const lines = int(1, 3);
      const postings: Array<Omit<Extract<LedgerRecord, { kind: 'posting' }>, 'kind' | 'date' | 'voucher'>> = [];
      let net = 0;
      for (let l = 0; l < lines; l++) {
        const p = pick(products);
        const qty = p.account === 3100 ? int(1, 6) : 1;
        const amount = p.price * qty;
        net += amount;
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
      for (const p of postings) track(p.accountNumber, p.amount);
      outVat += vat;
      // Most customers pay within the month; the rest show up as receivables.
      if (rand() < 0.85 || index < months.length - 1) {
        voucher(day(Math.min(days, Number(date.slice(8)) + int(5, 20))), [
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
        ]);
      }
    }

    // Goods for resale and subcontractors, about 38 % of product revenue.
    const purchases = Math.round(int(10, 14) * activity * scale);
    for (let i = 0; i < purchases; i++) {
      const supplierIndex = pick([6, 7, 8, 9, 17]);
      const supplier = `S${2001 + supplierIndex}`;
      const account = supplierIndex === 17 ? 4500 : 4300;
      const net = int(20_000, 110_000) * 100;
      const vat = Math.round(net * 0.25);
      const date = day(int(1, days));
      voucher(date, [
        { accountNumber: account, amount: net, supplierId: supplier, description: supplierNames[supplierIndex] },
        { accountNumber: 2710, amount: vat, supplierId: supplier, description: 'Inngående mva 25 %' },
        { accountNumber: 2400, amount: -(net + vat), supplierId: supplier, description: supplierNames[supplierIndex] },
      ]);
      track(account, net);
      inVat += vat;
      voucher(day(Math.min(days, Number(date.slice(8)) + 10)), [
        { accountNumber: 2400, amount: net + vat, supplierId: supplier, description: 'Betaling leverandør' },
        { accountNumber: 1920, amount: -(net + vat), supplierId: supplier, description: 'Betaling leverandør' },
      ]);
    }

    for (const [account, supplierIndex, base, withVat] of monthlyCosts) {
      const supplier = `S${2001 + supplierIndex}`;
      const net = Math.round((base * (0.9 + rand() * 0.2)) / 100) * 100;
      const vat = withVat ? Math.round(net * 0.25) : 0;
      voucher(day(int(1, 10)), [
        { accountNumber: account, amount: net, supplierId: supplier, description: supplierNames[supplierIndex] },
        ...(vat ? [{ accountNumber: 2710, amount: vat, supplierId: supplier, description: 'Inngående mva 25 %' }] : []),
        { accountNumber: 1920, amount: -(net + vat), supplierId: supplier, description: supplierNames[supplierIndex] },
      ]);
      track(account, net);
      inVat += vat;
    }

    // Payroll on the 25th: gross pay, 32 % withheld, 14.1 % employer's contributions, 12 % holiday pay.
    const active = employees.filter((e) => e.startMonth <= month && (!e.endMonth || e.endMonth >= month));
    const gross = active.reduce((s, e) => s + e.salary, 0);
    if (gross > 0) {
      const withheld = Math.round(gross * 0.32);
      const holiday = Math.round(gross * 0.12);
      const contributions = Math.round((gross + holiday) * 0.141);
      voucher(day(25), [
        { accountNumber: 5000, amount: gross, description: `Lønn ${month}` },
        { accountNumber: 2600, amount: -withheld, description: 'Forskuddstrekk' },
        { accountNumber: 1920, amount: -(gross - withheld), description: 'Utbetalt lønn' },
      ]);
      voucher(day(25), [
        { accountNumber: 5180, amount: holiday, description: 'Påløpte feriepenger' },
        { accountNumber: 2940, amount: -holiday, description: 'Påløpte feriepenger' },
        { accountNumber: 5400, amount: contributions, description: 'Arbeidsgiveravgift' },
        { accountNumber: 2770, amount: -contributions, description: 'Arbeidsgiveravgift' },
      ]);
      track(5000, gross);
      track(5180, holiday);
      track(5400, contributions);
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

    // Withholding and contributions, and VAT, are settled every second month (terminer).
    if (mon % 2 === 0) {
      voucher(day(15), [
        { accountNumber: 2600, amount: withholding, description: 'Forskuddstrekk termin' },
        { accountNumber: 2770, amount: employerTax, description: 'Arbeidsgiveravgift termin' },
        { accountNumber: 1920, amount: -(withholding + employerTax), description: 'Skatteoppgjør termin' },
      ]);
      withholding = 0;
      employerTax = 0;
      voucher(day(days), [
        { accountNumber: 2700, amount: outVat, description: 'Mva-oppgjør' },
        { accountNumber: 2710, amount: -inVat, description: 'Mva-oppgjør' },
        { accountNumber: 2740, amount: inVat - outVat, description: 'Mva-oppgjør' },
      ]);
      voucher(day(days), [
        { accountNumber: 2740, amount: outVat - inVat, description: 'Betalt mva' },
        { accountNumber: 1920, amount: inVat - outVat, description: 'Betalt mva' },
      ]);
      outVat = 0;
      inVat = 0;
    }

    // Part of the premises is sublet: other operating income (no VAT on letting premises).
    voucher(day(1), [
      { accountNumber: 1920, amount: 1_200_000, description: 'Fremleie kontorlokale' },
      { accountNumber: 3600, amount: -1_200_000, description: 'Fremleie kontorlokale' },
    ]);
    track(3600, -1_200_000);

    // Straight-line depreciation over five years, monthly.
    voucher(day(days), [
      { accountNumber: 6000, amount: 1_200_000, description: 'Avskrivning' },
      { accountNumber: 1200, amount: -1_200_000, description: 'Avskrivning' },
    ]);
    track(6000, 1_200_000);
    const fee = int(400, 900) * 100;
    voucher(day(days), [
      { accountNumber: 7770, amount: fee, description: 'Bankgebyrer' },
      { accountNumber: 1920, amount: -fee, description: 'Bankgebyrer' },
    ]);
    track(7770, fee);

    // Quarterly interest: on the loan, and a little on deposits.
    if (mon % 3 === 0) {
      const interest = 1_450_000;
      const income = int(800, 2400) * 100;
      voucher(day(days), [
        { accountNumber: 8150, amount: interest, description: 'Renter banklån' },
        { accountNumber: 8040, amount: -income, description: 'Renteinntekt' },
        { accountNumber: 1920, amount: income - interest, description: 'Renter' },
      ]);
      track(8150, interest);
      track(8040, -income);
    }

    // Year end: 22 % tax on a profit. The result stays in the accounts (no closing entries), so
    // equity in the balance sheet is share capital plus the results of all years so far.
    if (mon === 12) {
      if (yearResult < 0) {
        const tax = Math.round(-yearResult * 0.22);
        voucher(day(31), [
          { accountNumber: 8300, amount: tax, description: `Skattekostnad ${year}` },
          { accountNumber: 2500, amount: -tax, description: `Betalbar skatt ${year}` },
        ]);
        taxPayable += tax;
      }
      yearResult = 0;
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

export function demoConnector(options: DemoOptions): Connector {
  return {
    type: 'demo',
    parts: ['ledger'],
    async *read(ctx) {
      const months = monthsBetween(options.fromMonth, options.toMonth);
      let month = '';
      let n = 0;
      for (const record of demoRecords(options)) {
        if (record.kind === 'posting' && record.date.slice(0, 7) !== month) {
          month = record.date.slice(0, 7);
          ctx.progress('ledger', months.indexOf(month) / months.length);
        }
        // Yielding to the event loop now and then keeps a big generation from starving requests.
        if (++n % 10_000 === 0) {
          if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The sync was stopped');
          await new Promise((resolve) => setImmediate(resolve));
        }
        yield record;
      }
      ctx.progress('ledger', 1);
    },
  };
}
