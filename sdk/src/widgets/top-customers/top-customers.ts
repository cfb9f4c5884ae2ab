import { defineElement } from '../../core/define-element';
import { topList, topLists } from '../top-list/top-list';

/**
 * `<saldo-top-customers>`: the ten customers with the most sales revenue in the period.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'bars' (default), 'table' (no share bars) or 'comparison' (each row's figure in the
 *   comparison period, the change and the change in %)
 * @attr compare - what the comparison view compares with: 'previous' (default) or 'lastYear'
 *
 * @fires saldo-ready - `detail`: the `TopListItem[]` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a row was clicked; `detail`: `{ kind: 'customer', id, name, title, origin, from, to,
 *   party: { kind: 'customer', id }, accounts: '3000-3999', sign: -1 }`: the customer's revenue postings
 *
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - one customer row
 * @csspart rank - the rank cell
 * @csspart name - the customer name cell
 * @csspart bar - the share bar
 * @csspart amount - the amount cell (also `comparison` and `change` in the comparison view)
 * @csspart comparison-header - the comparison view's heading of the comparison column (also `change-header`,
 *   `change-percent-header`)
 * @csspart change-percent - the change in % of the comparison view
 * @csspart status - loading, empty and error messages
 */
export const SaldoTopCustomers = defineElement('saldo-top-customers', topList(topLists['top-customers']));
export type SaldoTopCustomers = InstanceType<typeof SaldoTopCustomers>;
