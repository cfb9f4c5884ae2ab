import { Worker } from 'node:worker_threads';
import type { ImportWarning } from '@saldo/contract/sources/import-warnings';
import type { SourceError } from '@saldo/contract/sources/source-errors';
import { type SaftReadOptions, SaftRecords } from './saft/saft-records.ts';
import { type EncodedCalls, replayCalls } from './saft/saft-sink-codec.ts';
import {
  batched,
  type Connector,
  ConnectorError,
  type ConnectorErrorKind,
  type LedgerRecord,
  type SyncContext,
} from './types.ts';

/** What a worker thread needs to build the connector: plain data, as it crosses threads. */
export type ConnectorSpec = {
  kind: 'saft';
  path: string;
  /** How the records are made (the source's settings); the worker only parses. */
  options?: SaftReadOptions;
};

export type WorkerMessage =
  /** The parser's calls on its sink, encoded by saft-sink-codec.ts. */
  | { type: 'calls'; calls: EncodedCalls }
  | { type: 'progress'; part: string; fraction: number }
  | { type: 'warn'; warning: ImportWarning }
  | { type: 'done' }
  /** A ConnectorError with its kind and coded error, or any other failure by its message. */
  | { type: 'error'; kind: ConnectorErrorKind; error: SourceError }
  | { type: 'error'; kind: null; message: string };

export type ParentMessage = { type: 'ack' } | { type: 'abort' };

const PARTS: Record<ConnectorSpec['kind'], readonly string[]> = { saft: ['file'] };

/**
 * The worker: in a build, the bundled connector-worker.js next to dist/main.js (esbuild builds it
 * as a second entry point); from source (tsx, vitest), the TypeScript file through a bootstrap
 * that registers tsx's loader in the thread.
 */
function startWorker(spec: ConnectorSpec): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./connector-worker.js', import.meta.url), { workerData: { spec } });
  const script = new URL('./connector-worker.ts', import.meta.url).href;
  return new Worker(new URL('./tsx-worker.mjs', import.meta.url), { workerData: { spec, script } });
}

/**
 * The same connector, its parser run in a worker thread: what it finds arrives in batches, made
 * into records on this thread while the worker parses on. Errors keep their kind and coded error;
 * aborting the sync stops the worker.
 */
export function threadedConnector(spec: ConnectorSpec): Connector {
  return {
    type: spec.kind,
    parts: PARTS[spec.kind],
    read: (ctx) => batched(readInWorker(spec, ctx), ctx.signal),
  };
}

/** The records of the worker's batches as they arrive; the worker is stopped when the consumer stops or fails. */
async function* readInWorker(spec: ConnectorSpec, ctx: SyncContext): AsyncGenerator<LedgerRecord[]> {
  const worker = startWorker(spec);
  // The line the worker's parser was at when it made the call being replayed, for the records' messages.
  let line = 0;
  const records = new SaftRecords(ctx, () => line, spec.options);
  const at = (l: number) => {
    line = l;
  };
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let exitError: Error | null = null;
  const push = (m: WorkerMessage) => {
    queue.push(m);
    wake?.();
    wake = null;
  };
  worker.on('message', push);
  worker.on('error', (err) => {
    exitError = err;
    wake?.();
  });
  worker.on('exit', (code) => {
    if (code !== 0 && !exitError) exitError = new Error(`The import worker stopped (exit code ${code})`);
    wake?.();
  });
  const onAbort = () => worker.postMessage({ type: 'abort' } satisfies ParentMessage);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (exitError) throw exitError;
        await new Promise<void>((r) => (wake = r));
        continue;
      }
      switch (message.type) {
        case 'calls': {
          worker.postMessage({ type: 'ack' } satisfies ParentMessage);
          if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The sync was stopped');
          replayCalls(message.calls, records, at);
          const taken = records.take();
          if (taken) yield taken;
          break;
        }
        case 'progress':
          ctx.progress(message.part, message.fraction);
          break;
        case 'warn':
          ctx.warn(message.warning);
          break;
        case 'error':
          throw message.kind ? new ConnectorError(message.kind, message.error) : new Error(message.message);
        case 'done':
          return;
      }
    }
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}
