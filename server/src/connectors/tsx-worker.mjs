// Development and tests only: registers tsx's loader in this worker thread (Node 20 ignores
// --import in a worker's execArgv), then runs the TypeScript worker named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.script);
