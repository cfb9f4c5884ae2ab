import { formatAmount } from '@saldo/contract/numbers/format';
import type { SnapshotChanges } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';

type Vouchers = NonNullable<SnapshotChanges['vouchers']>;
type Kind = 'added' | 'changed' | 'removed';

/** The period's vouchers booked, changed or removed since the pack was sent: date, number, text, debit then and now. */
export function ChangedVouchers({ vouchers }: { vouchers: Vouchers }) {
  const { t } = useTranslation();
  const rows = (['added', 'changed', 'removed'] as const).flatMap((kind: Kind) =>
    vouchers[kind].map((v) => ({ ...v, kind })),
  );
  const debit = (ore: number | null) => (ore === null ? '–' : formatAmount(ore));
  return (
    <>
      <p data-testid="snapshot-vouchers">
        {t('reportPacks.changes.vouchers', {
          added: vouchers.counts.added,
          changed: vouchers.counts.changed,
          removed: vouchers.counts.removed,
        })}
      </p>
      <DataTable
        testId="snapshot-voucher-list"
        rows={rows}
        rowKey={(v) => `${v.kind}|${v.date}|${v.voucher}`}
        rowProps={(v) => ({ 'data-testid': 'snapshot-voucher', 'data-kind': v.kind })}
        scroll={{ label: t('reportPacks.changes.voucherList') }}
        columns={[
          { header: t('reportPacks.changes.date'), cell: (v) => formatDate(v.date) },
          { header: t('reportPacks.changes.voucher'), cell: (v) => v.voucher },
          { header: t('reportPacks.changes.text'), cell: (v) => v.description ?? '' },
          { header: t('reportPacks.changes.what'), cell: (v) => t(`reportPacks.changes.kinds.${v.kind}`) },
          { header: t('reportPacks.changes.debitThen'), className: 'num', cell: (v) => debit(v.debitSent) },
          { header: t('reportPacks.changes.debitNow'), className: 'num', cell: (v) => debit(v.debitNow) },
        ]}
      />
    </>
  );
}
