import type { MenuEntry } from '@saldo/contract';
import { menuFor } from '../../access/menu.ts';
import type { Db } from '../../db/client.ts';
import { usesOthersBoardsOnly } from '../billing/payer.ts';
import { viewsBoardsOnly } from '../boards/access.ts';

/** The menu a user's role and boards give them: the same in the login's answer and in the profile. */
export async function userMenu(
  db: Db,
  partnerTestEmail: string | null,
  user: { id: string; email: string; role: string },
): Promise<MenuEntry[]> {
  return menuFor(user.role, {
    partnerTester: partnerTestEmail === user.email.toLowerCase(),
    viewsOnly: await viewsBoardsOnly(db, user.id),
    member: await usesOthersBoardsOnly(db, user.id),
  });
}
