import { DEFAULT_BOARD_WIDGETS } from '@saldo/contract/widgets/board-layout';
import { type SQL, sql } from 'drizzle-orm';
import { board } from '../../db/schema/index.ts';

/**
 * How many widgets a board's dashboard shows: those stored, or the default pair while none are. The one
 * definition the boards list (/group, the dashboard) and the admin pages (/customer) select, so they
 * cannot disagree again (they once counted stored widgets only, or added the sub-boards' in).
 */
export const widgetCountSql: SQL<number> = sql<number>`(case json_array_length(${board.widgets}) when 0 then ${DEFAULT_BOARD_WIDGETS.length} else json_array_length(${board.widgets}) end)`;
