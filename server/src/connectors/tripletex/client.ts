import { sourceError } from '@saldo/contract/sources/source-errors';
import { ConnectorError } from '../types.ts';

/**
 * A client for the subset of the Tripletex API v2 that Saldo reads
 * (see ../shared/specs/tripletex-v2-subset.openapi.json). Plain fetch, no generated code: the
 * subset is small and hand-written types keep only the fields we ask for with `fields`.
 */

/** Tripletex's reference to another resource: `{ id, url }` unless sub-fields are asked for. */
export interface TtxRef {
  id: number;
  url?: string;
}

export interface TtxAccount {
  id: number;
  number?: number;
  name?: string;
}

export interface TtxParty {
  id: number;
  name?: string;
  organizationNumber?: string;
}

export interface TtxProduct {
  id: number;
  name?: string;
  number?: string;
  /** NOK, two decimals. */
  priceExcludingVatCurrency?: number;
}

export interface TtxEmployee {
  id: number;
  firstName?: string;
  lastName?: string;
}

export interface TtxEmployment {
  id: number;
  employee?: TtxRef;
  startDate?: string;
  endDate?: string | null;
}

export interface TtxPosting {
  id: number;
  date?: string;
  description?: string | null;
  /** NOK, two decimals, debit positive. */
  amount?: number;
  account?: { id?: number; number?: number } | null;
  voucher?: { id?: number; number?: number | null; year?: number | null } | null;
  customer?: TtxRef | null;
  supplier?: TtxRef | null;
  product?: TtxRef | null;
}

/** A client company an accountant's employee token may log into (the spec's Client, as far as we ask). */
export interface TtxClientCompany {
  id: number;
  name?: string;
  organizationNumber?: string;
}

export interface TtxBalanceSheetAccount {
  account?: { id?: number; number?: number } | null;
  /** NOK at the start of dateFrom. */
  balanceIn?: number;
  balanceChange?: number;
  balanceOut?: number;
}

/** The ListResponse* envelope of the spec. `fullResultSize` is deprecated and "not exact": progress only. */
export interface TtxListResponse<T> {
  fullResultSize?: number;
  from?: number;
  count?: number;
  versionDigest?: string | null;
  values: T[];
}

/** The spec's error envelope. */
export interface TtxErrorBody {
  status?: number;
  code?: number;
  message?: string;
  developerMessage?: string;
  requestId?: string;
}

export interface TripletexClientOptions {
  /** e.g. https://tripletex.no/v2 (no trailing slash needed). */
  baseUrl: string;
  consumerToken: string;
  employeeToken: string;
  /** Client company for accountants' proxy access; `0` (the employee's own company) when absent. */
  companyId?: number | string;
  fetch?: typeof fetch;
  /** Injected so tests do not wait for real; must resolve after `ms`. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries of one request after 5xx answers or network errors before giving up. Default 5. */
  maxRetries?: number;
  /** Retries after 429 answers; a rate-limit period is normal, so more are allowed. Default 20. */
  maxRateLimitRetries?: number;
  /** First backoff delay; doubled on every further retry, capped at 30 s. Default 500 ms. */
  retryBaseMs?: number;
  /** Page size (`count`). Default 1000, Tripletex's own default. */
  pageSize?: number;
  /** Stops requests and waits when aborted. */
  signal?: AbortSignal;
  /** Today, for the session's expiration date. */
  now?: () => Date;
}

export interface PageInfo {
  /** Values received so far in this listing, this page included. */
  received: number;
  /** The server's estimate of the listing's size, when it gave one. */
  fullResultSize?: number;
}

export type Query = Record<string, string | number | boolean | undefined>;

export const INVALID_CREDENTIALS = sourceError('TRIPLETEX_INVALID_CREDENTIALS', {});

const FIELDS = {
  account: 'id,number,name',
  party: 'id,name,organizationNumber',
  product: 'id,name,number,priceExcludingVatCurrency',
  employee: 'id,firstName,lastName',
  employment: 'id,employee(id),startDate,endDate',
  posting: 'id,date,description,amount,account(number),voucher(id,number,year),customer(id),supplier(id),product(id)',
  balanceSheet: 'account(number),balanceIn',
  clientCompany: 'id,name,organizationNumber',
} as const;

