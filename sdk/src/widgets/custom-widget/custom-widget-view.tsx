/** @jsxImportSource preact */

import type { Comparison, CustomWidgetData, RatioOperand } from '@saldo/contract';
import { isBooked } from '@saldo/contract/period/booked';
import { footedParts } from '@saldo/contract/statements/index';
import { comparisonLabel, shownChangePercent } from '../../core/comparison';
import { formatNumber, formatPercent } from '../../core/format';
import { localized, type SaldoLang, t } from '../../core/i18n';
import { joinNotes, openingNote } from '../../core/opening-note';
import { widgetTitle } from '../../core/registry';
import type { WidgetState } from '../../core/types';
import { type Metric, MetricView, toneOf } from '../../views/metric-view';

export interface CustomWidgetViewProps {
  state: WidgetState<CustomWidgetData>;
  lang: SaldoLang;
  theme?: string | undefined;
  /** The comparison view: the comparison period's figures beside the period's, and the change. */
  comparison?: Comparison | null | undefined;
  /** An account range drills into its postings: the period from the headline, a month from its row. */
  onDrill?: ((period: 'period' | string) => void) | undefined;
}

/** A ratio's operand: an account range '3000–3999', or a statement line by the name the API gives it. */
const operandText = (operand: RatioOperand, lang: SaldoLang) =>
  'line' in operand ? (operand.title ? localized(operand.title, lang) : operand.line) : `${operand.from}–${operand.to}`;

/** A ratio (dividend / divisor, e.g. 0.4123) as a percentage with one decimal: '41,2 %'. */
export const formatRatio = (ratio: number) => formatPercent(ratio * 100);

export function customMetric(data: CustomWidgetData, lang: SaldoLang, comparison?: Comparison | null): Metric {
  const { widget } = data;
  const ratio = widget.type === 'ratio';
  const format = ratio ? formatRatio : formatNumber;
  // An account range in whole kroner, its months footed against the total shown above them.
  const shown = ratio
    ? null
    : footedParts(
        data.months.map((m) => m.value ?? 0),
        data.total ?? 0,
      );
  const pattern = ratio
    ? widget.dividend &&
      widget.divisor &&
      `${operandText(widget.dividend, lang)} / ${operandText(widget.divisor, lang)}`
    : widget.range && `${widget.range.from}–${widget.range.to}`;
  const values = data.months.map((m, i) => (m.value === null ? null : shown ? shown.parts[i]! : m.value));
  const metric: Metric = {
    value: data.total === null ? '–' : format(shown ? shown.total : data.total),
    label: [ratio ? t(lang, 'ratio') : t(lang, 'total'), pattern].filter(Boolean).join(' · '),
    stats: [],
    note: joinNotes(widget.note, openingNote(data.openingMonths, lang)),
    months: data.months.map((m) => m.month),
    series: [{ label: t(lang, ratio ? 'ratio' : 'value'), color: '--saldo-chart-revenue', values }],
    format,
    booked: data.months.map((m) => isBooked(m.month, data.lastBookedMonth)),
  };
  const before = data.comparison;
  if (!comparison || !before) return metric;
  // The comparison as shown: an account range's months footed against its own total, like the period's;
  // none over a comparison period without a booked month ('–', never zeros).
  const footed =
    ratio || before.bookedMonths === 0
      ? null
      : footedParts(
          before.months.map((m) => m.value ?? 0),
          before.total ?? 0,
        );
  const label = comparisonLabel(comparison, lang);
  const nowTotal = shown ? shown.total : data.total;
  const beforeTotal = footed ? footed.total : before.total;
  const previous = data.months.map((_, i) => {
    const m = before.months[i];
    return !m || m.value === null ? null : footed ? footed.parts[i]! : m.value;
  });
  const diff = (a: number | null | undefined, b: number | null | undefined) =>
    a === null || a === undefined || b === null || b === undefined ? null : a - b;
  const change = diff(nowTotal, beforeTotal);
  metric.stats = [
    { label, value: beforeTotal === null ? '–' : format(beforeTotal) },
    { label: t(lang, 'change'), value: change === null ? '–' : format(change), tone: toneOf(change) },
    // A ratio's change is in percentage points, said above; a share of a share would say little.
    ...(ratio || nowTotal === null || beforeTotal === null
      ? []
      : [{ label: t(lang, 'changePercent'), value: shownChangePercent(nowTotal, beforeTotal), tone: toneOf(change) }]),
  ];
  metric.series = [
    ...metric.series,
    { label, color: '--saldo-muted', values: previous },
    {
      label: t(lang, 'change'),
      color: '--saldo-muted',
      values: values.map((v, i) => diff(v, previous[i])),
      tableOnly: true,
    },
  ];
  return metric;
}

/** A custom widget: its total (kroner, or a ratio as a percentage) and its value per month. */
export function CustomWidgetView({ state, lang, theme, comparison, onDrill }: CustomWidgetViewProps) {
  const name = state.status === 'data' || state.status === 'empty' ? state.data.widget?.name : undefined;
  const metric = state.status === 'data' ? customMetric(state.data, lang, comparison) : undefined;
  // A ratio is no sum of postings: only an account range drills.
  if (metric && onDrill && state.status === 'data' && state.data.widget.type === 'accountRange')
    metric.drill = { period: () => onDrill('period'), month: (m) => onDrill(m) };
  return (
    <MetricView title={name || widgetTitle('custom', lang)} state={state} lang={lang} theme={theme} metric={metric} />
  );
}
