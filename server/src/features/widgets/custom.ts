// Custom widgets: the body a create or update takes, the stored row as the API shows it, and the data
// of an account range or a ratio by month.

import type { CustomWidget, CustomWidgetData } from '@saldo/contract';
import { roundHalfAway } from '@saldo/contract/footing';
import { ACCOUNT_PATTERN, patternBounds } from '@saldo/contract/widgets';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { customWidget } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { controlCharacterPath, lineText } from '../../http/text.ts';
import { monthlyRange } from './queries.ts';

const pattern = z.object({
  from: z.string().regex(ACCOUNT_PATTERN),
  to: z.string().regex(ACCOUNT_PATTERN),
});
const customBody = z
  .object({
    name: lineText(100).min(1),
    type: z.enum(['accountRange', 'ratio']),
    range: pattern.optional(),
    dividend: pattern.optional(),
    divisor: pattern.optional(),
    view: z.enum(['single', 'comparison']).default('single'),
    note: z.string().max(1000).nullable().optional(),
  })
  .refine((w) => (w.type === 'accountRange' ? !!w.range : !!w.dividend && !!w.divisor))
  // A range runs upwards: 4xxx–3xxx would sum nothing.
  .refine((w) =>
    [w.range, w.dividend, w.divisor].every((p) => !p || patternBounds(p.from).from <= patternBounds(p.to).to),
  );

type CustomInput = z.infer<typeof customBody>;

/** The body of a create or update; a bad account pattern is the spec's account message, anything else `failed`. */
export function parseCustom(raw: unknown, failed: 'CUSTOM_WIDGET_FAILED' | 'CUSTOM_WIDGET_UPDATE_FAILED'): CustomInput {
  const parsed = customBody.safeParse(raw);
  if (controlCharacterPath(raw) !== null || parsed.error?.issues.some((i) => i.message === 'CONTROL_CHARACTERS'))
    throw new ApiError('CONTROL_CHARACTERS');
  if (parsed.success) return parsed.data;
  const badAccount = parsed.error.issues.some((i) => i.path.includes('from') || i.path.includes('to'));
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

export const toCustom = (row: typeof customWidget.$inferSelect): CustomWidget => ({
  _id: row.id,
  groupId: row.boardId,
  name: row.name,
  type: row.type,
  ...row.accounts,
  view: row.view,
  note: row.note,
});

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
    const credit = bounds.from >= 3000 && bounds.to <= 3999;
    return monthlyRange(db, sources, months, bounds, credit);
  };
  if (row.type === 'accountRange') {
    const series = await sum(row.accounts.range!);
    return {
      widget: toCustom(row),
      months: series.map((m) => ({ month: m.month, value: m.amount })),
      total: series.reduce((s, m) => s + m.amount, 0),
    };
  }
  const [dividend, divisor] = await Promise.all([sum(row.accounts.dividend!), sum(row.accounts.divisor!)]);
  const ratio = (a: number, b: number) => (b === 0 ? null : roundHalfAway(a / b, 4));
  return {
    widget: toCustom(row),
    months: dividend.map((m, i) => ({ month: m.month, value: ratio(m.amount, divisor[i]!.amount) })),
    total: ratio(
      dividend.reduce((s, m) => s + m.amount, 0),
      divisor.reduce((s, m) => s + m.amount, 0),
    ),
  };
}
