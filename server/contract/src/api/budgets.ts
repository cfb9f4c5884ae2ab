import { z } from 'zod';
import { percentBasisPoints } from '../budgets/budgets.ts';
import * as api from '../schemas/index.ts';
import { json, notJson, route } from './define.ts';

const year = z.coerce.number().int().min(1900).max(2999);
const yearQuery = z.object({ year: year.optional() });

export const budgetApi = {
  year: route({
    method: 'GET',
    path: '/budgets/:groupId',
    tag: 'budgets',
    summary: "A year of the board's budget (default this year): a row per account or line, øre per month",
    query: yearQuery,
    response: json(api.budgetYear),
  }),
  save: route({
    method: 'PUT',
    path: '/budgets/:groupId',
    tag: 'budgets',
    summary: "Replace a year of the board's budget",
    description:
      'Rows of an account (1000–8199, 8300–8399) or P&L line, each once, with twelve amounts in øre in the statement’s sign (costs negative; assets debit and equity and liabilities credit positive).',
    body: api.budgetSaveRequest,
    response: json(api.budgetYear),
  }),
  import: route({
    method: 'POST',
    path: '/budgets/:groupId/import',
    tag: 'budgets',
    summary: 'Import a year of the budget from the template (.xlsx or CSV: the file as the body, or a form’s `file`)',
    description:
      'All or nothing: a file with any error imports nothing and answers 422 BUDGET_IMPORT_INVALID with every problem (row, column, code, params) in details.issues.',
    response: json(api.budgetImportResult),
  }),
  actuals: route({
    method: 'GET',
    path: '/budgets/:groupId/actuals',
    tag: 'budgets',
    summary:
      "A start for a year's budget: the actual P&L of year `from` by account and month, plus `percent` (nothing saved)",
    description:
      'Each P&L account with postings in `from`, its months in the statement’s sign (income positive, costs negative), times (1 + percent / 100), rounded half away from zero to the øre. January of `from` is the budget’s January. `percent` is −100 to 1000, at most two decimals (comma or point).',
    query: z.object({
      year,
      from: year,
      percent: z
        .string()
        .max(10)
        .default('0')
        .refine((text) => percentBasisPoints(text) !== null),
    }),
    response: json(api.budgetYear),
  }),
  template: route({
    method: 'GET',
    path: '/budgets/:groupId/template',
    tag: 'budgets',
    summary:
      'The budget template to fill in: the year’s budget rows, and the P&L accounts with postings (zeros where unbudgeted)',
    query: yearQuery.extend({
      format: z.enum(['xlsx', 'csv']).default('xlsx'),
      lang: z.enum(['nor', 'en']).default('nor'),
    }),
    // A CSV or XLSX file.
    response: notJson,
  }),
} as const;
