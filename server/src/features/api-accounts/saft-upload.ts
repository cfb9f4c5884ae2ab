// A SAF-T upload, received: the multipart body streamed to disk (never into memory) within the user's
// storage quota and hashed (SHA-256) as it passes, refused when the same file already feeds one of the
// user's sources, its first record read to prove it is SAF-T (and checked by the caller: a source's
// next file must be for its company), and the file moved to where the import job reads it. Whatever
// is refused or fails on the way leaves no file behind.

import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { sourceError } from '@saldo/contract/sources/source-errors';
import busboy from 'busboy';
import type { SaftQuota } from '../../config.ts';
import { saftFileOf } from '../../connectors/factory.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import { ConnectorError, type LedgerRecord, quietContext } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { lineText } from '../../http/text.ts';
import { sourceWithFile } from './saft-files.ts';
import { assertUserQuota, userSaftBytes } from './saft-quota.ts';

/** One SAF-T file at most (the quotas are usually smaller). */
export const MAX_SAFT_BYTES = 4 * 1024 ** 3;
/** Room for the form around the file (boundaries, part headers, the `name` field). */
const FORM_BYTES = 64 * 1024;

export interface SaftUpload {
  /** The new file's id: the file is at saftFileOf(saftDir, id). */
  id: string;
  fileName: string;
  bytes: number;
  /** SHA-256 of the file's bytes, hex. */
  contentHash: string;
  /** The `name` field, if given. */
  name: string | undefined;
  /** The file's first record (the company in its header, in a SAF-T file). */
  first: LedgerRecord | undefined;
}

/**
 * Receives the upload of `request` as file `id`, or throws with no file left on disk. `check` may
 * refuse the file by its first record (the company in its header) before it is kept.
 */
export async function receiveSaftUpload(
  deps: { db: Db; saftDir: string; saftQuota: SaftQuota },
  ownerId: string,
  id: string,
  request: Request,
  check?: (first: LedgerRecord | undefined) => void,
): Promise<SaftUpload> {
  const body = request.body;
  const contentType = request.headers.get('content-type') ?? '';
  if (!body || !contentType.startsWith('multipart/form-data')) throw new ApiError('VALIDATION_FAILED');
  // The quota before a byte is read: what is left of it, and a declared length beyond it.
  const used = await userSaftBytes(deps.db, deps.saftDir, ownerId);
  const left = deps.saftQuota.userBytes - used;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  assertUserQuota(deps.saftQuota, used, Math.max(1, (declared || 0) - FORM_BYTES));
  // A file no board could read is refused as too large (413 FILE_TOO_LARGE).
  const limit = Math.min(MAX_SAFT_BYTES, deps.saftQuota.boardBytes, left);

  const target = saftFileOf(deps.saftDir, id);
  const partial = `${target}.part`;
  await mkdir(deps.saftDir, { recursive: true });
  try {
    const upload = await receiveFile(Readable.fromWeb(body as NodeWebStream), contentType, partial, limit).catch(
      (err: NodeJS.ErrnoException) => {
        // busboy's words for a form that is cut off or malformed; a system error (the disk) stays one.
        throw err.code === undefined ? new ApiError('VALIDATION_FAILED') : err;
      },
    );
    if (!upload.received) throw new ApiError('VALIDATION_FAILED');
    if (upload.truncated) {
      if (limit === left)
        throw new ApiError('SAFT_QUOTA_USER', { limitBytes: deps.saftQuota.userBytes, usedBytes: used });
      throw new ApiError('FILE_TOO_LARGE', { limitBytes: limit });
    }
    if (upload.name !== undefined && !lineText(200).safeParse(upload.name).success)
      throw new ApiError('CONTROL_CHARACTERS');
    // The same bytes already feed a source of this user: refused, naming it (the monthly refresh is
    // "Upload new file" on that source, and a second source would count every month twice).
    const feeds = await sourceWithFile(deps.db, deps.saftDir, ownerId, upload.contentHash);
    if (feeds)
      throw new ApiError('SAFT_FILE_ALREADY_UPLOADED', {
        source: feeds,
        error: sourceError('SAFT_SAME_FILE', { source: feeds.name }),
      });
    // The first record proves the file is SAF-T; the rest is checked by the import job.
    const first = await firstRecord(partial);
    check?.(first);
    // Again now that it is in: another upload of the same user may have finished meanwhile.
    assertUserQuota(deps.saftQuota, await userSaftBytes(deps.db, deps.saftDir, ownerId), upload.bytes);
    await rename(partial, target);
    return {
      id,
      fileName: upload.fileName,
      bytes: upload.bytes,
      contentHash: upload.contentHash,
      name: upload.name,
      first,
    };
  } catch (err) {
    await unlink(partial).catch(() => undefined);
    throw err;
  }
}

async function firstRecord(path: string): Promise<LedgerRecord | undefined> {
  const controller = new AbortController();
  try {
    for await (const record of saftConnector({ path }).read(quietContext(controller.signal))) return record;
    return undefined;
  } catch (err) {
    // `error` for the user's language; `reason`, its English text, for clients from before the codes.
    if (err instanceof ConnectorError)
      throw new ApiError('INVALID_SAFT_FILE', { reason: err.message, error: err.error });
    throw err;
  } finally {
    controller.abort();
  }
}

interface ReceivedFile {
  received: boolean;
  truncated: boolean;
  name: string | undefined;
  fileName: string;
  bytes: number;
  contentHash: string;
}

/** Streams the multipart field `file` to `path` (never into memory), hashing it, and collects the `name` field. */
function receiveFile(body: Readable, contentType: string, path: string, maxBytes: number): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    const result: ReceivedFile = {
      received: false,
      truncated: false,
      name: undefined,
      fileName: '',
      bytes: 0,
      contentHash: '',
    };
    const hash = createHash('sha256');
    let writing: Promise<void> = Promise.resolve();
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: maxBytes, fields: 5 },
    });
    parser.on('field', (field, value) => {
      if (field === 'name') result.name = value.slice(0, 200);
    });
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || result.received) {
        stream.resume();
        return;
      }
      result.received = true;
      result.fileName = info.filename ?? '';
      stream.on('data', (chunk: Buffer) => {
        result.bytes += chunk.length;
        hash.update(chunk);
      });
      stream.on('limit', () => {
        result.truncated = true;
      });
      writing = pipeline(stream, createWriteStream(path));
    });
    parser.on('close', () => {
      writing.then(() => {
        if (result.received) result.contentHash = hash.digest('hex');
        resolve(result);
      }, reject);
    });
    parser.on('error', reject);
    body.on('error', reject);
    body.pipe(parser);
  });
}
