import type { AiQueryResponse, ProfitLossReport, TopListItem } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiQuery } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type LlmStandin, NO_ANSWER, startLlmStandin } from '../../test/llm-standin/standin.ts';
import { answerText, toTable, widgetTitle } from '../exports/tables.ts';
import { periodOnly, tableLines } from './context.ts';

let standin: LlmStandin;
let t: TestApp;
let token: string;
const llmLogs: string[] = [];

beforeAll(async () => {
  standin = await startLlmStandin();
  t = await createTestApp({
    llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey, model: 'gpt-standin', log: (m) => llmLogs.push(m) },
  });
  token = (await t.login()).jwtToken;
});
afterAll(() => standin.close());

const period = { startDate: '2025-01-01', endDate: '2025-12-31' };

/** `as`: the token to send, null for none. */
const ask = (body: object, as: string | null = token, boardId = t.boardId, app = t) =>
  app.request(`/api/assistant/${boardId}/ask`, {
    method: 'POST',
    token: as ?? undefined,
    body: JSON.stringify({ ...period, lang: 'nor', ...body }),
  });

const words = (n: number) => Array.from({ length: n }, (_, i) => `ord${i}`).join(' ');

async function topCustomer(): Promise<TopListItem> {
  const res = await t.request(
    `/api/widgets/top-ten/customers?groupId=${t.boardId}&startDate=${period.startDate}&endDate=${period.endDate}`,
    { token },
  );
  const rows: TopListItem[] = await res.json();
  expect(rows.length).toBeGreaterThan(0);
  return rows[0]!;
}

