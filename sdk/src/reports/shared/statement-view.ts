// What the statements' views share besides the table: their props and their lines.
import { useMemo } from 'preact/hooks';
import type { SaldoLang } from '../../core/i18n';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import { dropZeroLines, type Line, withComparison } from './statement';

/** What every statement's view takes from its element. */
export interface StatementViewProps<T> {
  state: WidgetState<T>;
  lang: SaldoLang;
  /** view="total": the Total column (the balance sheet's last month end) alone. */
  totalOnly: boolean;
  onDrill: (detail: SaldoDrillDetail) => void;
}

/** What a statement with a chart takes besides. */
export interface ChartedViewProps {
  /** The chart (not with view="total" or "table"). */
  showChart: boolean;
  theme?: string | undefined;
}

/**
 * A statement's lines with its comparison period's paired beside them (withComparison), for as long as the
 * report and the language stay; `dropZero` leaves out the groups and items zero everywhere.
 */
export function useStatementLines<R extends { comparison?: R | undefined }>(
  report: R,
  lang: SaldoLang,
  linesOf: (report: R, lang: SaldoLang) => Line[],
  dropZero: boolean,
): Line[] {
  return useMemo(() => {
    const lines = withComparison(linesOf(report, lang), report.comparison && linesOf(report.comparison, lang));
    return dropZero ? dropZeroLines(lines) : lines;
  }, [report, lang, linesOf, dropZero]);
}
