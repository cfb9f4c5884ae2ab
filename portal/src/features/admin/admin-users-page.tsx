import type { AdminSummary } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { filterUsers, fullName } from './admin-logic';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY, AdminTable, LifecycleBadge, UserStatusButton } from './admin-ui';
import { adminSummaryQuery, adminUsersQuery } from './queries';
import './admin.css';

const CARDS: Array<{ key: keyof AdminSummary; label: string }> = [
  { key: 'companies', label: 'admin.summary.companies' },
  { key: 'users', label: 'admin.summary.users' },
  { key: 'trial', label: 'admin.summary.trial' },
  { key: 'trialEnded', label: 'admin.summary.trialEnded' },
  { key: 'paying', label: 'admin.summary.paying' },
  { key: 'cancelled', label: 'admin.summary.cancelled' },
  { key: 'free', label: 'admin.summary.free' },
  { key: 'deactivated', label: 'admin.summary.deactivated' },
];

/** /admin/dashboard: the install's counts and every user. The API refuses anyone but a SuperAdmin. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const summary = useQuery(adminSummaryQuery);
  const users = useQuery(adminUsersQuery);
  const [search, setSearch] = useState('');
  const searchId = useId();

  return (
    <Page testId="admin-users" title={t('admin.title')} subtitle={t('admin.usersSubtitle')}>
      <AdminNav />

      <section className="admin-summary" aria-label={t('admin.summary.label')} data-testid="admin-summary">
        <QueryState query={summary} retry={ADMIN_RETRY}>
          {(data) => (
            <dl className="admin-summary__grid">
              {CARDS.map((card) => (
                <div key={card.key} className="card admin-summary__card" data-testid={`admin-summary-${card.key}`}>
                  <dt>{t(card.label)}</dt>
                  <dd>{data[card.key]}</dd>
                </div>
              ))}
            </dl>
          )}
        </QueryState>
      </section>

      <section className="card admin-card">
        <div className="admin-card__toolbar">
          <h2 className="card__title">{t('admin.usersTitle')}</h2>
          <label className="visually-hidden" htmlFor={searchId}>
            {t('admin.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="admin-search"
            placeholder={t('admin.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="admin-user-search"
          />
        </div>
        <QueryState query={users} retry={ADMIN_RETRY}>
          {(list) => (
            <AdminTable
              label={t('admin.usersTitle')}
              className="admin-users-table"
              emptyText={list.length === 0 ? t('admin.noUsers') : t('admin.noMatches')}
              emptyTestId="admin-users-empty"
              rows={filterUsers(list, search)}
              rowKey={(u) => u._id}
              rowProps={(u) => ({ 'data-testid': 'admin-user-row', 'data-email': u.email })}
              columns={[
                {
                  // Name and e-mail share a column so the table fits a 1440 px screen beside the sidebar.
                  header: (
                    <>
                      {t('admin.name')} / {t('admin.email')}
                    </>
                  ),
                  cell: (u) => (
                    <>
                      <span className="admin-user__name">{fullName(u)}</span>
                      <span className="admin-user__email">{u.email}</span>
                    </>
                  ),
                },
                { header: t('admin.company'), cell: (u) => u.companyName ?? '' },
                { header: t('admin.role'), cell: (u) => t(`admin.roles.${u.role}`, { defaultValue: u.role }) },
                {
                  header: t('admin.status'),
                  cell: (u) => (
                    <>
                      <LifecycleBadge user={u} />
                      {u.isVerified ? '' : <span className="muted"> · {t('admin.unverified')}</span>}
                    </>
                  ),
                },
                {
                  header: t('admin.trialEnds'),
                  cell: (u) => (u.plan === 'trial' && u.trialEndsAt ? formatDate(u.trialEndsAt) : '–'),
                },
                { header: t('admin.apiCount'), className: 'admin-num', cell: (u) => u.apiCount },
                { header: t('admin.joined'), cell: (u) => formatDate(u.createdAt) },
                { header: t('admin.lastActive'), cell: (u) => (u.lastLoginAt ? formatDate(u.lastLoginAt) : '–') },
                {
                  header: <span className="visually-hidden">{t('admin.actions')}</span>,
                  cellClassName: 'admin-actions',
                  cell: (u) => <UserStatusButton user={u} />,
                },
              ]}
            />
          )}
        </QueryState>
      </section>
    </Page>
  );
}
