/** @jsxImportSource preact */
import type { ConsolidationWidgetData } from '@saldo/server/contract';
import { footConsolidation } from '@saldo/server/reports';
import { formatNumber } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { StatusView } from '../../core/status-view';
import type { WidgetState } from '../../core/types';
import { type Column, DataTable } from '../../views/data-table';

type Company = ConsolidationWidgetData['apis'][number];

/** A row as shown: whole kroner, footed so the companies and eliminations add up to the consolidated sum. */
interface ShownRow {
  company: Company | null;
  _id: string;
  name: string;
  revenue: number;
  result: number;
}

export interface ConsolidationViewProps {
  state: WidgetState<ConsolidationWidgetData>;
  lang: SaldoLang;
  onDrill: (company: Company) => void;
}

/** Consolidation: revenue and result per company, the eliminations and the consolidated sum. */
export function ConsolidationView({ state, lang, onDrill }: ConsolidationViewProps) {
  const columns: Column<ShownRow>[] = [
    { label: t(lang, 'company'), cell: (c) => c.name, part: 'name' },
    { label: t(lang, 'revenue'), cell: (c) => c.revenue, format: formatNumber, part: 'revenue' },
    { label: t(lang, 'result'), cell: (c) => c.result, format: formatNumber, part: 'result' },
  ];
  const shown = state.status === 'data' ? footConsolidation(state.data) : null;
  return (
    <section part="container">
      <h2 class="title" part="title">
        {t(lang, 'consolidationTitle')}
      </h2>
      {state.status === 'data' && shown ? (
        <DataTable
          columns={columns}
          rows={state.data.apis.map((company, i) => ({
            company,
            _id: company._id,
            name: company.name,
            revenue: shown.revenue.companies[i]!,
            result: shown.result.companies[i]!,
          }))}
          foot={[
            // Eliminations are subtracted: shown with the deducted figure's sign turned, so the column adds up.
            {
              company: null,
              _id: 'deducted',
              name: t(lang, 'deducted'),
              revenue: shown.revenue.eliminations,
              result: shown.result.eliminations,
            },
            {
              company: null,
              _id: 'consolidated',
              name: t(lang, 'consolidated'),
              revenue: shown.revenue.consolidated,
              result: shown.result.consolidated,
            },
          ]}
          onRow={(row) => {
            if (row.company) onDrill(row.company);
          }}
          rowKey={(c) => c._id}
        />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}
