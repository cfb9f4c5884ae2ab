/**
 * A scheduled-job runner in a process of its own, for the test that kills it mid-run (kill -9): its one
 * handler marks that it started, then works until the process is killed.
 * Usage: node --import tsx job-runner-process.ts <database url> <lease ms> <marker file>
 */
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { createJobRunner } from '../jobs/runner.ts';

const [url, leaseMs, marker] = process.argv.slice(2);
if (!url || !leaseMs || !marker) throw new Error('usage: <database url> <lease ms> <marker file>');
const { db } = await openDatabase(url);
const runner = createJobRunner({
  db,
  leaseMs: Number(leaseMs),
  handlers: {
    slow: {
      run: () => {
        writeFileSync(marker, String(process.pid));
        return new Promise<string>(() => undefined);
      },
    },
  },
  onFailure: async () => undefined,
});
process.send?.('ready');
await runner.runNext();
