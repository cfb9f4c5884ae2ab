import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import type { DemoStart } from '@saldo/contract';
import { apiAccountApi } from '@saldo/contract/api/api-accounts';
import { menu, write } from '../../access/rules.ts';
import { DEMO_COMPANY, DEMO_SEED } from '../../connectors/demo/demo-company.ts';
import { saftFileOf } from '../../connectors/factory.ts';
import { withOpeningVoucher } from '../../connectors/saft/saft-settings.ts';
import { createTripletexClient } from '../../connectors/tripletex/client.ts';
import { ConnectorError } from '../../connectors/types.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { audited, type Who, whoOf } from '../audit/record.ts';
import { listBoards } from '../boards/queries.ts';
import { added } from './audit-records.ts';
import {
  type ApiAccountChanges,
  accountWithCredentials,
  boardsOfAccount,
  deleteApiAccount,
  insertApiAccount,
  insertSourceWithBoard,
  latestJobs,
  listApiAccounts,
  ownAccount,
  toApiAccount,
  updateApiAccount,
} from './queries.ts';
import { saftFileRoutes } from './saft-file-routes.ts';
import { filesOfSource, insertSaftSource } from './saft-files.ts';
import { receiveSaftUpload } from './saft-upload.ts';
import { tripletexBulkRoutes } from './tripletex-bulk-routes.ts';

/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db, secrets, sync } = deps;
  const today = () => new Date().toISOString().slice(0, 10);

  const view = async (userId: string, id: string) => {
    const row = await ownAccount(db, userId, id);
    return toApiAccount(row, (await latestJobs(db, [id])).get(id), secrets);
  };

  /** Asks Tripletex for a session with the keys, so a typo is caught now and not at the first sync. */
  async function checkTripletexKeys(consumerToken: string, employeeToken: string, companyId?: string) {
    const client = createTripletexClient({
      baseUrl: deps.tripletexBaseUrl,
      consumerToken,
      employeeToken,
      ...(companyId ? { companyId } : {}),
      maxRetries: 1,
    });
    try {
      await client.get('/token/session/>whoAmI');
    } catch (err) {
      if (err instanceof ConnectorError && err.kind === 'invalid-credentials')
        throw new ApiError('CONSUMER_TOKEN_INVALID');
      if (err instanceof ConnectorError) throw new ApiError('BAD_NETWORK');
      throw err;
    }
  }

  /** `productToken`: the consumer token is the product's own (a source connected in bulk), read at each sync, not kept. */
  const sealKeys = (consumerToken: string, employeeToken: string, companyId?: string, productToken = false) => ({
    credentials: secrets.seal(
      JSON.stringify({
        ...(productToken ? {} : { consumerToken }),
        employeeToken,
        ...(companyId ? { companyId } : {}),
      }),
    ),
    credentialsFingerprint: secrets.fingerprint(`${consumerToken}\u0000${employeeToken}\u0000${companyId ?? ''}`),
  });

  async function assertNoDuplicate(ownerId: string, fingerprint: string, except?: string) {
    const dupe = await accountWithCredentials(db, ownerId, fingerprint);
    if (dupe && dupe.id !== except) throw new ApiError('API_ACCOUNT_EXISTS');
  }
  /** Inserts an account and its record in one transaction. */
  const insertRecorded = (who: Who, values: Parameters<typeof insertApiAccount>[1]) =>
    audited(
      db,
      who,
      (tx) => insertApiAccount(tx, values),
      () => added(values),
    );
  return { assertNoDuplicate, checkTripletexKeys, db, insertRecorded, sealKeys, secrets, sync, today, view };
});

