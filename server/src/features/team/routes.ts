import { randomUUID } from 'node:crypto';
import type { InvitationPreview, TeamMember } from '@saldo/contract';
import { teamApi } from '@saldo/contract/api/team';
import { takeQuota } from '../../access/rate-limit.ts';
import { menu, on, PUBLIC, USER } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { invitationMail } from '../../mail/templates.ts';
import { type AuditRecord, audited, auditedUndoable, whoOf } from '../audit/record.ts';
import { mailAsFirm } from '../firm/mail.ts';
import { invitationTarget } from './invitation-target.ts';
import {
  acceptableInvitation,
  acceptInvitation,
  boardNamesIn,
  boardsOwnedBy,
  deleteInvitation,
  INVITATION_TTL_MS,
  type InvitationRow,
  insertInvitation,
  invitationBoards,
  invitationById,
  invitationByTokenHash,
  invitationsNewestFirst,
  managedBoards,
  newInvitationToken,
  previewOf,
  removeMemberships,
  renewInvitationLink,
  revokeInvitationsBy,
  setMemberships,
  teamMembers,
  toInvitations,
  tokenHash,
  userNameAndLanguage,
} from './queries.ts';
import { onTagBoards, tagMemberRoutes } from './tag-member-routes.ts';

/** One record per board an invitation or a member change names. */
const onBoards = (
  action: AuditRecord['action'],
  boardIds: readonly string[],
  target: AuditRecord['target'],
): AuditRecord[] => boardIds.map((groupId) => ({ action, groupId, target }));

/**
 * An invitation's records: one per board it names; one to a tag, one per board of the inviter's with
 * the tag when it happened (or one without a board when none has it), as roles on tags are recorded.
 */
const invitationRecords = (action: AuditRecord['action'], row: InvitationRow, boards: readonly string[]) => {
  const target = { invitationId: row.id, email: row.email, role: row.role };
  return row.tag ? onTagBoards(action, boards, { ...target, tag: row.tag }) : onBoards(action, boards, target);
};

/**
 * Teams (SPEC §1, §3, §4, §6): a board's owner and its Admins invite people by e-mail with a role on
 * some of their boards, and change or remove members; an owner invites to a role on a tag of theirs
 * too (issue 29: accepted, it is a role on the tag, tag-member-routes.ts). Who may call each route,
 * and their right on the boards a body, an invitation or a member names, is each route's rule below
 * (access/rules.ts), checked before these run; an invitation to a tag names no board, and its handler
 * lets only its inviter at it.
 */
/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;
  const now = () => deps.now?.() ?? Date.now();

  /**
   * Mails an invitation's single-use link in the inviter's language, counting it against the sender's
   * day; under the boards' firm's name, with replies to the firm or to the sender (issue 30).
   */
  async function send(row: InvitationRow, token: string, sender: { id: string; email: string }) {
    await takeQuota(db, `invitations:${sender.id}`, deps.limits.invitationsPerUserDay, 1, 'TOO_MANY_REQUESTS', now());
    const inviter = await userNameAndLanguage(db, row.invitedBy);
    // A tag's mail names the boards with it now, and says later ones come too.
    const boardIds = await invitationBoards(db, row);
    const boards = await boardNamesIn(db, boardIds);
    const url = `${deps.baseUrl}/confirm-invitation?token=${encodeURIComponent(token)}`;
    // Under the firm's name (a tag's: the firm of the boards with it).
    await deps.mailer.send({
      ...invitationMail(
        row.email,
        { inviter: inviter?.name ?? '', boards, role: row.role, url, tag: row.tag },
        row.lang,
      ),
      ...(await mailAsFirm(db, boardIds, sender.email)),
    });
  }

  /**
   * A pending invitation. The route table has checked the caller may share each of its boards; one to a
   * tag names no board, and is its inviter's alone (the tag's owner), as it does not exist to anyone else.
   */
  async function pendingInvitation(id: string, callerId: string): Promise<InvitationRow> {
    const row = await invitationById(db, id);
    if (!row || row.confirmedAt || (row.tag && row.invitedBy !== callerId)) throw new ApiError('INVITATION_NOT_FOUND');
    return row;
  }
  return { db, now, pendingInvitation, send };
});

