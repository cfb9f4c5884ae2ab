/**
 * `npm run backup -w @saldo/server -- DIR` and `npm run restore -w @saldo/server -- DIR [--force]`:
 * the database and data folder of this environment (DATABASE_URL, SALDO_DATA_DIR, as the server reads
 * them) copied into DIR while the server runs, or brought back from it into a stopped server's place.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, backup, restore } from './backup.ts';

const [command, dir, ...flags] = process.argv.slice(2);
const usage = 'usage: backup DIR | restore DIR [--force]';

async function main(): Promise<string> {
  if (!dir || (command !== 'backup' && command !== 'restore') || flags.some((f) => f !== '--force'))
    throw new BackupError(usage);
  // npm runs a workspace's script in its folder; DIR is meant from where the operator typed it.
  const folder = resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  const config = loadConfig();
  const at = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (command === 'backup') {
    const m = await backup(at, folder);
    return `Backup written to ${folder}: the database (${m.database.bytes} bytes) and ${m.files.length} files of ${config.dataDir}.`;
  }
  const m = await restore(folder, at, { force: flags.includes('--force') });
  return `Restored the backup of ${m.createdAt} into ${config.databaseUrl} and ${config.dataDir} (${m.files.length} files).`;
}

main().then(
  (said) => console.log(said),
  (e: unknown) => {
    console.error(e instanceof BackupError ? e.message : e);
    process.exit(1);
  },
);
