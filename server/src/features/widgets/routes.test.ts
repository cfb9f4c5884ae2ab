import type { TopListItem } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPeriod } from '../../connectors/demo/demo-company.ts';
import { demoConnector, generateDemoLedger } from '../../connectors/demo/demo-connector.ts';
import { createTestApp, TEST_TODAY, type TestApp } from '../../test/create-test-app.ts';
import { ingestLedger } from '../sync/ingest.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

/**
 * The same list computed straight from the generator's records, not through the database, over the
 * whole months the dates touch (the demo books each posting in its date's month).
 */
function expectedTopCustomers(startDate: string, endDate: string) {
  const records = generateDemoLedger({ seed: 4102, ...demoPeriod(TEST_TODAY) });
  const names = new Map(records.flatMap((r) => (r.kind === 'customer' ? [[r.id, r.name] as const] : [])));
  const sums = new Map<string, number>();
  for (const r of records) {
    if (r.kind !== 'posting' || !r.customerId || r.accountNumber < 3000 || r.accountNumber > 3999) continue;
    if (r.date.slice(0, 7) < startDate.slice(0, 7) || r.date.slice(0, 7) > endDate.slice(0, 7)) continue;
    sums.set(r.customerId, (sums.get(r.customerId) ?? 0) - r.amount);
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([id, amount]) => ({ name: names.get(id), amount }));
}

describe('GET /api/widgets/top-ten/customers', () => {
  it('lists the ten largest customers of the period with amounts in øre', async () => {
    const res = await t.request('/api/widgets/top-ten/customers?startDate=2025-01-01&endDate=2025-12-31', {
      token,
      headers: { 'x-board-id': t.boardId },
    });
    expect(res.status).toBe(200);
    const items: TopListItem[] = await res.json();
    expect(items).toHaveLength(10);
    expect(items.map(({ name, amount }) => ({ name, amount }))).toEqual(
      expectedTopCustomers('2025-01-01', '2025-12-31'),
    );
    for (const item of items) expect(Number.isSafeInteger(item.amount)).toBe(true);
    expect(new Set(items.map((i) => i._id)).size).toBe(10);
  });

  it('takes the board from groupId as well, and widens the dates given to whole months', async () => {
    const res = await t.request(
      `/api/widgets/top-ten/customers?groupId=${t.boardId}&startDate=2025-03-01&endDate=2025-03-15`,
      { token },
    );
    const items: TopListItem[] = await res.json();
    expect(items.map(({ name, amount }) => ({ name, amount }))).toEqual(
      expectedTopCustomers('2025-03-01', '2025-03-15'),
    );
  });

  it('lists a customer of two companies on one board once, by its organisation number', async () => {
    // A second company whose ledger names the same customers (the generator gives a name one org number).
    const second = await t.addApiAccount('demo', 'Datter AS');
    await ingestLedger(t.deps.db, second, demoConnector({ seed: 77, ...demoPeriod(TEST_TODAY) }));
    const create = async (apis: string[]) => {
      const res = await t.request('/api/group-account', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: `Tavle ${apis.length}`, apis }),
      });
      return ((await res.json()) as { _id: string })._id;
    };
    const [sources] = await t.deps.db.all<{ id: string }>(
      `select api_account_id as id from board_api_account where board_id = '${t.boardId}'`,
    );
    const both = await create([sources!.id, second]);
    const onlySecond = await create([second]);
    const list = async (board: string) =>
      (await (
        await t.request(`/api/widgets/top-ten/customers?groupId=${board}&startDate=2025-01-01&endDate=2025-12-31`, {
          token,
        })
      ).json()) as TopListItem[];
    const [combined, first, other] = [await list(both), await list(t.boardId), await list(onlySecond)];
    expect(new Set(combined.map((c) => c.name)).size).toBe(combined.length);
    const top = combined[0]!;
    const inFirst = first.find((c) => c.name === top.name)?.amount ?? 0;
    const inOther = other.find((c) => c.name === top.name)?.amount ?? 0;
    expect(inFirst).toBeGreaterThan(0);
    expect(inOther).toBeGreaterThan(0);
    expect(top.amount).toBe(inFirst + inOther);
  });

  it('answers an empty list for a period without sales', async () => {
    const res = await t.request('/api/widgets/top-ten/customers?startDate=2019-01-01&endDate=2019-12-31', {
      token,
      headers: { 'x-board-id': t.boardId },
    });
    expect(await res.json()).toEqual([]);
  });

  it('refuses a missing board, an unknown board, a bad range and a missing token', async () => {
    const q = '/api/widgets/top-ten/customers?startDate=2025-01-01&endDate=2025-12-31';
    expect(await (await t.request(q, { token })).json()).toMatchObject({ code: 'BOARD_REQUIRED' });
    const unknown = await t.request(q, { token, headers: { 'x-board-id': 'nope' } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('BOARD_NOT_FOUND');
    const bad = await t.request('/api/widgets/top-ten/customers?startDate=2025-12-31&endDate=2025-01-01', {
      token,
      headers: { 'x-board-id': t.boardId },
    });
    expect((await bad.json()).code).toBe('INVALID_DATE_RANGE');
    expect((await t.request(q, { headers: { 'x-board-id': t.boardId } })).status).toBe(401);
  });

  it("does not show another user's board", async () => {
    await t.deps.auth.api.signUpEmail({
      body: { email: 'other@saldo.no', password: 'Other1234', name: 'O U', firstName: 'O', lastName: 'U' },
    });
    const { db } = t.deps;
    const { user } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, 'other@saldo.no'));
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'other@saldo.no', password: 'Other1234' }),
    });
    const other = (await login.json()).jwtToken;
    const res = await t.request('/api/widgets/top-ten/customers?startDate=2025-01-01&endDate=2025-12-31', {
      token: other,
      headers: { 'x-board-id': t.boardId },
    });
    expect(res.status).toBe(404);
    expect(await (await t.request('/api/group-account', { token: other })).json()).toEqual([]);
  });
});
