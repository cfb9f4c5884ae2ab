import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's global set-up for the server's tests: one temporary folder for the run, whose path the
 * test processes inherit (SALDO_TEST_TMP), removed when the run ends. Test apps make their data
 * folders in it; a run used to leave a thousand folders in /tmp.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'saldo-tests-'));
  process.env.SALDO_TEST_TMP = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
