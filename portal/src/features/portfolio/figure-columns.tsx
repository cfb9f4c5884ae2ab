// The portfolio's figure columns (the fixed figures and the KPIs a user adds), each value with its
// change and the benchmark marker beside it; the picker of KPI columns; the benchmark footer row.
import type { Portfolio, PortfolioFigureId, PortfolioKpi, PortfolioRow } from '@saldo/contract';
import { kpiDefinition, kpiLibrary } from '@saldo/contract/kpis/kpis';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import {
  benchmarkText,
  betterOf,
  type ColumnId,
  changeText,
  columnText,
  columnValue,
  isKpiColumn,
  markerOf,
} from './column-rules';
import { FigureButton } from './figure-button';

type Lang = 'nor' | 'en';

/** The benchmark marker beside a value: its quartile, coloured by whether that is good, with its words. */
function Marker({ id, row, data, lang }: { id: ColumnId; row: PortfolioRow; data: Portfolio; lang: Lang }) {
  const { t } = useTranslation();
  const marker = markerOf(row.positions[id], betterOf(id));
  if (!marker) return null;
  const b = data.benchmark.figures[id];
  const group = groupName(data.benchmark.group, t);
  const words = {
    median: t('portfolio.benchmark.median'),
    boards: (n: number) => t('portfolio.benchmark.boards', { count: n }),
  };
  const text = `${t(`portfolio.benchmark.position.${row.positions[id]}`)} ${t('portfolio.benchmark.among', { group })}: ${benchmarkText(id, b, lang, words)}`;
  return (
    <span
      className={`portfolio__marker portfolio__marker--${marker.tone}`}
      title={text}
      data-testid="portfolio-marker"
      data-column={id}
    >
      <span aria-hidden="true">{marker.label}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

/** 'alle selskaper' or 'stikkordet Bygg'. */
export const groupName = (group: string, t: TFunction) =>
  group.startsWith('tag:') ? t('portfolio.benchmark.tagGroup', { tag: group.slice(4) }) : t('portfolio.benchmark.all');

/** A figure column: the heading (sortable), each row's value, change and marker, '–' with its reason. */
export function figureColumn(
  id: ColumnId,
  data: Portfolio,
  lang: Lang,
  heading: ReactNode,
  t: (key: string) => string,
  /** Opens a fixed figure's line on its board's statement (figure-button.tsx); a KPI column is text. */
  onOpen: (row: PortfolioRow, id: PortfolioFigureId) => void,
): Column<PortfolioRow> {
  return {
    header: heading,
    className: 'num',
    cell: (row) => {
      const kpi: PortfolioKpi | undefined = isKpiColumn(id) ? row.kpis[id] : undefined;
      const f = isKpiColumn(id) ? kpi : row.figures[id];
      const value = columnValue(row, id);
      const reason = kpi?.reason ? (lang === 'en' ? kpi.reason.en : kpi.reason.no) : null;
      // Why there is no comparison (against the budget: a balance, a KPI the budget cannot give, no budget).
      const why = f?.comparisonReason ? ` (${lang === 'en' ? f.comparisonReason.en : f.comparisonReason.no})` : '';
      return (
        <span className="portfolio__cell">
          <span title={`${t('portfolio.comparison')}: ${columnText(id, f?.comparison ?? null, lang)}${why}`}>
            {reason ? (
              <span title={reason} data-testid="portfolio-no-value">
                –<span className="visually-hidden"> {reason}</span>
              </span>
            ) : isKpiColumn(id) ? (
              columnText(id, value, lang)
            ) : (
              <FigureButton row={row} id={id} onOpen={onOpen} />
            )}
            {f && f.change !== null && (
              <span className={f.change < 0 ? 'portfolio__change portfolio__change--down' : 'portfolio__change'}>
                {' '}
                {changeText(id, f.change, lang)}
              </span>
            )}
          </span>
          <Marker id={id} row={row} data={data} lang={lang} />
        </span>
      );
    },
  };
}

/** A column's heading text: the fixed figure's, or the KPI's title in the language. */
export function columnTitle(id: ColumnId, lang: Lang, t: (key: string) => string): string {
  if (!isKpiColumn(id)) return t(`portfolio.figures.${id}`);
  const { title } = kpiDefinition(id);
  return lang === 'en' ? title.en : title.no;
}

/** The benchmark's row under the table: per figure column its median and quartiles over n boards. */
export function BenchmarkFooter({
  data,
  ids,
  before,
  after,
  lang,
}: {
  data: Portfolio;
  ids: readonly ColumnId[];
  /** Columns before the first figure column (the name), and after the last. */
  before: number;
  after: number;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const words = {
    median: t('portfolio.benchmark.median'),
    boards: (n: number) => t('portfolio.benchmark.boards', { count: n }),
  };
  return (
    <tr className="portfolio__benchmark" data-testid="portfolio-benchmark">
      <th scope="row" colSpan={before}>
        {t('portfolio.benchmark.title', { group: groupName(data.benchmark.group, t) })}
        <span className="portfolio__quartiles">{t('portfolio.benchmark.legend')}</span>
      </th>
      {ids.map((id) => {
        const b = data.benchmark.figures[id];
        return (
          <td key={id} className="num" title={benchmarkText(id, b, lang, words) ?? undefined}>
            {b && b.n > 0 ? (
              <>
                {columnText(id, b.median, lang)}
                <span className="portfolio__quartiles">
                  {columnText(id, b.q1, lang)} – {columnText(id, b.q3, lang)} · n = {b.n}
                </span>
              </>
            ) : (
              '–'
            )}
          </td>
        );
      })}
      {after > 0 && <td colSpan={after} />}
    </tr>
  );
}

/** The picker of KPI columns: every KPI of the library, ticked when it is a column. */
export function KpiPicker({
  chosen,
  onChange,
  lang,
}: {
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <details className="portfolio__kpis" data-testid="portfolio-kpi-picker">
      <summary className="button button--secondary">{t('portfolio.kpiColumns', { count: chosen.length })}</summary>
      <fieldset>
        <legend className="visually-hidden">{t('portfolio.kpiColumnsLegend')}</legend>
        {kpiLibrary.map((kpi) => (
          <label key={kpi.id} className="portfolio__check" title={lang === 'en' ? kpi.formula.en : kpi.formula.no}>
            <input
              type="checkbox"
              checked={chosen.includes(kpi.id)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, kpi.id] : chosen.filter((id) => id !== kpi.id))}
              data-testid={`portfolio-kpi-${kpi.id}`}
            />{' '}
            {lang === 'en' ? kpi.title.en : kpi.title.no}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