export const teamRoutes = [
  serve(teamApi.invite, menu('GroupAccount', on('body:groupIds', 'share')), async (c, deps) => {
    const { db, now, send } = shared(deps);
    const caller = c.get('user');
    const body = c.req.valid('json');
    if (body.email === caller.email.toLowerCase()) throw new ApiError('CANNOT_INVITE_SELF');
    const { boardIds, tag } = await invitationTarget(db, caller.id, body, now());
    const inviter = await userNameAndLanguage(db, caller.id);
    const token = newInvitationToken();
    const made = await auditedUndoable(
      db,
      whoOf(c, now()),
      async (tx) => {
        const row = await insertInvitation(tx, {
          id: randomUUID(),
          email: body.email,
          role: body.role,
          boardIds,
          tag,
          invitedBy: caller.id,
          lang: inviter?.language ?? 'nor',
          tokenHash: tokenHash(token),
          createdAt: new Date(now()),
          expiresAt: new Date(now() + INVITATION_TTL_MS),
        });
        return { row, boards: await invitationBoards(tx, row) };
      },
      ({ row, boards }) => invitationRecords('invite.sent', row, boards),
    );
    const { row } = made.result;
    try {
      await send(row, token, caller);
    } catch (err) {
      // Nothing half made: an invitation whose mail never left is not listed as sent, nor recorded.
      await made.undo((tx) => deleteInvitation(tx, row.id));
      throw err;
    }
    const [view] = await toInvitations(db, [row], now());
    return c.json(view, 201);
  }),
  serve(teamApi.invitations, menu('GroupAccount'), async (c, deps) => {
    const { db, now } = shared(deps);
    const callerId = c.get('user').id;
    const managed = new Set((await managedBoards(db, callerId)).map((b) => b.id));
    // Those to the boards they manage, and to their own tags; with no board to manage, only the latter.
    const rows = await invitationsNewestFirst(db, managed.size === 0 ? callerId : undefined);
    const theirs = rows.filter((r) => (r.tag ? r.invitedBy === callerId : r.boardIds.some((id) => managed.has(id))));
    return c.json(await toInvitations(db, theirs, now()));
  }),
  serve(teamApi.revoke, menu('GroupAccount', on('invitation:id', 'share')), async (c, deps) => {
    const { db, now, pendingInvitation } = shared(deps);
    const row = await pendingInvitation(c.req.param('id'), c.get('user').id);
    await audited(
      db,
      whoOf(c, now()),
      async (tx) => {
        await deleteInvitation(tx, row.id);
        return invitationBoards(tx, row);
      },
      (boards) => invitationRecords('invite.revoked', row, boards),
    );
    return c.json({ isDeleted: true });
  }),
  serve(teamApi.resend, menu('GroupAccount', on('invitation:id', 'share')), async (c, deps) => {
    const { db, now, pendingInvitation, send } = shared(deps);
    const caller = c.get('user');
    const row = await pendingInvitation(c.req.param('id'), caller.id);
    const token = newInvitationToken();
    // The old link stops with the renewal, mail or not: the renewal is what is recorded.
    const { renewed } = await audited(
      db,
      whoOf(c, now()),
      async (tx) => ({
        renewed: await renewInvitationLink(tx, row.id, tokenHash(token), new Date(now() + INVITATION_TTL_MS)),
        boards: await invitationBoards(tx, row),
      }),
      ({ boards }) => invitationRecords('invite.resent', row, boards),
    );
    await send(renewed, token, caller);
    const [view] = await toInvitations(db, [renewed], now());
    return c.json(view);
  }),
  serve(teamApi.preview, PUBLIC, async (c, deps) => {
    const { db, now } = shared(deps);
    const row = await invitationByTokenHash(db, tokenHash(c.req.valid('query').token));
    if (!row) throw new ApiError('INVITATION_NOT_FOUND');
    const preview: InvitationPreview = await previewOf(db, row, now());
    return c.json(preview);
  }),
  serve(teamApi.accept, USER, async (c, deps) => {
    const { db, now } = shared(deps);
    const caller = c.get('user');
    const row = await acceptableInvitation(db, c.req.valid('json').token, now());
    if (row.email !== caller.email.toLowerCase()) throw new ApiError('USER_GROUP_MISMATCH');
    const boards = await acceptInvitation(db, row, caller.id, now());
    return c.json({ isAccepted: true, groupIds: boards });
  }),
  serve(teamApi.members, menu('GroupAccount'), async (c, deps) => {
    const { db } = shared(deps);
    return c.json(await teamMembers(db, c.get('user').id));
  }),
  serve(teamApi.updateMember, menu('GroupAccount', on('body:groupIds', 'share')), async (c, deps) => {
    const { db, now } = shared(deps);
    const callerId = c.get('user').id;
    const memberId = c.req.param('userId');
    const { role, groupIds: wanted } = c.req.valid('json');
    const current = (await teamMembers(db, callerId)).find((m) => m.userId === memberId);
    if (!current) throw new ApiError('MEMBER_NOT_FOUND');
    if (wanted.length === 0) throw new ApiError('LAST_GROUP');
    const keep = [...new Set(wanted)];
    const managed = (await managedBoards(db, callerId)).map((b) => b.id);
    const owned = await boardsOwnedBy(db, memberId);
    const give = keep.filter((id) => !owned.some((b) => b.id === id));
    const drop = managed.filter((id) => !keep.includes(id));
    const target = { userId: memberId, email: current.email, role };
    await audited(
      db,
      whoOf(c, now()),
      async (tx) => {
        await setMemberships(tx, memberId, give, role, callerId, now());
        const gone = drop.length ? await removeMemberships(tx, memberId, drop) : [];
        // Where they no longer share (left, or now below Admin), their pending invitations go too.
        await revokeInvitationsBy(tx, memberId, role === 'Admin' ? drop : [...drop, ...give]);
        return gone.map((b) => b.id);
      },
      (gone) => [
        ...onBoards('member.role_changed', give, target),
        ...onBoards('member.removed', gone, { userId: memberId, email: current.email }),
      ],
    );
    const updated: TeamMember | undefined = (await teamMembers(db, callerId)).find((m) => m.userId === memberId);
    return c.json(updated);
  }),
  serve(teamApi.removeMember, menu('GroupAccount', on('member:userId', 'share')), async (c, deps) => {
    const { db, now } = shared(deps);
    const callerId = c.get('user').id;
    const memberId = c.req.param('userId');
    const managed = (await managedBoards(db, callerId)).map((b) => b.id);
    if (managed.length === 0) throw new ApiError('MEMBER_NOT_FOUND');
    const email = (await teamMembers(db, callerId)).find((m) => m.userId === memberId)?.email ?? null;
    await audited(
      db,
      whoOf(c, now()),
      async (tx) => {
        const gone = (await removeMemberships(tx, memberId, managed)).map((b) => b.id);
        // Nothing to remove is no action: the transaction is rolled back by the refusal, with no record.
        if (gone.length === 0) throw new ApiError('MEMBER_NOT_FOUND');
        await revokeInvitationsBy(tx, memberId, gone);
        return gone;
      },
      (gone) => onBoards('member.removed', gone, { userId: memberId, email }),
    );
    return c.json({ isDeleted: true });
  }),
  ...tagMemberRoutes,
];
