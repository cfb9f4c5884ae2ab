// Custom widgets: the body a create or update takes, the stored row as the API shows it, and the data
// of an account range or a ratio by month. A ratio divides account ranges or statement lines
// (@saldo/contract/kpis/kpis `figures`: a P&L line's movement, a balance sheet line at the month end).

import type { CustomWidget, CustomWidgetData, RatioOperand } from '@saldo/contract';
import { type FigureId, figureIds, figures, isFigureId } from '@saldo/contract/kpis/kpis';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { REVENUE_ACCOUNTS } from '@saldo/contract/statements/chart';
import { ACCOUNT_PATTERN, patternBounds } from '@saldo/contract/widgets/registry';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { customWidget } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { controlCharacterPath, lineText } from '../../http/text.ts';
import { Figures } from '../../ledger/figures.ts';
import { monthlyRange } from '../../ledger/movements.ts';
import { ledgerSums } from '../../ledger/sums.ts';

const pattern = z.object({
  from: z.string().regex(ACCOUNT_PATTERN),
  to: z.string().regex(ACCOUNT_PATTERN),
});
const line = z.object({ line: z.enum(figureIds as [FigureId, ...FigureId[]]) });
const operand = z.union([pattern, line]);
type Operand = z.infer<typeof operand>;
const isLine = (o: Operand | undefined): o is z.infer<typeof line> => !!o && 'line' in o;

const customBody = z
  .object({
    name: lineText(100).min(1),
    type: z.enum(['accountRange', 'ratio']),
    range: pattern.optional(),
    dividend: operand.optional(),
    divisor: operand.optional(),
    view: z.enum(['single', 'comparison']).default('single'),
    note: z.string().max(1000).nullable().optional(),
  })
  .refine((w) => (w.type === 'accountRange' ? !!w.range : !!w.dividend && !!w.divisor))
  // A range runs upwards: 4xxx–3xxx would sum nothing.
  .refine((w) =>
    [w.range, w.dividend, w.divisor].every(
      (p) => !p || isLine(p) || patternBounds(p.from).from <= patternBounds(p.to).to,
    ),
  );

type CustomInput = z.infer<typeof customBody>;

/** Whether an operand written as an account range (from, to) has a pattern that is no account. */
function badPattern(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  return ['range', 'dividend', 'divisor'].some((key) => {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value !== 'object' || value === null || !('from' in value || 'to' in value)) return false;
    const { from, to } = value as { from?: unknown; to?: unknown };
    return !(
      typeof from === 'string' &&
      ACCOUNT_PATTERN.test(from) &&
      typeof to === 'string' &&
      ACCOUNT_PATTERN.test(to)
    );
  });
}

/** The body of a create or update; a bad account pattern is the spec's account message, anything else `failed`. */
export function parseCustom(raw: unknown, failed: 'CUSTOM_WIDGET_FAILED' | 'CUSTOM_WIDGET_UPDATE_FAILED'): CustomInput {
  const parsed = customBody.safeParse(raw);
  if (controlCharacterPath(raw) !== null || parsed.error?.issues.some((i) => i.message === 'CONTROL_CHARACTERS'))
    throw new ApiError('CONTROL_CHARACTERS');
  if (parsed.success) return parsed.data;
  const badAccount =
    parsed.error.issues.some((i) => i.path.includes('from') || i.path.includes('to')) || badPattern(raw);
  throw new ApiError(badAccount ? 'INVALID_ACCOUNT_NUMBER' : failed);
}

/**
 * The body of an update laid over the widget as stored, so a field the body leaves out keeps its value
 * (a rename keeps the view and the note); a body that is not an object fails as before.
 */
export function parseCustomUpdate(raw: unknown, row: typeof customWidget.$inferSelect): CustomInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return parseCustom(raw, 'CUSTOM_WIDGET_UPDATE_FAILED');
  const stored = { name: row.name, type: row.type, ...row.accounts, view: row.view, note: row.note };
  return parseCustom({ ...stored, ...raw }, 'CUSTOM_WIDGET_UPDATE_FAILED');
}

/** The stored columns of a custom widget; a type keeps only its own accounts. */
export const customValues = (w: CustomInput) => ({
  name: w.name,
  type: w.type,
  accounts: w.type === 'accountRange' ? { range: w.range } : { dividend: w.dividend, divisor: w.divisor },
  view: w.view,
  note: w.note ?? null,
});

/** A ratio's statement line as answered: with its name. */
const withTitle = (operand: RatioOperand | undefined): RatioOperand | undefined =>
  operand && 'line' in operand && isFigureId(operand.line)
    ? { line: operand.line, title: figures[operand.line].title }
    : operand;

export const toCustom = (row: typeof customWidget.$inferSelect): CustomWidget => {
  const { range, dividend, divisor } = row.accounts;
  return {
    _id: row.id,
    groupId: row.boardId,
    name: row.name,
    type: row.type,
    ...(range ? { range } : {}),
    ...(dividend ? { dividend: withTitle(dividend)! } : {}),
    ...(divisor ? { divisor: withTitle(divisor)! } : {}),
    view: row.view,
    note: row.note,
  };
};

/** A custom widget's values by month and for the period. */
export async function customData(
  db: Db,
  row: typeof customWidget.$inferSelect,
  sources: string[],
  months: string[],
): Promise<CustomWidgetData> {
  const sum = async (p: { from: string; to: string }) => {
    const bounds = { from: patternBounds(p.from).from, to: patternBounds(p.to).to };
    // Report sign: income (3xxx, 8000–8099) positive like the P&L; other ranges as the ledger has them.
    const credit = bounds.from >= REVENUE_ACCOUNTS.from && bounds.to <= REVENUE_ACCOUNTS.to;
    return monthlyRange(db, sources, months, bounds, credit);
  };
  // Statement lines read the ledger's sums once, from the beginning (balances need everything before).
  let ledger: Promise<Figures> | undefined;
  const figuresOf = () => {
    ledger ??= ledgerSums(db, sources, months[0]!, months[months.length - 1]!).then((sums) => new Figures(sums));
    return ledger;
  };
  /** An operand's value each month, and for the period: a line's movement or its balance at the end. */
  const series = async (o: Operand): Promise<{ months: number[]; total: number }> => {
    if (isLine(o)) {
      const f = await figuresOf();
      return {
        months: months.map((m) => f.over(o.line, [m])),
        total: figures[o.line].kind === 'flow' ? f.flow(o.line, months) : f.balance(o.line, months[months.length - 1]!),
      };
    }
    const values = (await sum(o)).map((m) => m.amount);
    return { months: values, total: values.reduce((a, b) => a + b, 0) };
  };
  if (row.type === 'accountRange') {
    const series = await sum(row.accounts.range!);
    return {
      widget: toCustom(row),
      months: series.map((m) => ({ month: m.month, value: m.amount })),
      total: series.reduce((s, m) => s + m.amount, 0),
    };
  }
  const [dividend, divisor] = await Promise.all([series(row.accounts.dividend!), series(row.accounts.divisor!)]);
  const ratio = (a: number, b: number) => (b === 0 ? null : roundHalfAway(a / b, 4));
  return {
    widget: toCustom(row),
    months: months.map((month, i) => ({ month, value: ratio(dividend.months[i]!, divisor.months[i]!) })),
    total: ratio(dividend.total, divisor.total),
  };
}
