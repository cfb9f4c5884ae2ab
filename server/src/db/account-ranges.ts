import type { AccountRanges } from '@saldo/contract/statements/chart';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `column` in any of `ranges` (the contract's account ranges, not numbers written again), as SQL. */
export const inRangesSql = (column: SQLWrapper, ranges: AccountRanges): SQL =>
  sql.join(
    ranges.map(([from, to]) => sql`${column} between ${from} and ${to}`),
    sql` or `,
  );
