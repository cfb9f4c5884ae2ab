/**
 * Parses a SAF-T file in a worker thread and posts what the parser finds (its calls on a SaftSink)
 * to the parent in batches, so parsing a big file (the larger part of the CPU) runs on one core
 * while the parent builds the records and writes the ledger (the libSQL driver, synchronous) on the
 * other. Started by threaded.ts; the protocol is in WorkerMessage / ParentMessage.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportWarning } from '@saldo/contract/sources/import-warnings';
import { readSaft } from './saft/saft-connector.ts';
import { SinkEncoder } from './saft/saft-sink-codec.ts';
import type { ConnectorSpec, ParentMessage, WorkerMessage } from './threaded.ts';
import { ConnectorError } from './types.ts';

/** Transaction lines (and other calls) a message carries. */
const BATCH = 2000;
/** Batches posted but not yet taken by the parent: bounds memory when the database is the slower side. */
const MAX_IN_FLIGHT = 4;

const port = parentPort;
if (!port) throw new Error('connector-worker must run in a worker thread');
const { spec } = workerData as { spec: ConnectorSpec };
const controller = new AbortController();
let inFlight = 0;
let resume: (() => void) | null = null;

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

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

async function run() {
  try {
    const ctx = {
      signal: controller.signal,
      progress: (part: string, fraction: number) => post({ type: 'progress', part, fraction }),
      warn: (warning: ImportWarning) => post({ type: 'warn', warning }),
    };
    const batches = readSaft(
      { path: spec.path },
      ctx,
      (where) => new SinkEncoder(where),
      (sink, last) => (sink.size >= BATCH || (last && sink.size > 0) ? sink.take() : null),
    );
    for await (const calls of batches) {
      inFlight += 1;
      // The buffers are moved, not copied (slice made them the batch's own).
      post({ type: 'calls', calls }, [calls.numbers.buffer as ArrayBuffer, calls.chars.buffer as ArrayBuffer]);
      while (inFlight >= MAX_IN_FLIGHT && !controller.signal.aborted) await new Promise<void>((r) => (resume = r));
    }
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
