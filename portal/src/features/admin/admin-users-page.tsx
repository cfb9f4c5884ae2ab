import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { adminUsersQuery } from './queries';

/** /admin/dashboard: every user of the install. The API refuses anyone but a SuperAdmin. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const users = useQuery(adminUsersQuery);

  return (
    <div className="page" data-testid="admin-users">
      <header className="page__header">
        <h1 className="page__title">{t('admin.title')}</h1>
      </header>
      <section className="card">
        {users.isPending ? (
          <p className="muted">{t('app.loading')}</p>
        ) : users.isError ? (
          <div className="banner banner--error" role="alert">
            {errorText(errorCodeOf(users.error))}
          </div>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th>{t('admin.name')}</th>
                <th>{t('admin.email')}</th>
                <th>{t('admin.company')}</th>
                <th>{t('admin.role')}</th>
                <th>{t('admin.status')}</th>
                <th>{t('admin.joined')}</th>
                <th>{t('admin.lastActive')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <tr key={u._id} data-testid="admin-user-row">
                  <td>{`${u.firstName} ${u.lastName}`}</td>
                  <td>{u.email}</td>
                  <td>{u.companyName ?? ''}</td>
                  <td>{u.role}</td>
                  <td>
                    {u.status === 'active' ? t('admin.active') : t('admin.deactivated')}
                    {u.isVerified ? '' : ` · ${t('admin.unverified')}`}
                  </td>
                  <td>{formatDate(u.createdAt)}</td>
                  <td>{u.lastLoginAt ? formatDate(u.lastLoginAt) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
