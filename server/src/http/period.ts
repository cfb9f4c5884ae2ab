import { type Period, readPeriod } from '@saldo/contract/period/period';
import { ApiError } from './errors.ts';

export type { Period } from '@saldo/contract/period/period';

/** A request's date range under the one period rule (contract's `readPeriod`), or INVALID_DATE_RANGE. */
export function parsePeriod(startDate: string, endDate: string): Period {
  const period = readPeriod(startDate, endDate);
  if (!period) throw new ApiError('INVALID_DATE_RANGE');
  return period;
}
