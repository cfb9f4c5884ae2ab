import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { errorCodeOf } from '../../components/error-text';
import { Fact } from '../../components/fact';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { fullName } from './admin-logic';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY, AdminTable, LifecycleBadge, UserStatusButton } from './admin-ui';
import { adminCompanyQuery } from './queries';
import './admin.css';

/** /customer/{id}: one company with its owner (status, activate/deactivate) and its API accounts. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const company = useQuery(adminCompanyQuery(id));
  const notFound = company.isError && errorCodeOf(company.error) === 'COMPANY_NOT_FOUND';

  return (
    <Page
      testId="customer-detail"
      title={company.data?.name ?? t('admin.companies.detailTitle')}
      before={
        <Link to="/customer" className="admin-back" data-testid="customer-back">
          ← {t('admin.companies.back')}
        </Link>
      }
    >
      <AdminNav />

      {notFound ? (
        <EmptyState
          testId="customer-not-found"
          title={t('admin.companies.notFoundTitle')}
          body={t('admin.companies.notFoundBody')}
          action={
            <Link to="/customer" className="button button--secondary">
              {t('admin.companies.back')}
            </Link>
          }
        />
      ) : (
        <QueryState query={company} retry={ADMIN_RETRY}>
          {(c) => (
            <div className="admin-detail">
              <section className="card admin-card" data-testid="customer-facts">
                <h2 className="card__title">{t('admin.companies.overview')}</h2>
                <dl className="facts admin-facts">
                  <Fact label={t('admin.apiCount')}>{c.apiAccounts.length}</Fact>
                  <Fact label={t('admin.companies.subBoards')}>{c.subBoardCount}</Fact>
                  <Fact label={t('admin.companies.widgets')}>{c.widgetCount}</Fact>
                  <Fact label={t('admin.companies.publicLink')}>
                    {c.hasPublicLink ? t('admin.yes') : t('admin.no')}
                  </Fact>
                  <Fact label={t('admin.companies.created')}>{formatDate(c.createdAt)}</Fact>
                </dl>
              </section>

              <section className="card admin-card" data-testid="customer-owner">
                <h2 className="card__title">{t('admin.companies.owner')}</h2>
                <div className="admin-owner">
                  <div>
                    <p className="admin-owner__name">{fullName(c.owner) || c.owner.email}</p>
                    <p className="muted">{c.owner.email}</p>
                    {c.owner.companyName && <p className="muted">{c.owner.companyName}</p>}
                  </div>
                  <div className="admin-owner__status">
                    <LifecycleBadge user={c.owner} />
                    <UserStatusButton user={c.owner} />
                  </div>
                </div>
                <dl className="admin-owner__facts">
                  <dt>{t('admin.role')}</dt>
                  <dd>{t(`admin.roles.${c.owner.role}`, { defaultValue: c.owner.role })}</dd>
                  <dt>{t('admin.trialEnds')}</dt>
                  <dd>{c.owner.plan === 'trial' && c.owner.trialEndsAt ? formatDate(c.owner.trialEndsAt) : '–'}</dd>
                  <dt>{t('admin.joined')}</dt>
                  <dd>{formatDate(c.owner.createdAt)}</dd>
                  <dt>{t('admin.lastActive')}</dt>
                  <dd>{c.owner.lastLoginAt ? formatDate(c.owner.lastLoginAt) : '–'}</dd>
                </dl>
              </section>

              <section className="card admin-card">
                <h2 className="card__title">{t('admin.companies.apiAccounts')}</h2>
                <AdminTable
                  label={t('admin.companies.apiAccounts')}
                  emptyText={t('admin.companies.noApis')}
                  emptyTestId="customer-apis-empty"
                  rows={c.apiAccounts}
                  rowKey={(a) => a._id}
                  rowProps={() => ({ 'data-testid': 'customer-api-row' })}
                  columns={[
                    { header: t('admin.companies.apiName'), cell: (a) => a.name },
                    { header: t('admin.companies.provider'), cell: (a) => t(`admin.providers.${a.provider}`) },
                    { header: t('admin.companies.type'), cell: (a) => t(`admin.companies.types.${a.type}`) },
                    {
                      header: t('admin.companies.lastSynced'),
                      cell: (a) => (a.lastSyncedAt ? formatDate(a.lastSyncedAt) : t('admin.companies.never')),
                    },
                    {
                      header: t('admin.status'),
                      cell: (a) => (
                        <span className={`status-pill status-pill--${a.isInvalid ? 'invalid' : 'valid'}`}>
                          {a.isInvalid ? t('admin.companies.invalid') : t('admin.companies.valid')}
                        </span>
                      ),
                    },
                  ]}
                />
              </section>
            </div>
          )}
        </QueryState>
      )}
    </Page>
  );
}
