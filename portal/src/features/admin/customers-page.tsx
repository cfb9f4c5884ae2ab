import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY } from './admin-ui';
import { adminCompaniesQuery } from './queries';
import './admin.css';
import { TableScroll } from '../../components/table-scroll';

/** /customer: every company (board) of the install; each links to its details. */
export function CustomersPage() {
  const { t } = useTranslation();
  const companies = useQuery(adminCompaniesQuery);

  return (
    <Page testId="customers" title={t('admin.companies.title')} subtitle={t('admin.companies.subtitle')}>
      <AdminNav />

      <section className="card admin-card">
        <QueryState query={companies} retry={ADMIN_RETRY}>
          {(list) =>
            list.length === 0 ? (
              <p className="muted admin-empty" data-testid="customers-empty">
                {t('admin.companies.empty')}
              </p>
            ) : (
              <TableScroll className="admin-table-wrap" label={t('admin.companies.title')}>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th>{t('admin.companies.name')}</th>
                      <th>{t('admin.companies.owner')}</th>
                      <th className="admin-num">{t('admin.apiCount')}</th>
                      <th className="admin-num">{t('admin.companies.widgets')}</th>
                      <th>{t('admin.companies.lastSynced')}</th>
                      <th>{t('admin.companies.publicLink')}</th>
                      <th>{t('admin.companies.created')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((c) => (
                      <tr key={c._id} data-testid="customers-row">
                        <td>
                          <Link to={`/customer/${encodeURIComponent(c._id)}`} className="admin-link">
                            {c.name}
                          </Link>
                        </td>
                        <td>
                          {c.owner.name}
                          <span className="admin-sub">{c.owner.email}</span>
                        </td>
                        <td className="admin-num">{c.apiCount}</td>
                        <td className="admin-num">{c.widgetCount}</td>
                        <td>{c.lastSyncedAt ? formatDate(c.lastSyncedAt) : t('admin.companies.never')}</td>
                        <td>{c.hasPublicLink ? t('admin.yes') : t('admin.no')}</td>
                        <td>{formatDate(c.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )
          }
        </QueryState>
      </section>
    </Page>
  );
}
