import type { BoardWidget, LockedPeriod, SharedPage, ShareRequest } from '@saldo/contract';
import { isMonth, spanDates } from '@saldo/contract/period/period';

/** The pages a board can share, in the order the dialog lists them (spec §5). */
export const SHARE_PAGES: readonly SharedPage[] = ['cashflow', 'profitloss', 'balancesheet'];

/** A simple e-mail pattern (spec §5): something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** i18n keys of the share form's messages. */
export const SHARE_ERRORS = {
  required: 'share.errors.required',
  email: 'validation.emailInvalid',
} as const;

export type ShareError = (typeof SHARE_ERRORS)[keyof typeof SHARE_ERRORS];

/** Spec §5: a share needs widgets or pages, otherwise 'All fields are required'. */
export function validateShare(selection: {
  widgets: readonly unknown[];
  pages: readonly unknown[];
}): ShareError | null {
  return selection.widgets.length === 0 && selection.pages.length === 0 ? SHARE_ERRORS.required : null;
}

/** Spec §5: each recipient must match a simple e-mail pattern, otherwise 'Enter a valid email'. */
export function validateRecipient(email: string): ShareError | null {
  const value = email.trim();
  if (!value) return SHARE_ERRORS.required;
  return EMAIL.test(value) ? null : SHARE_ERRORS.email;
}

/** Spec §5: sending a link needs at least one recipient, and every one must be valid. */
export function validateSend(recipients: readonly string[]): ShareError | null {
  if (recipients.length === 0) return SHARE_ERRORS.required;
  return recipients.map(validateRecipient).find((error) => error !== null) ?? null;
}

/** Adds a recipient (trimmed) unless it is already listed, ignoring case. */
export function addRecipient(recipients: readonly string[], email: string): string[] {
  const value = email.trim();
  return recipients.some((item) => item.toLowerCase() === value.toLowerCase())
    ? [...recipients]
    : [...recipients, value];
}

/** Spec §9: the application host plus /public/board/{id}. */
export function publicLink(origin: string, publicBoardId: string): string {
  return `${origin.replace(/\/+$/, '')}/public/board/${encodeURIComponent(publicBoardId)}`;
}

/** How long a new link works: until revoked, or a number of days. */
export const EXPIRY_CHOICES = [null, 7, 30, 90] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The last day a link made `today` works for `days` days (ISO), or null for no expiry. */
export function expiryDate(today: Date, days: ExpiryChoice): string | null {
  if (days === null) return null;
  const end = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + days));
  return end.toISOString().slice(0, 10);
}

/** The share-board body for the chosen widgets (in the board's order), pages and options. */
export function toShareRequest(
  group: string,
  widgets: readonly BoardWidget[],
  chosenWidgets: ReadonlySet<string>,
  pages: ReadonlySet<SharedPage>,
  lang: 'nor' | 'en',
  options: { expiresAt?: string | null; lockedPeriod?: LockedPeriod | null } = {},
): ShareRequest & { group: string } {
  return {
    group,
    widgets: widgets
      .filter((widget) => chosenWidgets.has(widget.id))
      .map(({ id, widget, x, y, width, height, view }) => ({ id, widget, x, y, width, height, view })),
    pages: SHARE_PAGES.filter((page) => pages.has(page)).map((name) => ({ name })),
    lang,
    expiresAt: options.expiresAt ?? null,
    lockedPeriod: options.lockedPeriod ?? null,
  };
}

/**
 * The period a link is held to, from the share form's choice: '' none (the visitor chooses the year),
 * 'current' the period on screen (the period control's, as its dates today), or a year ('2025').
 */
export function lockedPeriodOf(choice: string, current: LockedPeriod): LockedPeriod | null {
  if (choice === 'current') return current;
  if (/^\d{4}$/.test(choice) && isMonth(`${choice}-01`)) return spanDates({ from: `${choice}-01`, to: `${choice}-12` });
  return null;
}

/** What a public address shows: the shared dashboard or one report page. */
export type PublicView =
  | { kind: 'board' }
  | { kind: 'page'; page: SharedPage; report: 'profit' | 'cashflow' | 'balanceSheet' };

const REPORT_OF: Record<SharedPage, 'profit' | 'cashflow' | 'balanceSheet'> = {
  profitloss: 'profit',
  cashflow: 'cashflow',
  balancesheet: 'balanceSheet',
};

/** /public/{segment}/{boardId}: 'board' or a shared page name; anything else is no public view. */
export function publicViewOf(segment: string | undefined): PublicView | null {
  if (segment === 'board') return { kind: 'board' };
  const page = SHARE_PAGES.find((name) => name === segment);
  return page ? { kind: 'page', page, report: REPORT_OF[page] } : null;
}

/** The address of a public view. */
export function publicPath(view: 'board' | SharedPage, publicBoardId: string): string {
  return `/public/${view}/${encodeURIComponent(publicBoardId)}`;
}

/** Spec §2: the public view lists Dashboard and only the shared pages, in the product's order. */
export function publicNav(shared: ReadonlyArray<{ name: SharedPage }>): Array<'board' | SharedPage> {
  const names = new Set(shared.map((page) => page.name));
  return ['board', ...SHARE_PAGES.filter((page) => names.has(page))];
}

/**
 * Each shared widget's first grid row on the link, the board's rows that hold none of them left out:
 * a link sharing only some widgets shows them from the top, in their board order, without the gaps
 * where the others stood.
 */
export function compactRows(widgets: readonly { id: string; y: number; height: number }[]): Map<string, number> {
  const used = new Set(widgets.flatMap((w) => Array.from({ length: w.height }, (_, i) => w.y + i)));
  const rows = [...used].sort((a, b) => a - b);
  return new Map(widgets.map((w) => [w.id, rows.indexOf(w.y)]));
}
