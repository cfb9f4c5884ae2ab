/**
 * The Hrana protocol's JSON shapes (HRANA_3_SPEC.md, as libsql-server sends and reads them) and their
 * conversion to and from SQLite values, for the local Hrana server (hrana-server.ts).
 */

export type ProtoValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

export interface ProtoStmt {
  sql?: string;
  sql_id?: number;
  args?: ProtoValue[];
  named_args?: { name: string; value: ProtoValue }[];
  want_rows?: boolean;
}

export type ProtoCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: ProtoCond }
  | { type: 'and' | 'or'; conds: ProtoCond[] }
  | { type: 'is_autocommit' };

export interface ProtoError {
  message: string;
  code: string;
}

export interface StmtResult {
  cols: { name: string | null; decltype: string | null }[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

/** A client's mistake against the protocol itself: sqld answers 400 with the text and drops the stream. */
export class ProtocolError extends Error {}

/** A statement's own failure: a result of type "error" in the pipeline, the stream goes on. */
export class StatementError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  proto(): ProtoError {
    return { message: this.message, code: this.code };
  }
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/** A protocol value as the SQLite driver binds it: integers as BigInt, so no digit beyond 2^53 is lost. */
export function toSqlite(value: ProtoValue): bigint | number | string | Buffer | null {
  switch (value?.type) {
    case 'null':
      return null;
    case 'integer': {
      if (typeof value.value !== 'string' || !/^-?\d+$/.test(value.value)) {
        throw new ProtocolError(`Integer value must be a string of digits, got ${JSON.stringify(value.value)}`);
      }
      const n = BigInt(value.value);
      if (n < I64_MIN || n > I64_MAX) throw new ProtocolError(`Integer value out of 64-bit range: ${value.value}`);
      return n;
    }
    case 'float':
      if (typeof value.value !== 'number') throw new ProtocolError('Float value must be a JSON number');
      return value.value;
    case 'text':
      if (typeof value.value !== 'string') throw new ProtocolError('Text value must be a JSON string');
      return value.value;
    case 'blob':
      if (typeof value.base64 !== 'string') throw new ProtocolError('Blob value must have a base64 string');
      return Buffer.from(value.base64, 'base64');
    default:
      throw new ProtocolError(`Unknown value type ${JSON.stringify((value as { type?: unknown })?.type)}`);
  }
}

/** A value read with safe integers on: a bigint is an INTEGER, a number is a REAL. */
export function fromSqlite(value: unknown): ProtoValue {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value).toString('base64') };
  throw new Error(`SQLite returned a value of unknown kind: ${typeof value}`);
}

/**
 * A driver error as sqld words it: the primary result code (SQLITE_CONSTRAINT, not
 * SQLITE_CONSTRAINT_FOREIGNKEY) and "SQLite error: …"; a syntax error is sqld's own parser's.
 */
export function sqliteError(err: unknown): StatementError {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (typeof e?.code !== 'string' || !e.code.startsWith('SQLITE_')) throw err;
  if (/syntax error|incomplete input|unrecognized token/.test(message)) {
    return new StatementError('SQL_PARSE_ERROR', `SQL string could not be parsed: ${message}`);
  }
  return new StatementError(e.code.split('_').slice(0, 2).join('_'), `SQLite error: ${message}`);
}

/**
 * Splits SQL text into its statements as sqld's parser counts them: semicolons inside quotes, comments
 * and a trigger's BEGIN … END do not end one, and an empty statement (only comments) is none.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = sql.slice(start, end);
    if (stripComments(text).trim() !== '') statements.push(text.trim());
    start = end + 1;
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      i = sql.indexOf(ch, i + 1);
      if (i < 0) break;
    } else if (ch === '[') {
      i = sql.indexOf(']', i + 1);
      if (i < 0) break;
    } else if (ch === '-' && sql[i + 1] === '-') {
      i = sql.indexOf('\n', i);
      if (i < 0) break;
    } else if (ch === '/' && sql[i + 1] === '*') {
      i = sql.indexOf('*/', i + 2);
      if (i < 0) break;
      i += 1;
    } else if (ch === ';') {
      const sofar = stripComments(sql.slice(start, i));
      const trigger = /^\s*create\s+(temp\s+|temporary\s+)?trigger\b/i.test(sofar);
      if (!trigger || /\bend\s*$/i.test(sofar)) push(i);
    }
    i += 1;
  }
  if (start < sql.length) push(sql.length);
  return statements;
}

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ');
}
