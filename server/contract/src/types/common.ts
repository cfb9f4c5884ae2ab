/**
 * The pieces every answer shares: texts in two languages, booked months, comparisons, the P&L's line ids. Inferred from their zod schemas
 * (../schemas/common.ts, where their fields are described); type-only, so a bundle that takes them takes no zod.
 */
import type { z } from 'zod';
import type * as common from '../schemas/common.ts';

export type { LocalizedText } from '../numbers/format.ts';
export type UserLanguage = z.infer<typeof common.userLanguage>;
export type Booked = z.infer<typeof common.bookedMonths>;
export type Comparison = z.infer<typeof common.comparison>;
export type ReportComparison = z.infer<typeof common.reportComparison>;
export type ProfitLossGroupId = z.infer<typeof common.profitLossGroupId>;
