// What a widget type's data function is given: its validated query, built from the registry's
// `params`, and the board and period the caller may read.

import type { WidgetDataByType } from '@saldo/contract/api/routes';
import { BUDGET_WIDGET_LINES, type BudgetWidgetLine } from '@saldo/contract/budgets/budgets';
import { type KpiId, kpiIds } from '@saldo/contract/kpis/kpis';
import { type WidgetDefinition, type WidgetType, widgetRegistry } from '@saldo/contract/widgets/registry';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type BoardRange, boardRangeQuery } from '../../http/board-range.ts';

type Param = WidgetDefinition['params'][number];

/**
 * Each query parameter a registry entry may name beyond the board and the period every widget call
 * takes (boardRangeQuery: groupId, startDate, endDate, compare, consolidated). A type that names
 * `compare` compares with another period only, by default as its entry's `comparison` says.
 */
const PARAM_QUERIES = {
  accounts: z
    .string()
    .regex(/^\d{4}-\d{4}$/)
    .optional(),
  kpi: z.enum(kpiIds as [KpiId, ...KpiId[]]).default('gross-margin'),
  line: z.enum(BUDGET_WIDGET_LINES as [BudgetWidgetLine, ...BudgetWidgetLine[]]).default('salesRevenue'),
  compare: z.enum(['previous', 'lastYear']).default('lastYear'),
  aiQueryId: z.string().min(1).max(100),
} satisfies Partial<Record<Param, z.ZodType>>;

type Own = keyof typeof PARAM_QUERIES;

/** The choice a call of a type with a variant reads when it names none (a KPI: gross margin). */
export const variantDefault = (param: NonNullable<WidgetDefinition['variant']>): string =>
  PARAM_QUERIES[param].parse(undefined);

export type BoardRangeQuery = z.output<typeof boardRangeQuery>;

/** A widget type's query, as its data function reads it: the board and period, and its own parameters. */
export type WidgetQuery<T extends WidgetType> = BoardRangeQuery & {
  [P in (typeof widgetRegistry)[T]['params'][number] & Own]: z.output<(typeof PARAM_QUERIES)[P]>;
};

/** The validator of a widget type's query: boardRangeQuery with the type's own parameters over it. */
export function widgetQuery(type: WidgetType) {
  const w: WidgetDefinition = widgetRegistry[type];
  const own = w.params.filter((p): p is Own => Object.hasOwn(PARAM_QUERIES, p));
  const shape: Partial<Record<Own, z.ZodType>> = Object.fromEntries(own.map((p) => [p, PARAM_QUERIES[p]]));
  if (shape.compare && w.comparison) shape.compare = PARAM_QUERIES.compare.unwrap().default(w.comparison);
  return boardRangeQuery.extend(shape);
}

export interface WidgetRequest<T extends WidgetType> {
  query: WidgetQuery<T>;
  /** The path's parameters: a custom widget's board (`groupId`) and `id`. */
  path: Record<string, string>;
  /**
   * The board and period the caller may read (http/board-range.ts) for the query, with `change` laid
   * over it (a widget that reads no consolidation or no comparison through the board's range says so).
   */
  range(change?: Partial<BoardRangeQuery>): Promise<BoardRange>;
  /**
   * Whether the answer may compare with another period: always for a signed-in user; for a public
   * link or an embed token only where what was shared includes it (sharing/grants.ts). Without it a
   * widget answers no figure of another period (a KPI's comparison, turnover's last year).
   */
  comparison: boolean;
  /** The signed-in user; undefined for a public link's visitor or an embed token, let in for this widget. */
  userId: string | undefined;
  /**
   * Refuses the signed-in user a board they may not read (BOARD_NOT_FOUND, as boards/queries.ts
   * boardSources): no query for a board withRouteAccess has just checked for this request.
   */
  mayRead(boardId: string): Promise<void>;
}

/** Each widget type's data function: a missing or extra type is a type error. */
export type WidgetDataFunctions = {
  [T in WidgetType]: (db: Db, request: WidgetRequest<T>) => Promise<WidgetDataByType[T]>;
};
