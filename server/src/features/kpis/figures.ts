// Month arithmetic of the KPIs; their figures are the ledger's (ledger/figures.ts).

import { shiftMonths } from '@saldo/contract/period/range';

/** yyyy-mm moved by whole months. */
export const shiftMonth = (month: string, by: number): string => shiftMonths(`${month}-01`, by).slice(0, 7);

/** The number of days of the months (yyyy-mm) together. */
export function daysIn(months: readonly string[]): number {
  return months.reduce((sum, month) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return sum + new Date(Date.UTC(y, m, 0)).getUTCDate();
  }, 0);
}
