/** @jsxImportSource preact */
import type { ConsolidationWidgetData } from '@saldo/server/contract';
import { formatAmount } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { StatusView } from '../../core/status-view';
import type { WidgetState } from '../../core/types';
import { type Column, DataTable } from '../../views/data-table';

type Company = ConsolidationWidgetData['apis'][number];

export interface ConsolidationViewProps {
  state: WidgetState<ConsolidationWidgetData>;
  lang: SaldoLang;
  onDrill: (company: Company) => void;
}

/** Consolidation: revenue and result per company, the eliminations and the consolidated sum. */
export function ConsolidationView({ state, lang, onDrill }: ConsolidationViewProps) {
  const columns: Column<Company>[] = [
    { label: t(lang, 'company'), cell: (c) => c.name, part: 'name' },
    { label: t(lang, 'revenue'), cell: (c) => c.revenue, format: formatAmount, part: 'revenue' },
    { label: t(lang, 'result'), cell: (c) => c.result, format: formatAmount, part: 'result' },
  ];
  return (
    <section part="container">
      <h2 class="title" part="title">
        {t(lang, 'consolidationTitle')}
      </h2>
      {state.status === 'data' ? (
        <DataTable
          columns={columns}
          rows={state.data.apis}
          foot={[
            // Eliminations are subtracted: shown negative whatever sign the API gives them.
            {
              _id: 'deducted',
              name: t(lang, 'deducted'),
              revenue: -Math.abs(state.data.deducted.revenue),
              result: -Math.abs(state.data.deducted.result),
            },
            { _id: 'consolidated', name: t(lang, 'consolidated'), ...state.data.consolidated },
          ]}
          onRow={onDrill}
          rowKey={(c) => c._id}
        />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}
