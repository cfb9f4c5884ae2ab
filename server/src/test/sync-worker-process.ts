/**
 * A sync worker in a process of its own, for the fault-injection test: it claims one job of the
 * database given and runs it, so the test can kill it with SIGKILL half-way.
 * Usage: node --import tsx sync-worker-process.ts <database url> <data dir> <lease ms>
 */
import { processDeps } from './process-deps.ts';

// The default worker id starts with this process's id, as a server's does (see releaseLeasesOf).
const deps = await processDeps('fault-test-secret-0123456789abcdef', (leaseMs) => ({ leaseMs, progressEveryMs: 50 }));
process.send?.('started');
await deps.sync.runNext();
process.send?.('finished');
