import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import type { DemoOptions } from '../../connectors/demo/demo-connector.ts';
import { buildStandinCompany, type StandinCompany, type StandinPosting } from './company.ts';
import { applyFields, type FieldSpec, parseFields } from './fields.ts';

/**
 * A local stand-in for the Tripletex API v2 (the subset Saldo reads), for tests and development:
 * real paths under /v2, session tokens and Basic auth, from/count paging with fullResultSize,
 * the fields filter, exclusive dateTo, and injectable rate limits, failures and latency.
 * An accountant's employee token also reaches client companies (`clients`): listed by
 * GET /company/>withLoginAccess and each read with its id as the Basic-auth user name, as Tripletex does.
 * Test and dev tooling only: it keeps everything in memory and trusts its caller.
 */
export interface TripletexStandinOptions {
  /** 0 (default) picks a free port. The stand-in only ever listens on 127.0.0.1. */
  port?: number;
  consumerToken?: string;
  employeeToken?: string;
  /** The company id accepted as Basic-auth username besides `0`. */
  companyId?: number;
  /** The generated company; defaults to the demo company of 2024-01..2026-10. */
  company?: DemoOptions | StandinCompany;
  /**
   * Client companies the employee token has login access to (an accounting office's): each with its own
   * ledger, reached with its id as the Basic-auth user name. None by default.
   */
  clients?: ReadonlyArray<{
    id: number;
    name: string;
    organizationNumber: string;
    company: DemoOptions | StandinCompany;
  }>;
  /** A valid employee token of the own company without access to clients (withLoginAccess answers 403). */
  limitedEmployeeToken?: string;
  /** An employee token past its expiration date: creating a session with it is refused. */
  expiredEmployeeToken?: string;
  /** Every Nth request (counting only requests that faults apply to) answers 429. */
  rateLimitEvery?: number;
  /** How many requests in a row answer 429 once a rate limit hits. Default 1. */
  rateLimitBurst?: number;
  /** X-Rate-Limit-Reset on a 429, in seconds. Default 1. */
  rateLimitResetSeconds?: number;
  /** Every Nth request (counting only requests that faults apply to) answers 500. */
  failEvery?: number;
  /** Path prefixes (after /v2) faults apply to, e.g. ['/ledger/posting']; all paths when absent. */
  faultPaths?: string[];
  /** Delay before every answer. */
  latencyMs?: number;
}

export interface TripletexStandin {
  /** Base URL including /v2, e.g. http://127.0.0.1:41234/v2. */
  url: string;
  consumerToken: string;
  employeeToken: string;
  company: StandinCompany;
  clients: StandinClient[];
  limitedEmployeeToken: string;
  expiredEmployeeToken: string;
  /** Client company ids whose every request answers 500 (a company Tripletex fails for); change it at will. */
  failingCompanies: Set<number>;
  /** Requests received so far, faulted ones included. */
  readonly requests: number;
  /** Requests per path (after /v2), e.g. { '/ledger/posting': 40 }. */
  readonly requestsByPath: ReadonlyMap<string, number>;
  /** Forgets every session token, as when sessions expire during a long sync. */
  revokeSessions(): void;
  close(): Promise<void>;
}

export interface StandinClient {
  id: number;
  name: string;
  organizationNumber: string;
  company: StandinCompany;
}

