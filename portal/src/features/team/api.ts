import type { Invitation, InvitationPreview, InvitationRequest, MemberUpdate, TeamMember } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const membersQuery = queryOptions({
  queryKey: ['team', 'members'],
  queryFn: ({ signal }) => api.get<TeamMember[]>('/api/team/members', { signal }),
});

export const invitationsQuery = queryOptions({
  queryKey: ['team', 'invitations'],
  queryFn: ({ signal }) => api.get<Invitation[]>('/api/team/invitations', { signal }),
});

export const invite = (request: InvitationRequest) => api.post<Invitation>('/api/team/invitations', request);
export const resendInvitation = (id: string) =>
  api.post<Invitation>(`/api/team/invitations/${encodeURIComponent(id)}/resend`);
export const revokeInvitation = (id: string) =>
  api.delete<{ isDeleted: boolean }>(`/api/team/invitations/${encodeURIComponent(id)}`);
export const updateMember = (userId: string, update: MemberUpdate) =>
  api.patch<TeamMember>(`/api/team/members/${encodeURIComponent(userId)}`, update);
export const removeMember = (userId: string) =>
  api.delete<{ isDeleted: boolean }>(`/api/team/members/${encodeURIComponent(userId)}`);

/** What an invitation's link gives, read without a login (the link's token is the key). */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) =>
      api.get<InvitationPreview>(`/api/team/invitations/preview?token=${encodeURIComponent(token)}`, {
        auth: false,
        signal,
      }),
    retry: false,
  });

export const acceptInvitation = (token: string) =>
  api.post<{ isAccepted: boolean; groupIds: string[] }>('/api/team/invitations/accept', { token });
