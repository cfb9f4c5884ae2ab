import { type DemoOptions, generateDemoLedger } from '../../connectors/demo/demo-connector.ts';
import type { LedgerRecord } from '../../connectors/types.ts';

/**
 * A generated company in Tripletex's shapes. Ids are Tripletex-like integers in separate ranges per
 * resource; amounts are NOK numbers with two decimals, as the real API sends them.
 */
export interface StandinCompany {
  /** The generator's records the company was built from, for tests to compare against. */
  records: LedgerRecord[];
  accounts: Array<{ id: number; number: number; name: string; isBalanceAccount: boolean }>;
  customers: Array<{ id: number; customerNumber: number; name: string; organizationNumber?: string }>;
  suppliers: Array<{ id: number; supplierNumber: number; name: string; organizationNumber?: string }>;
  products: Array<{ id: number; number: string; name: string; priceExcludingVatCurrency?: number }>;
  employees: Array<{ id: number; employeeNumber: string; firstName: string; lastName: string }>;
  employments: Array<{ id: number; employee: { id: number }; startDate: string; endDate: string | null }>;
  /** Sorted by date. */
  postings: StandinPosting[];
  /** Maps from the generator's ids to the Tripletex ids. */
  ids: { customers: Map<string, number>; suppliers: Map<string, number>; products: Map<string, number> };
}

export interface StandinPosting {
  id: number;
  date: string;
  description: string | null;
  amount: number;
  /** Integer øre, kept beside `amount` so sums in the stand-in are exact. */
  ore: number;
  row: number;
  account: { id: number; number: number; name: string };
  voucher: { id: number; number: number; year: number };
  customer: { id: number } | null;
  supplier: { id: number } | null;
  product: { id: number } | null;
}

const nok = (ore: number) => ore / 100;
const orgNumber = (number: string | undefined) => (number ? { organizationNumber: number } : {});

export function buildStandinCompany(options: DemoOptions): StandinCompany {
  const records = generateDemoLedger(options);
  const company: StandinCompany = {
    records,
    accounts: [],
    customers: [],
    suppliers: [],
    products: [],
    employees: [],
    employments: [],
    postings: [],
    ids: { customers: new Map(), suppliers: new Map(), products: new Map() },
  };
  const accountByNumber = new Map<number, StandinCompany['accounts'][number]>();
  const addAccount = (number: number, name: string) => {
    const account = { id: 5_000_000 + number, number, name, isBalanceAccount: number < 3000 };
    accountByNumber.set(number, account);
    company.accounts.push(account);
    return account;
  };
  /**
   * Adds a customer, supplier or product as the `nth` of its kind, under id `base + nth` (its kind's range),
   * and maps the generator's id to it.
   */
  const add = <K extends keyof StandinCompany['ids']>(
    kind: K,
    base: number,
    sourceId: string,
    make: (id: number, nth: number) => StandinCompany[K][number],
  ) => {
    const nth = company[kind].length + 1;
    company.ids[kind].set(sourceId, base + nth);
    (company[kind] as Array<StandinCompany[K][number]>).push(make(base + nth, nth));
  };
  // Voucher numbers restart each year, as in Tripletex.
  const vouchers = new Map<string, StandinPosting['voucher']>();
  const nextNumber = new Map<number, number>();
  const rows = new Map<number, number>();

  for (const r of records) {
    switch (r.kind) {
      case 'account':
        addAccount(r.number, r.name);
        break;
      case 'customer':
        add('customers', 10_000_000, r.id, (id, nth) => ({
          id,
          customerNumber: 10_000 + nth,
          name: r.name,
          ...orgNumber(r.orgNumber),
        }));
        break;
      case 'supplier':
        add('suppliers', 20_000_000, r.id, (id, nth) => ({
          id,
          supplierNumber: 50_000 + nth,
          name: r.name,
          ...orgNumber(r.orgNumber),
        }));
        break;
      case 'product':
        add('products', 30_000_000, r.id, (id) => ({
          id,
          number: r.id,
          name: r.name,
          ...(r.price !== undefined ? { priceExcludingVatCurrency: nok(r.price) } : {}),
        }));
        break;
      case 'employee': {
        const id = 40_000_000 + company.employees.length + 1;
        const [firstName = '', ...rest] = r.name.split(' ');
        company.employees.push({ id, employeeNumber: r.id, firstName, lastName: rest.join(' ') });
        company.employments.push({
          id: 45_000_000 + company.employments.length + 1,
          employee: { id },
          startDate: r.startDate,
          endDate: r.endDate ?? null,
        });
        break;
      }
      case 'posting': {
        let voucher = vouchers.get(r.voucher);
        if (!voucher) {
          const year = Number(r.date.slice(0, 4));
          const number = (nextNumber.get(year) ?? 0) + 1;
          nextNumber.set(year, number);
          voucher = { id: 60_000_000 + vouchers.size + 1, number, year };
          vouchers.set(r.voucher, voucher);
        }
        const row = (rows.get(voucher.id) ?? 0) + 1;
        rows.set(voucher.id, row);
        const account = accountByNumber.get(r.accountNumber) ?? addAccount(r.accountNumber, String(r.accountNumber));
        const ref = (map: Map<string, number>, id: string | undefined) => {
          const mapped = id === undefined ? undefined : map.get(id);
          return mapped === undefined ? null : { id: mapped };
        };
        company.postings.push({
          id: 70_000_000 + company.postings.length + 1,
          date: r.date,
          description: r.description ?? null,
          amount: nok(r.amount),
          ore: r.amount,
          row,
          account: { id: account.id, number: account.number, name: account.name },
          voucher,
          customer: ref(company.ids.customers, r.customerId),
          supplier: ref(company.ids.suppliers, r.supplierId),
          product: ref(company.ids.products, r.productId),
        });
        break;
      }
      case 'opening':
        break;
    }
  }
  company.postings.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return company;
}
