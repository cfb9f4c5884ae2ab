import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY, AdminTable } from './admin-ui';
import { adminCompaniesQuery } from './queries';
import './admin.css';

/** /customer: every company (board) of the install; each links to its details. */
export function CustomersPage() {
  const { t } = useTranslation();
  const companies = useQuery(adminCompaniesQuery);

  return (
    <Page testId="customers" title={t('admin.companies.title')} subtitle={t('admin.companies.subtitle')}>
      <AdminNav />

      <section className="card admin-card">
        <QueryState query={companies} retry={ADMIN_RETRY}>
          {(list) => (
            <AdminTable
              label={t('admin.companies.title')}
              emptyText={t('admin.companies.empty')}
              emptyTestId="customers-empty"
              rows={list}
              rowKey={(c) => c._id}
              rowProps={() => ({ 'data-testid': 'customers-row' })}
              columns={[
                {
                  header: t('admin.companies.name'),
                  cell: (c) => (
                    <Link to={`/customer/${encodeURIComponent(c._id)}`} className="admin-link">
                      {c.name}
                    </Link>
                  ),
                },
                {
                  header: t('admin.companies.owner'),
                  cell: (c) => (
                    <>
                      {c.owner.name}
                      <span className="admin-sub">{c.owner.email}</span>
                    </>
                  ),
                },
                { header: t('admin.apiCount'), className: 'admin-num', cell: (c) => c.apiCount },
                { header: t('admin.companies.widgets'), className: 'admin-num', cell: (c) => c.widgetCount },
                {
                  header: t('admin.companies.lastSynced'),
                  cell: (c) => (c.lastSyncedAt ? formatDate(c.lastSyncedAt) : t('admin.companies.never')),
                },
                {
                  header: t('admin.companies.publicLink'),
                  cell: (c) => (c.hasPublicLink ? t('admin.yes') : t('admin.no')),
                },
                { header: t('admin.companies.created'), cell: (c) => formatDate(c.createdAt) },
              ]}
            />
          )}
        </QueryState>
      </section>
    </Page>
  );
}
