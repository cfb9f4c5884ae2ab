import type { BudgetImportRefusal, BudgetImportResult, BudgetYear } from '@saldo/contract';
import { budgetApi } from '@saldo/contract/api/budgets';
import { BUDGET_LINES, budgetLineTitle, budgetTarget } from '@saldo/contract/budgets/budgets';
import { menu, on, write } from '../../access/rules.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteDeps, serve } from '../../http/serve.ts';
import { bookedYears } from '../../ledger/booked.ts';
import { accountNames } from '../../ledger/titles.ts';
import { readableSources } from '../boards/held.ts';
import { percentBasisPoints, postedProfitLossAccounts, rowsFromActuals } from './actuals.ts';
import { budgetYearRows, budgetYears, replaceBudgetYear } from './queries.ts';
import { readBudgetFile, readBudgetSheet } from './sheet.ts';
import { budgetTemplateCsv, budgetTemplateXlsx, templateRows } from './template.ts';

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

const now = (deps: RouteDeps) => new Date(deps.now?.() ?? Date.now());

/** The board's year as the grid shows it. */
async function yearOf(db: Db, boardId: string, sources: readonly string[], y: number): Promise<BudgetYear> {
  const names = await accountNames(db, sources);
  return {
    groupId: boardId,
    year: y,
    rows: await budgetYearRows(db, boardId, y, names),
    years: await budgetYears(db, boardId),
    dataYears: await bookedYears(db, sources),
  };
}

// A board's budget: its viewers read it (and its template), its editors set it.
const VIEW = menu('ProfitLoss', on('param:groupId', 'view'));
const EDIT = write('ProfitLoss', on('param:groupId', 'edit'));

export const budgetRoutes = [
  serve(budgetApi.year, VIEW, async (c, deps) => {
    const boardId = c.req.param('groupId');
    const sources = await readableSources(c, deps.db, boardId);
    return c.json(await yearOf(deps.db, boardId, sources, c.req.valid('query').year ?? now(deps).getFullYear()));
  }),
  serve(budgetApi.save, EDIT, async (c, deps) => {
    const { db } = deps;
    const boardId = c.req.param('groupId');
    const sources = await readableSources(c, db, boardId);
    const body = c.req.valid('json');
    const targets = body.rows.map((row) => budgetTarget(row.target)?.target);
    if (targets.some((t) => t === undefined) || new Set(targets).size !== targets.length)
      throw new ApiError('BUDGET_INVALID');
    await replaceBudgetYear(
      db,
      boardId,
      body.year,
      body.rows.map((row, i) => ({ target: targets[i]!, months: row.months })),
      now(deps),
    );
    return c.json(await yearOf(db, boardId, sources, body.year));
  }),
  serve(budgetApi.import, EDIT, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    const bytes = await uploadedBytes(c.req.raw);
    const cells = readBudgetFile(bytes);
    const read = 'issues' in cells ? cells : readBudgetSheet(cells);
    if ('issues' in read) {
      const refusal: BudgetImportRefusal = { issues: read.issues };
      throw new ApiError('BUDGET_IMPORT_INVALID', refusal);
    }
    await replaceBudgetYear(deps.db, boardId, read.year, read.rows, now(deps));
    const body: BudgetImportResult = { year: read.year, rows: read.rows.length };
    return c.json(body);
  }),
  // A start for the budget from a year's actual P&L (+ x %); nothing is saved, so reading the books suffices.
  serve(budgetApi.actuals, VIEW, async (c, deps) => {
    const { db } = deps;
    const boardId = c.req.param('groupId');
    const sources = await readableSources(c, db, boardId);
    const query = c.req.valid('query');
    const names = await accountNames(db, sources);
    const body: BudgetYear = {
      ...(await yearOf(db, boardId, sources, query.year)),
      rows: await rowsFromActuals(db, sources, names, query.from, percentBasisPoints(query.percent)!),
    };
    return c.json(body);
  }),
  serve(budgetApi.template, VIEW, async (c, deps) => {
    const { db } = deps;
    const boardId = c.req.param('groupId');
    const sources = await readableSources(c, db, boardId);
    const query = c.req.valid('query');
    const y = query.year ?? now(deps).getFullYear();
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
  }),
];
