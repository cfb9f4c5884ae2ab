/**
 * A consistent copy of Saldo's whole state while it runs: the libSQL file (SQLite's `VACUUM INTO`, one
 * read transaction, so a sync writing at the same moment is in the copy wholly or not at all) and the
 * files of the data folder (uploaded SAF-T files, avatars, the auth secret that seals stored keys).
 * A backup is written into `<dir>.partial` and renamed when complete, with a manifest of every file's
 * size and SHA-256; a restore checks the manifest before it writes anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { createClient } from '@libsql/client';

export const MANIFEST = 'manifest.json';
export const DATABASE_COPY = 'saldo.db';
const FILES = 'files';

export interface BackupFile {
  /** Path below the data folder, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: BackupFile;
  files: BackupFile[];
}

export interface StateLocation {
  databaseUrl: string;
  dataDir: string;
}

/** Something a backup or restore refuses, said to the operator as it is (no stack trace needed). */
export class BackupError extends Error {}

/** The file behind a `file:` URL; a remote libSQL server keeps its own backups (docs/operations.md). */
export function databaseFile(databaseUrl: string): string {
  if (!databaseUrl.startsWith('file:'))
    throw new BackupError(
      `DATABASE_URL is not a local file (${databaseUrl.replace(/\/\/[^/]*@/, '//…@')}): back up a remote libSQL server with its own tools (see docs/operations.md).`,
    );
  return resolve(databaseUrl.slice('file:'.length).split('?')[0]!);
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function described(file: string, path: string): Promise<BackupFile> {
  return { path, bytes: (await stat(file)).size, sha256: await sha256(file) };
}

/** Every regular file below `root`, skipping the database's own files and anything under `skip`. */
async function filesBelow(root: string, skip: (absolute: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (skip(path)) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(path);
    }
  }
  await walk(root);
  return found.sort();
}

const isBelow = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);

/**
 * Writes a backup of the database and the data folder into `dir` (which must not exist yet) and returns
 * its manifest. Safe while the server runs and syncs.
 */
export async function backup(from: StateLocation, dir: string): Promise<BackupManifest> {
  const target = resolve(dir);
  const dbFile = databaseFile(from.databaseUrl);
  const dataDir = resolve(from.dataDir);
  if (await exists(target)) throw new BackupError(`${target} exists already: a backup goes into a new folder.`);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, FILES), { recursive: true, mode: 0o700 });
  try {
    const copy = join(partial, DATABASE_COPY);
    const client = createClient({ url: `file:${dbFile}`, timeout: 5000 });
    try {
      await client.execute({ sql: 'VACUUM INTO ?', args: [copy] });
    } finally {
      client.close();
    }
    await chmod(copy, 0o600);
    const database = await described(copy, DATABASE_COPY);
    const skip = (path: string) =>
      (isBelow(dbFile, dataDir) && path.startsWith(dbFile)) || isBelow(path, target) || isBelow(path, partial);
    const files: BackupFile[] = [];
    for (const file of await filesBelow(dataDir, skip)) {
      const path = relative(dataDir, file).split(sep).join('/');
      const to = join(partial, FILES, ...path.split('/'));
      await mkdir(dirname(to), { recursive: true, mode: 0o700 });
      await copyFile(file, to);
      await chmod(to, 0o600);
      files.push(await described(to, path));
    }
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database, files };
    await writeFile(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, target);
    return manifest;
  } catch (e) {
    await rm(partial, { recursive: true, force: true });
    throw e;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Reads a backup's manifest and checks every file against it; throws before anything is written. */
export async function verifiedManifest(dir: string): Promise<BackupManifest> {
  const source = resolve(dir);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(source, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${source} is not a Saldo backup: it has no readable ${MANIFEST}.`);
  }
  if (manifest.format !== 1) throw new BackupError(`${source}: unknown backup format ${String(manifest.format)}.`);
  const check = async (file: string, want: BackupFile) => {
    if (!(await exists(file)) || (await sha256(file)) !== want.sha256)
      throw new BackupError(`${source}: ${want.path} is missing or differs from the manifest; nothing was restored.`);
  };
  await check(join(source, DATABASE_COPY), manifest.database);
  for (const f of manifest.files) {
    if (f.path.split('/').some((part) => part === '..' || part === '')) throw new BackupError(`bad path ${f.path}`);
    await check(join(source, FILES, ...f.path.split('/')), f);
  }
  return manifest;
}

/** Whether the database at `file` holds anything a restore would overwrite (a user or a board). */
async function hasData(file: string): Promise<boolean> {
  if (!(await exists(file))) return false;
  const client = createClient({ url: `file:${file}`, timeout: 5000 });
  try {
    const tables = await client.execute(
      "select name from sqlite_master where type = 'table' and name in ('user', 'board')",
    );
    for (const row of tables.rows) {
      const counted = await client.execute(`select count(*) as n from "${String(row.name)}"`);
      if (Number(counted.rows[0]?.n) > 0) return true;
    }
    return false;
  } finally {
    client.close();
  }
}

/**
 * Brings a backup back into `to` (a stopped server's database file and data folder). Refuses a database
 * that holds data unless `force`; the database file is replaced in one rename.
 */
export async function restore(
  dir: string,
  to: StateLocation,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const source = resolve(dir);
  const manifest = await verifiedManifest(source);
  const dbFile = databaseFile(to.databaseUrl);
  if (!options.force && (await hasData(dbFile)))
    throw new BackupError(
      `${dbFile} holds data already: stop the server and restore with --force to replace it (it is not kept).`,
    );
  const dataDir = resolve(to.dataDir);
  for (const f of manifest.files) {
    const target = join(dataDir, ...f.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(source, FILES, ...f.path.split('/')), `${target}.restoring`);
    await rename(`${target}.restoring`, target);
  }
  await mkdir(dirname(dbFile), { recursive: true });
  const incoming = `${dbFile}.restoring`;
  await copyFile(join(source, DATABASE_COPY), incoming);
  // The old file's write-ahead log belongs to the old file: left beside the new one, SQLite would replay it.
  for (const suffix of ['-wal', '-shm', '-journal']) await rm(dbFile + suffix, { force: true });
  await rename(incoming, dbFile);
  return manifest;
}

/** A backup folder's name for a moment: sortable, one per second at most. */
export const backupName = (at: Date) =>
  `saldo-${at
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z')}`;

export const isBackupName = (name: string) => /^saldo-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/.test(basename(name));