describe('POST /api/assistant/:groupId/ask', () => {
  it("answers from the board's data and saves the answer, which the AI widget then shows", async () => {
    const top = await topCustomer();
    const question = `Hvor mye kjøpte ${top.name} hos oss i fjor?`;
    const before = standin.requests.length;
    const res = await ask({ question });
    expect(res.status).toBe(201);
    const saved: AiQueryResponse = await res.json();

    // What reached the model: the system prompt with the board's tables, then the question.
    expect(standin.requests).toHaveLength(before + 1);
    const request = standin.requests.at(-1)!;
    expect(request.model).toBe('gpt-standin');
    expect(request.temperature).toBe(0);
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.messages[1]!.content).toBe(question);
    const system = request.messages[0]!.content;
    expect(system).toContain('Svar på norsk.');
    expect(system).toContain('Selskap: Nordlys Energiteknikk AS');
    expect(system).toContain('Periode: 2025-01-01 til 2025-12-31');
    expect(system).toContain(`${top.name};${Math.round(top.amount / 100)}`);
    const report: ProfitLossReport = await (
      await t.request(`/api/profit-loss?groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`, { token })
    ).json();
    const pl = tableLines(periodOnly(toTable('profit-loss', report, 'nor')), 'nor');
    expect(pl.rows.length).toBeGreaterThan(5);
    expect(system).toContain([...pl.head, ...pl.rows].join('\n'));
    for (const title of ['## Balanse', '## Kontantstrøm', '## Topp 10 leverandører', '## Omsetning', '## MRR'])
      expect(system).toContain(title);
    expect(system.length).toBeLessThan(14_000);

    // The stand-in answered with the customer's line: the context reached it.
    const text = `${top.name}: ${Math.round(top.amount / 100)} (fra ${widgetTitle('top-customers', 'nor')})`;
    expect(saved).toEqual({
      _id: expect.any(String),
      question,
      answer: { text, model: 'gpt-standin', ...period },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [row] = await t.deps.db.select().from(aiQuery).where(eq(aiQuery.id, saved._id));
    expect(row).toMatchObject({ boardId: t.boardId, question, answer: saved.answer });

    // The AI widget's data path shows the same, and the SDK reads `answer.text` from it.
    const widget = await t.request(
      `/api/widgets/ai?groupId=${t.boardId}&aiQueryId=${saved._id}&startDate=2026-01-01&endDate=2026-10-31`,
      { token },
    );
    expect(widget.status).toBe(200);
    const data = await widget.json();
    expect(data).toEqual(saved);
    expect(answerText(data.answer)).toBe(text);
  });

  it('answers in English when asked, and says when the data does not tell', async () => {
    const top = await topCustomer();
    const en = await ask({ question: `How much did ${top.name} buy last year?`, lang: 'en' });
    expect(en.status).toBe(201);
    expect((await en.json()).answer.text).toBe(
      `${top.name}: ${Math.round(top.amount / 100)} (from ${widgetTitle('top-customers', 'en')})`,
    );
    expect(standin.requests.at(-1)!.messages[0]!.content).toContain('Answer in English.');
    expect(standin.requests.at(-1)!.messages[0]!.content).toContain('## Profit and loss');

    const unknown = await ask({ question: 'Will the weather be sunny tomorrow morning?', lang: 'en' });
    expect(unknown.status).toBe(201);
    expect((await unknown.json()).answer.text).toBe(NO_ANSWER.en);
  });

  it('takes 5 to 50 words, counted on whitespace', async () => {
    for (const n of [4, 51, 0]) {
      const res = await ask({ question: words(n) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'AI_QUESTION_LENGTH',
        message: 'The question must have between 5 and 50 words',
      });
    }
    const five = await ask({ question: `  ${words(5).replace(/ /g, ' \n\t ')}  ` });
    expect(five.status).toBe(201);
    expect((await five.json()).question).toBe(words(5));
    expect((await ask({ question: words(50) })).status).toBe(201);
  });

  it('validates the period and the language', async () => {
    const bad = await ask({ question: words(6), startDate: '2025-13' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('VALIDATION_FAILED');
    expect((await ask({ question: words(6), lang: 'de' })).status).toBe(400);
    expect((await ask({ question: 42 })).status).toBe(400);
  });

  it("answers 401 without a token and 404 for an unknown board or another user's board", async () => {
    expect((await ask({ question: words(6) }, null)).status).toBe(401);
    const unknown = await ask({ question: words(6) }, token, 'not-a-board');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('BOARD_NOT_FOUND');

    const other = (await t.signUp('assistant-other@saldo.no')).token;
    const before = standin.requests.length;
    const res = await ask({ question: words(6) }, other);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('BOARD_NOT_FOUND');
    const list = await t.request(`/api/assistant/${t.boardId}/questions`, { token: other });
    expect(list.status).toBe(404);
    const [first] = await t.deps.db.select().from(aiQuery).where(eq(aiQuery.boardId, t.boardId)).limit(1);
    const del = await t.request(`/api/assistant/${t.boardId}/questions/${first!.id}`, {
      method: 'DELETE',
      token: other,
    });
    expect(del.status).toBe(404);
    expect(standin.requests.length).toBe(before);
    expect(await t.deps.db.select().from(aiQuery).where(eq(aiQuery.id, first!.id))).toHaveLength(1);
  });

  it('a model that refuses the key is AI_UNAVAILABLE, nothing is saved and the key is not logged', async () => {
    const logs: string[] = [];
    const wrong = await createTestApp({
      llm: { baseUrl: `${standin.url}/v1`, apiKey: 'sk-not-the-right-key', log: (m) => logs.push(m) },
    });
    const wrongToken = (await wrong.login()).jwtToken;
    const res = await ask({ question: words(6) }, wrongToken, wrong.boardId, wrong);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      code: 'AI_UNAVAILABLE',
      message: 'The AI assistant could not answer, try again later',
    });
    expect(logs.join('\n')).toContain('LLM refused the key');
    expect(logs.join('\n')).not.toContain('sk-not-the-right-key');
    expect(await wrong.deps.db.select().from(aiQuery)).toEqual([]);
  });
});

describe('the assistant switched off', () => {
  let off: TestApp;
  let offToken: string;
  beforeAll(async () => {
    off = await createTestApp();
    offToken = (await off.login()).jwtToken;
  });

  it('answers 503 AI_NOT_CONFIGURED and the status says it is off', async () => {
    const res = await ask({ question: words(6) }, offToken, off.boardId, off);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'AI_NOT_CONFIGURED',
      message: 'The AI assistant is not set up on this server',
    });
    const status = await off.request('/api/assistant/status', { token: offToken });
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ enabled: false });
  });

  it('the status says on when an LLM is set up, and needs a login', async () => {
    const status = await t.request('/api/assistant/status', { token });
    expect(await status.json()).toEqual({ enabled: true });
    expect((await t.request('/api/assistant/status')).status).toBe(401);
  });
});

