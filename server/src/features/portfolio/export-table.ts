/**
 * The portfolio table as an export document: the rows the portal's filters keep, in its sort's order,
 * with its columns in its order (the company with its organisation numbers and tags, each figure with
 * its comparison and change, each KPI column the user added likewise, the last booked month, the sync, the data health, the responsible
 * accountant and the alerts; the sparkline is a picture and stays on screen). Amounts are whole kroner
 * by the one rounding rule, ratios numbers; the note under the rows names the period, the comparison,
 * the filters and the sort. exports/xlsx.ts writes it, as it writes every other Excel export.
 */
import type {
  ExportDocument,
  ExportTable,
  Portfolio,
  PortfolioFigure,
  PortfolioFigureId,
  PortfolioRow,
} from '@saldo/contract';
import { alertText } from '@saldo/contract/kpis/alerts';
import { isKpiId, type KpiUnit, kpiDefinition, kpiNumber } from '@saldo/contract/kpis/kpis';
import {
  type Filters,
  PORTFOLIO_RATIOS,
  PORTFOLIO_TABLE_FIGURES,
  type Sort,
} from '@saldo/contract/kpis/portfolio-table';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { formatDate, formatPeriod, oreToUnits } from '@saldo/contract/numbers/format';
import { COMPARISON_NAMES, FIGURE_NAMES, type Lang, SEVERITY_NAMES, word } from './export-words.ts';

type Kind = ExportTable['kinds'][number];
type Cell = string | number | null;

/** A figure as a spreadsheet holds it: whole kroner, a percent to one decimal, the liquidity ratio to two. */
function figureCell(id: PortfolioFigureId, value: number | null): Cell {
  if (value === null) return null;
  if (id === 'liquidityRatio1') return roundHalfAway(value, 2);
  return PORTFOLIO_RATIOS.includes(id) ? roundHalfAway(value, 1) : oreToUnits(value);
}

const figureKind = (id: PortfolioFigureId): Kind =>
  id === 'liquidityRatio1' ? 'ratio' : PORTFOLIO_RATIOS.includes(id) ? 'percent' : 'amount';

/** The change as the screen shows it: percent for amounts (one decimal), points for a percent, the difference of the liquidity ratio. */
const changeCell = (id: PortfolioFigureId, change: number | null): Cell =>
  change === null ? null : roundHalfAway(change, id === 'liquidityRatio1' ? 2 : 1);

/**
 * A KPI column's number as a spreadsheet holds it (the API's integers in the KPI's unit): whole kroner
 * for an amount, a percent (or its change in points) to one decimal, any other unit (a ratio, days,
 * times, months) to two. An amount's change is in percent already.
 */
function kpiCell(unit: KpiUnit, value: number | null, change = false): Cell {
  if (value === null) return null;
  if (unit === 'amount') return change ? roundHalfAway(value, 1) : oreToUnits(value);
  return roundHalfAway(kpiNumber(value, unit), unit === 'percent' ? 1 : 2);
}

const kpiKind = (unit: KpiUnit): Kind => (unit === 'amount' ? 'amount' : unit === 'percent' ? 'percent' : 'ratio');

/** What a measured column's three cells are made of: the value, its comparison and its change. */
type Measured = Pick<PortfolioFigure, 'value' | 'comparison' | 'change'>;

/**
 * A measured column as three: its value for the period, its comparison and its change, headed by its
 * name with the period, the comparison and the change's unit ('endring %', 'endring (pp)', 'endring').
 */
function measured(
  name: string,
  p: { period: string; compared: string; changeWord: string },
  kinds: { value: Kind; change: Kind },
  of: (row: PortfolioRow) => Measured | undefined,
  cell: (value: number | null) => Cell,
  change: (change: number | null) => Cell,
): Column[] {
  return [
    { header: `${name} ${p.period}`, kind: kinds.value, cell: (row) => cell(of(row)?.value ?? null) },
    { header: `${name} ${p.compared}`, kind: kinds.value, cell: (row) => cell(of(row)?.comparison ?? null) },
    { header: `${name} ${p.changeWord}`, kind: kinds.change, cell: (row) => change(of(row)?.change ?? null) },
  ];
}

function syncedText(row: PortfolioRow, lang: Lang): string {
  if (row.syncFailed) return word(lang, 'syncFailed');
  if (row.dataAgeDays === null) return word(lang, 'neverSynced');
  if (row.dataAgeDays === 0) return word(lang, 'today');
  return word(lang, row.dataAgeDays === 1 ? 'daysAgoOne' : 'daysAgoOther').replace('{n}', String(row.dataAgeDays));
}

interface Column {
  header: string;
  kind: Kind;
  cell: (row: PortfolioRow) => Cell;
}

