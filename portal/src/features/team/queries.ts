import type { InvitationRequest, MemberUpdate, TagMemberGrant } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const membersQuery = queryOptions({
  queryKey: ['team', 'members'],
  queryFn: ({ signal }) => api.get('/team/members', { signal }),
});

export const invitationsQuery = queryOptions({
  queryKey: ['team', 'invitations'],
  queryFn: ({ signal }) => api.get('/team/invitations', { signal }),
});

export const invite = (request: InvitationRequest) => api.post('/team/invitations', { body: request });
export const resendInvitation = (id: string) => api.post('/team/invitations/:id/resend', { params: { id } });
export const revokeInvitation = (id: string) => api.delete('/team/invitations/:id', { params: { id } });
export const updateMember = (userId: string, update: MemberUpdate) =>
  api.patch('/team/members/:userId', { params: { userId }, body: update });
export const removeMember = (userId: string) => api.delete('/team/members/:userId', { params: { userId } });

/** What an invitation's link gives, read without a login (the link's token is the key). */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => api.get('/team/invitations/preview', { query: { token }, auth: false, signal }),
    retry: false,
  });

export const acceptInvitation = (token: string) => api.post('/team/invitations/accept', { body: { token } });

export const tagMembersQuery = queryOptions({
  queryKey: ['team', 'tag-members'],
  queryFn: ({ signal }) => api.get('/team/tag-members', { signal }),
});

export const grantTagRole = (grant: TagMemberGrant) => api.post('/team/tag-members', { body: grant });
export const revokeTagRole = (tag: string, userId: string) =>
  api.delete('/team/tag-members', { query: { tag, userId } });
