import type { BoardRole } from '@saldo/contract';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { board, boardMember, tagMember } from '../../db/schema/index.ts';

/**
 * The one rule for a user's role on a board that is not theirs, as SQL over the query's `board` row:
 * their board_member role, or the role a tag of the board gives them (tag_member: the board's owner
 * gave them a role on a tag the board carries now), the strongest of these; null for none. A tag gives
 * Editor or Viewer only, never Admin, so it never shares, invites or deletes (access/board-rights.ts).
 * Every read that decides what a member sees or may do (boardRoleOf, boardRoleAndSources, the board
 * list, the portfolio) reads the role here, so a board tagged later is covered at once and one untagged
 * or a grant revoked is not.
 */
export function memberRoleSql(userId: string | Placeholder): SQL<Exclude<BoardRole, 'owner'> | null> {
  return sql<Exclude<
    BoardRole,
    'owner'
  > | null>`(select case min(r) when 0 then 'Admin' when 1 then 'Editor' when 2 then 'Viewer' end from (
    select case m.role when 'Admin' then 0 when 'Editor' then 1 else 2 end as r
      from ${boardMember} m where m.board_id = ${board.id} and m.user_id = ${userId}
    union all
    select case t.role when 'Editor' then 1 else 2 end
      from ${tagMember} t where t.owner_id = ${board.ownerId} and t.user_id = ${userId}
        and t.tag in (select value from json_each(${board.tags}))))`;
}

/**
 * The condition that the user holds a role on the query's `board` (not as its owner): first whether
 * they could (a board_member row, or a tag role from its owner), read once per query, so a list over
 * many boards asks memberRoleSql only of those.
 */
export function holdsRole(userId: string): SQL {
  return sql`((${board.id} in (select board_id from ${boardMember} where user_id = ${userId})
    or ${board.ownerId} in (select owner_id from ${tagMember} where user_id = ${userId}))
    and ${memberRoleSql(userId)} is not null)`;
}

/** memberRoleSql for a list that holds the user's own boards too: null on theirs, not asked there. */
export function memberRoleUnlessOwner(userId: string): SQL<Exclude<BoardRole, 'owner'> | null> {
  return sql<Exclude<
    BoardRole,
    'owner'
  > | null>`(case when ${board.ownerId} = ${userId} then null else ${memberRoleSql(userId)} end)`;
}
