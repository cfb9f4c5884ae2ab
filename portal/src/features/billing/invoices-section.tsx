import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { QueryState } from '../../components/query-state';
import { useBillingText } from './money';
import { invoicesQuery } from './queries';

/** The order history: invoice number, date, plan, amount with VAT, status, and the invoice's PDF. */
export function InvoicesSection() {
  const { t, money, text } = useBillingText();
  const errorText = useErrorText();
  const invoices = useQuery(invoicesQuery);

  return (
    <section className="card card__body billing__invoices" data-testid="billing-invoices">
      <h2 className="card__title">{t('billing.invoices.title')}</h2>
      <QueryState
        query={invoices}
        loading="text"
        error={
          <>
            {t('billing.invoices.loadFailed')}{' '}
            <span className="banner__detail">{errorText(errorCodeOf(invoices.error))}</span>
          </>
        }
        errorTestId="billing-invoices-error"
        emptyText={t('billing.invoices.empty')}
        emptyTestId="billing-invoices-empty"
      >
        {(list) => (
          <div className="billing__table-wrap">
            <table className="data-table billing__table">
              <thead>
                <tr>
                  <th>{t('billing.invoices.number')}</th>
                  <th>{t('billing.invoices.date')}</th>
                  <th>{t('billing.invoices.plan')}</th>
                  <th className="billing__num">{t('billing.invoices.amount')}</th>
                  <th>{t('billing.invoices.status')}</th>
                  <th>{t('billing.invoices.pdf')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((invoice) => (
                  <tr key={invoice.invoiceNumber} data-testid="billing-invoice" data-number={invoice.invoiceNumber}>
                    <td className="mono">{invoice.invoiceNumber}</td>
                    <td>{formatDate(invoice.date)}</td>
                    <td>{text(invoice.planName, invoice.plan ?? '–')}</td>
                    <td className="billing__num">{money(invoice.amount)}</td>
                    <td>
                      <span className={`chip billing__invoice-status billing__invoice-status--${invoice.status}`}>
                        {t(`billing.invoices.statuses.${invoice.status}`)}
                      </span>
                    </td>
                    <td>
                      {invoice.pdfUrl ? (
                        <a
                          href={invoice.pdfUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t('billing.invoices.downloadLabel', { number: invoice.invoiceNumber })}
                          data-testid="billing-invoice-pdf"
                        >
                          {t('billing.invoices.download')}
                        </a>
                      ) : (
                        '–'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
