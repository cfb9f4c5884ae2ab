import { formatDate } from '@saldo/contract/numbers/format';
export interface DateRange {
  /** yyyy-mm-dd */
  from: string;
  /** yyyy-mm-dd */
  to: string;
}

/** The product's year runs from 1 January to 31 December. */
export function yearRange(year: number): DateRange {
  const yyyy = String(year).padStart(4, '0');
  return { from: `${yyyy}-01-01`, to: `${yyyy}-12-31` };
}

export { formatDate };
