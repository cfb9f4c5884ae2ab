import type { Filters, Sort } from '@saldo/contract/kpis/portfolio-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf } from '../../components/error-text';
import { useNotifyError } from '../../components/notifications';
import { api, routeUrl } from '../../lib/api';
import { toLanguage } from '../../lib/i18n';
import { saveFile } from '../exports/save-file';
import type { PortfolioCompare } from './queries';

/** What the table on screen shows: the list's own query, and the sort and filters applied to it. */
export interface PortfolioView {
  period: { startDate: string; endDate: string };
  compare: PortfolioCompare;
  /** The KPI columns the user shows, in their order, and the benchmark group. */
  kpis: readonly string[];
  benchmark: string;
  sort: Sort;
  filters: Filters;
}

/**
 * The table as an Excel workbook, made by the server as the product's other Excel files are
 * (GET /api/portfolio/export): the same period, comparison, KPI columns, filters and sort as on
 * screen, the headings in the portal's language.
 */
export function ExportXlsxButton({ view, disabled }: { view: PortfolioView; disabled: boolean }) {
  const { period, compare, kpis, benchmark, sort, filters } = view;
  const { t, i18n } = useTranslation();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = {
        ...period,
        compare,
        benchmark,
        ...(kpis.length ? { kpis: kpis.join(',') } : {}),
        format: 'xlsx',
        lang: toLanguage(i18n.language),
        sort: sort.key,
        descending: String(sort.descending),
        ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
        ...(filters.tag ? { tag: filters.tag } : {}),
        ...(filters.responsible ? { responsible: filters.responsible } : {}),
        ...(filters.health ? { health: filters.health } : {}),
        ...(filters.needsAttention ? { needsAttention: 'true' } : {}),
      };
      const got = await api.download(routeUrl('/portfolio/export', {}, query));
      saveFile(got.blob, got.filename ?? `portefolje-${period.startDate}-${period.endDate}.xlsx`);
    } catch (error) {
      notifyError(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button kind="secondary" disabled={disabled || busy} onClick={() => void download()} data-testid="portfolio-xlsx">
      {t('portfolio.exportXlsx')}
    </Button>
  );
}
