import { formatDate } from '@saldo/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { parseDate } from '../../components/dates';
import { useErrorText } from '../../components/error-text';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { defaultRegistrationRange, isValidRange, totals } from './admin-logic';
import { AdminNav } from './admin-nav';
import { ADMIN_RETRY } from './admin-ui';
import { adminRegistrationsQuery } from './queries';
import './admin.css';
import { TableScroll } from '../../components/table-scroll';

/** /admin/registration: signups per month for a date range, and the signups one by one. */
export function AdminRegistrationPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
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
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setFrom(initial.from);
              setTo(initial.to);
            }}
          >
            {t('admin.registrations.reset')}
          </button>
        </div>
        {!valid && (
          <div className="banner banner--error" role="alert" data-testid="registration-range-error">
            {errorText('INVALID_DATE_RANGE')}
          </div>
        )}
      </section>

      {valid && (
        <QueryState query={registrations} retry={ADMIN_RETRY}>
          {(data) => {
            const sum = totals(data.months);
            return (
              <>
                <section className="card admin-card">
                  <h2 className="card__title">{t('admin.registrations.perMonth')}</h2>
                  <TableScroll className="admin-table-wrap" label={t('admin.registrations.perMonth')}>
                    <table className="data-table admin-months" data-testid="registration-months">
                      <thead>
                        <tr>
                          <th>{t('admin.registrations.month')}</th>
                          <th className="admin-num">{t('admin.registrations.registrations')}</th>
                          <th className="admin-num">{t('admin.registrations.verified')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.months.map((m) => (
                          <tr key={m.month} data-testid="registration-month-row" data-month={m.month}>
                            <td>{m.month.replace('-', '/')}</td>
                            <td className="admin-num">{m.registrations}</td>
                            <td className="admin-num">{m.verified}</td>
                          </tr>
                        ))}
                      </tbody>
                      <tfoot>
                        <tr>
                          <th>{t('admin.registrations.total')}</th>
                          <th className="admin-num">{sum.registrations}</th>
                          <th className="admin-num">{sum.verified}</th>
                        </tr>
                      </tfoot>
                    </table>
                  </TableScroll>
                </section>

                <section className="card admin-card">
                  <h2 className="card__title">{t('admin.registrations.list', { count: data.users.length })}</h2>
                  {data.users.length === 0 ? (
                    <p className="muted admin-empty" data-testid="admin-registration-empty">
                      {t('admin.registrations.empty')}
                    </p>
                  ) : (
                    <TableScroll className="admin-table-wrap" label={t('admin.registrations.title')}>
                      <table className="data-table">
                        <thead>
                          <tr>
                            <th>{t('admin.name')}</th>
                            <th>{t('admin.email')}</th>
                            <th>{t('admin.company')}</th>
                            <th>{t('admin.registrations.registered')}</th>
                            <th>{t('admin.registrations.verifiedColumn')}</th>
                            <th>{t('admin.registrations.partner')}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {data.users.map((u) => (
                            <tr key={u.id} data-testid="admin-registration-row" data-email={u.email}>
                              <td>{u.name}</td>
                              <td>{u.email}</td>
                              <td>{u.companyName ?? ''}</td>
                              <td>{formatDate(u.createdAt)}</td>
                              <td>{u.isVerified ? t('admin.yes') : t('admin.no')}</td>
                              <td>{u.integrationPartnerId ?? '–'}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </TableScroll>
                  )}
                </section>
              </>
            );
          }}
        </QueryState>
      )}
    </Page>
  );
}
