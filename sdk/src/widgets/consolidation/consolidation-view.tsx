/** @jsxImportSource preact */

import type { ConsolidationWidgetData } from '@saldo/contract';
import { footConsolidation } from '@saldo/contract/statements/index';
import { formatNumber } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { widgetTitle, widgetWord } from '../../core/registry';
import { StatusView } from '../../core/status-view';
import type { WidgetState } from '../../core/types';
import { type Column, DataTable } from '../../views/data-table';

type Company = ConsolidationWidgetData['apis'][number];
/** A row of the table: a company, the eliminations or the consolidated sum. */
export type ConsolidationRow = Company | 'deducted' | 'consolidated';
export type ConsolidationColumn = 'revenue' | 'result';

/** A row as shown: whole kroner, footed so the companies and eliminations add up to the consolidated sum. */
interface ShownRow {
  row: ConsolidationRow;
  _id: string;
  name: string;
  revenue: number;
  result: number;
}

export interface ConsolidationViewProps {
  state: WidgetState<ConsolidationWidgetData>;
  lang: SaldoLang;
  /** A figure clicked: its row and column (a company's row clicked as a whole is its result). */
  onDrill: (row: ConsolidationRow, column: ConsolidationColumn) => void;
}

/** Consolidation: revenue and result per company, the eliminations and the consolidated sum. */
export function ConsolidationView({ state, lang, onDrill }: ConsolidationViewProps) {
  const shown = state.status === 'data' ? footConsolidation(state.data) : null;
  // Without a consolidation group nothing is deducted: the eliminations are no postings.
  const grouped = state.status === 'data' && state.data.deductAccounts != null;
  const drill = (column: ConsolidationColumn) => (c: ShownRow) =>
    c.row === 'deducted' && !grouped ? undefined : () => onDrill(c.row, column);
  const columns: Column<ShownRow>[] = [
    { label: widgetWord('consolidation', 'company', lang), cell: (c) => c.name, part: 'name' },
    {
      label: t(lang, 'revenue'),
      cell: (c) => c.revenue,
      format: formatNumber,
      part: 'revenue',
      drill: drill('revenue'),
    },
    { label: t(lang, 'result'), cell: (c) => c.result, format: formatNumber, part: 'result', drill: drill('result') },
  ];
  return (
    <section part="container">
      <h2 class="title" part="title">
        {widgetTitle('consolidation', lang)}
      </h2>
      {state.status === 'data' && shown ? (
        <DataTable
          columns={columns}
          rows={state.data.apis.map((company, i) => ({
            row: company,
            _id: company._id,
            name: company.name,
            revenue: shown.revenue.companies[i]!,
            result: shown.result.companies[i]!,
          }))}
          foot={[
            // Eliminations are subtracted: shown with the deducted figure's sign turned, so the column adds up.
            {
              row: 'deducted',
              _id: 'deducted',
              name: widgetWord('consolidation', 'deducted', lang),
              revenue: shown.revenue.eliminations,
              result: shown.result.eliminations,
            },
            {
              row: 'consolidated',
              _id: 'consolidated',
              name: widgetWord('consolidation', 'consolidated', lang),
              revenue: shown.revenue.consolidated,
              result: shown.result.consolidated,
            },
          ]}
          onRow={(c) => onDrill(c.row, 'result')}
          rowKey={(c) => c._id}
        />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}