export const apiAccountRoutes = [
  ...saftFileRoutes,
  ...tripletexBulkRoutes,
  serve(apiAccountApi.list, menu('ApiAccount'), async (c, deps) => {
    const { db, secrets } = shared(deps);
    return c.json(await listApiAccounts(db, c.get('user').id, secrets));
  }),
  serve(apiAccountApi.one, menu('ApiAccount'), async (c, deps) => {
    const { view } = shared(deps);
    return c.json(await view(c.get('user').id, c.req.param('id')));
  }),
  serve(apiAccountApi.create, write('ApiAccount'), async (c, deps) => {
    const { assertNoDuplicate, checkTripletexKeys, insertRecorded, sealKeys, sync, today, view } = shared(deps);
    const body = c.req.valid('json');
    const ownerId = c.get('user').id;
    const id = randomUUID();
    const who = whoOf(c, deps.now?.() ?? Date.now());
    if (body.provider === 'tripletex') {
      if (body.expirationDate < today()) throw new ApiError('API_ACCOUNT_EXPIRED');
      const sealed = sealKeys(body.consumerId, body.apiKey, body.companyId);
      await assertNoDuplicate(ownerId, sealed.credentialsFingerprint);
      await checkTripletexKeys(body.consumerId, body.apiKey, body.companyId);
      await insertRecorded(who, {
        id,
        ownerId,
        name: body.name,
        provider: 'tripletex',
        expirationDate: body.expirationDate,
        ...sealed,
        createdAt: new Date(),
      });
    } else {
      const seed = Math.floor(Math.random() * 1_000_000);
      await insertRecorded(who, {
        id,
        ownerId,
        name: body.name,
        provider: 'demo',
        settings: { seed },
        createdAt: new Date(),
      });
    }
    await sync.enqueue([id]);
    return c.json(await view(ownerId, id), 201);
  }),
  serve(apiAccountApi.integration, write('ApiAccount'), async (c, deps) => {
    const { assertNoDuplicate, checkTripletexKeys, insertRecorded, sealKeys, sync, today, view } = shared(deps);
    const body = c.req.valid('json');
    if (!deps.integrationPartners.includes(body.integrationPartnerId)) throw new ApiError('INTEGRATION_NOT_FOUND');
    const ownerId = c.get('user').id;
    if (body.expirationDate < today()) throw new ApiError('API_ACCOUNT_EXPIRED');
    const sealed = sealKeys(body.consumerId, body.apiKey, body.companyId);
    await assertNoDuplicate(ownerId, sealed.credentialsFingerprint);
    await checkTripletexKeys(body.consumerId, body.apiKey, body.companyId).catch((err: unknown) => {
      throw err instanceof ApiError && err.code === 'CONSUMER_TOKEN_INVALID'
        ? new ApiError('INTEGRATION_INVALID_CREDENTIALS')
        : err;
    });
    const id = randomUUID();
    await insertRecorded(whoOf(c, deps.now?.() ?? Date.now()), {
      id,
      ownerId,
      name: body.name,
      provider: 'tripletex',
      integration: true,
      expirationDate: body.expirationDate,
      ...sealed,
      createdAt: new Date(),
    });
    await sync.enqueue([id]);
    return c.json(await view(ownerId, id), 201);
  }),
  serve(apiAccountApi.demo, write('ApiAccount'), async (c, deps) => {
    const { db, sync, view } = shared(deps);
    const ownerId = c.get('user').id;
    const name = c.req.valid('json').name || DEMO_COMPANY;
    const apiAccountId = randomUUID();
    const boardId = randomUUID();
    const now = new Date();
    const account = {
      id: apiAccountId,
      ownerId,
      name: `${name} (demo)`,
      provider: 'demo' as const,
      settings: { seed: DEMO_SEED },
      createdAt: now,
    };
    await audited(
      db,
      whoOf(c, deps.now?.() ?? Date.now()),
      (tx) =>
        insertSourceWithBoard(tx, { account, board: { id: boardId, ownerId, name, createdAt: now, updatedAt: now } }),
      () => added(account, boardId),
    );
    deps.boardQuantity?.boardsChanged(ownerId);
    await sync.enqueue([apiAccountId]);
    const [created] = await listBoards(db, ownerId, boardId);
    const body: DemoStart = { board: created!, apiAccount: await view(ownerId, apiAccountId) };
    return c.json(body, 201);
  }),
  serve(
    apiAccountApi.saft,
    write('ApiAccount'),
    async (c, deps) => {
      const { db, sync, view } = shared(deps);
      const ownerId = c.get('user').id;
      const upload = await receiveSaftUpload(deps, ownerId, randomUUID(), c.req.raw);
      const { id, first } = upload;
      const fileName = upload.fileName.replace(/[\p{Cc}\u2028\u2029]/gu, '');
      // Without a name given, the company the file's header names (and its organisation number).
      const company = first?.kind === 'company' ? first : undefined;
      const name = (
        upload.name?.trim() ||
        (company ? `${company.name}${company.orgNumber ? ` (${company.orgNumber})` : ''}` : '') ||
        fileName.replace(/\.xml$/i, '') ||
        'SAF-T'
      )
        .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
        .trim();
      const now = new Date();
      try {
        // The source's first file has the source's own id (uploads/saft/<id>.xml, as before files were kept per source).
        const account = {
          id,
          ownerId,
          name: name.slice(0, 100),
          number: company?.orgNumber?.slice(0, 50) ?? null,
          provider: 'saft' as const,
          settings: { fileName, bytes: upload.bytes },
          createdAt: now,
        };
        await audited(
          db,
          whoOf(c, deps.now?.() ?? Date.now()),
          (tx) =>
            insertSaftSource(tx, {
              account,
              file: {
                id,
                apiAccountId: id,
                fileName,
                bytes: upload.bytes,
                contentHash: upload.contentHash,
                uploadedAt: now,
                uploadedBy: ownerId,
              },
            }),
          () => added(account),
        );
      } catch (err) {
        await unlink(saftFileOf(deps.saftDir, id)).catch(() => undefined);
        throw err;
      }
      await sync.enqueue([id]);
      return c.json(await view(ownerId, id), 201);
    },
    { ownBodyLimit: true },
  ),
  serve(apiAccountApi.update, write('ApiAccount'), async (c, deps) => {
    const { assertNoDuplicate, checkTripletexKeys, db, sealKeys, secrets, sync, today, view } = shared(deps);
    const ownerId = c.get('user').id;
    const row = await ownAccount(db, ownerId, c.req.param('id'));
    if (row.integration) throw new ApiError('INTEGRATION_ACCOUNT_READ_ONLY');
    const body = c.req.valid('json');
    const changes: ApiAccountChanges = {};
    if (body.name) changes.name = body.name;
    if (body.expirationDate) {
      if (body.expirationDate < today()) throw new ApiError('API_ACCOUNT_EXPIRED');
      changes.expirationDate = body.expirationDate;
    }
    if (body.consumerId || body.apiKey) {
      if (row.provider !== 'tripletex') throw new ApiError('VALIDATION_FAILED');
      const old = row.credentials ? (JSON.parse(secrets.open(row.credentials)) as Record<string, string>) : {};
      // A source connected in bulk keeps no consumer token: it goes on with the product's unless one is given.
      const productToken = !old.consumerToken && !body.consumerId;
      const consumer = body.consumerId ?? old.consumerToken ?? (productToken ? deps.tripletexConsumerToken : null);
      const employee = body.apiKey ?? old.employeeToken;
      if (!consumer || !employee) throw new ApiError('VALIDATION_FAILED');
      const sealed = sealKeys(consumer, employee, old.companyId, productToken);
      await assertNoDuplicate(ownerId, sealed.credentialsFingerprint, row.id);
      await checkTripletexKeys(consumer, employee, old.companyId);
      Object.assign(changes, sealed, { apiKeyIsInvalid: false });
    }
    if (body.openingVoucher && row.provider !== 'saft') throw new ApiError('VALIDATION_FAILED');
    const settings = withOpeningVoucher(row.settings, body.openingVoucher);
    if (settings) changes.settings = settings;
    if (Object.keys(changes).length) await updateApiAccount(db, row.id, changes);
    if (settings) await sync.enqueue([row.id]); // the file read again with its new setting
    return c.json(await view(ownerId, row.id));
  }),
  serve(apiAccountApi.delete, write('ApiAccount'), async (c, deps) => {
    const { db } = shared(deps);
    const row = await ownAccount(db, c.get('user').id, c.req.param('id'));
    const files = row.provider === 'saft' ? await filesOfSource(db, row.id) : [];
    // Recorded on each board it fed (where its owner and Admins see it), or as the account's own.
    const boards = await boardsOfAccount(db, row.id);
    const target = { apiAccountId: row.id, name: row.name, provider: row.provider };
    await audited(
      db,
      whoOf(c, deps.now?.() ?? Date.now()),
      (tx) => deleteApiAccount(tx, row.id),
      () =>
        (boards.length ? boards : [null]).map((groupId) => ({
          action: 'api_account.removed' as const,
          groupId,
          target,
        })),
    );
    // Every file the source kept goes with it (its first one is at the source's own id).
    const ids = new Set([...files.map((f) => f.id), ...(row.provider === 'saft' ? [row.id] : [])]);
    for (const id of ids) await unlink(saftFileOf(deps.saftDir, id)).catch(() => undefined);
    return c.json({ isDeleted: true });
  }),
];
