import type { InvitationRequest } from '@saldo/contract';
import type { Writer } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { invitationState, membershipsAmong, unconfirmedInvitationsTo, userIdByEmail } from './queries.ts';
import { ownBoardsWithTag, tagMembersOf } from './tag-member-queries.ts';

/** What an invitation gives: a role on some boards, or (issue 29) a role on a tag of the inviter's. */
export interface InvitationTarget {
  boardIds: string[];
  tag: string | null;
}

/**
 * What an invitation asks to give, checked before anything is written: boards (the route table has
 * checked the caller may share each) or a tag, one of the two. A tag must be on one of the caller's own
 * boards (only the owner gives roles on their tags, as for a colleague: tag-member-routes.ts), and gives
 * Editor or Viewer. A tag no board of the caller's carries, their own or another firm's, is the same
 * answer, so nobody learns which tags others use. Either is refused as `ALREADY_INVITED` while a live
 * invitation gives the same, or when the address holds it already.
 */
export async function invitationTarget(
  db: Writer,
  inviterId: string,
  body: Pick<InvitationRequest, 'email' | 'role' | 'groupIds' | 'tag'>,
  now: number,
): Promise<InvitationTarget> {
  const { email, role, groupIds, tag } = body;
  if ((groupIds === undefined) === (tag === undefined)) throw new ApiError('INVITATION_BOARDS_OR_TAG');
  const live = (await unconfirmedInvitationsTo(db, email)).filter((p) => invitationState(p, now) === 'sent');
  const existing = await userIdByEmail(db, email);
  if (tag !== undefined) {
    if (role === 'Admin') throw new ApiError('INVITATION_TAG_ROLE');
    if ((await ownBoardsWithTag(db, inviterId, tag)).length === 0) throw new ApiError('INVITATION_TAG_NOT_FOUND');
    const held = existing ? await tagMembersOf(db, inviterId, { tag, userId: existing }) : [];
    if (held.length > 0 || live.some((p) => p.tag === tag && p.invitedBy === inviterId))
      throw new ApiError('ALREADY_INVITED');
    return { boardIds: [], tag };
  }
  const boardIds = [...new Set(groupIds)];
  // 'The user is already invited': a live invitation to one of these boards, or every board already theirs.
  if (live.some((p) => p.boardIds.some((id) => boardIds.includes(id)))) throw new ApiError('ALREADY_INVITED');
  if (existing && (await membershipsAmong(db, existing, boardIds)).length === boardIds.length)
    throw new ApiError('ALREADY_INVITED');
  return { boardIds, tag: null };
}
