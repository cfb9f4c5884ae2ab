import { apiAccountApi } from '@saldo/contract/api/api-accounts';
// A SAF-T source's files: next month's file uploaded on the same source (the monthly refresh), the
// list of its files, and removing one. The periods a new file covers replace the source's, the other
// periods stay; removing a file gives its months back to the file before it. Each change is followed
// by a resync (a job, as an upload's import is) that rebuilds the source's ledger from its files.

import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { sourceError } from '@saldo/contract/sources/source-errors';
import { menu, write } from '../../access/rules.ts';
import { saftFileOf } from '../../connectors/factory.ts';
import type { LedgerRecord } from '../../connectors/types.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { latestJobs, ownAccount, toApiAccount } from './queries.ts';
import { filesOfSource, insertSaftFile, listSaftFiles, removeSaftFile } from './saft-files.ts';
import { receiveSaftUpload } from './saft-upload.ts';

/** A registration number as digits and letters only, without the country prefix and VAT suffix ("NO 912 345 670 MVA"). */
export function registrationKey(value: string | null | undefined): string {
  return (value ?? '')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^NO(?=\d)/, '')
    .replace(/MVA$/, '');
}

/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db, sync } = deps;

  const saftSource = async (ownerId: string, id: string) => {
    const row = await ownAccount(db, ownerId, id);
    if (row.provider !== 'saft') throw new ApiError('SAFT_NOT_A_SAFT_SOURCE');
    return row;
  };
  return { db, saftSource, sync };
});

export const saftFileRoutes = [
  serve(
    apiAccountApi.nextSaftFile,
    write('ApiAccount'),
    async (c, deps) => {
      const { db, saftSource, sync } = shared(deps);
      const ownerId = c.get('user').id;
      const row = await saftSource(ownerId, c.req.param('id'));
      // The company in the file's header must be the source's, before the file is kept.
      const sameCompany = (first: LedgerRecord | undefined) => {
        const found = first?.kind === 'company' ? (first.orgNumber ?? '') : '';
        if (registrationKey(found) !== registrationKey(row.number))
          throw new ApiError('SAFT_OTHER_COMPANY', {
            error: sourceError('SAFT_OTHER_COMPANY', { source: row.name, expected: row.number ?? '', found }),
          });
      };
      const upload = await receiveSaftUpload(deps, ownerId, randomUUID(), c.req.raw, sameCompany);
      try {
        await insertSaftFile(db, {
          id: upload.id,
          apiAccountId: row.id,
          fileName: upload.fileName.replace(/[\p{Cc}\u2028\u2029]/gu, '').slice(0, 200),
          bytes: upload.bytes,
          contentHash: upload.contentHash,
          uploadedAt: new Date(),
          uploadedBy: ownerId,
        });
      } catch (err) {
        await unlink(saftFileOf(deps.saftDir, upload.id)).catch(() => undefined);
        throw err;
      }
      await sync.enqueue([row.id]);
      return c.json(toApiAccount(row, (await latestJobs(db, [row.id])).get(row.id), deps.secrets), 201);
    },
    { ownBodyLimit: true },
  ),
  serve(apiAccountApi.saftFiles, menu('ApiAccount'), async (c, deps) => {
    const { db, saftSource } = shared(deps);
    const row = await saftSource(c.get('user').id, c.req.param('id'));
    return c.json(await listSaftFiles(db, row.id));
  }),
  serve(apiAccountApi.deleteSaftFile, write('ApiAccount'), async (c, deps) => {
    const { db, saftSource, sync } = shared(deps);
    const row = await saftSource(c.get('user').id, c.req.param('id'));
    const files = await filesOfSource(db, row.id);
    const file = files.find((f) => f.id === c.req.param('fileId'));
    if (!file) throw new ApiError('SAFT_FILE_NOT_FOUND');
    if (files.length === 1) throw new ApiError('SAFT_LAST_FILE');
    await removeSaftFile(db, deps.saftDir, file.id);
    await sync.enqueue([row.id]);
    return c.json({ isDeleted: true as const });
  }),
];
