import { portfolioApi } from '@saldo/contract/api/portfolio';
import { filterRows, sortRows } from '@saldo/contract/kpis/portfolio-table';
import { menu } from '../../access/rules.ts';
import { serve } from '../../http/serve.ts';
import { recordAudit, whoOf } from '../audit/record.ts';
import { writeXlsx } from '../exports/xlsx.ts';
import { userNameAndLanguage } from '../team/queries.ts';
import { portfolioDocument } from './export-table.ts';
import { readPortfolio } from './read.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const portfolioRoutes = [
  /** Every board the user may view (a Viewer of one board sees that one); see read.ts. */
  serve(portfolioApi.list, menu('GroupAccount'), async (c, deps) =>
    c.json(await readPortfolio(deps.db, c.get('user').id, c.req.valid('query'), Date.now())),
  ),
  /**
   * The table as an Excel workbook, as the portal shows it: the same rows filtered and sorted by the
   * contract's portfolio-table rules, in the language asked for (else the user's). Each board in the
   * file gets its export record, as a board's own export does, before the file is sent.
   */
  serve(portfolioApi.export, menu('GroupAccount'), async (c, deps) => {
    const { db } = deps;
    const q = c.req.valid('query');
    const userId = c.get('user').id;
    const lang = q.lang ?? (await userNameAndLanguage(db, userId))?.language ?? 'nor';
    const portfolio = await readPortfolio(db, userId, q, Date.now());
    const sort = { key: q.sort, descending: q.descending === 'true' };
    const filters = {
      search: q.search,
      tag: q.tag,
      responsible: q.responsible,
      health: q.health,
      needsAttention: q.needsAttention === 'true',
    };
    const rows = sortRows(filterRows(portfolio.rows, filters), sort);
    const doc = portfolioDocument(portfolio, rows, lang, sort, filters);
    const file = await writeXlsx(doc);
    await recordAudit(
      db,
      whoOf(c, deps.now?.() ?? Date.now()),
      rows.map(({ groupId }) => ({
        action: 'export.downloaded' as const,
        groupId,
        target: { format: q.format, pages: ['portfolio'], startDate: portfolio.startDate, endDate: portfolio.endDate },
      })),
    );
    return c.body(new Uint8Array(file), 200, {
      'content-type': XLSX,
      'content-disposition': `attachment; filename="${doc.fileName}.${q.format}"`,
      'cache-control': 'no-store',
    });
  }),
];
