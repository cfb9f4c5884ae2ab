import type { TopFiveExpense } from '@saldo/contract';
import { defineElement } from '../../core/define-element';
import { topList, topLists } from './top-list';

// Each list is its spec and nothing else: fetching, states and the view are topList's.

/**
 * `<saldo-top-suppliers>`: the ten suppliers with the most costs in the period.
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
 * @fires saldo-ready - `detail`: the `TopRow[]` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a row was clicked; `detail`: `{ kind: 'supplier', id, name, title, origin, from, to,
 *   party: { kind: 'supplier', id }, accounts: '4000-7999', sign: 1 }`: the supplier's cost postings
 *
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - one row
 * @csspart rank - the rank cell
 * @csspart name - the name cell (a button)
 * @csspart bar - the share bar
 * @csspart amount - the amount cell (also `comparison` and `change` in the comparison view)
 * @csspart comparison-header - the comparison view's heading of the comparison column (also `change-header`,
 *   `change-percent-header`)
 * @csspart change-percent - the change in % of the comparison view
 * @csspart opening-mark - a cost account's mark (*) where its amount holds a file's opening balances
 * @csspart opening-note - the note under the list naming those months: no postings of them
 * @csspart status - loading, empty and error messages
 */
export const SaldoTopSuppliers = defineElement('saldo-top-suppliers', topList(topLists['top-suppliers']));
export type SaldoTopSuppliers = InstanceType<typeof SaldoTopSuppliers>;

/**
 * `<saldo-top-products>`: the ten products with the most revenue in the period.
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
 * @fires saldo-ready - `detail`: the `TopRow[]` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a row was clicked; `detail`: `{ kind: 'product', id, name, title, origin, from, to,
 *   party: { kind: 'product', id }, accounts: '3000-3999', sign: -1 }`: the product's revenue postings
 *
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - one row
 * @csspart rank - the rank cell
 * @csspart name - the name cell (a button)
 * @csspart bar - the share bar
 * @csspart amount - the amount cell (also `comparison` and `change` in the comparison view)
 * @csspart comparison-header - the comparison view's heading of the comparison column (also `change-header`,
 *   `change-percent-header`)
 * @csspart change-percent - the change in % of the comparison view
 * @csspart opening-mark - a cost account's mark (*) where its amount holds a file's opening balances
 * @csspart opening-note - the note under the list naming those months: no postings of them
 * @csspart status - loading, empty and error messages
 */
export const SaldoTopProducts = defineElement('saldo-top-products', topList(topLists['top-products']));
export type SaldoTopProducts = InstanceType<typeof SaldoTopProducts>;

/**
 * `<saldo-top-expenses>`: the ten cost accounts with the most in the period.
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
 * @fires saldo-ready - `detail`: the `TopRow[]` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a row was clicked; `detail`: `{ kind: 'expense', id, name, title, origin, from, to,
 *   accountId, number, accounts, sign: 1 }`: the account's postings
 *
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - one row
 * @csspart rank - the rank cell
 * @csspart name - the name cell (a button)
 * @csspart bar - the share bar
 * @csspart amount - the amount cell (also `comparison` and `change` in the comparison view)
 * @csspart comparison-header - the comparison view's heading of the comparison column (also `change-header`,
 *   `change-percent-header`)
 * @csspart change-percent - the change in % of the comparison view
 * @csspart opening-mark - a cost account's mark (*) where its amount holds a file's opening balances
 * @csspart opening-note - the note under the list naming those months: no postings of them
 * @csspart status - loading, empty and error messages
 */
export const SaldoTopExpenses = defineElement('saldo-top-expenses', topList(topLists['top-expenses']));
export type SaldoTopExpenses = InstanceType<typeof SaldoTopExpenses>;

/**
 * `<saldo-largest-transactions>`: the ten largest vouchers in the period, with their dates.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'bars' (default) or 'table' (no share bars)
 *
 * @fires saldo-ready - `detail`: the `TopRow[]` (with `date`) received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a row was clicked; `detail`: `{ kind: 'transaction', id, name, title, origin, from, to,
 *   voucher: { apiAccountId, voucher }, sign: 1, measure: 'debit' }`: the voucher's postings
 *
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - one row
 * @csspart rank - the rank cell
 * @csspart name - the name cell (a button)
 * @csspart bar - the share bar
 * @csspart amount - the amount cell
 * @csspart opening-mark - a cost account's mark (*) where its amount holds a file's opening balances
 * @csspart opening-note - the note under the list naming those months: no postings of them
 * @csspart status - loading, empty and error messages
 * @csspart date - the date cell, yyyy/mm/dd
 */
export const SaldoLargestTransactions = defineElement(
  'saldo-largest-transactions',
  topList(topLists['largest-transactions']),
);
export type SaldoLargestTransactions = InstanceType<typeof SaldoLargestTransactions>;

/**
 * `<saldo-top-five-expenses>`: the five cost accounts with the largest closing balance.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'bars' (default) or 'table' (no share bars)
 *
 * @fires saldo-ready - `detail`: the `TopFiveExpense[]` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a row was clicked; `detail`: `{ kind: 'account', id, name, title, origin, from, to,
 *   accountId, number, accounts, group: 'costs', sign: 1 }`: the account's postings
 *
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - one row
 * @csspart rank - the rank cell
 * @csspart name - the name cell (a button)
 * @csspart bar - the share bar
 * @csspart amount - the amount cell
 * @csspart opening-mark - a cost account's mark (*) where its amount holds a file's opening balances
 * @csspart opening-note - the note under the list naming those months: no postings of them
 * @csspart status - loading, empty and error messages
 */
export const SaldoTopFiveExpenses = defineElement(
  'saldo-top-five-expenses',
  topList<TopFiveExpense[]>(topLists['top-five-expenses']),
);
export type SaldoTopFiveExpenses = InstanceType<typeof SaldoTopFiveExpenses>;
