import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Driver from 'libsql';
import {
  fromSqlite,
  type ProtoCond,
  ProtocolError,
  type ProtoStmt,
  StatementError,
  type StmtResult,
  splitStatements,
  sqliteError,
  toSqlite,
} from './hrana-values.ts';

/**
 * A local server speaking libSQL's remote protocol, Hrana over HTTP (versions 2 and 3, JSON), as sqld
 * does, so the client path of a remote DATABASE_URL runs here against a real database (nothing else on
 * this machine speaks it). Like sqld, every stream is its own SQLite connection on the database file:
 * a PRAGMA holds only for its stream, an interactive transaction holds its connection across HTTP
 * requests (a baton a request), and another stream's write waits for it. Not here: cursors
 * (`/v3/cursor`), Protobuf (`/v3-protobuf`, so the client falls back to v2), `describe`, WebSockets,
 * replication.
 */
export interface HranaServerOptions {
  /** The SQLite file behind it (WAL, as sqld keeps its database). */
  file: string;
  /** When set, every request must carry `Authorization: Bearer <authToken>` (as DATABASE_AUTH_TOKEN). */
  authToken?: string;
  /**
   * false: every new stream's connection starts with foreign keys off, as a plain SQLite build leaves
   * them; by default they are on, as libSQL's build (which sqld runs, and this server too) turns them on.
   */
  foreignKeys?: boolean;
  /** 0 (default) picks a free port; it listens only on 127.0.0.1. */
  port?: number;
}

export interface HranaServer {
  url: string;
  /** Streams open now: connections held between requests (an interactive transaction's, say). */
  openStreams(): number;
  /** Pipeline requests served, and of those refused for their token. */
  stats: { pipelines: number; unauthorized: number };
  close(): Promise<void>;
}

interface Stream {
  conn: Driver.Database;
  sqls: Map<number, string>;
  baton: string | null;
  expiry: NodeJS.Timeout | null;
}

/** sqld's limits on a stream's stored SQL texts, and how long an idle stream lives. */
const MAX_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5 * 1024;
const STREAM_EXPIRY_MS = 10_000;
/** How long a statement waits for a lock another stream holds (sqld queues it instead of failing). */
const LOCK_WAIT_MS = 5_000;