type ErrorBody = {
  status: number;
  code: number;
  message: string;
  link: string;
  developerMessage: string | null;
  validationMessages: Array<{ field: string; message: string }> | null;
  requestId: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function startTripletexStandin(options: TripletexStandinOptions = {}): Promise<TripletexStandin> {
  const consumerToken = options.consumerToken ?? 'standin-consumer-token';
  const employeeToken = options.employeeToken ?? 'standin-employee-token';
  const companyId = options.companyId ?? 1_234_567;
  const limitedEmployeeToken = options.limitedEmployeeToken ?? 'standin-limited-employee-token';
  const expiredEmployeeToken = options.expiredEmployeeToken ?? 'standin-expired-employee-token';
  const built = (c: DemoOptions | StandinCompany) => ('postings' in c ? c : buildStandinCompany(c));
  const company = built(options.company ?? { seed: 4102, fromMonth: '2024-01', toMonth: '2026-10' });
  const clients: StandinClient[] = (options.clients ?? []).map((c) => ({ ...c, company: built(c.company) }));
  const failingCompanies = new Set<number>();
  /** Session token → the employee token it was created with. */
  const sessions = new Map<string, string>();
  const byPath = new Map<string, number>();
  let requests = 0;
  let faultable = 0;
  let burstLeft = 0;
  const postingCache = new Map<string, object[]>();
  let baseUrl = '';

  const app = new Hono();

  app.all('/v2/*', async (c) => {
    requests += 1;
    const requestId = randomUUID();
    c.header('x-tlx-request-id', requestId);
    c.header('X-Rate-Limit-Limit', '1000');
    c.header('X-Rate-Limit-Remaining', '999');
    c.header('X-Rate-Limit-Reset', '60');
    if (options.latencyMs) await delay(options.latencyMs);
    // '>' arrives percent-encoded; Tripletex's action and summary paths use ':' and '>'.
    const path = decodeURIComponent(new URL(c.req.url).pathname).slice('/v2'.length) || '/';
    byPath.set(path, (byPath.get(path) ?? 0) + 1);

    const error = (status: 401 | 403 | 404 | 422 | 429 | 500, code: number, message: string) =>
      c.json<ErrorBody>(
        {
          status,
          code,
          message,
          link: 'https://tripletex.no/v2-docs/',
          developerMessage: null,
          validationMessages: null,
          requestId,
        },
        status,
      );

    if (!options.faultPaths || options.faultPaths.some((p) => path.startsWith(p))) {
      faultable += 1;
      if (burstLeft > 0 || (options.rateLimitEvery && faultable % options.rateLimitEvery === 0)) {
        burstLeft = burstLeft > 0 ? burstLeft - 1 : (options.rateLimitBurst ?? 1) - 1;
        c.header('X-Rate-Limit-Remaining', '0');
        c.header('X-Rate-Limit-Reset', String(options.rateLimitResetSeconds ?? 1));
        return error(429, 0, 'Too many requests');
      }
      if (options.failEvery && faultable % options.failEvery === 0) {
        return error(500, 1000, 'Internal error (injected by the stand-in)');
      }
    }

    if (c.req.method === 'PUT' && path === '/token/session/:create') {
      const q = c.req.query();
      if (!q.consumerToken || !q.employeeToken || !q.expirationDate) {
        return error(422, 21000, 'consumerToken, employeeToken and expirationDate are required');
      }
      if (q.consumerToken === consumerToken && q.employeeToken === expiredEmployeeToken) {
        return error(403, 9000, 'The employee token has expired');
      }
      if (q.consumerToken !== consumerToken || ![employeeToken, limitedEmployeeToken].includes(q.employeeToken)) {
        return error(403, 9000, 'The consumer token is invalid or does not exist');
      }
      const token = `${randomBytes(24).toString('base64url')}`;
      sessions.set(token, q.employeeToken);
      return c.json({
        value: {
          id: sessions.size,
          version: 0,
          consumerToken: { id: 1 },
          employeeToken: { id: 1 },
          expirationDate: q.expirationDate,
          token,
        },
      });
    }

    const auth = basicAuth(c.req.header('authorization'));
    const employee = auth ? sessions.get(auth.password) : undefined;
    if (!auth || !employee) return error(401, 3000, 'Authorization is required');
    // The user name picks the company: blank or 0 the employee's own, a client's id that client (accountants only).
    const own = auth.username === '' || auth.username === '0' || auth.username === String(companyId);
    const client = own || employee !== employeeToken ? undefined : clients.find((x) => String(x.id) === auth.username);
    if (!own && !client) return error(403, 9000, 'You do not have access to this company');
    const target = client ?? { id: companyId, company };
    if (failingCompanies.has(target.id)) return error(500, 1000, 'Internal error (injected for this company)');
    if (c.req.method !== 'GET') return error(404, 6000, `${c.req.method} ${path} is not in the stand-in`);

    const q = c.req.query();
    let fields: FieldSpec | undefined;
    try {
      fields = parseFields(q.fields ?? '');
    } catch (e) {
      return error(422, 15000, (e as Error).message);
    }
    const page = (values: readonly object[]) => listResponse(c, values, fields, baseUrl);

    const ledger = target.company;
    switch (path) {
      case '/token/session/>whoAmI':
        return c.json({ value: { employeeId: ledger.employees[0]?.id ?? 0, companyId: target.id, language: 'no' } });
      case '/company/>withLoginAccess':
        // Asked as the employee's own company; a token without the accountant's client access is refused.
        if (client || employee !== employeeToken) return error(403, 9000, 'You do not have access to this resource');
        return page(clients.map(asTripletexClient));
      case '/ledger/account':
        return page(ledger.accounts);
      case '/customer':
        return page(ledger.customers);
      case '/supplier':
        return page(ledger.suppliers);
      case '/product':
        return page(ledger.products);
      case '/employee':
        return page(ledger.employees);
      case '/employee/employment': {
        const employeeId = q.employeeId ? Number(q.employeeId) : undefined;
        return page(
          employeeId === undefined
            ? ledger.employments
            : ledger.employments.filter((e) => e.employee.id === employeeId),
        );
      }
      case '/ledger/posting':
      case '/balanceSheet': {
        const { dateFrom, dateTo } = q;
        if (!dateFrom || !dateTo || !DATE.test(dateFrom) || !DATE.test(dateTo)) {
          return error(422, 15000, 'dateFrom and dateTo (yyyy-MM-dd) are required');
        }
        if (dateTo <= dateFrom) return error(422, 15000, 'dateTo must be after dateFrom (dateTo is exclusive)');
        const accountFrom = q.accountNumberFrom ? Number(q.accountNumberFrom) : 0;
        const accountTo = q.accountNumberTo ? Number(q.accountNumberTo) : Number.POSITIVE_INFINITY;
        if (path === '/balanceSheet') {
          return page(balanceSheet(ledger.postings, dateFrom, dateTo, accountFrom, accountTo));
        }
        const key = `${target.id}|${dateFrom}|${dateTo}|${accountFrom}|${accountTo}`;
        let postings = postingCache.get(key);
        if (!postings) {
          postings = ledger.postings
            .filter(
              (p) =>
                p.date >= dateFrom &&
                p.date < dateTo &&
                p.account.number >= accountFrom &&
                p.account.number < accountTo,
            )
            .map(({ ore: _ore, ...p }) => p);
          postingCache.set(key, postings);
        }
        return page(postings);
      }
      default:
        return error(404, 6000, `${path} is not in the stand-in`);
    }
  });

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}/v2`;

  return {
    url: baseUrl,
    consumerToken,
    employeeToken,
    company,
    clients,
    limitedEmployeeToken,
    expiredEmployeeToken,
    failingCompanies,
    get requests() {
      return requests;
    },
    get requestsByPath() {
      return byPath;
    },
    revokeSessions: () => sessions.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A client company as GET /company/>withLoginAccess lists it (the spec's Client). */
function asTripletexClient(client: StandinClient) {
  return {
    id: client.id,
    version: 0,
    name: client.name,
    displayName: client.name,
    organizationNumber: client.organizationNumber,
    type: 'AS',
    accountantOrSimilar: false,
  };
}

function basicAuth(header: string | undefined): { username: string; password: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function listResponse(c: Context, values: readonly object[], fields: FieldSpec | undefined, baseUrl: string) {
  const from = Math.max(0, Number.parseInt(c.req.query('from') ?? '0', 10) || 0);
  const countParam = Number.parseInt(c.req.query('count') ?? '1000', 10);
  const count = Number.isFinite(countParam) && countParam >= 0 ? countParam : 1000;
  const slice = values.slice(from, from + count);
  return c.json({
    fullResultSize: values.length,
    from,
    count: slice.length,
    versionDigest: null,
    values: slice.map((v) => applyFields(v as Record<string, unknown>, fields, baseUrl)),
  });
}

function balanceSheet(
  postings: readonly StandinPosting[],
  dateFrom: string,
  dateTo: string,
  accountFrom: number,
  accountTo: number,
) {
  const rows = new Map<number, { account: StandinPosting['account']; in: number; change: number }>();
  for (const p of postings) {
    if (p.date >= dateTo) break; // sorted by date
    const n = p.account.number;
    if (n < accountFrom || n >= accountTo) continue;
    let row = rows.get(n);
    if (!row) {
      row = { account: p.account, in: 0, change: 0 };
      rows.set(n, row);
    }
    if (p.date < dateFrom) row.in += p.ore;
    else row.change += p.ore;
  }
  return [...rows.values()]
    .filter((r) => r.in !== 0 || r.change !== 0)
    .sort((a, b) => a.account.number - b.account.number)
    .map((r) => ({
      account: r.account,
      balanceIn: r.in / 100,
      balanceChange: r.change / 100,
      balanceOut: (r.in + r.change) / 100,
      startDate: dateFrom,
      endDate: dateTo,
    }));
}
