import type { AccountPattern, CustomWidget, FigureId, RatioOperand } from '@saldo/contract';

/**
 * Account entry for custom widgets and consolidations (spec §5): accounts are added one at a time
 * (Enter or the Add button), never twice, and must follow the spec's pattern: four characters, digits
 * or x, not starting with 0 or x (3000, 3xxx, 30xx). Consolidation deductions are real accounts, so
 * digits only there.
 *
 * How the chips map onto the server's model: a custom widget stores ONE range per slot (range,
 * dividend, divisor), each `{ from, to }` of patterns. A slot's entry therefore holds at most two chips:
 * one chip is both ends (3xxx → 3000..3999), two chips are the range's ends, lower first. A list of
 * unrelated accounts cannot be stored without a schema change, so the entry stops at two.
 */

/** The spec's account pattern (the same rule as the server's ACCOUNT_PATTERN). */
export const ACCOUNT_PATTERN = /^[1-9][0-9x]{3}$/;
/** A plain account number: four digits, not starting with 0. */
export const ACCOUNT_NUMBER = /^[1-9][0-9]{3}$/;
/** Spec §5: the account search needs at least 2 characters. */
export const SEARCH_MIN_CHARS = 2;
/** A custom widget range: one chip for both ends, or two for from and to. */
export const RANGE_MAX_CHIPS = 2;

export type AccountEntryError = 'empty' | 'invalid' | 'duplicate' | 'full';

export interface AccountRules {
  /** x as a wildcard digit (custom widgets); consolidation deductions are plain numbers. */
  patterns: boolean;
  /** How many chips the entry holds. */
  max: number;
}

/** What the user typed, as a chip: trimmed, with a capital X read as x. */
export function normaliseAccount(raw: string): string {
  return raw.trim().replace(/X/g, 'x');
}

/** Why `raw` cannot be added to `chips`, or null when it can. */
export function accountEntryError(
  raw: string,
  chips: readonly string[],
  rules: AccountRules,
): AccountEntryError | null {
  const value = normaliseAccount(raw);
  if (!value) return 'empty';
  if (!(rules.patterns ? ACCOUNT_PATTERN : ACCOUNT_NUMBER).test(value)) return 'invalid';
  if (chips.includes(value)) return 'duplicate';
  if (chips.length >= rules.max) return 'full';
  return null;
}

/** Adds `raw` when it passes the rules; the error says why not. */
export function addAccount(
  raw: string,
  chips: readonly string[],
  rules: AccountRules,
): { chips: string[]; error: AccountEntryError | null } {
  const error = accountEntryError(raw, chips, rules);
  return error ? { chips: [...chips], error } : { chips: [...chips, normaliseAccount(raw)], error: null };
}

/** Whether the search runs for this text: at least 2 characters once trimmed. */
export function shouldSearch(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_CHARS;
}

/** An account pattern's lowest and highest account: 3xxx → 3000..3999. */
export function patternBounds(pattern: string): { from: number; to: number } {
  return { from: Number(pattern.replace(/x/g, '0')), to: Number(pattern.replace(/x/g, '9')) };
}

/** A slot's chips as the server's `{ from, to }`: one chip is both ends, two are sorted lower first. */
export function chipsToRange(chips: readonly string[]): AccountPattern | null {
  if (chips.length === 0) return null;
  const sorted = [...chips].sort((a, b) => {
    const x = patternBounds(a);
    const y = patternBounds(b);
    return x.from - y.from || x.to - y.to;
  });
  return { from: sorted[0]!, to: sorted[sorted.length - 1]! };
}

/** The chips of a stored range (for editing); a statement line has none. */
export function rangeToChips(range: RatioOperand | undefined): string[] {
  if (!range || 'line' in range) return [];
  return range.from === range.to ? [range.from] : [range.from, range.to];
}

/** The statement line of a stored ratio operand, or '' for an account range. */
const lineOf = (operand: RatioOperand | undefined): FigureId | '' => (operand && 'line' in operand ? operand.line : '');

export interface CustomFormValues {
  name: string;
  type: 'accountRange' | 'ratio';
  range: string[];
  dividend: string[];
  divisor: string[];
  /** A ratio's operand as a statement line instead of an account range; '' for the range. */
  dividendLine: FigureId | '';
  divisorLine: FigureId | '';
  view: 'single' | 'comparison';
}

export type CustomFormErrors = Partial<Record<'name' | 'range' | 'dividend' | 'divisor', 'required'>>;

/** The body of POST …/custom/create and PUT …/custom/:id, or what is missing. */
export function customWidgetBody(
  values: CustomFormValues,
): { ok: true; body: Omit<CustomWidget, '_id' | 'groupId' | 'note'> } | { ok: false; errors: CustomFormErrors } {
  const errors: CustomFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'required';
  const range = chipsToRange(values.range);
  const dividend: RatioOperand | null = values.dividendLine
    ? { line: values.dividendLine }
    : chipsToRange(values.dividend);
  const divisor: RatioOperand | null = values.divisorLine ? { line: values.divisorLine } : chipsToRange(values.divisor);
  if (values.type === 'accountRange' && !range) errors.range = 'required';
  if (values.type === 'ratio' && !dividend) errors.dividend = 'required';
  if (values.type === 'ratio' && !divisor) errors.divisor = 'required';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body:
      values.type === 'accountRange'
        ? { name, type: 'accountRange', range: range!, view: values.view }
        : { name, type: 'ratio', dividend: dividend!, divisor: divisor!, view: values.view },
  };
}

/** The form's values for a stored custom widget, or the empty form. */
export function customFormValues(widget?: CustomWidget | null): CustomFormValues {
  return {
    name: widget?.name ?? '',
    type: widget?.type ?? 'accountRange',
    range: rangeToChips(widget?.range),
    dividend: rangeToChips(widget?.dividend),
    divisor: rangeToChips(widget?.divisor),
    dividendLine: lineOf(widget?.dividend),
    divisorLine: lineOf(widget?.divisor),
    view: widget?.view ?? 'single',
  };
}

/** Spec §5: a consolidation needs at least 2 APIs (the same one twice counts once). */
export const CONSOLIDATION_MIN_APIS = 2;

export function enoughApis(apis: readonly string[]): boolean {
  return new Set(apis).size >= CONSOLIDATION_MIN_APIS;
}
