import { randomUUID } from 'node:crypto';
import type {
  AccountSearchResult,
  ConsolidationWidgetData,
  CustomWidgetData,
  EmployeesData,
  MrrData,
  TopFiveExpense,
  TurnoverData,
} from '@saldo/contract';
import { isBooked, likeForLikeRange } from '@saldo/contract/booked';
import { widgetCatalogue } from '@saldo/contract/catalogue';
import { roundHalfAway } from '@saldo/contract/footing';
import { shiftMonths } from '@saldo/contract/range';
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { boardRange, boardRangeQuery } from '../../http/board-range.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { parsePeriod } from '../../http/period.ts';
import { lineText } from '../../http/text.ts';
import { validate } from '../../http/validate.ts';
import { apiAccountNames } from '../api-accounts/queries.ts';
import { savedAiQuery } from '../assistant/queries.ts';
import { boardSources, saveBoardWidgets } from '../boards/queries.ts';
import { consolidationOf } from '../consolidation/queries.ts';
import { lastBookedMonth } from '../reports/queries.ts';
import { compareCosts, compareCustom, compareParties, comparisonPeriod } from './compare.ts';
import { customData, customValues, parseCustom, parseCustomUpdate, toCustom } from './custom.ts';
import { mrrMonths } from './mrr.ts';
import {
  customWidgetOf,
  customWidgetsOf,
  deleteCustomWidget,
  employeeCounts,
  insertCustomWidget,
  largestTransactions,
  monthlyRange,
  REVENUE,
  revenueAndResult,
  searchAccounts,
  topByParty,
  topCostAccountsAsShown,
  updateCustomWidget,
} from './queries.ts';

const preferenceBody = z.object({
  groupId: z.string().optional(),
  widgets: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: lineText(100).default(''),
        widget: z.string().max(50).default(''),
        x: z.number().int().min(0).max(1000),
        y: z.number().int().min(0).max(10_000),
        width: z.number().int().min(1).max(48),
        height: z.number().int().min(1).max(100),
        view: z.enum(['single', 'comparison']).default('single'),
        note: z.string().max(1000).nullable().optional(),
      }),
    )
    .max(100),
});

const mrrQuery = boardRangeQuery.extend({
  accounts: z
    .string()
    .regex(/^\d{4}-\d{4}$/)
    .optional(),
});

/** A month of MRR not yet booked: nothing to say about it (shown as not booked). */
const notBookedMrr = (month: string): MrrData['months'][number] => ({
  month,
  mrr: 0,
  previousMrr: 0,
  newMrr: 0,
  expansionMrr: 0,
  contractionMrr: 0,
  churnedMrr: 0,
  customers: 0,
  averageRevenuePerCustomer: 0,
});