describe('saved questions', () => {
  it('lists the board’s questions newest first and deletes them', async () => {
    const fresh = await createTestApp({ llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey } });
    const freshToken = (await fresh.login()).jwtToken;
    const list = async () => {
      const res = await fresh.request(`/api/assistant/${fresh.boardId}/questions`, { token: freshToken });
      expect(res.status).toBe(200);
      return (await res.json()) as AiQueryResponse[];
    };
    expect(await list()).toEqual([]);
    const first: AiQueryResponse = await (
      await ask({ question: 'Hva var driftsresultatet i fjor?' }, freshToken, fresh.boardId, fresh)
    ).json();
    const second: AiQueryResponse = await (
      await ask({ question: 'Hvem var den største kunden i fjor?' }, freshToken, fresh.boardId, fresh)
    ).json();
    expect(await list()).toEqual([second, first]);

    // The first answer sits on the board and on a sub-board; deleting it takes it off both.
    const aiWidget = {
      id: first._id,
      name: first.question,
      widget: 'ai',
      x: 0,
      y: 0,
      width: 6,
      height: 5,
      view: 'single',
    };
    const keep = { id: 'turnover', name: '', widget: 'turnover', x: 6, y: 0, width: 6, height: 5, view: 'single' };
    await fresh.request(`/api/widgets/board-preference/${fresh.boardId}/update`, {
      method: 'PATCH',
      token: freshToken,
      body: JSON.stringify({ widgets: [aiWidget, keep] }),
    });
    const sub = await (
      await fresh.request(`/api/dashboard-folders/${fresh.boardId}`, {
        method: 'POST',
        token: freshToken,
        body: JSON.stringify({ name: 'AI' }),
      })
    ).json();
    await fresh.request(`/api/dashboard-folders/${fresh.boardId}/${sub._id}`, {
      method: 'PUT',
      token: freshToken,
      body: JSON.stringify({ widgets: [aiWidget] }),
    });
    const remove = (id: string) =>
      fresh.request(`/api/assistant/${fresh.boardId}/questions/${id}`, { method: 'DELETE', token: freshToken });
    const del = await remove(first._id);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ isDeleted: true });
    expect(await list()).toEqual([second]);
    const boardNow = await (await fresh.request(`/api/group-account/${fresh.boardId}`, { token: freshToken })).json();
    expect(boardNow.widgets.map((w: { id: string }) => w.id)).toEqual(['turnover']);
    const subs = await (await fresh.request(`/api/dashboard-folders/${fresh.boardId}`, { token: freshToken })).json();
    expect(subs[0].widgets).toEqual([]);
    const again = await remove(first._id);
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe('AI_QUERY_NOT_FOUND');
    const widget = await fresh.request(
      `/api/widgets/ai?groupId=${fresh.boardId}&aiQueryId=${first._id}&startDate=2025-01-01&endDate=2025-12-31`,
      { token: freshToken },
    );
    expect(widget.status).toBe(404);
    expect((await fresh.request(`/api/assistant/${fresh.boardId}/questions`)).status).toBe(401);
    expect(
      (await fresh.request(`/api/assistant/${fresh.boardId}/questions/${second._id}`, { method: 'DELETE' })).status,
    ).toBe(401);
    expect((await remove(second._id)).status).toBe(200);
    expect(await list()).toEqual([]);
  });
});