export async function startHranaServer(options: HranaServerOptions): Promise<HranaServer> {
  const streams = new Map<string, Stream>();
  const expired = new Set<string>();
  const stats = { pipelines: 0, unauthorized: 0 };
  const setup = new Driver(options.file);
  setup.exec('PRAGMA journal_mode = WAL');
  setup.close();

  const closeStream = (stream: Stream) => {
    if (stream.expiry) clearTimeout(stream.expiry);
    if (stream.baton) streams.delete(stream.baton);
    stream.baton = null;
    // Closing the connection rolls back a transaction left open, as sqld does when a stream ends.
    if (stream.conn.open) stream.conn.close();
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' && (path === '/' || path === '/v2' || path === '/v3')) {
      return send(res, 200, 'text/plain', 'Hello, this is HTTP API v2 (Hrana over HTTP)');
    }
    const version = path === '/v2/pipeline' ? 2 : path === '/v3/pipeline' ? 3 : 0;
    if (req.method !== 'POST' || version === 0) return send(res, 404, 'text/plain', 'Not found');
    stats.pipelines += 1;
    if (options.authToken && req.headers.authorization !== `Bearer ${options.authToken}`) {
      stats.unauthorized += 1;
      return send(res, 401, 'text/plain', 'Unauthorized: the authorization token is missing or wrong');
    }
    let body: { baton?: string | null; requests?: unknown };
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return send(res, 400, 'text/plain', 'Could not deserialize JSON request body');
    }
    let stream: Stream;
    if (typeof body.baton === 'string') {
      const found = streams.get(body.baton);
      if (!found) {
        if (!expired.has(body.baton)) return send(res, 400, 'text/plain', 'The baton is invalid or was reused');
        const error = { message: 'The stream has expired due to inactivity', code: 'STREAM_EXPIRED' };
        return send(res, 500, 'application/json', JSON.stringify(error));
      }
      stream = found;
      // A baton is good for one request: the next must use the one this answer gives.
      streams.delete(body.baton);
      if (stream.expiry) clearTimeout(stream.expiry);
    } else {
      stream = { conn: new Driver(options.file), sqls: new Map(), baton: null, expiry: null };
      if (options.foreignKeys === false) stream.conn.exec('PRAGMA foreign_keys = OFF');
    }
    const results: unknown[] = [];
    try {
      if (!Array.isArray(body.requests)) throw new ProtocolError('Field "requests" must be an array');
      for (const request of body.requests) results.push(await handleRequest(stream, request, version));
    } catch (err) {
      closeStream(stream);
      if (err instanceof ProtocolError) return send(res, 400, 'text/plain', err.message);
      throw err;
    }
    if (stream.conn.open) {
      const baton = randomBytes(24).toString('base64url');
      stream.baton = baton;
      streams.set(baton, stream);
      stream.expiry = setTimeout(() => {
        closeStream(stream);
        expired.add(baton);
      }, STREAM_EXPIRY_MS);
      stream.expiry.unref();
    }
    send(res, 200, 'application/json', JSON.stringify({ baton: stream.baton, base_url: null, results }));
  };

  const server: Server = createServer((req, res) => {
    handler(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', `Internal error: ${String(err)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    openStreams: () => new Set(streams.values()).size,
    stats,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const stream of new Set(streams.values())) closeStream(stream);
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

type StreamRequest = { type?: unknown; [key: string]: unknown };

async function handleRequest(stream: Stream, request: unknown, version: number): Promise<unknown> {
  const r = request as StreamRequest;
  const ok = (response: object) => ({ type: 'ok', response: { type: r.type, ...response } });
  try {
    switch (r?.type) {
      case 'close':
        stream.conn.close();
        return ok({});
      case 'execute':
        return ok({ result: await execute(stream, r.stmt as ProtoStmt) });
      case 'batch': {
        const steps = (r.batch as { steps?: unknown })?.steps;
        if (!Array.isArray(steps)) throw new ProtocolError('Field "batch.steps" must be an array');
        return ok({ result: await batch(stream, steps, version) });
      }
      case 'sequence': {
        for (const sql of splitStatements(sqlOf(stream, r.sql, r.sql_id))) {
          await runStatement(stream.conn, sql, [], false);
        }
        return ok({});
      }
      case 'store_sql': {
        const id = r.sql_id;
        if (typeof id !== 'number' || typeof r.sql !== 'string')
          throw new ProtocolError('store_sql needs sql_id and sql');
        if (stream.sqls.has(id)) throw new ProtocolError(`SQL text with id ${id} already exists`);
        if (stream.sqls.size >= MAX_SQL_COUNT) {
          throw new StatementError(
            'SQL_STORE_TOO_MANY',
            `The server already stores ${stream.sqls.size} SQL texts, it cannot store more`,
          );
        }
        if (Buffer.byteLength(r.sql) > MAX_STORED_SQL_BYTES) {
          throw new StatementError('SQL_STORE_TOO_LARGE', 'The statement is too large to be stored');
        }
        stream.sqls.set(id, r.sql);
        return ok({});
      }
      case 'close_sql':
        stream.sqls.delete(r.sql_id as number);
        return ok({});
      case 'get_autocommit':
        if (version < 3) throw new ProtocolError('The `get_autocommit` request is supported from Hrana 3');
        return ok({ is_autocommit: !connOf(stream).inTransaction });
      default:
        throw new ProtocolError(`Stream request of type ${JSON.stringify(r?.type)} is not supported`);
    }
  } catch (err) {
    if (err instanceof StatementError) return { type: 'error', error: err.proto() };
    throw err;
  }
}

function connOf(stream: Stream): Driver.Database {
  if (!stream.conn.open) throw new ProtocolError('The stream was closed');
  return stream.conn;
}

function sqlOf(stream: Stream, sql: unknown, sqlId: unknown): string {
  if (typeof sql === 'string' && sqlId === undefined) return sql;
  if (sql === undefined && typeof sqlId === 'number') {
    const stored = stream.sqls.get(sqlId);
    if (stored === undefined) throw new ProtocolError(`SQL text with id ${sqlId} was not found`);
    return stored;
  }
  throw new ProtocolError('Exactly one of "sql" and "sql_id" must be given');
}

async function execute(stream: Stream, stmt: ProtoStmt): Promise<StmtResult> {
  if (!stmt || typeof stmt !== 'object') throw new ProtocolError('Field "stmt" must be an object');
  const statements = splitStatements(sqlOf(stream, stmt.sql, stmt.sql_id));
  if (statements.length === 0)
    throw new StatementError('SQL_NO_STATEMENT', 'SQL string does not contain any statement');
  if (statements.length > 1)
    throw new StatementError('SQL_MANY_STATEMENTS', 'SQL string contains more than one statement');
  const positional = stmt.args ?? [];
  const named = stmt.named_args ?? [];
  if (positional.length > 0 && named.length > 0) {
    throw new StatementError(
      'ARGS_BOTH_POSITIONAL_AND_NAMED',
      'Specifying both positional and named arguments is not supported',
    );
  }
  const args =
    named.length > 0
      ? // The driver names a parameter without its prefix (`:a`, `@a` and `$a` are all `a`).
        [Object.fromEntries(named.map((a) => [a.name.replace(/^[:@$]/, ''), toSqlite(a.value)]))]
      : positional.map(toSqlite);
  return runStatement(connOf(stream), statements[0]!, args, stmt.want_rows ?? true);
}

async function runStatement(
  conn: Driver.Database,
  sql: string,
  args: unknown[],
  wantRows: boolean,
): Promise<StmtResult> {
  const waitUntil = Date.now() + LOCK_WAIT_MS;
  let stmt: Driver.Statement;
  try {
    stmt = conn.prepare(sql);
  } catch (err) {
    throw sqliteError(err);
  }
  for (;;) {
    try {
      return runOnce(conn, stmt, args, wantRows);
    } catch (err) {
      const code = (err as { code?: unknown })?.code;
      // Another stream holds the lock: wait as sqld does, letting that stream's next request in. The
      // same statement is stepped again: the driver leaves one that hit SQLITE_BUSY unreset, and while
      // it is, an autocommit write on the connection is never committed.
      if (typeof code === 'string' && code.startsWith('SQLITE_BUSY') && Date.now() < waitUntil) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        continue;
      }
      throw sqliteError(err);
    }
  }
}

function runOnce(conn: Driver.Database, stmt: Driver.Statement, args: unknown[], wantRows: boolean): StmtResult {
  const totalBefore = counters(conn)[2];
  let cols: StmtResult['cols'] = [];
  let rows: unknown[][] = [];
  if (stmt.reader) {
    cols = stmt.columns().map((c) => ({ name: c.name, decltype: c.type }));
    rows = stmt
      .raw(true)
      .safeIntegers(true)
      .all(...args) as unknown[][];
  } else {
    stmt.run(...args);
  }
  const [changes, rowid, totalAfter] = counters(conn);
  return {
    cols,
    rows: wantRows ? rows.map((row) => row.map(fromSqlite)) : [],
    // changes() keeps the last INSERT/UPDATE/DELETE's count: a statement that changed nothing reports 0.
    affected_row_count: totalAfter === totalBefore ? 0 : Number(changes),
    last_insert_rowid: rowid.toString(),
  };
}

function counters(conn: Driver.Database): [bigint, bigint, bigint] {
  const row = conn.prepare('SELECT changes(), last_insert_rowid(), total_changes()').raw(true).safeIntegers(true).get();
  return row as [bigint, bigint, bigint];
}

async function batch(stream: Stream, steps: unknown[], version: number) {
  const results: (StmtResult | null)[] = [];
  const errors: ({ message: string; code: string } | null)[] = [];
  const holds = (cond: ProtoCond, step: number): boolean => {
    switch (cond?.type) {
      case 'ok':
      case 'error':
        if (!(Number.isInteger(cond.step) && cond.step >= 0 && cond.step < step)) {
          throw new ProtocolError('Batch condition refers to a step that is not before it');
        }
        return cond.type === 'ok' ? results[cond.step] !== null : errors[cond.step] !== null;
      case 'not':
        return !holds(cond.cond, step);
      case 'and':
        return cond.conds.map((c) => holds(c, step)).every(Boolean);
      case 'or':
        return cond.conds.map((c) => holds(c, step)).some(Boolean);
      case 'is_autocommit':
        if (version < 3) throw new ProtocolError('BatchCond of type `is_autocommit` is supported from Hrana 3');
        return !connOf(stream).inTransaction;
      default:
        throw new ProtocolError(`Unknown batch condition ${JSON.stringify((cond as { type?: unknown })?.type)}`);
    }
  };
  for (const [i, raw] of steps.entries()) {
    const step = raw as { condition?: ProtoCond | null; stmt: ProtoStmt };
    results.push(null);
    errors.push(null);
    if (step.condition && !holds(step.condition, i)) continue;
    try {
      results[i] = await execute(stream, step.stmt);
    } catch (err) {
      if (!(err instanceof StatementError)) throw err;
      errors[i] = err.proto();
    }
  }
  return { step_results: results, step_errors: errors };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}
