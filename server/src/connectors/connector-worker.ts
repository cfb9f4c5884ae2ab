/**
 * Runs a connector in a worker thread and posts its records to the parent in batches, so parsing a
 * big file (CPU) and writing the ledger (the libSQL driver, synchronous on the main thread) run on
 * two cores at once. Started by threaded.ts; the protocol is in WorkerMessage / ParentMessage.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportWarning } from '@saldo/contract/import-warnings';
import { type EncodedRecords, encodeRecords } from './record-codec.ts';
import { saftConnector } from './saft/saft-connector.ts';
import type { ConnectorSpec, ParentMessage, WorkerMessage } from './threaded.ts';
import { ConnectorError, recordBatches } from './types.ts';

const BATCH = 2000;
/** Batches posted but not yet taken by the parent: bounds memory when the database is the slower side. */
const MAX_IN_FLIGHT = 4;

const port = parentPort;
if (!port) throw new Error('connector-worker must run in a worker thread');
const { spec } = workerData as { spec: ConnectorSpec };
const controller = new AbortController();
let inFlight = 0;
let resume: (() => void) | null = null;

const post = (message: WorkerMessage) => port.postMessage(message);

port.on('message', (message: ParentMessage) => {
  if (message.type === 'ack') {
    inFlight -= 1;
    resume?.();
    resume = null;
  } else if (message.type === 'abort') {
    controller.abort(new Error('The sync was stopped'));
    resume?.();
  }
});

function connectorOf(s: ConnectorSpec) {
  switch (s.kind) {
    case 'saft':
      return saftConnector({ path: s.path });
  }
}

async function run() {
  let batch: EncodedRecords = [];
  let count = 0;
  const flush = async () => {
    if (count === 0) return;
    inFlight += 1;
    post({ type: 'records', encoded: batch, count });
    batch = [];
    count = 0;
    while (inFlight >= MAX_IN_FLIGHT && !controller.signal.aborted) await new Promise<void>((r) => (resume = r));
  };
  try {
    const ctx = {
      signal: controller.signal,
      progress: (part: string, fraction: number) => post({ type: 'progress', part, fraction }),
      warn: (warning: ImportWarning) => post({ type: 'warn', warning }),
    };
    for await (const records of recordBatches(connectorOf(spec), ctx)) {
      encodeRecords(records, batch);
      count += records.length;
      if (count >= BATCH) await flush();
    }
    await flush();
    post({ type: 'done' });
  } catch (err) {
    post(
      err instanceof ConnectorError
        ? { type: 'error', kind: err.kind, error: err.error }
        : { type: 'error', kind: null, message: err instanceof Error ? err.message : String(err) },
    );
  }
}

void run();
