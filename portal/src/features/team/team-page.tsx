import type { Invitation, TeamMember } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { Page } from '../../components/page';
import { useIsMember } from '../boards/member';
import { useCurrentBoard } from '../boards/use-current-board';
import { SettingsTabs } from '../profile/settings-tabs';
import { MemberFormModal, type MemberFormValues, managedBoards } from './member-form';
import {
  invitationsQuery,
  invite,
  membersQuery,
  removeMember,
  resendInvitation,
  revokeInvitation,
  updateMember,
} from './queries';
import { ownTags, TagRoles } from './tag-roles';
import { TeamActionButton, TeamTable, useTeamMutation } from './team-parts';
import './team.css';

/** A member's row: change their role and boards, or remove them (each a dialog). */
const MEMBER_ACTIONS = [
  { dialog: 'edit', kind: 'secondary', label: 'team.change' },
  { dialog: 'remove', kind: 'danger', label: 'team.remove' },
] as const;

type Dialog = { kind: 'invite' } | { kind: 'edit'; member: TeamMember } | { kind: 'remove'; member: TeamMember } | null;

/**
 * /profile-settings/team: the members of the boards the user owns or administers, with their role on
 * each, the invitations with their state (sent, expired, confirmed), and the invite dialog.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const { boards } = useCurrentBoard();
  const managed = managedBoards(boards);
  const member = useIsMember();
  const members = useQuery(membersQuery);
  const invitations = useQuery(invitationsQuery);
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <Page
      testId="team-page"
      title={t('team.title')}
      subtitle={t('team.subtitle')}
      // A member with no board to share (a Viewer, an Editor) is not offered to invite (issue 27).
      actions={
        (managed.length > 0 || !member) && (
          <Button
            kind="primary"
            onClick={() => setDialog({ kind: 'invite' })}
            disabled={managed.length === 0}
            title={managed.length === 0 ? t('team.noBoardsToShare') : undefined}
            data-testid="team-invite"
          >
            + {t('team.invite')}
          </Button>
        )
      }
    >
      <SettingsTabs current="team" />
      <section className="card card__body team-section">
        <h2 className="card__title">{t('team.members')}</h2>
        <TeamTable
          query={members}
          emptyText={t('team.noMembers')}
          emptyTestId="team-members-empty"
          testId="team-members"
          rowKey={(member) => member.userId}
          rowProps={(member) => ({ 'data-testid': 'team-member', 'data-email': member.email })}
          columns={[
            {
              header: t('team.name'),
              cell: (member) => (
                <>
                  {member.firstName} {member.lastName}
                </>
              ),
            },
            { header: t('team.email'), cell: (member) => member.email },
            {
              header: t('team.boardsAndRoles'),
              cell: (member) =>
                member.boards.map((b) => (
                  <div key={b._id}>
                    {b.name} <span className="chip">{t(`team.roles.${b.role}`)}</span>
                  </div>
                )),
            },
            {
              label: t('embed.actions'),
              cellClassName: 'data-table__actions',
              cell: (member) => (
                <>
                  {MEMBER_ACTIONS.map(({ dialog, kind, label }) => (
                    <Button
                      key={dialog}
                      kind={kind}
                      small
                      onClick={() => setDialog({ kind: dialog, member })}
                      data-testid={`team-member-${dialog}`}
                    >
                      {t(label)}
                    </Button>
                  ))}
                </>
              ),
            },
          ]}
        />
      </section>
      <section className="card card__body team-section">
        <h2 className="card__title">{t('team.invitations')}</h2>
        <TeamTable
          query={invitations}
          emptyText={t('team.noInvitations')}
          testId="team-invitations"
          rowKey={(invitation) => invitation._id}
          rowProps={(invitation) => ({
            'data-testid': 'team-invitation',
            'data-email': invitation.email,
            'data-state': invitation.state,
          })}
          columns={[
            { header: t('team.email'), cell: (invitation) => invitation.email },
            { header: t('team.role'), cell: (invitation) => t(`team.roles.${invitation.role}`) },
            {
              header: t('team.gives'),
              cell: (invitation) =>
                invitation.tag === null ? (
                  invitation.boards.map((b) => b.name).join(', ')
                ) : (
                  <>
                    {t('team.tagRoles.tag')}{' '}
                    <span className="chip" data-testid="team-invitation-tag">
                      {invitation.tag}
                    </span>
                  </>
                ),
            },
            {
              header: t('team.state'),
              cell: (invitation) => (
                <>
                  <span className={`chip chip--${invitation.state}`}>{t(`team.states.${invitation.state}`)}</span>
                  <div className="muted small">
                    {invitation.state === 'confirmed' && invitation.confirmedAt
                      ? formatDate(invitation.confirmedAt)
                      : t('team.until', { date: formatDate(invitation.expiresAt) })}
                  </div>
                </>
              ),
            },
            {
              label: t('embed.actions'),
              cellClassName: 'data-table__actions',
              cell: (invitation) => <InvitationActions invitation={invitation} />,
            },
          ]}
        />
      </section>
      {boards.some((b) => b.role === 'owner') && (
        <TagRoles boards={boards} colleagues={(members.data ?? []).map((m) => m.email)} />
      )}
      {dialog?.kind === 'invite' && <InviteDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditMemberDialog member={dialog.member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remove' && <RemoveMemberDialog member={dialog.member} onClose={() => setDialog(null)} />}
    </Page>
  );
}

interface InvitationActionSpec {
  name: 'resend' | 'revoke';
  kind: 'secondary' | 'danger';
  run: (id: string) => Promise<unknown>;
  notice: string;
  label: string;
}

/** What can be done to an invitation not yet accepted: resend it or revoke it. */
const INVITATION_ACTIONS: InvitationActionSpec[] = [
  { name: 'resend', kind: 'secondary', run: resendInvitation, notice: 'team.resent', label: 'team.resend' },
  { name: 'revoke', kind: 'danger', run: revokeInvitation, notice: 'team.revoked', label: 'team.revoke' },
];

