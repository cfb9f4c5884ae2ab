import type { BudgetImportRefusal, BudgetImportResult, BudgetYear } from '@saldo/contract';
import { BUDGET_LINES, budgetLineTitle, budgetTarget } from '@saldo/contract/budgets';
import { budgetSaveRequest } from '@saldo/contract/schemas';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { boardSources } from '../boards/queries.ts';
import { dataYears, percentBasisPoints, postedProfitLossAccounts, rowsFromActuals } from './actuals.ts';
import { accountNames, budgetYearRows, budgetYears, replaceBudgetYear } from './queries.ts';
import { readBudgetFile, readBudgetSheet } from './sheet.ts';
import { budgetTemplateCsv, budgetTemplateXlsx, templateRows } from './template.ts';

const year = z.coerce.number().int().min(1900).max(2999);
const yearQuery = z.object({ year: year.optional() });
const templateQuery = yearQuery.extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  lang: z.enum(['nor', 'en']).default('nor'),
});
const actualsQuery = z.object({
  year,
  from: year,
  percent: z
    .string()
    .max(10)
    .default('0')
    .refine((text) => percentBasisPoints(text) !== null),
});
const LINES = BUDGET_LINES.map((line) => ({ target: line, title: budgetLineTitle(line) }));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file of an import: a multipart form's `file` (the portal's upload), or the body itself. */
async function uploadedBytes(request: Request): Promise<Uint8Array> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const file = (await request.formData().catch(() => null))?.get('file');
    return file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  }
  return new Uint8Array(await request.arrayBuffer());
}

export function budgetRoutes(deps: AppDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const spec = (summary: string, description?: string) =>
    describeRoute({ tags: ['budgets'], summary, ...(description ? { description } : {}), security: [{ bearer: [] }] });

  /** The board's year as the grid shows it. */
  async function yearOf(boardId: string, sources: readonly string[], y: number): Promise<BudgetYear> {
    const names = await accountNames(db, sources);
    return {
      groupId: boardId,
      year: y,
      rows: await budgetYearRows(db, boardId, y, names),
      years: await budgetYears(db, boardId),
      dataYears: await dataYears(db, sources),
    };
  }

  return new Hono<AppEnv>()
    .get(
      '/budgets/:groupId',
      spec("A year of the board's budget (default this year): a row per account or line, øre per month"),
      validate('query', yearQuery),
      async (c) => {
        const boardId = c.req.param('groupId');
        const sources = await boardSources(db, c.get('user').id, boardId);
        return c.json(await yearOf(boardId, sources, c.req.valid('query').year ?? now().getFullYear()));
      },
    )
    .put(
      '/budgets/:groupId',
      spec(
        "Replace a year of the board's budget",
        'Rows of an account (1000–8199, 8300–8399) or P&L line, each once, with twelve amounts in øre in the statement’s sign (costs negative; assets debit and equity and liabilities credit positive).',
      ),
      validate('json', budgetSaveRequest),
      async (c) => {
        const boardId = c.req.param('groupId');
        const sources = await boardSources(db, c.get('user').id, boardId);
        const body = c.req.valid('json');
        const targets = body.rows.map((row) => budgetTarget(row.target)?.target);
        if (targets.some((t) => t === undefined) || new Set(targets).size !== targets.length)
          throw new ApiError('BUDGET_INVALID');
        await replaceBudgetYear(
          db,
          boardId,
          body.year,
          body.rows.map((row, i) => ({ target: targets[i]!, months: row.months })),
          now(),
        );
        return c.json(await yearOf(boardId, sources, body.year));
      },
    )
    .post(
      '/budgets/:groupId/import',
      spec(
        'Import a year of the budget from the template (.xlsx or CSV: the file as the body, or a form’s `file`)',
        'All or nothing: a file with any error imports nothing and answers 422 BUDGET_IMPORT_INVALID with every problem (row, column, code, params) in details.issues.',
      ),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const bytes = await uploadedBytes(c.req.raw);
        const cells = readBudgetFile(bytes);
        const read = 'issues' in cells ? cells : readBudgetSheet(cells);
        if ('issues' in read) {
          const refusal: BudgetImportRefusal = { issues: read.issues };
          throw new ApiError('BUDGET_IMPORT_INVALID', refusal);
        }
        await replaceBudgetYear(db, boardId, read.year, read.rows, now());
        const body: BudgetImportResult = { year: read.year, rows: read.rows.length };
        return c.json(body);
      },
    )
    .get(
      '/budgets/:groupId/actuals',
      spec(
        "A start for a year's budget: the actual P&L of year `from` by account and month, plus `percent` (nothing saved)",
        'Each P&L account with postings in `from`, its months in the statement’s sign (income positive, costs negative), times (1 + percent / 100), rounded half away from zero to the øre. January of `from` is the budget’s January. `percent` is −100 to 1000, at most two decimals (comma or point).',
      ),
      validate('query', actualsQuery),
      async (c) => {
        const boardId = c.req.param('groupId');
        const sources = await boardSources(db, c.get('user').id, boardId);
        const query = c.req.valid('query');
        const names = await accountNames(db, sources);
        const body: BudgetYear = {
          ...(await yearOf(boardId, sources, query.year)),
          rows: await rowsFromActuals(db, sources, names, query.from, percentBasisPoints(query.percent)!),
        };
        return c.json(body);
      },
    )
    .get(
      '/budgets/:groupId/template',
      spec(
        'The budget template to fill in: the year’s budget rows, and the P&L accounts with postings (zeros where unbudgeted)',
      ),
      validate('query', templateQuery),
      async (c) => {
        const boardId = c.req.param('groupId');
        const sources = await boardSources(db, c.get('user').id, boardId);
        const query = c.req.valid('query');
        const y = query.year ?? now().getFullYear();
        const names = await accountNames(db, sources);
        // The year's budget rows and the P&L accounts with postings; balance accounts are added by those who budget them.
        const posted = await postedProfitLossAccounts(db, sources);
        const rows = templateRows(await budgetYearRows(db, boardId, y, names), posted, names, LINES, query.lang);
        const name = `${query.lang === 'en' ? 'budget' : 'budsjett'}-${y}.${query.format}`;
        const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
        if (query.format === 'csv')
          return c.body(budgetTemplateCsv(y, rows, query.lang), 200, {
            ...headers,
            'content-type': 'text/csv; charset=utf-8',
          });
        return c.body(new Uint8Array(await budgetTemplateXlsx(y, rows, query.lang)), 200, {
          ...headers,
          'content-type': XLSX,
        });
      },
    );
}
