import { randomBytes } from 'node:crypto';
import type { CreatedEmbedKey, EmbedKey } from '@saldo/contract';
import { embedApi } from '@saldo/contract/api/embed';
import { menu, on, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { audited, whoOf } from '../audit/record.ts';
import { readableSources } from '../boards/held.ts';
import { deleteEmbedKey, type EmbedKeyRow, embedKeysOf, insertEmbedKey } from './queries.ts';

/**
 * An origin as a browser sends it: scheme and host (and port), nothing else. A page's address with a
 * path, a wildcard or `null` (sandboxed frames, files) is refused: the list is exact.
 */
export function normalizeOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return null;
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname)) return null;
  if (value.trim().replace(/\/$/, '') !== url.origin) return null;
  return url.origin;
}

const toKey = (row: EmbedKeyRow): EmbedKey => ({
  _id: row.id,
  name: row.name,
  origins: row.origins,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A board's embed keys (its owner's, for now): a partner's backend signs embed tokens with a key's
 * secret (docs/embedding.md). The secret is answered once and kept sealed; deleting a key stops
 * every token signed with it on the next call.
 */
/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;
  return { db };
});

export const embedRoutes = [
  serve(embedApi.create, write('GroupAccount', on('param:groupId', 'share')), async (c, deps) => {
    const { db } = shared(deps);
    const boardId = c.req.param('groupId');
    await readableSources(c, db, boardId);
    const body = c.req.valid('json');
    const origins = body.origins.map(normalizeOrigin);
    if (origins.some((o) => o === null)) throw new ApiError('INVALID_ORIGIN');
    const secret = randomBytes(32).toString('base64url');
    const now = deps.now?.() ?? Date.now();
    const row = await audited(
      db,
      whoOf(c, now),
      (tx) =>
        insertEmbedKey(tx, {
          id: `ek_${randomBytes(12).toString('base64url')}`,
          boardId,
          name: body.name,
          origins: [...new Set(origins as string[])],
          secret: deps.secrets.seal(secret),
          createdBy: c.get('user').id,
          createdAt: new Date(now),
        }),
      (made) => ({
        action: 'embed_key.created',
        groupId: boardId,
        target: { keyId: made.id, name: made.name, origins: made.origins },
      }),
    );
    const created: CreatedEmbedKey = { ...toKey(row), secret };
    return c.json(created, 201);
  }),
  serve(embedApi.list, menu('GroupAccount', on('param:groupId', 'share')), async (c, deps) => {
    const { db } = shared(deps);
    const boardId = c.req.param('groupId');
    await readableSources(c, db, boardId);
    const rows = await embedKeysOf(db, boardId);
    return c.json(rows.map(toKey));
  }),
  serve(embedApi.revoke, menu('GroupAccount', on('param:groupId', 'share')), async (c, deps) => {
    const { db } = shared(deps);
    const boardId = c.req.param('groupId');
    await readableSources(c, db, boardId);
    const keyId = c.req.param('id');
    const gone = await audited(
      db,
      whoOf(c, deps.now?.() ?? Date.now()),
      (tx) => deleteEmbedKey(tx, boardId, keyId),
      (deleted) => (deleted ? { action: 'embed_key.revoked', groupId: boardId, target: { keyId } } : []),
    );
    if (!gone) throw new ApiError('EMBED_KEY_NOT_FOUND');
    return c.json({ isDeleted: true });
  }),
];
