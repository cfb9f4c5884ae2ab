import { importWarning } from '@saldo/contract/sources/import-warnings';
import type { Connector, LedgerRecord, SyncContext } from '../types.ts';
import {
  createTripletexClient,
  type PageInfo,
  type TripletexClient,
  type TripletexClientOptions,
  type TtxPosting,
  toOre,
} from './client.ts';

export interface TripletexConnectorOptions extends TripletexClientOptions {
  /** First day to import, yyyy-mm-dd. Balances before it arrive as opening records dated dateFrom. */
  dateFrom: string;
  /** Last day to import, yyyy-mm-dd, inclusive. */
  dateTo: string;
  /**
   * Postings are fetched per calendar month (default) or year, so a huge ledger is read as
   * many short listings with predictable paging instead of one listing of millions.
   */
  window?: 'month' | 'year';
}

const PARTS = ['accounts', 'customers', 'suppliers', 'products', 'employees', 'postings'] as const;

/** Where the results of earlier years land in the opening balance (NS 4102 "Annen egenkapital"). */
const OPENING_EQUITY_ACCOUNT = 2050;

/**
 * The Tripletex connector: master data first, then the opening balance and the postings of
 * dateFrom..dateTo window by window.
 *
 * Opening balances come from GET /balanceSheet (saldobalanse) for dateFrom..dateFrom over accounts
 * 1000–2999: its `balanceIn` is each balance-sheet account's balance at the start of dateFrom,
 * whatever vouchers made it (an opening-balance voucher, years of postings or both), which searching
 * for Tripletex's opening-balance voucher would not give. When the range starts at or before the
 * company's first posting every balanceIn is zero and no opening record is yielded. Results of
 * earlier years that were never closed to equity leave those balances summing to non-zero; that
 * sum is added to 2050 so the opening balances, and so the balance sheet, still balance.
 */
export function tripletexConnector(options: TripletexConnectorOptions): Connector {
  const { dateFrom, dateTo, window = 'month', ...clientOptions } = options;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateFrom) || !/^\d{4}-\d{2}-\d{2}$/.test(dateTo) || dateFrom > dateTo) {
    throw new Error(`Invalid Tripletex date range ${dateFrom}..${dateTo}`);
  }
  return {
    type: 'tripletex',
    parts: PARTS,
    async *read(ctx: SyncContext): AsyncIterable<LedgerRecord> {
      const client = createTripletexClient({
        ...clientOptions,
        signal: clientOptions.signal ? AbortSignal.any([clientOptions.signal, ctx.signal]) : ctx.signal,
      });
      const pageProgress = (part: string) => (info: PageInfo) => {
        if (info.fullResultSize) ctx.progress(part, Math.min(0.99, info.received / info.fullResultSize));
      };

      const accountNumbers = new Set<number>();
      for await (const page of client.accounts(pageProgress('accounts'))) {
        for (const a of page) {
          if (typeof a.number !== 'number' || accountNumbers.has(a.number)) continue;
          accountNumbers.add(a.number);
          yield { kind: 'account', number: a.number, name: a.name ?? String(a.number) };
        }
      }
      ctx.progress('accounts', 1);

      for (const kind of ['customer', 'supplier'] as const) {
        const part = `${kind}s`;
        const pages = kind === 'customer' ? client.customers(pageProgress(part)) : client.suppliers(pageProgress(part));
        for await (const page of pages) {
          for (const p of page) {
            yield {
              kind,
              id: String(p.id),
              name: p.name ?? String(p.id),
              ...(p.organizationNumber ? { orgNumber: p.organizationNumber } : {}),
            };
          }
        }
        ctx.progress(part, 1);
      }

      for await (const page of client.products(pageProgress('products'))) {
        for (const p of page) {
          yield {
            kind: 'product',
            id: String(p.id),
            name: p.name ?? p.number ?? String(p.id),
            ...(typeof p.priceExcludingVatCurrency === 'number' ? { price: toOre(p.priceExcludingVatCurrency) } : {}),
          };
        }
      }
      ctx.progress('products', 1);

      yield* employees(client, ctx);
      ctx.progress('employees', 1);

      yield* openingBalances(client, dateFrom);
      const windows = dateWindows(dateFrom, dateTo, window);
      for (const [index, range] of windows.entries()) {
        // Paging within a window can see a posting twice if the ledger changes under it.
        const seen = new Set<number>();
        const pages = client.postings(range, (info) => {
          const within = info.fullResultSize ? Math.min(1, info.received / info.fullResultSize) : 0;
          ctx.progress('postings', Math.min(0.99, (index + within) / windows.length));
        });
        for await (const page of pages) {
          for (const p of page) {
            if (seen.has(p.id)) continue;
            seen.add(p.id);
            const record = toPosting(p);
            if (record) yield record;
            else ctx.warn(importWarning('TRIPLETEX_POSTING_SKIPPED', { id: String(p.id) }));
          }
        }
      }
      ctx.progress('postings', 1);
    },
  };
}