export interface TripletexClient {
  /** GET one page or resource, with session, retries and error mapping. */
  get<T>(path: string, query?: Query): Promise<T>;
  /** Every value of a list endpoint, page by page (`from`/`count` until a short page). */
  list<T>(path: string, query?: Query, onPage?: (info: PageInfo) => void): AsyncGenerator<T[]>;
  accounts(onPage?: (info: PageInfo) => void): AsyncGenerator<TtxAccount[]>;
  customers(onPage?: (info: PageInfo) => void): AsyncGenerator<TtxParty[]>;
  suppliers(onPage?: (info: PageInfo) => void): AsyncGenerator<TtxParty[]>;
  products(onPage?: (info: PageInfo) => void): AsyncGenerator<TtxProduct[]>;
  employees(onPage?: (info: PageInfo) => void): AsyncGenerator<TtxEmployee[]>;
  employments(onPage?: (info: PageInfo) => void): AsyncGenerator<TtxEmployment[]>;
  /** Postings dated dateFrom..dateTo, both inclusive (the client turns dateTo into the API's exclusive bound). */
  postings(range: DateRange, onPage?: (info: PageInfo) => void): AsyncGenerator<TtxPosting[]>;
  /**
   * The client companies the employee token may log into (GET /company/>withLoginAccess); each is then
   * reached with its id as `companyId`. Asked as the employee's own company (no `companyId`).
   */
  clientCompanies(): AsyncGenerator<TtxClientCompany[]>;
  /** The saldobalanse over dateFrom..dateTo inclusive; accountNumberTo is exclusive, as in the API. */
  balanceSheet(
    range: DateRange & { accountNumberFrom?: number; accountNumberTo?: number },
  ): AsyncGenerator<TtxBalanceSheetAccount[]>;
}

export interface DateRange {
  /** yyyy-mm-dd, inclusive. */
  dateFrom: string;
  /** yyyy-mm-dd, inclusive. */
  dateTo: string;
}

/** The day after an ISO date, in UTC so no time zone shifts it. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Not a yyyy-mm-dd date: ${date}`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * NOK to integer øre. Tripletex sends amounts as JSON numbers with at most two decimals, so
 * x * 100 is within a few ulps of an integer (far below 0.5 for any amount under 2^53 øre) and
 * rounding recovers the exact øre. Anything that is not a finite number is a broken answer.
 */
