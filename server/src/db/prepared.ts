import type { Db } from './client.ts';

/**
 * A statement every request runs (the session, the board role, the board's sources), built once per
 * database instead of once per call: drizzle's query builder costs about 150 µs of CPU a query,
 * several times what SQLite takes to run these. Values go in as `sql.placeholder(name)`. Nothing but
 * the statement's text is kept, so every call still reads the database as it is now.
 */
export function preparedOn<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
