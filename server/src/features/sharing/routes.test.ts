import type { PublicBoard } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';

let t: TestApp;
let token: string;
let shareId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  const res = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
    method: 'POST',
    token,
    body: JSON.stringify({
      group: t.boardId,
      widgets: [{ id: 'w1', widget: 'top-customers', x: 0, y: 0, width: 6, height: 4, view: 'single' }],
      pages: [{ name: 'profitloss' }],
      lang: 'en',
    }),
  });
  expect(res.status).toBe(201);
  shareId = (await res.json()).boardId;
});

const asVisitor = (path: string, id = shareId) => t.request(path, { headers: { 'x-public-board-id': id } });
const Y = 'startDate=2025-01-01&endDate=2025-12-31';

describe('public share', () => {
  it('shows the public board without a login', async () => {
    const board: PublicBoard = await (await t.request(`/api/public-share/board/${shareId}`)).json();
    expect(board).toMatchObject({
      public_board_id: shareId,
      group: { _id: t.boardId, name: 'Nordlys Energiteknikk AS' },
      pages: [{ name: 'profitloss' }],
      lang: 'en',
    });
    // The booked months, for the visitor's period control: the demo's first and last posting months.
    const months = demoLedger().postings.map((p) => p.period ?? p.date.slice(0, 7));
    expect(board.periods).toEqual({
      firstBookedMonth: months.reduce((a, b) => (a < b ? a : b)),
      lastBookedMonth: months.reduce((a, b) => (a > b ? a : b)),
      fiscalYearStart: 1,
    });
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await t.request('/api/public-share/board/nope')).status).toBe(404);
  });

  it('lets a visitor read exactly the shared widgets and pages, and nothing else', async () => {
    expect((await asVisitor(`/api/widgets/top-ten/customers?${Y}`)).status).toBe(200);
    const pl = await asVisitor(`/api/profit-loss?${Y}`);
    expect(pl.status).toBe(200);
    expect((await pl.json()).total.result).toBeGreaterThan(0);
    for (const path of [
      '/api/balance-sheet',
      '/api/cashflow',
      '/api/widgets/turnover',
      '/api/widgets/top-ten/suppliers',
    ]) {
      const res = await asVisitor(`${path}?${Y}`);
      expect(res.status, path).toBe(403);
      expect((await res.json()).code).toBe('SHARE_NOT_ALLOWED');
    }
    for (const path of [
      '/api/group-account',
      '/api/api-account',
      `/api/postings?account=3000&from=2025-01-01&to=2025-12-31`,
    ]) {
      expect((await asVisitor(path)).status, path).toBe(401);
    }
    expect((await asVisitor(`/api/profit-loss?groupId=another-board&${Y}`)).status).toBe(403);
    expect((await asVisitor(`/api/profit-loss?${Y}`, 'made-up')).status).toBe(404);
  });

  it("needs widgets or pages, and e-mails only this board's public link to valid addresses", async () => {
    const empty = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
      method: 'POST',
      token,
      body: JSON.stringify({ widgets: [], pages: [] }),
    });
    expect(await empty.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'All fields are required' });
    const send = (recipients: string[], link: string) =>
      t.request(`/api/public-share/url/send-email?groupId=${t.boardId}`, {
        method: 'POST',
        token,
        body: JSON.stringify({ recipients, link }),
      });
    const link = `http://localhost:3000/public/board/${shareId}`;
    expect(await (await send([], link)).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await (await send(['not-an-email'], link)).json()).toEqual({
      code: 'INVALID_EMAIL',
      message: 'Enter a valid email',
    });
    expect((await send(['a@example.no'], 'https://evil.example/phish')).status).toBe(400);
    expect(await (await send(['a@example.no', 'b@example.no'], link)).json()).toEqual({ sent: true });
    const mails = await t.deps.mailer.outbox!.list();
    expect(mails.map((m) => m.to).sort()).toEqual(['a@example.no', 'b@example.no']);
    expect(mails[0]!.links).toContain(link);
  });

  // Last: a new share replaces the board's public link the tests above use.
  it('lets a visitor read a shared custom widget by its id, and no other custom widget', async () => {
    const create = (name: string) =>
      t.request(`/api/widgets/${t.boardId}/custom/create`, {
        method: 'POST',
        token,
        body: JSON.stringify({ name, type: 'accountRange', range: { from: '3xxx', to: '3xxx' } }),
      });
    const shared = (await (await create('Salg')).json())._id as string;
    const other = (await (await create('Annet')).json())._id as string;
    const res = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        group: t.boardId,
        widgets: [{ id: shared, widget: 'custom', x: 0, y: 0, width: 4, height: 4, view: 'single' }],
        pages: [],
        lang: 'nor',
      }),
    });
    const id = (await res.json()).boardId as string;
    const data = await asVisitor(`/api/widgets/${t.boardId}/custom/${shared}?${Y}`, id);
    expect(data.status).toBe(200);
    expect((await data.json()).total).toBeGreaterThan(0);
    const refused = await asVisitor(`/api/widgets/${t.boardId}/custom/${other}?${Y}`, id);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('SHARE_NOT_ALLOWED');
    // The shared id on a board the link was not made for is refused too.
    expect((await asVisitor(`/api/widgets/another-board/custom/${shared}?${Y}`, id)).status).toBe(404);
  });
});