export function widgetRoutes(deps: AppDeps) {
  const { db } = deps;
  const spec = (summary: string) =>
    describeRoute({
      tags: ['widgets'],
      summary,
      description: 'Amounts in øre. Board by groupId or the x-board-id header.',
      security: [{ bearer: [] }],
    });

  /** Custom widgets of a board the user may read; the JSON validator turns bad patterns into the spec's message. */
  async function ownCustom(userId: string, boardId: string, id: string) {
    await boardSources(db, userId, boardId);
    return boardCustom(boardId, id);
  }

  /** A top list of customers, suppliers or products; asked with `compare`, each row's comparison beside it. */
  async function partyList(
    c: Context<AppEnv>,
    query: z.infer<typeof boardRangeQuery>,
    by: 'customer' | 'supplier' | 'product',
  ) {
    const range = await boardRange(deps, c, query);
    const rows = await topByParty(db, range.sources, range.period, by);
    const other = comparisonPeriod(range, range.compare ? await lastBookedMonth(db, range.sources) : null);
    return other ? compareParties(db, range.sources, other, by, rows) : rows;
  }

  async function boardCustom(boardId: string, id: string) {
    const row = await customWidgetOf(db, boardId, id);
    if (!row) throw new ApiError('WIDGET_NOT_FOUND');
    return row;
  }

  return (
    new Hono<AppEnv>()
      // Who may call each route (a public link's visitor only the widgets it shares): access/route-access.ts.
      .get('/widgets/configurations', spec('The widget catalogue'), (c) => c.json(widgetCatalogue))
      .get(
        '/widgets/top-ten/customers',
        spec('Top ten customers by revenue'),
        validate('query', boardRangeQuery),
        async (c) => c.json(await partyList(c, c.req.valid('query'), 'customer')),
      )
      .get(
        '/widgets/top-ten/suppliers',
        spec('Top ten suppliers by costs (4000–7999)'),
        validate('query', boardRangeQuery),
        async (c) => c.json(await partyList(c, c.req.valid('query'), 'supplier')),
      )
      .get(
        '/widgets/top-ten/products',
        spec('Top ten products by revenue'),
        validate('query', boardRangeQuery),
        async (c) => c.json(await partyList(c, c.req.valid('query'), 'product')),
      )
      .get(
        '/widgets/top-ten/expenses',
        spec('Top ten cost accounts'),
        validate('query', boardRangeQuery),
        async (c) => {
          const range = await boardRange(deps, c, c.req.valid('query'));
          const { sources, period, deduct } = range;
          const rows = await topCostAccountsAsShown(db, sources, period, deduct);
          const other = comparisonPeriod(range, range.compare ? await lastBookedMonth(db, sources) : null);
          return c.json(other ? await compareCosts(db, sources, other, deduct, rows) : rows);
        },
      )
      .get(
        '/widgets/top-ten/largest-transactions',
        spec('The ten vouchers with the largest debit totals'),
        validate('query', boardRangeQuery),
        async (c) => {
          const { sources, period } = await boardRange(deps, c, c.req.valid('query'));
          return c.json(await largestTransactions(db, sources, period));
        },
      )
      .get(
        '/widgets/top-five/expenses',
        spec('Top five cost accounts (closingBalance, account.name)'),
        validate('query', boardRangeQuery),
        async (c) => {
          const { sources, period, deduct } = await boardRange(deps, c, c.req.valid('query'));
          const rows: TopFiveExpense[] = (await topCostAccountsAsShown(db, sources, period, deduct, 5)).map((r) => ({
            closingBalance: r.amount,
            ...(r.shown !== undefined ? { shown: r.shown } : {}),
            account: { number: r.number, accountId: r._id, name: r.name },
          }));
          return c.json(rows);
        },
      )
      .get(
        '/widgets/turnover',
        spec('Revenue by month, against the same period last year'),
        validate('query', boardRangeQuery),
        async (c) => {
          const { sources, period } = await boardRange(deps, c, c.req.valid('query'));
          const booked = await lastBookedMonth(db, sources);
          // Like for like: last year's same months as this period's booked ones.
          const same = likeForLikeRange(period, 'lastYear', booked);
          const [months, before] = await Promise.all([
            monthlyRange(db, sources, period.months, REVENUE, true),
            monthlyRange(db, sources, parsePeriod(same.startDate, same.endDate).months, REVENUE, true),
          ]);
          const total = months.reduce((s, m) => s + m.amount, 0);
          const previousTotal = before.reduce((s, m) => s + m.amount, 0);
          const body: TurnoverData = {
            total,
            months,
            previousTotal,
            lastBookedMonth: booked,
            changePercent:
              previousTotal === 0 ? null : roundHalfAway(((total - previousTotal) / Math.abs(previousTotal)) * 100, 1),
          };
          return c.json(body);
        },
      )
      .get(
        '/widgets/mrr',
        spec('MRR breakdown by month (recurring revenue accounts, default 3000-3999)'),
        validate('query', mrrQuery),
        async (c) => {
          const query = c.req.valid('query');
          const { sources, period } = await boardRange(deps, c, query);
          const [from, to] = (query.accounts ?? '3000-3999').split('-').map(Number) as [number, number];
          const booked = await lastBookedMonth(db, sources);
          // Months not yet booked are left out of the movements: no customer churns into a month that has not happened.
          const months = await mrrMonths(
            db,
            sources,
            period.months.filter((m) => isBooked(m, booked)),
            shiftMonths(`${period.months[0]}-01`, -1).slice(0, 7),
            { from, to },
          );
          // The headline is the last booked month of the period.
          const lastMonth = months[months.length - 1];
          const body: MrrData = {
            accounts: { from, to },
            mrr: lastMonth?.mrr ?? 0,
            previousMrr: lastMonth?.previousMrr ?? 0,
            month: lastMonth?.month ?? null,
            months: [...months, ...period.months.filter((m) => !isBooked(m, booked)).map(notBookedMrr)],
            lastBookedMonth: booked,
          };
          return c.json(body);
        },
      )
      .get('/widgets/employees', spec('Employees in work by month'), validate('query', boardRangeQuery), async (c) => {
        const { sources, period } = await boardRange(deps, c, c.req.valid('query'));
        const booked = await lastBookedMonth(db, sources);
        const counts = await employeeCounts(db, sources, period.months);
        // Employments run on into months not yet booked; those are said to be not booked, not counted.
        const months = counts.months.map((m) => (isBooked(m.month, booked) ? m : { month: m.month, count: 0 }));
        const current = [...months].reverse().find((m) => isBooked(m.month, booked))?.count ?? 0;
        const body: EmployeesData = { ...counts, months, current, lastBookedMonth: booked };
        return c.json(body);
      })
      .get(
        '/widgets/consolidation',
        spec('Each company, what is deducted, and the consolidated result'),
        validate('query', boardRangeQuery),
        async (c) => {
          const range = await boardRange(deps, c, { ...c.req.valid('query'), consolidated: undefined });
          const group = await consolidationOf(db, range.boardId);
          const sources = group ? range.sources.filter((s) => group.apis.includes(s)) : range.sources;
          const deduct = group?.deductAccounts ?? [];
          const figures = async (ids: string[], only?: number[]) => {
            if (ids.length === 0) return { revenue: 0, result: 0 };
            return revenueAndResult(db, ids, range.period, only);
          };
          const names = sources.length ? await apiAccountNames(db, sources) : [];
          const apis = await Promise.all(
            names.map(async (n) => ({ _id: n.id, name: n.name, ...(await figures([n.id])) })),
          );
          const deducted = await figures(sources, deduct);
          const body: ConsolidationWidgetData = {
            apis,
            deducted,
            consolidated: {
              revenue: apis.reduce((s, a) => s + a.revenue, 0) - deducted.revenue,
              result: apis.reduce((s, a) => s + a.result, 0) - deducted.result,
            },
            // So every row drills: the eliminations are these accounts' postings.
            deductAccounts: group ? deduct : null,
          };
          return c.json(body);
        },
      )
      .get(
        '/widgets/ai',
        spec('The answer to a saved assistant question'),
        validate('query', boardRangeQuery.extend({ aiQueryId: z.string().min(1).max(100) })),
        async (c) => {
          const query = c.req.valid('query');
          const { boardId } = await boardRange(deps, c, query);
          const row = await savedAiQuery(db, boardId, query.aiQueryId);
          if (!row) throw new ApiError('AI_QUERY_NOT_FOUND');
          return c.json({
            _id: row.id,
            question: row.question,
            answer: row.answer,
            createdAt: row.createdAt.toISOString(),
          });
        },
      )
      .post('/widgets/:groupId/custom/create', spec('Create a custom widget (account range or ratio)'), async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const w = parseCustom(await c.req.json().catch(() => null), 'CUSTOM_WIDGET_FAILED');
        const row = await insertCustomWidget(db, {
          id: randomUUID(),
          boardId,
          ...customValues(w),
          createdAt: new Date(),
        });
        return c.json(toCustom(row), 201);
      })
      .put(
        '/widgets/:groupId/custom/:id',
        spec('Change a custom widget; a field left out keeps its value'),
        async (c) => {
          const row = await ownCustom(c.get('user').id, c.req.param('groupId'), c.req.param('id'));
          const w = parseCustomUpdate(await c.req.json().catch(() => null), row);
          return c.json(toCustom(await updateCustomWidget(db, row.id, customValues(w))));
        },
      )
      .get(
        '/widgets/:groupId/accounts',
        spec("Search the board's chart of accounts by number (x as a wildcard) or name; q needs 2+ characters"),
        validate('query', z.object({ q: z.string().trim().min(2).max(100) })),
        async (c) => {
          const sources = await boardSources(db, c.get('user').id, c.req.param('groupId'));
          const body: AccountSearchResult[] = await searchAccounts(db, sources, c.req.valid('query').q);
          return c.json(body);
        },
      )
      .get('/widgets/:groupId/custom', spec("The board's custom widgets"), async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        return c.json((await customWidgetsOf(db, boardId)).map(toCustom));
      })
      .get(
        '/widgets/:groupId/custom/:id',
        spec("A custom widget's data"),
        validate('query', boardRangeQuery),
        async (c) => {
          // A public link's visitor has no user: withRouteAccess let them in for this shared widget id, and
          // boardRange holds them to the shared board.
          const share = c.get('share');
          const row = share
            ? await boardCustom(c.req.param('groupId'), c.req.param('id'))
            : await ownCustom(c.get('user').id, c.req.param('groupId'), c.req.param('id'));
          const range = await boardRange(deps, c, { ...c.req.valid('query'), groupId: row.boardId });
          const { sources, period } = range;
          const booked = await lastBookedMonth(db, sources);
          const other = comparisonPeriod(range, booked);
          const body: CustomWidgetData = {
            ...(await customData(db, row, sources, period.months)),
            lastBookedMonth: booked,
            ...(other ? { comparison: await compareCustom(db, row, sources, other) } : {}),
          };
          return c.json(body);
        },
      )
      .delete('/widgets/:groupId/custom/:id', spec('Remove a custom widget'), async (c) => {
        const row = await ownCustom(c.get('user').id, c.req.param('groupId'), c.req.param('id'));
        await deleteCustomWidget(db, row.id);
        return c.json({ isDeleted: true });
      })
      .patch(
        '/widgets/board-preference/:groupId/update',
        spec("Save the board's widgets: id, x, y, width, height, view and note"),
        validate('json', preferenceBody),
        async (c) => {
          const boardId = c.req.param('groupId');
          await boardSources(db, c.get('user').id, boardId);
          const { widgets } = c.req.valid('json');
          if (new Set(widgets.map((w) => w.id)).size !== widgets.length) throw new ApiError('WIDGET_ALREADY_ADDED');
          await saveBoardWidgets(db, boardId, widgets);
          return c.json({ groupId: boardId, widgets });
        },
      )
  );
}