function columns(p: Portfolio, lang: Lang): Column[] {
  const names = FIGURE_NAMES[lang];
  const texts = (changeWord: Parameters<typeof word>[1]) => ({
    period: formatPeriod(p.startDate, p.endDate, lang),
    compared: COMPARISON_NAMES[lang][p.compare],
    changeWord: word(lang, changeWord),
  });
  return [
    { header: word(lang, 'company'), kind: 'text', cell: (row) => row.name },
    { header: word(lang, 'orgNumber'), kind: 'text', cell: (row) => row.orgNumbers.join(', ') || null },
    { header: word(lang, 'tags'), kind: 'text', cell: (row) => row.tags.join(', ') || null },
    ...PORTFOLIO_TABLE_FIGURES.flatMap((id) =>
      measured(
        names[id],
        texts(id === 'liquidityRatio1' ? 'change' : PORTFOLIO_RATIOS.includes(id) ? 'changePoints' : 'changePercent'),
        { value: figureKind(id), change: id === 'liquidityRatio1' ? 'ratio' : 'percent' },
        (row) => row.figures[id],
        (value) => figureCell(id, value),
        (change) => changeCell(id, change),
      ),
    ),
    // The KPI columns the user added, after the fixed figures as on screen.
    ...p.kpis.flatMap(({ id, unit }) =>
      measured(
        kpiDefinition(id).title[lang === 'en' ? 'en' : 'no'],
        texts(unit === 'amount' ? 'changePercent' : unit === 'percent' ? 'changePoints' : 'change'),
        { value: kpiKind(unit), change: unit === 'amount' ? 'percent' : kpiKind(unit) },
        (row) => row.kpis[id],
        (value) => kpiCell(unit, value),
        (change) => kpiCell(unit, change, true),
      ),
    ),
    { header: word(lang, 'lastBooked'), kind: 'text', cell: (row) => row.lastBookedMonth },
    { header: word(lang, 'synced'), kind: 'text', cell: (row) => syncedText(row, lang) },
    { header: word(lang, 'health'), kind: 'text', cell: (row) => SEVERITY_NAMES[lang][row.severity ?? 'ok'] },
    { header: word(lang, 'responsible'), kind: 'text', cell: (row) => row.responsible?.name ?? null },
    {
      header: word(lang, 'alerts'),
      kind: 'text',
      cell: (row) => row.alerts.map((a) => `${a.ruleName}: ${alertText(a, lang)}`).join('; ') || null,
    },
  ];
}

/** The note under the rows: the period, the comparison, the filters and the sort. */
function note(p: Portfolio, lang: Lang, sort: Sort, filters: Filters, count: number): string {
  const period = `${word(lang, 'period')}: ${formatPeriod(p.startDate, p.endDate, lang)} (${formatDate(p.startDate)} – ${formatDate(p.endDate)})`;
  const compared = p.comparisonAvailable
    ? `${word(lang, 'comparedWith')}: ${COMPARISON_NAMES[lang][p.compare]}, ${word(lang, 'likeForLike')}${
        p.compare === 'budget' ? ` (${word(lang, 'budgetBalances')})` : ''
      }`
    : `${word(lang, 'comparedWith')}: ${word(lang, 'noComparison')}`;
  const chosen = [
    filters.search.trim() && `${word(lang, 'search')} «${filters.search.trim()}»`,
    filters.tag && `${word(lang, 'tag')} «${filters.tag}»`,
    filters.responsible &&
      `${word(lang, 'responsible').toLocaleLowerCase('nb')} «${
        p.rows.find((r) => r.responsible?.id === filters.responsible)?.responsible?.name ?? filters.responsible
      }»`,
    filters.health && `${word(lang, 'health').toLocaleLowerCase('nb')} «${SEVERITY_NAMES[lang][filters.health]}»`,
    filters.needsAttention && word(lang, 'needsAttention'),
  ].filter((part): part is string => !!part);
  const sortName =
    sort.key === 'name'
      ? word(lang, 'company')
      : sort.key === 'lastBookedMonth'
        ? word(lang, 'lastBooked')
        : sort.key === 'dataAgeDays'
          ? word(lang, 'synced')
          : sort.key === 'severity'
            ? word(lang, 'health')
            : isKpiId(sort.key)
              ? kpiDefinition(sort.key).title[lang === 'en' ? 'en' : 'no']
              : FIGURE_NAMES[lang][sort.key];
  return [
    period,
    compared,
    ...(chosen.length ? [`${word(lang, 'filters')}: ${chosen.join(', ')}`] : []),
    `${word(lang, 'sortedBy')}: ${sortName}, ${word(lang, sort.descending ? 'descending' : 'ascending')}`,
    `${word(lang, 'rows')}: ${count} / ${p.rows.length}`,
  ].join('. ');
}

/** The table the screen shows for this sort and these filters (`rows`: what they keep, in order), as an export document. */
export function portfolioDocument(
  p: Portfolio,
  rows: readonly PortfolioRow[],
  lang: Lang,
  sort: Sort,
  filters: Filters,
): ExportDocument {
  const cols = columns(p, lang);
  const title = word(lang, 'title');
  return {
    board: title,
    fileName: `${lang === 'en' ? 'portfolio' : 'portefolje'}-${p.startDate}-${p.endDate}`,
    startDate: p.startDate,
    endDate: p.endDate,
    lang,
    tables: [
      {
        title: `${title} ${formatPeriod(p.startDate, p.endDate, lang)}`,
        columns: cols.map((c) => c.header),
        kinds: cols.map((c) => c.kind),
        rows: rows.map((row) => cols.map((c) => c.cell(row))),
        note: note(p, lang, sort, filters, rows.length),
      },
    ],
  };
}
