import { randomUUID } from 'node:crypto';
import type { AiQueryAnswer, AiQueryResponse, AssistantStatus, ExportTable } from '@saldo/contract';
import { assistantApi } from '@saldo/contract/api/assistant';
import { widgetRegistry, widgetTypes } from '@saldo/contract/widgets/registry';
import { accessTokenOf } from '../../access/authenticate.ts';
import { hitLimit } from '../../access/rate-limit.ts';
import { menu, on, USER, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { internalReader } from '../../http/internal-api.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { readableSources } from '../boards/held.ts';
import { boardName } from '../boards/queries.ts';
import { dataPath } from '../exports/data-path.ts';
import { type ExportKind, toTable, widgetTitle } from '../exports/tables.ts';
import {
  buildContext,
  countWords,
  periodOnly,
  QUESTION_MAX_WORDS,
  QUESTION_MIN_WORDS,
  systemPrompt,
} from './context.ts';
import { type AiQueryRow, aiQueriesOf, deleteAiQuery, insertAiQuery } from './queries.ts';

/**
 * What the assistant reads, in this order (what comes last is dropped first when the context is
 * too long): the statements, cut to the period's figures, then the widget types whose registry entry
 * says `assistant`, in the registry's order, with their months.
 */
const CONTEXT_KINDS: ReadonlyArray<{ kind: ExportKind; periodOnly: boolean }> = [
  { kind: 'profit-loss', periodOnly: true },
  { kind: 'balance-sheet', periodOnly: true },
  { kind: 'cash-flow', periodOnly: true },
  ...widgetTypes.filter((type) => widgetRegistry[type].assistant).map((kind) => ({ kind, periodOnly: false })),
];

const REPORT_TITLES: Partial<Record<ExportKind, { nor: string; en: string }>> = {
  'profit-loss': { nor: 'Resultatregnskap', en: 'Profit and loss' },
  'balance-sheet': { nor: 'Balanse', en: 'Balance sheet' },
  'cash-flow': { nor: 'Kontantstrøm', en: 'Cash flow' },
};

const toResponse = (row: AiQueryRow): AiQueryResponse => ({
  _id: row.id,
  question: row.question,
  answer: row.answer as AiQueryAnswer,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The AI assistant: a question about a board's data in a period is answered by the configured
 * Chat Completions API from the board's tables (read through the API itself with the caller's
 * token, as exports do), and saved in ai_query so an AI widget can show it.
 */
/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;

  const read = internalReader(deps.fetchApi);
  return { db, read };
});

export const assistantRoutes = [
  serve(assistantApi.status, USER, (c, deps) => {
    const body: AssistantStatus = { enabled: deps.llm !== undefined };
    return c.json(body);
  }),
  serve(assistantApi.ask, write('Dashboard', on('param:groupId', 'view')), async (c, deps) => {
    const { db, read } = shared(deps);
    const groupId = c.req.param('groupId');
    await readableSources(c, db, groupId);
    const llm = deps.llm;
    if (!llm) throw new ApiError('AI_NOT_CONFIGURED');
    const { question: raw, startDate, endDate, lang } = c.req.valid('json');
    const question = raw.trim().replace(/\s+/g, ' ');
    const words = countWords(question);
    if (words < QUESTION_MIN_WORDS || words > QUESTION_MAX_WORDS) throw new ApiError('AI_QUESTION_LENGTH');
    const name = await boardName(db, groupId);
    if (name === undefined) throw new ApiError('BOARD_NOT_FOUND');
    // Every question below is a paid model call: a few a minute and a day's worth per user.
    const userId = c.get('user').id;
    const at = deps.now?.() ?? Date.now();
    await hitLimit(db, `assistant:minute:${userId}`, deps.limits.assistantPerUserMinute, at, 'ASSISTANT_RATE_LIMITED');
    await hitLimit(db, `assistant:day:${userId}`, deps.limits.assistantPerUserDay, at, 'ASSISTANT_RATE_LIMITED');

    const token = accessTokenOf((name) => c.req.header(name))!;
    const settled = await Promise.allSettled(
      CONTEXT_KINDS.map(async ({ kind, periodOnly: cut }) => {
        const table = toTable(kind, await read(dataPath(kind, kind, groupId, startDate, endDate), token), lang);
        return cut ? periodOnly(table) : table;
      }),
    );
    const tables: ExportTable[] = [];
    const unavailable: string[] = [];
    settled.forEach((result, i) => {
      if (result.status === 'fulfilled') tables.push(result.value);
      else {
        const kind = CONTEXT_KINDS[i]!.kind;
        unavailable.push(REPORT_TITLES[kind]?.[lang] ?? widgetTitle(kind, lang));
      }
    });
    // Nothing readable (e.g. a bad period): the reads' own error is the answer.
    if (tables.length === 0) throw (settled[0] as PromiseRejectedResult).reason;

    const context = buildContext({ board: name, startDate, endDate, lang, tables, unavailable });
    const answer = await llm.complete([
      { role: 'system', content: systemPrompt(lang, context) },
      { role: 'user', content: question },
    ]);
    const stored: AiQueryAnswer = { text: answer.text, model: answer.model, startDate, endDate };
    const saved = await insertAiQuery(db, {
      id: randomUUID(),
      boardId: groupId,
      question,
      answer: stored,
      createdAt: new Date(deps.now?.() ?? Date.now()),
    });
    return c.json(toResponse(saved), 201);
  }),
  serve(assistantApi.questions, menu('Dashboard', on('param:groupId', 'view')), async (c, deps) => {
    const { db } = shared(deps);
    const groupId = c.req.param('groupId');
    await readableSources(c, db, groupId);
    const rows = await aiQueriesOf(db, groupId);
    return c.json(rows.map(toResponse));
  }),
  serve(assistantApi.deleteQuestion, write('Dashboard', on('param:groupId', 'edit')), async (c, deps) => {
    const { db } = shared(deps);
    const groupId = c.req.param('groupId');
    await readableSources(c, db, groupId);
    const id = c.req.param('id');
    if (!(await deleteAiQuery(db, groupId, id))) throw new ApiError('AI_QUERY_NOT_FOUND');
    return c.json({ isDeleted: true });
  }),
];
