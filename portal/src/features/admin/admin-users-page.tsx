import type { AdminSummary } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { filterUsers, fullName } from './admin-logic';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY, LifecycleBadge, UserStatusButton } from './admin-ui';
import { adminSummaryQuery, adminUsersQuery } from './queries';
import './admin.css';
import { TableScroll } from '../../components/table-scroll';

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
          {(list) => {
            const shown = filterUsers(list, search);
            if (shown.length === 0)
              return (
                <p className="muted admin-empty" data-testid="admin-users-empty">
                  {list.length === 0 ? t('admin.noUsers') : t('admin.noMatches')}
                </p>
              );
            return (
              <TableScroll className="admin-table-wrap" label={t('admin.usersTitle')}>
                <table className="data-table admin-users-table">
                  <thead>
                    <tr>
                      {/* Name and e-mail share a column so the table fits a 1440 px screen beside the sidebar. */}
                      <th>
                        {t('admin.name')} / {t('admin.email')}
                      </th>
                      <th>{t('admin.company')}</th>
                      <th>{t('admin.role')}</th>
                      <th>{t('admin.status')}</th>
                      <th>{t('admin.trialEnds')}</th>
                      <th className="admin-num">{t('admin.apiCount')}</th>
                      <th>{t('admin.joined')}</th>
                      <th>{t('admin.lastActive')}</th>
                      <th>
                        <span className="visually-hidden">{t('admin.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((u) => (
                      <tr key={u._id} data-testid="admin-user-row" data-email={u.email}>
                        <td>
                          <span className="admin-user__name">{fullName(u)}</span>
                          <span className="admin-user__email">{u.email}</span>
                        </td>
                        <td>{u.companyName ?? ''}</td>
                        <td>{t(`admin.roles.${u.role}`, { defaultValue: u.role })}</td>
                        <td>
                          <LifecycleBadge user={u} />
                          {u.isVerified ? '' : <span className="muted"> · {t('admin.unverified')}</span>}
                        </td>
                        <td>{u.plan === 'trial' && u.trialEndsAt ? formatDate(u.trialEndsAt) : '–'}</td>
                        <td className="admin-num">{u.apiCount}</td>
                        <td>{formatDate(u.createdAt)}</td>
                        <td>{u.lastLoginAt ? formatDate(u.lastLoginAt) : '–'}</td>
                        <td className="admin-actions">
                          <UserStatusButton user={u} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            );
          }}
        </QueryState>
      </section>
    </Page>
  );
}
