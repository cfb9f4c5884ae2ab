import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { MenuEntry, SharedPage } from '../contract.ts';
import { publicShare } from '../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { accessTokenOf, withAuth, withPermission } from './with-auth.ts';

export type ViewerAccess =
  | { menu: MenuEntry['name']; page: SharedPage }
  | { menu: MenuEntry['name']; widget: (path: string) => string | null };

/**
 * Read access for a signed-in user with the menu permission, or for a visitor of a public link
 * (`x-public-board-id`) to exactly the pages and widget types that were shared, nothing else.
 */
export function withViewer(deps: Pick<AppDeps, 'db' | 'tokens'>, access: ViewerAccess) {
  const auth = withAuth(deps);
  const permission = withPermission(access.menu, 'View');
  return createMiddleware<AppEnv>(async (c, next) => {
    const shareId = c.req.header('x-public-board-id');
    if (shareId && !accessTokenOf((name) => c.req.header(name))) {
      const [share] = await deps.db.select().from(publicShare).where(eq(publicShare.id, shareId));
      if (!share) throw new ApiError('SHARE_NOT_FOUND');
      const allowed =
        'page' in access
          ? share.pages.includes(access.page)
          : // Catalogue widgets by type (their id on a board), custom widgets by their own id.
            share.widgets.some((w) => w.widget === access.widget(c.req.path) || w.id === access.widget(c.req.path));
      if (!allowed) throw new ApiError('SHARE_NOT_ALLOWED');
      c.set('share', {
        publicBoardId: share.id,
        boardId: share.boardId,
        widgets: share.widgets.map((w) => w.widget),
        pages: share.pages,
      });
      await next();
      return;
    }
    await auth(c, async () => {
      await permission(c, next);
    });
  });
}