export function toOre(nok: number): number {
  if (typeof nok !== 'number' || !Number.isFinite(nok)) throw new Error(`Not an amount: ${String(nok)}`);
  const ore = Math.round(nok * 100);
  return ore === 0 ? 0 : ore; // no -0 in the ledger
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTripletexClient(options: TripletexClientOptions): TripletexClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 5;
  const maxRateLimitRetries = options.maxRateLimitRetries ?? 20;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const pageSize = options.pageSize ?? 1000;
  const username = String(options.companyId ?? 0);
  let session: Promise<string> | undefined;

  const checkAborted = () => {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
  };

  /**
   * One HTTP exchange with retries. 429 waits for X-Rate-Limit-Reset; 5xx and network errors
   * back off exponentially (no jitter: one sync job per API account, so no herd to spread out).
   */
  async function exchange(method: 'GET' | 'PUT', path: string, query: Query, auth?: string): Promise<Response> {
    const url = new URL(baseUrl + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    const endpoint = `${method} ${path}`;
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      checkAborted();
      let response: Response | undefined;
      let networkError: unknown;
      try {
        response = await doFetch(url, {
          method,
          headers: { accept: 'application/json', ...(auth ? { authorization: auth } : {}) },
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        networkError = error;
      }
      if (response && response.status === 429) {
        await response.body?.cancel();
        rateLimited += 1;
        if (rateLimited > maxRateLimitRetries) {
          throw new ConnectorError(
            'source-unavailable',
            sourceError('TRIPLETEX_RATE_LIMITED', { endpoint, waits: maxRateLimitRetries }),
          );
        }
        const reset = Number(response.headers.get('x-rate-limit-reset'));
        await sleep(Number.isFinite(reset) && reset > 0 ? reset * 1000 : 1000);
        continue;
      }
      if (response && response.status < 500) return response;
      if (response) await response.body?.cancel();
      if (failures >= maxRetries) {
        throw new ConnectorError(
          'source-unavailable',
          sourceError('TRIPLETEX_UNAVAILABLE', {
            endpoint,
            status: response ? response.status : null,
            network: response ? '' : describeNetworkError(networkError),
            retries: maxRetries,
          }),
        );
      }
      await sleep(Math.min(30_000, retryBaseMs * 2 ** failures));
      failures += 1;
    }
  }

  async function createSession(): Promise<string> {
    const expiration = new Date((options.now?.() ?? new Date()).getTime() + 2 * 86_400_000);
    const response = await exchange('PUT', '/token/session/:create', {
      consumerToken: options.consumerToken,
      employeeToken: options.employeeToken,
      expirationDate: expiration.toISOString().slice(0, 10),
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ConnectorError('invalid-credentials', INVALID_CREDENTIALS);
    }
    if (!response.ok) throw await rejected('PUT /token/session/:create', response);
    const body = (await response.json()) as { value?: { token?: string } };
    const token = body.value?.token;
    if (!token) throw new ConnectorError('source-unavailable', sourceError('TRIPLETEX_NO_TOKEN', {}));
    return token;
  }

  function sessionToken(): Promise<string> {
    session ??= createSession().catch((error: unknown) => {
      session = undefined;
      throw error;
    });
    return session;
  }

  async function get<T>(path: string, query: Query = {}): Promise<T> {
    // A session can expire or be revoked during a long sync: one fresh session, then give up.
    for (let attempt = 0; ; attempt++) {
      const token = await sessionToken();
      const auth = `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`;
      const response = await exchange('GET', path, query, auth);
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        if (attempt === 0 && response.status === 401) {
          session = undefined;
          continue;
        }
        throw new ConnectorError('invalid-credentials', INVALID_CREDENTIALS);
      }
      if (!response.ok) throw await rejected(`GET ${path}`, response);
      return (await response.json()) as T;
    }
  }

  async function* list<T>(path: string, query: Query = {}, onPage?: (info: PageInfo) => void): AsyncGenerator<T[]> {
    let from = 0;
    for (;;) {
      checkAborted();
      const page = await get<TtxListResponse<T>>(path, { ...query, from, count: pageSize });
      const values = Array.isArray(page.values) ? page.values : [];
      from += values.length;
      onPage?.({
        received: from,
        ...(typeof page.fullResultSize === 'number' ? { fullResultSize: page.fullResultSize } : {}),
      });
      if (values.length > 0) yield values;
      if (values.length < pageSize) return;
    }
  }

  return {
    get,
    list,
    accounts: (onPage) => list('/ledger/account', { fields: FIELDS.account }, onPage),
    customers: (onPage) => list('/customer', { fields: FIELDS.party }, onPage),
    suppliers: (onPage) => list('/supplier', { fields: FIELDS.party }, onPage),
    products: (onPage) => list('/product', { fields: FIELDS.product }, onPage),
    employees: (onPage) => list('/employee', { fields: FIELDS.employee }, onPage),
    employments: (onPage) => list('/employee/employment', { fields: FIELDS.employment }, onPage),
    clientCompanies: () => list('/company/>withLoginAccess', { fields: FIELDS.clientCompany }),
    postings: (range, onPage) =>
      list(
        '/ledger/posting',
        { dateFrom: range.dateFrom, dateTo: nextDay(range.dateTo), fields: FIELDS.posting },
        onPage,
      ),
    balanceSheet: (range) =>
      list('/balanceSheet', {
        dateFrom: range.dateFrom,
        dateTo: nextDay(range.dateTo),
        accountNumberFrom: range.accountNumberFrom,
        accountNumberTo: range.accountNumberTo,
        fields: FIELDS.balanceSheet,
      }),
  };
}

async function rejected(endpoint: string, response: Response): Promise<ConnectorError> {
  let detail = '';
  try {
    const body = (await response.json()) as TtxErrorBody;
    detail = body.message ?? '';
  } catch {
    // Not the JSON error envelope; the status says enough.
  }
  return new ConnectorError(
    'source-unavailable',
    sourceError('TRIPLETEX_REJECTED', { endpoint, status: response.status, detail }),
  );
}

/** The network error's code (ECONNREFUSED), else its message, else ''. */
function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? error.message;
  }
  return '';
}