/** Resend or revoke an invitation not yet accepted. */
function InvitationActions({ invitation }: { invitation: Invitation }) {
  if (invitation.state === 'confirmed') return null;
  return (
    <>
      {INVITATION_ACTIONS.map((action) => (
        <InvitationAction key={action.name} action={action} id={invitation._id} />
      ))}
    </>
  );
}

function InvitationAction({ action, id }: { action: InvitationActionSpec; id: string }) {
  return (
    <TeamActionButton
      run={() => action.run(id)}
      notice={action.notice}
      label={action.label}
      kind={action.kind}
      testId={`team-invitation-${action.name}`}
    />
  );
}

/**
 * A change to the team from a dialog: once done, a notice, the team read again and the dialog closed;
 * a refusal's text is for the dialog to show.
 */
function useTeamChange<T = void>(change: (values: T) => Promise<unknown>, notice: string, onClose: () => void) {
  const errorText = useErrorText();
  const mutation = useTeamMutation(change, notice, { onDone: onClose });
  const serverError = mutation.isError ? errorText(errorCodeOf(mutation.error)) : null;
  /** What a member form's dialog takes of it. */
  const form = { busy: mutation.isPending, serverError, onSubmit: (values: T) => mutation.mutate(values), onClose };
  return { mutation, serverError, form };
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { boards, current } = useCurrentBoard();
  const managed = managedBoards(boards);
  // To boards, or to a role on one of the user's own tags (issue 29): the body names one of the two.
  const { form } = useTeamChange(
    ({ tag, groupIds, ...values }: MemberFormValues) =>
      invite(tag === null ? { ...values, groupIds } : { ...values, tag }),
    'team.invited',
    onClose,
  );
  const start = managed.some((b) => b._id === current?._id) ? [current!._id] : managed.slice(0, 1).map((b) => b._id);
  const tags = ownTags(boards);
  return (
    <MemberFormModal
      title={t(tags.length > 0 ? 'team.inviteTitleOrTag' : 'team.inviteTitle')}
      submitLabel={t('team.send')}
      boards={managed}
      tags={tags}
      initial={{ email: '', role: 'Viewer', groupIds: start, tag: null }}
      {...form}
      testId="invite"
    />
  );
}

function EditMemberDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const { boards } = useCurrentBoard();
  const { form } = useTeamChange(
    (values: MemberFormValues) => updateMember(member.userId, { role: values.role, groupIds: values.groupIds }),
    'team.updated',
    onClose,
  );
  return (
    <MemberFormModal
      title={t('team.changeTitle', { name: `${member.firstName} ${member.lastName}` })}
      submitLabel={t('team.save')}
      boards={managedBoards(boards)}
      initial={{
        email: member.email,
        role: member.boards[0]?.role ?? 'Viewer',
        groupIds: member.boards.map((b) => b._id),
        tag: null,
      }}
      fixedEmail
      {...form}
      testId="member"
    />
  );
}

function RemoveMemberDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const { mutation, serverError } = useTeamChange(() => removeMember(member.userId), 'team.removed', onClose);
  return (
    <ConfirmDialog
      title={t('team.removeTitle')}
      body={t('team.removeBody', { name: `${member.firstName} ${member.lastName}` })}
      confirmLabel={t('team.remove')}
      onConfirm={() => mutation.mutate()}
      onCancel={onClose}
      busy={mutation.isPending}
      danger
      testId="team-remove-dialog"
      error={serverError}
    />
  );
}
