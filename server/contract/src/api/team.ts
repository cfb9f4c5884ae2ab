import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { json, list, route } from './define.ts';

const tokenBody = z.object({ token: z.string().min(1).max(200) });

export const teamApi = {
  invite: route({
    method: 'POST',
    path: '/team/invitations',
    tag: 'team',
    summary:
      'Invite an e-mail address with a role on some of your boards (`groupIds`), or on one of your tags (`tag`, Editor or Viewer: every board of yours with it, now and later); the link is mailed and works 7 days',
    body: api.invitationRequest,
    response: json(api.invitation, 201),
    errors: {
      400: 'INVITATION_BOARDS_OR_TAG, INVITATION_TAG_ROLE, CANNOT_INVITE_SELF',
      404: 'INVITATION_TAG_NOT_FOUND',
      409: 'ALREADY_INVITED',
    },
  }),
  invitations: route({
    method: 'GET',
    path: '/team/invitations',
    tag: 'team',
    summary: 'Invitations to the boards you manage and to your tags, newest first, with their state',
    response: list(api.invitation),
  }),
  revoke: route({
    method: 'DELETE',
    path: '/team/invitations/:id',
    tag: 'team',
    summary: 'Revoke an invitation that has not been accepted',
    response: json(api.deleted),
  }),
  resend: route({
    method: 'POST',
    path: '/team/invitations/:id/resend',
    tag: 'team',
    summary: 'Send an invitation again with a new link, valid 7 more days (the old link stops)',
    response: json(api.invitation),
  }),
  preview: route({
    method: 'GET',
    path: '/team/invitations/preview',
    tag: 'team',
    summary: "What an invitation's link gives, for the confirm page (no login): its state, boards or tag, and role",
    query: tokenBody,
    response: json(api.invitationPreview),
  }),
  accept: route({
    method: 'POST',
    path: '/team/invitations/accept',
    tag: 'team',
    summary:
      "Accept an invitation as the signed-in user: the boards are added, or the role on the tag given (the link's address must be theirs)",
    body: tokenBody,
    response: json(api.invitationAccepted),
  }),
  members: route({
    method: 'GET',
    path: '/team/members',
    tag: 'team',
    summary: 'The members of the boards you manage, with their role on each',
    response: list(api.teamMember),
  }),
  updateMember: route({
    method: 'PATCH',
    path: '/team/members/:userId',
    tag: 'team',
    summary: "Set a member's role on exactly these of your boards (at least one); they leave your others",
    body: api.memberUpdate,
    response: json(api.teamMember),
  }),
  removeMember: route({
    method: 'DELETE',
    path: '/team/members/:userId',
    tag: 'team',
    summary: 'Remove a member from every board you manage',
    response: json(api.deleted),
  }),
  tagMembers: route({
    method: 'GET',
    path: '/team/tag-members',
    tag: 'team',
    summary: 'The roles you have given on your tags, by tag and name',
    response: list(api.tagMember),
  }),
  grantTagMember: route({
    method: 'POST',
    path: '/team/tag-members',
    tag: 'team',
    summary:
      'Give a colleague (by e-mail: a member of one of your boards or tags) a role, Editor or Viewer, on one of your tags: on every board of yours with the tag, now and later, while it has the tag; given again, the role is changed',
    body: api.tagMemberGrant,
    response: json(api.tagMember, 201),
    errors: { 400: 'TAG_MEMBER_SELF', 404: 'TAG_MEMBER_USER_NOT_FOUND' },
  }),
  revokeTagMember: route({
    method: 'DELETE',
    path: '/team/tag-members',
    tag: 'team',
    summary: "End a user's role on one of your tags: they keep only the roles they hold otherwise",
    query: api.tagMemberRevoke,
    response: json(api.deleted),
    errors: { 404: 'TAG_MEMBER_NOT_FOUND' },
  }),
} as const;
