import { randomBytes } from 'node:crypto';
import type { CreatedEmbedKey, EmbedKey } from '@saldo/contract';
import { embedKeyRequest as keyBody } from '@saldo/contract/schemas';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { boardSources } from '../boards/queries.ts';
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
export function embedRoutes(deps: AppDeps) {
  const { db } = deps;
  const spec = (summary: string) => describeRoute({ tags: ['embed'], summary, security: [{ bearer: [] }] });
  return new Hono<AppEnv>()
    .post(
      '/group-account/:groupId/embed-keys',
      spec("Create an embed key for the board's elements on the given origins; the secret is shown once"),
      validate('json', keyBody),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const body = c.req.valid('json');
        const origins = body.origins.map(normalizeOrigin);
        if (origins.some((o) => o === null)) throw new ApiError('INVALID_ORIGIN');
        const secret = randomBytes(32).toString('base64url');
        const row = await insertEmbedKey(db, {
          id: `ek_${randomBytes(12).toString('base64url')}`,
          boardId,
          name: body.name,
          origins: [...new Set(origins as string[])],
          secret: deps.secrets.seal(secret),
          createdBy: c.get('user').id,
          createdAt: new Date(deps.now?.() ?? Date.now()),
        });
        const created: CreatedEmbedKey = { ...toKey(row), secret };
        return c.json(created, 201);
      },
    )
    .get('/group-account/:groupId/embed-keys', spec("The board's embed keys (no secrets)"), async (c) => {
      const boardId = c.req.param('groupId');
      await boardSources(db, c.get('user').id, boardId);
      const rows = await embedKeysOf(db, boardId);
      return c.json(rows.map(toKey));
    })
    .delete(
      '/group-account/:groupId/embed-keys/:id',
      spec('Revoke an embed key: tokens signed with it stop at once'),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        if (!(await deleteEmbedKey(db, boardId, c.req.param('id')))) throw new ApiError('EMBED_KEY_NOT_FOUND');
        return c.json({ isDeleted: true });
      },
    );
}
