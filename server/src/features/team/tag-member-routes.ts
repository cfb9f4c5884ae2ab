// Roles on tags (issue 29): a board's owner gives a colleague a role on a tag, and so on every board of
// theirs with the tag, present and future. Only the owner gives them (a tag spans boards an Admin of some
// of them may not manage); the role is Editor or Viewer, never one that shares (boards/member-role.ts).

import { teamApi } from '@saldo/contract/api/team';
import { menu, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { type AuditRecord, audited, whoOf } from '../audit/record.ts';
import { colleagueByEmail, grantTagRole, ownBoardsWithTag, revokeTagRole, tagMembersOf } from './tag-member-queries.ts';

/** One record per board of the owner's that carries the tag now, or one for the account when none does. */
export const onTagBoards = (
  action: AuditRecord['action'],
  boardIds: readonly string[],
  target: AuditRecord['target'],
): AuditRecord[] =>
  boardIds.length ? boardIds.map((groupId) => ({ action, groupId, target })) : [{ action, groupId: null, target }];

export const tagMemberRoutes = [
  serve(teamApi.tagMembers, menu('GroupAccount'), async (c, deps) =>
    c.json(await tagMembersOf(deps.db, c.get('user').id)),
  ),
  // Giving more is a change a read-only plan does not allow; ending a role (below) always is allowed.
  serve(teamApi.grantTagMember, write('GroupAccount'), async (c, deps) => {
    const caller = c.get('user');
    const { tag, email, role } = c.req.valid('json');
    if (email === caller.email.toLowerCase()) throw new ApiError('TAG_MEMBER_SELF');
    const userId = await colleagueByEmail(deps.db, caller.id, email);
    if (!userId) throw new ApiError('TAG_MEMBER_USER_NOT_FOUND');
    const at = new Date(deps.now?.() ?? Date.now());
    await audited(
      deps.db,
      whoOf(c, at.getTime()),
      async (tx) => {
        await grantTagRole(tx, { ownerId: caller.id, tag, userId, role, addedBy: caller.id, at });
        return ownBoardsWithTag(tx, caller.id, tag);
      },
      (boards) => onTagBoards('tag_member.granted', boards, { userId, email, tag, role }),
    );
    const [granted] = await tagMembersOf(deps.db, caller.id, { tag, userId });
    return c.json(granted!, 201);
  }),
  serve(teamApi.revokeTagMember, menu('GroupAccount'), async (c, deps) => {
    const caller = c.get('user');
    const { tag, userId } = c.req.valid('query');
    const [had] = await tagMembersOf(deps.db, caller.id, { tag, userId });
    if (!had) throw new ApiError('TAG_MEMBER_NOT_FOUND');
    const now = deps.now?.() ?? Date.now();
    await audited(
      deps.db,
      whoOf(c, now),
      async (tx) => {
        const role = await revokeTagRole(tx, caller.id, tag, userId);
        // Revoked meanwhile: nothing to record, and the answer is the same as for none.
        if (!role) throw new ApiError('TAG_MEMBER_NOT_FOUND');
        return { role, boards: await ownBoardsWithTag(tx, caller.id, tag) };
      },
      ({ role, boards }) => onTagBoards('tag_member.revoked', boards, { userId, email: had.email, tag, role }),
    );
    return c.json({ isDeleted: true });
  }),
];
