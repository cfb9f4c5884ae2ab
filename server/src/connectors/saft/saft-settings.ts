// A SAF-T source's settings, kept in its API account's `settings` (no secrets): how its file is read.

/**
 * How a voucher that looks like the opening balance (saft-records.ts) is read: 'opening' (the
 * default) as the opening balance, 'ordinary' as the month's movements.
 */
export const openingVoucherOf = (settings: Record<string, unknown>): 'opening' | 'ordinary' =>
  settings.openingVoucher === 'ordinary' ? 'ordinary' : 'opening';
