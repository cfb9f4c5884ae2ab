/**
 * Backups as a scheduled job: each slot's backup goes into a folder named after the slot under
 * SALDO_BACKUP_DIR (so a run taken over after a crash finds its finished folder, or writes it again from
 * scratch), and only the newest SALDO_BACKUP_KEEP backups are kept.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { backup, backupName, isBackupName, MANIFEST, type StateLocation } from '../ops/backup.ts';
import type { JobHandler, Schedule } from './runner.ts';

export const BACKUP_JOB = 'backup';

export interface BackupSettings {
  dir: string;
  everyMs: number;
  keep: number;
}

export const backupSchedule = (s: BackupSettings): Schedule => ({ kind: BACKUP_JOB, everyMs: s.everyMs });

const done = (folder: string) =>
  stat(join(folder, MANIFEST)).then(
    () => true,
    () => false,
  );

/** Removes all but the newest `keep` finished backups; what is not a backup of ours is left alone. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter(isBackupName).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { recursive: true, force: true });
  return old;
}

export function backupHandler(state: StateLocation, s: BackupSettings): JobHandler {
  return {
    async run(job) {
      const folder = join(s.dir, backupName(new Date(job.slot)));
      if (!(await done(folder))) {
        // A folder without its manifest is not ours to keep: backup() starts it again.
        await rm(folder, { recursive: true, force: true });
        await backup(state, folder);
      }
      const pruned = await pruneBackups(s.dir, s.keep);
      return `${folder}${pruned.length ? ` (removed ${pruned.length} older)` : ''}`;
    },
  };
}
