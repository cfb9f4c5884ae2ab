import { formatDate } from '@saldo/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-field';
import { parseDate } from '../../components/dates';
import { ErrorBanner } from '../../components/error-banner';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { defaultRegistrationRange, isValidRange, totals } from './admin-logic';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY, AdminTable } from './admin-ui';
import { adminRegistrationsQuery } from './queries';
import './admin.css';

/** /admin/registration: signups per month for a date range, and the signups one by one. */
export function AdminRegistrationPage() {
  const { t } = useTranslation();
  const ids = useId();
  const [initial] = useState(() => defaultRegistrationRange(new Date()));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const valid = isValidRange(from, to);
  const registrations = useQuery({
    ...adminRegistrationsQuery(from, to),
    enabled: valid,
    placeholderData: keepPreviousData,
  });

  return (
    <Page
      testId="admin-registration"
      title={t('admin.registrations.title')}
      subtitle={t('admin.registrations.subtitle')}
    >
      <AdminNav />

      <section className="card admin-card">
        <div className="admin-range">
          <DateField
            id={`${ids}-from`}
            name="registrationFrom"
            label={t('admin.registrations.from')}
            value={from}
            onChange={setFrom}
            testId="registration-from"
          />
          <DateField
            id={`${ids}-to`}
            name="registrationTo"
            label={t('admin.registrations.to')}
            value={to}
            min={parseDate(from) ?? undefined}
            onChange={setTo}
            testId="registration-to"
          />
          <Button
            kind="secondary"
            onClick={() => {
              setFrom(initial.from);
              setTo(initial.to);
            }}
          >
            {t('admin.registrations.reset')}
          </Button>
        </div>
        {!valid && <ErrorBanner code={'INVALID_DATE_RANGE'} testId="registration-range-error" />}
      </section>

      {valid && (
        <QueryState query={registrations} retry={ADMIN_RETRY}>
          {(data) => {
            const sum = totals(data.months);
            return (
              <>
                <section className="card admin-card">
                  <h2 className="card__title">{t('admin.registrations.perMonth')}</h2>
                  <AdminTable
                    label={t('admin.registrations.perMonth')}
                    className="admin-months"
                    testId="registration-months"
                    rows={data.months}
                    rowKey={(m) => m.month}
                    rowProps={(m) => ({ 'data-testid': 'registration-month-row', 'data-month': m.month })}
                    columns={[
                      { header: t('admin.registrations.month'), cell: (m) => m.month.replace('-', '/') },
                      {
                        header: t('admin.registrations.registrations'),
                        className: 'admin-num',
                        cell: (m) => m.registrations,
                      },
                      { header: t('admin.registrations.verified'), className: 'admin-num', cell: (m) => m.verified },
                    ]}
                    footer={
                      <tr>
                        <th>{t('admin.registrations.total')}</th>
                        <th className="admin-num">{sum.registrations}</th>
                        <th className="admin-num">{sum.verified}</th>
                      </tr>
                    }
                  />
                </section>

                <section className="card admin-card">
                  <h2 className="card__title">{t('admin.registrations.list', { count: data.users.length })}</h2>
                  <AdminTable
                    label={t('admin.registrations.title')}
                    emptyText={t('admin.registrations.empty')}
                    emptyTestId="admin-registration-empty"
                    rows={data.users}
                    rowKey={(u) => u.id}
                    rowProps={(u) => ({ 'data-testid': 'admin-registration-row', 'data-email': u.email })}
                    columns={[
                      { header: t('admin.name'), cell: (u) => u.name },
                      { header: t('admin.email'), cell: (u) => u.email },
                      { header: t('admin.company'), cell: (u) => u.companyName ?? '' },
                      { header: t('admin.registrations.registered'), cell: (u) => formatDate(u.createdAt) },
                      {
                        header: t('admin.registrations.verifiedColumn'),
                        cell: (u) => (u.isVerified ? t('admin.yes') : t('admin.no')),
                      },
                      { header: t('admin.registrations.partner'), cell: (u) => u.integrationPartnerId ?? '–' },
                    ]}
                  />
                </section>
              </>
            );
          }}
        </QueryState>
      )}
    </Page>
  );
}
