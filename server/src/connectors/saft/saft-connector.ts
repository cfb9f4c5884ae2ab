import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import { sourceError } from '@saldo/contract/sources/source-errors';
import { batched, type Connector, ConnectorError, type SyncContext } from '../types.ts';
import { SaftElements } from './saft-elements.ts';
import { type SaftReadOptions, SaftRecords } from './saft-records.ts';
import type { SaftEndSink } from './saft-sink-codec.ts';

/** A SAF-T file on disk, or a stream of its bytes (an upload) with its size when known, for progress. */
export type SaftSource =
  | { path: string }
  | { stream: () => NodeJS.ReadableStream | ReadableStream<Uint8Array>; size?: number };

/**
 * SAF-T Financial NO (1.10, 1.20, 1.30) as a connector: the file is streamed through saxes and
 * records are yielded as they are parsed, so memory stays flat however large the file is.
 * Validation errors are ConnectorErrors naming the problem; since ingest makes a new ledger version
 * live only at the end, throwing mid-file leaves nothing half-imported.
 *
 * This file decodes the bytes; saft-elements.ts picks the elements, saft-records.ts builds the
 * records and saft-checks.ts makes an auditor's checks.
 */
export function saftConnector(source: SaftSource, options: SaftReadOptions = {}): Connector {
  return {
    type: 'saft',
    parts: ['file'],
    read: (ctx) =>
      batched(
        readSaft(
          source,
          ctx,
          (where) => new SaftRecords(ctx, where, options),
          (records) => records.take(),
        ),
      ),
  };
}

/** 256 KB reads: few enough parser calls, and at most a few hundred records waiting at a time. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Streams the file through the parser into the sink `makeSink` gives (told the line the parser is
 * at), yielding what `take` takes from it after each chunk (null: nothing yet) and at the end
 * (`last` true). The connector's sink builds records; the import worker's encodes the calls.
 */
export async function* readSaft<S extends SaftEndSink, T>(
  source: SaftSource,
  ctx: SyncContext,
  makeSink: (where: () => number) => S,
  take: (sink: S, last: boolean) => T | null,
): AsyncGenerator<T> {
  let size: number | undefined;
  let chunks: AsyncIterable<Uint8Array | string>;
  if ('path' in source) {
    size = (
      await stat(source.path).catch((err: NodeJS.ErrnoException) => {
        // Removed after its import failed (features/sync/jobs.ts): upload it again.
        if (err.code === 'ENOENT') throw new ConnectorError('invalid-file', sourceError('SAFT_FILE_GONE', {}));
        throw err;
      })
    ).size;
    chunks = createReadStream(source.path, { highWaterMark: CHUNK_BYTES });
  } else {
    size = source.size;
    chunks = source.stream() as AsyncIterable<Uint8Array | string>;
  }
  const parser = new SaftParser(makeSink);
  let bytes = 0;
  let reported = 0;
  ctx.progress('file', 0);
  for await (const chunk of chunks) {
    ctx.signal.throwIfAborted();
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    parser.write(chunk);
    const taken = take(parser.sink, false);
    if (taken !== null) yield taken;
    if (size) {
      const fraction = Math.min(bytes / size, 1);
      if (fraction - reported >= 0.001) {
        reported = fraction;
        ctx.progress('file', fraction);
      }
    }
  }
  ctx.signal.throwIfAborted();
  parser.end(bytes);
  const taken = take(parser.sink, true);
  if (taken !== null) yield taken;
  ctx.progress('file', 1);
}

class SaftParser<S extends SaftEndSink> {
  readonly sink: S;
  private readonly elements: SaftElements;
  private decoder: TextDecoder | undefined;
  private startChecked = false;

  constructor(makeSink: (where: () => number) => S) {
    this.sink = makeSink(() => this.elements.line);
    this.elements = new SaftElements(this.sink);
  }

  write(chunk: Uint8Array | string): void {
    if (typeof chunk === 'string') {
      this.feed(chunk);
      return;
    }
    if (!this.decoder) this.decoder = pickDecoder(chunk);
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      throw new ConnectorError('invalid-file', sourceError('SAFT_NOT_UTF8', { line: this.elements.line }));
    }
    this.feed(text);
  }

  /** The first characters tell an XML file from a CSV, PDF or spreadsheet before saxes does. */
  private feed(text: string): void {
    if (!this.startChecked) {
      const start = text.replace(/^\ufeff/, '').trimStart();
      if (start !== '') {
        this.startChecked = true;
        if (!start.startsWith('<')) {
          const head = start.slice(0, 40).split(/\r?\n/)[0]!;
          throw new ConnectorError('invalid-file', sourceError('SAFT_NOT_XML', { start: head }));
        }
      }
    }
    this.elements.write(text);
  }

  end(bytes: number): void {
    if (bytes === 0) throw new ConnectorError('invalid-file', sourceError('SAFT_EMPTY', {}));
    if (this.decoder) this.elements.write(this.decoder.decode());
    this.elements.end();
    this.sink.end();
  }
}

/** SAF-T is UTF-8 by the standard; honour a UTF-16 BOM or a Latin-1 declaration from older exporters. */
function pickDecoder(first: Uint8Array): TextDecoder {
  if (first[0] === 0xff && first[1] === 0xfe) return new TextDecoder('utf-16le');
  if (first[0] === 0xfe && first[1] === 0xff) return new TextDecoder('utf-16be');
  const head = Buffer.from(first.subarray(0, 200)).toString('latin1');
  const declared = /^(?:\ufeff|\xef\xbb\xbf)?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i
    .exec(head)?.[1]
    ?.toLowerCase();
  if (declared && /^(iso-8859-1|iso8859-1|latin-?1|windows-1252|cp1252|iso-8859-15)$/.test(declared))
    return new TextDecoder('windows-1252');
  // The BOM is stripped by TextDecoder; fatal so that a mislabelled file is reported, not garbled.
  return new TextDecoder('utf-8', { fatal: true });
}
