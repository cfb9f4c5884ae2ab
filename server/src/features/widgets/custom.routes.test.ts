import type { AccountSearchResult, CustomWidget, CustomWidgetData } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoChart } from '../../connectors/demo/chart.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { accountMatches, accountType } from './queries.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const json = (method: string, path: string, body: unknown, as = token) =>
  t.request(path, { method, token: as, body: JSON.stringify(body) });
const create = (body: unknown) => json('POST', `/api/widgets/${t.boardId}/custom/create`, body);

describe('a ratio of statement lines', () => {
  it('divides a balance line at each month end by another, as the equity-ratio KPI does', async () => {
    const made = await create({
      name: 'Egenkapitalandel',
      type: 'ratio',
      dividend: { line: 'equity' },
      divisor: { line: 'totalAssets' },
    });
    expect(made.status).toBe(201);
    const widget: CustomWidget = await made.json();
    // Each line answered with its name, so the element shows it without carrying the names itself.
    expect(widget).toMatchObject({
      dividend: { line: 'equity', title: { no: 'Sum egenkapital (med resultat ikke disponert)' } },
      divisor: { line: 'totalAssets', title: { en: 'Total assets' } },
    });
    const range = 'startDate=2025-01-01&endDate=2025-12-31';
    const data: CustomWidgetData = await (
      await t.request(`/api/widgets/${t.boardId}/custom/${widget._id}?${range}`, { token })
    ).json();
    const kpi = await (
      await t.request(`/api/widgets/kpi?groupId=${t.boardId}&kpi=equity-ratio&${range}`, { token })
    ).json();
    // Four decimals of a fraction are the KPI's ten-thousandths.
    expect(Math.round(data.total! * 10_000)).toBe(kpi.value);
    for (const [i, m] of data.months.entries())
      expect(Math.round(m.value! * 10_000), m.month).toBe(kpi.months[i].value);
  });

  it('mixes a P&L line with an account range, and refuses a line that is not in the statements', async () => {
    const made = await create({
      name: 'Lønn mot driftsinntekter',
      type: 'ratio',
      dividend: { from: '5xxx', to: '5xxx' },
      divisor: { line: 'revenue' },
    });
    expect(made.status).toBe(201);
    const bad = await create({
      name: 'X',
      type: 'ratio',
      dividend: { line: 'moonshine' },
      divisor: { line: 'revenue' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('CUSTOM_WIDGET_FAILED');
    const badPattern = await create({
      name: 'X',
      type: 'ratio',
      dividend: { from: '0300', to: '3999' },
      divisor: { line: 'revenue' },
    });
    expect((await badPattern.json()).code).toBe('INVALID_ACCOUNT_NUMBER');
  });
});

describe('PUT /api/widgets/:groupId/custom/:id', () => {
  it('changes name, type, accounts and view, and the data follows', async () => {
    const made: CustomWidget = await (
      await create({ name: 'Salg', type: 'accountRange', range: { from: '3xxx', to: '3xxx' } })
    ).json();
    const res = await json('PUT', `/api/widgets/${t.boardId}/custom/${made._id}`, {
      name: 'Lønn / salg',
      type: 'ratio',
      dividend: { from: '5000', to: '5999' },
      divisor: { from: '3xxx', to: '3xxx' },
      view: 'comparison',
    });
    expect(res.status).toBe(200);
    const updated: CustomWidget = await res.json();
    expect(updated).toEqual({
      _id: made._id,
      groupId: t.boardId,
      name: 'Lønn / salg',
      type: 'ratio',
      dividend: { from: '5000', to: '5999' },
      divisor: { from: '3xxx', to: '3xxx' },
      view: 'comparison',
      note: null,
    });
    // The old range is gone, not kept beside the ratio.
    expect(updated.range).toBeUndefined();
    const data: CustomWidgetData = await (
      await t.request(`/api/widgets/${t.boardId}/custom/${made._id}?startDate=2025-01-01&endDate=2025-12-31`, {
        token,
      })
    ).json();
    expect(data.widget.name).toBe('Lønn / salg');
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThan(1);
  });

  it("answers the spec's messages for bad input, and 404 for an unknown widget", async () => {
    const made: CustomWidget = await (
      await create({ name: 'Salg', type: 'accountRange', range: { from: '3000', to: '3999' } })
    ).json();
    const path = `/api/widgets/${t.boardId}/custom/${made._id}`;
    const bad = await json('PUT', path, { name: 'Salg', type: 'accountRange', range: { from: '0300', to: '3999' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('INVALID_ACCOUNT_NUMBER');
    const missing = await json('PUT', path, { name: 'Salg', type: 'ratio', dividend: { from: '3000', to: '3999' } });
    expect(await missing.json()).toEqual({
      code: 'CUSTOM_WIDGET_UPDATE_FAILED',
      message: 'Failed to update custom widget',
    });
    const unknown = await json('PUT', `/api/widgets/${t.boardId}/custom/nope`, {
      name: 'X',
      type: 'accountRange',
      range: { from: '3000', to: '3999' },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('WIDGET_NOT_FOUND');
    // Nothing changed.
    const list: CustomWidget[] = await (await t.request(`/api/widgets/${t.boardId}/custom`, { token })).json();
    expect(list.find((w) => w._id === made._id)?.range).toEqual({ from: '3000', to: '3999' });
  });

  it('refuses a range that runs downwards, on create and on update', async () => {
    const res = await create({ name: 'Baklengs', type: 'accountRange', range: { from: '4xxx', to: '3xxx' } });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('CUSTOM_WIDGET_FAILED');
    // One pattern for both ends is a range too: 30xx–30xx is 3000..3099.
    expect((await create({ name: 'Salg', type: 'accountRange', range: { from: '30xx', to: '30xx' } })).status).toBe(
      201,
    );
  });

  it('needs a token', async () => {
    const res = await t.request(`/api/widgets/${t.boardId}/custom/x`, { method: 'PUT', body: '{}' });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/widgets/:groupId/custom/:id', () => {
  it('removes the row; its data is then gone', async () => {
    const made: CustomWidget = await (
      await create({ name: 'Borte', type: 'accountRange', range: { from: '3000', to: '3999' } })
    ).json();
    const path = `/api/widgets/${t.boardId}/custom/${made._id}`;
    expect(await (await t.request(path, { method: 'DELETE', token })).json()).toEqual({ isDeleted: true });
    expect((await t.request(path, { token })).status).toBe(404);
    expect((await t.request(path, { method: 'DELETE', token })).status).toBe(404);
  });
});

describe('GET /api/widgets/:groupId/accounts', () => {
  const search = (q: string, boardId = t.boardId) =>
    t.request(`/api/widgets/${boardId}/accounts?q=${encodeURIComponent(q)}`, { token });

  it('finds accounts by the start of their number, with x as any digit', async () => {
    const found: AccountSearchResult[] = await (await search('30')).json();
    expect(found.map((a) => a.number)).toEqual(demoChart.filter(([n]) => String(n).startsWith('30')).map(([n]) => n));
    expect(found[0]).toEqual({
      number: 3000,
      accountId: '3000',
      name: 'Salgsinntekt, avgiftspliktig',
      nameEn: 'Sales revenue, taxable',
      type: 'revenue',
    });
    const wild: AccountSearchResult[] = await (await search('2x0')).json();
    expect(wild.map((a) => a.number)).toEqual(
      demoChart.filter(([n]) => String(n)[0] === '2' && String(n)[2] === '0').map(([n]) => n),
    );
  });

  it('finds accounts by Norwegian or English name, ignoring case (æøå too)', async () => {
    const byName: AccountSearchResult[] = await (await search('LØNN')).json();
    expect(byName.map((a) => a.number)).toContain(5000);
    expect(byName.every((a) => /lønn/i.test(a.name) || /lønn/i.test(a.nameEn ?? ''))).toBe(true);
    const english: AccountSearchResult[] = await (await search('office rent')).json();
    expect(english.map((a) => a.number)).toEqual([6300]);
    expect(await (await search('zzzz')).json()).toEqual([]);
  });

  it('needs two characters, a known board and a token', async () => {
    const short = await search('3');
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe('VALIDATION_FAILED');
    expect((await search('30', 'nope')).status).toBe(404);
    expect((await t.request(`/api/widgets/${t.boardId}/accounts?q=30`)).status).toBe(401);
  });
});

describe('account matching', () => {
  const a = { number: 3100, name: 'Salgsinntekt tjenester', nameEn: 'Service revenue' };
  it('matches numbers from the start only, and names anywhere', () => {
    expect(accountMatches(a, '31')).toBe(true);
    expect(accountMatches(a, '3x0')).toBe(true);
    expect(accountMatches(a, '10')).toBe(false);
    expect(accountMatches(a, '31000')).toBe(false);
    expect(accountMatches(a, 'TJEN')).toBe(true);
    expect(accountMatches(a, 'revenue')).toBe(true);
    expect(accountMatches(a, '  ')).toBe(false);
  });
  it('classes accounts by their first digit', () => {
    expect([1500, 2400, 3000, 4300, 7999, 8050].map(accountType)).toEqual([
      'asset',
      'equityLiability',
      'revenue',
      'expense',
      'expense',
      'financial',
    ]);
  });
});
