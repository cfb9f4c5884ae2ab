import type { AdminUser } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SubmitButton } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify, useNotifyError } from '../../components/notifications';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { canGrantFree, findUserByEmail, freeCustomers, fullName } from './admin-logic';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY, AdminTable, LifecycleBadge } from './admin-ui';
import { adminUsersQuery, setUserPlan, useRefreshAdmin } from './queries';
import './admin.css';

/** /admin/free-customers: accounts granted free use (e.g. partner accountants), and granting it. */
export function AdminFreeCustomersPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefreshAdmin();
  const users = useQuery(adminUsersQuery);
  const [revoking, setRevoking] = useState<AdminUser | null>(null);

  const revoke = useMutation({
    mutationFn: (u: AdminUser) => setUserPlan(u._id, 'trial'),
    onSuccess: () => {
      refresh();
      notify('admin.free.revoked');
      setRevoking(null);
    },
    onError: (error) => {
      notifyError(errorCodeOf(error));
      setRevoking(null);
    },
  });

  return (
    <Page testId="admin-free-customers" title={t('admin.free.title')} subtitle={t('admin.free.subtitle')}>
      <AdminNav />

      <QueryState query={users} retry={ADMIN_RETRY}>
        {(list) => {
          const free = freeCustomers(list);
          return (
            <>
              <GrantForm users={list} />
              <section className="card admin-card">
                <h2 className="card__title">{t('admin.free.listTitle', { count: free.length })}</h2>
                <AdminTable
                  label={t('admin.free.title')}
                  emptyText={t('admin.free.empty')}
                  emptyTestId="admin-free-customers-empty"
                  rows={free}
                  rowKey={(u) => u._id}
                  rowProps={(u) => ({ 'data-testid': 'admin-free-customers-row', 'data-email': u.email })}
                  columns={[
                    { header: t('admin.name'), cell: (u) => fullName(u) },
                    { header: t('admin.email'), cell: (u) => u.email },
                    { header: t('admin.company'), cell: (u) => u.companyName ?? '' },
                    { header: t('admin.status'), cell: (u) => <LifecycleBadge user={u} /> },
                    { header: t('admin.apiCount'), className: 'admin-num', cell: (u) => u.apiCount },
                    { header: t('admin.joined'), cell: (u) => formatDate(u.createdAt) },
                    {
                      header: <span className="visually-hidden">{t('admin.actions')}</span>,
                      cellClassName: 'admin-actions',
                      cell: (u) => (
                        <Button kind="danger-ghost" small onClick={() => setRevoking(u)} data-testid="revoke-free">
                          {t('admin.free.revoke')}
                        </Button>
                      ),
                    },
                  ]}
                />
              </section>
            </>
          );
        }}
      </QueryState>

      {revoking && (
        <ConfirmDialog
          testId="revoke-free-confirm"
          danger
          title={t('admin.free.revokeTitle')}
          body={<p>{t('admin.free.revokeBody', { name: fullName(revoking) || revoking.email })}</p>}
          confirmLabel={t('admin.free.revoke')}
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() => revoke.mutate(revoking)}
        />
      )}
    </Page>
  );
}

/** Grant free use to a user by e-mail, picked from the existing users. */
function GrantForm({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAdmin();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: (u: AdminUser) => setUserPlan(u._id, 'free'),
    onSuccess: () => {
      refresh();
      notify('admin.free.granted');
      setEmail('');
    },
    onError: (err) => setError(errorText(errorCodeOf(err))),
  });
  const candidates = users.filter(canGrantFree);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(t('validation.emailRequired'));
      return;
    }
    const target = findUserByEmail(users, email);
    if (!target) setError(errorText('NO_USER_FOUND'));
    else if (target.plan === 'free') setError(t('admin.free.alreadyFree'));
    else if (!canGrantFree(target)) setError(errorText('PLAN_SET_BY_BILLING'));
    else grant.mutate(target);
  };

  return (
    <section className="card admin-card">
      <h2 className="card__title">{t('admin.free.grantTitle')}</h2>
      <p className="muted">{t('admin.free.grantHint')}</p>
      <form className="admin-grant" onSubmit={submit} noValidate data-testid="grant-free-form">
        <div className={`field ${error ? 'field--invalid' : ''}`}>
          <label htmlFor={`${ids}-email`}>{t('admin.email')}</label>
          <input
            id={`${ids}-email`}
            name="email"
            type="email"
            list={`${ids}-users`}
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            data-testid="grant-free-email"
          />
          <datalist id={`${ids}-users`}>
            {candidates.map((u) => (
              <option key={u._id} value={u.email}>
                {fullName(u)}
              </option>
            ))}
          </datalist>
          {error && (
            <p className="field__error" id={`${ids}-error`} role="alert" data-testid="grant-free-error">
              {error}
            </p>
          )}
        </div>
        <SubmitButton busy={grant.isPending} data-testid="grant-free">
          {t('admin.free.grant')}
        </SubmitButton>
      </form>
    </section>
  );
}