async function* employees(client: TripletexClient, ctx: SyncContext): AsyncGenerator<LedgerRecord> {
  const people: Array<{ id: number; name: string }> = [];
  for await (const page of client.employees((info) => {
    if (info.fullResultSize) ctx.progress('employees', Math.min(0.5, info.received / info.fullResultSize / 2));
  })) {
    for (const e of page) people.push({ id: e.id, name: [e.firstName, e.lastName].filter(Boolean).join(' ') });
  }
  // One listing of every employment instead of one request per employee.
  const spans = new Map<number, { start: string; end: string | undefined }>();
  for await (const page of client.employments()) {
    for (const e of page) {
      const id = e.employee?.id;
      if (id === undefined || !e.startDate) continue;
      const end = e.endDate ?? undefined;
      const span = spans.get(id);
      if (!span) {
        spans.set(id, { start: e.startDate, end });
        continue;
      }
      // Several employments (rehired, changed terms): first start, last end, open if any is open.
      if (e.startDate < span.start) span.start = e.startDate;
      span.end = span.end === undefined || end === undefined ? undefined : end > span.end ? end : span.end;
    }
  }
  for (const person of people) {
    const span = spans.get(person.id);
    // Users and contacts without an employment are not staff (the accountant, an auditor).
    if (!span) continue;
    yield {
      kind: 'employee',
      id: String(person.id),
      name: person.name || String(person.id),
      startDate: span.start,
      ...(span.end ? { endDate: span.end } : {}),
    };
  }
}

async function* openingBalances(client: TripletexClient, dateFrom: string): AsyncGenerator<LedgerRecord> {
  const balances = new Map<number, number>();
  for await (const page of client.balanceSheet({
    dateFrom,
    dateTo: dateFrom,
    accountNumberFrom: 1000,
    accountNumberTo: 3000,
  })) {
    for (const row of page) {
      const number = row.account?.number;
      if (typeof number !== 'number' || number < 1000 || number > 2999 || typeof row.balanceIn !== 'number') continue;
      balances.set(number, (balances.get(number) ?? 0) + toOre(row.balanceIn));
    }
  }
  let sum = 0;
  for (const amount of balances.values()) sum += amount;
  if (sum !== 0) balances.set(OPENING_EQUITY_ACCOUNT, (balances.get(OPENING_EQUITY_ACCOUNT) ?? 0) - sum);
  for (const [accountNumber, amount] of [...balances].sort(([a], [b]) => a - b)) {
    if (amount !== 0) yield { kind: 'opening', date: dateFrom, accountNumber, amount };
  }
}

function toPosting(p: TtxPosting): LedgerRecord | undefined {
  const accountNumber = p.account?.number;
  if (typeof accountNumber !== 'number' || !p.date || typeof p.amount !== 'number') return undefined;
  const v = p.voucher;
  // Voucher numbers restart every year in Tripletex, so the year makes them unique.
  const voucher =
    v?.number != null ? (v.year != null ? `${v.year}-${v.number}` : String(v.number)) : String(v?.id ?? p.id);
  return {
    kind: 'posting',
    date: p.date,
    voucher,
    // The voucher's id opens it in Tripletex's web app (see reports/voucher-link.ts).
    ...(v?.id != null ? { voucherRef: String(v.id) } : {}),
    accountNumber,
    amount: toOre(p.amount),
    ...(p.customer?.id != null ? { customerId: String(p.customer.id) } : {}),
    ...(p.supplier?.id != null ? { supplierId: String(p.supplier.id) } : {}),
    ...(p.product?.id != null ? { productId: String(p.product.id) } : {}),
    ...(p.description ? { description: p.description } : {}),
  };
}

/** Inclusive windows covering dateFrom..dateTo, cut at month or year boundaries. */
export function dateWindows(
  dateFrom: string,
  dateTo: string,
  window: 'month' | 'year',
): Array<{ dateFrom: string; dateTo: string }> {
  const out: Array<{ dateFrom: string; dateTo: string }> = [];
  let start = dateFrom;
  while (start <= dateTo) {
    const [y, m] = start.split('-').map(Number) as [number, number];
    const end = window === 'year' ? `${y}-12-31` : new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10); // last day of month
    const last = end < dateTo ? end : dateTo;
    out.push({ dateFrom: start, dateTo: last });
    const next = new Date(`${last}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    start = next.toISOString().slice(0, 10);
  }
  return out;
}
