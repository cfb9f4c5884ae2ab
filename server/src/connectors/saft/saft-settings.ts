// A SAF-T source's settings, kept in its API account's `settings` (no secrets): how its file is read.

/**
 * How a voucher that looks like the opening balance (saft-records.ts) is read: 'opening' (the
 * default) as the opening balance, 'ordinary' as the month's movements.
 */
export const openingVoucherOf = (settings: Record<string, unknown>): 'opening' | 'ordinary' =>
  settings.openingVoucher === 'ordinary' ? 'ordinary' : 'opening';

/** The settings with `openingVoucher` set, or undefined when it is not given or unchanged (no sync owed). */
export function withOpeningVoucher(
  settings: Record<string, unknown>,
  openingVoucher: 'opening' | 'ordinary' | undefined,
): Record<string, unknown> | undefined {
  if (!openingVoucher || openingVoucherOf(settings) === openingVoucher) return undefined;
  return { ...settings, openingVoucher };
}
