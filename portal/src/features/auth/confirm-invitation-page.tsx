import type { InvitationPreview } from '@saldo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { ApiError } from '../../lib/api';
import { clearAll, getRefreshToken, saveLogin, setCurrentBoardId } from '../../lib/auth-storage';
import { acceptInvitation, invitationPreviewQuery } from '../team/queries';
import { login, logout } from './queries';
import { RegisterForm } from './register-page';
import { useSession } from './use-session';

/**
 * /confirm-invitation?token=…: an invitation's link (SPEC §3, §4). A new address signs up here with the
 * address fixed; an existing user logs in and accepts; a link opened while signed in as someone else
 * says 'User & group does not match'; an expired or used link says so.
 */
export function ConfirmInvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({ ...invitationPreviewQuery(token), enabled: token !== '' });
  const session = useSession();

  let body: React.ReactNode;
  if (!token || (preview.isError && preview.error instanceof ApiError && preview.error.status === 404)) {
    body = <Message titleKey="confirmInvitation.notFound" testId="invitation-not-found" />;
  } else if (preview.isPending) {
    body = <p className="muted">{t('app.loading')}</p>;
  } else if (preview.isError) {
    body = <Message titleKey="confirmInvitation.failed" testId="invitation-failed" />;
  } else if (preview.data.state === 'expired') {
    body = (
      <Message
        titleKey="confirmInvitation.expired"
        bodyKey="confirmInvitation.expiredBody"
        testId="invitation-expired"
      />
    );
  } else if (preview.data.state === 'confirmed') {
    body = <Message titleKey="confirmInvitation.notFound" testId="invitation-not-found" />;
  } else if (session && session.user.email.toLowerCase() !== preview.data.email) {
    body = <Mismatch preview={preview.data} signedInAs={session.user.email} />;
  } else if (session) {
    body = <Accept preview={preview.data} token={token} />;
  } else if (preview.data.userExists) {
    body = <LogInToAccept preview={preview.data} token={token} />;
  } else {
    body = <SignUpToAccept preview={preview.data} token={token} />;
  }
  return (
    <AuthLayout wide>
      <div data-testid="confirm-invitation">{body}</div>
    </AuthLayout>
  );
}

function Message({ titleKey, bodyKey, testId }: { titleKey: string; bodyKey?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <h1>{t(titleKey)}</h1>
      {bodyKey && <p className="auth-card__subtitle">{t(bodyKey)}</p>}
      <div className="auth-card__actions">
        <Link className="button button--primary" to="/login">
          {t('common.toLogin')}
        </Link>
      </div>
    </div>
  );
}

/** "Demo Bruker invites you to Nordlys AS as Viewer" (or to a tag): what the link gives. */
function Invited({ preview }: { preview: InvitationPreview }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('confirmInvitation.title')}</h1>
      <p className="auth-card__subtitle" data-testid="invitation-summary">
        {t(preview.tag === null ? 'confirmInvitation.summary' : 'confirmInvitation.summaryTag', {
          inviter: preview.invitedBy,
          boards: preview.boards.map((b) => b.name).join(', '),
          tag: preview.tag,
          role: t(`team.roles.${preview.role}`).toLocaleLowerCase(),
        })}
      </p>
    </>
  );
}

function Accept({ preview, token }: { preview: InvitationPreview; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async ({ groupIds }) => {
      if (groupIds[0]) setCurrentBoardId(groupIds[0]);
      await client.invalidateQueries();
      notify('confirmInvitation.accepted');
      await navigate('/dashboard', { replace: true });
    },
  });
  return (
    <>
      <Invited preview={preview} />
      {accept.isError && <ErrorBanner code={errorCodeOf(accept.error)} />}
      <Button
        kind="primary"
        block
        onClick={() => accept.mutate()}
        disabled={accept.isPending}
        data-testid="invitation-accept"
      >
        {t('confirmInvitation.accept')}
      </Button>
    </>
  );
}

function Mismatch({ preview, signedInAs }: { preview: InvitationPreview; signedInAs: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Signed out here, not sent to /login: the page then offers to log in or sign up as the invited address.
  const signOut = async () => {
    const refreshToken = getRefreshToken();
    if (refreshToken) await logout(refreshToken).catch(() => undefined);
    clearAll();
    client.clear();
  };
  return (
    <>
      <Invited preview={preview} />
      <ErrorBanner code="USER_GROUP_MISMATCH" testId="invitation-mismatch" />
      <p className="auth-card__subtitle">{t('confirmInvitation.mismatchBody', { email: preview.email, signedInAs })}</p>
      <Button kind="secondary" block onClick={() => void signOut()}>
        {t('confirmInvitation.logOut')}
      </Button>
    </>
  );
}

function LogInToAccept({ preview, token }: { preview: InvitationPreview; token: string }) {
  const { t } = useTranslation();
  const back = `/confirm-invitation?token=${encodeURIComponent(token)}`;
  return (
    <>
      <Invited preview={preview} />
      <p className="auth-card__subtitle">{t('confirmInvitation.logInBody', { email: preview.email })}</p>
      <Link
        className="button button--primary button--block"
        to={`/login?redirect=${encodeURIComponent(back)}`}
        data-testid="invitation-login"
      >
        {t('confirmInvitation.logIn')}
      </Link>
    </>
  );
}

function SignUpToAccept({ preview, token }: { preview: InvitationPreview; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const [boardId] = useState(preview.boards[0]?._id ?? null);
  return (
    <>
      <Invited preview={preview} />
      <p className="auth-card__subtitle">{t('confirmInvitation.signUpBody')}</p>
      <RegisterForm
        invitation={{ email: preview.email, token }}
        onSignedUp={async (request) => {
          // The invitation proved the address: sign straight in and open the board.
          const response = await login({ email: request.email, password: request.password });
          client.clear();
          saveLogin(response);
          if (boardId) setCurrentBoardId(boardId);
          notify('confirmInvitation.accepted');
          await navigate('/dashboard', { replace: true });
        }}
      />
    </>
  );
}
