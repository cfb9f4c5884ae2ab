import type { CitedFigure, Observations } from '@saldo/contract';
import { uncitedNumbers } from '@saldo/contract/observations/cited-numbers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type DemoPosting, demoLedger } from '../../test/demo-ledger.ts';
import { startLlmStandin } from '../../test/llm-standin/standin.ts';

/**
 * The observations of the demo company (booked to October 2026) over HTTP: every figure an observation
 * cites is summed here from the demo's postings, with account ranges written out here, not read from
 * the contract or the engine; and every sentence holds only numbers its figures show.
 */

let t: TestApp;
let token: string;
let postings: DemoPosting[];
let ledger: ReturnType<typeof demoLedger>;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  ledger = demoLedger();
  postings = ledger.postings;
});

const monthOf = (p: DemoPosting) => p.period ?? p.date.slice(0, 7);

/** The demo's postings (debit positive) on accounts from…to over the months first…last (yyyy-mm). */
const posted = (from: number, to: number, first: string, last: string) =>
  postings
    .filter((p) => monthOf(p) >= first && monthOf(p) <= last && p.accountNumber >= from && p.accountNumber <= to)
    .reduce((s, p) => s + p.amount, 0);

/** Each P&L line's accounts and whether it reads credit positive, written out here. */
const LINES: Record<string, { from: number; to: number; credit: boolean }> = {
  salesRevenue: { from: 3000, to: 3399, credit: true },
  otherOperatingIncome: { from: 3400, to: 3999, credit: true },
  costOfGoods: { from: 4000, to: 4999, credit: false },
  payroll: { from: 5000, to: 5999, credit: false },
  depreciation: { from: 6000, to: 6099, credit: false },
  otherOperatingExpenses: { from: 6100, to: 7999, credit: false },
  financialIncome: { from: 8000, to: 8099, credit: true },
  financialExpenses: { from: 8100, to: 8199, credit: false },
  tax: { from: 8300, to: 8399, credit: false },
};

const revenueIn = (first: string, last: string) => -posted(3000, 3999, first, last);
/** A margin in ten-thousandths, rounded half away from zero, from two sums. */
const margin = (part: number, whole: number) => {
  const x = (part * 10_000) / whole;
  return Math.sign(x) * Math.floor(Math.abs(x) + 0.5);
};
const MARGINS: Record<string, (first: string, last: string) => number> = {
  'gross-margin': (a, b) => margin(-posted(3000, 4999, a, b), revenueIn(a, b)),
  'operating-margin': (a, b) => margin(-posted(3000, 7999, a, b), revenueIn(a, b)),
  'profit-margin': (a, b) => margin(-posted(3000, 8199, a, b) - posted(8300, 8399, a, b), revenueIn(a, b)),
};

/** What a cited figure should be, summed here; undefined for a kind this test does not sum. */
function byHand(f: CitedFigure, all: CitedFigure[]): number | undefined {
  const [first, last] = [f.startDate.slice(0, 7), f.endDate.slice(0, 7)];
  const [kind, key, part] = f.ref.split(':');
  if (part === 'change') {
    const [now, before] = all.filter((o) => o.ref === `${kind}:${key}`).map((o) => byHand(o, all)!);
    return Math.sign(now! - before!) * Math.floor((Math.abs(now! - before!) / Math.abs(before!)) * 1000 + 0.5);
  }
  if (kind === 'line') {
    const line = LINES[key!]!;
    return (line.credit ? -1 : 1) * posted(line.from, line.to, first, last);
  }
  if (kind === 'account') {
    const n = Number(key);
    const credit = n < 4000 || (n >= 8000 && n <= 8099);
    return (credit ? -1 : 1) * posted(n, n, first, last);
  }
  if (kind === 'month') return revenueIn(key!, key!);
  if (kind === 'customer' || kind === 'supplier') {
    // By the party's name: its postings on revenue (customers) or costs (suppliers), report sign.
    const names = kind === 'customer' ? ledger.customers : ledger.suppliers;
    const ids = new Set([...names].filter(([, name]) => name === f.label.no).map(([id]) => id));
    const [from, to, sign] = kind === 'customer' ? [3000, 3999, -1] : [4000, 7999, 1];
    const sum =
      sign *
      postings
        .filter((p) => {
          const id = kind === 'customer' ? p.customerId : p.supplierId;
          return id !== undefined && ids.has(id) && p.accountNumber >= from && p.accountNumber <= to;
        })
        .filter((p) => monthOf(p) >= first && monthOf(p) <= last)
        .reduce((total, p) => total + p.amount, 0);
    return sum || 0;
  }
  if (kind === 'kpi') return MARGINS[key!]?.(first, last);
  return undefined;
}

const observationsOf = async (query: string): Promise<Observations> => {
  const res = await t.request(`/api/observations?groupId=${t.boardId}&${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

describe('GET /api/observations', () => {
  it('cites, for each observation, figures that equal the demo ledger summed by hand', async () => {
    const answer = await observationsOf('startDate=2026-01-01&endDate=2026-12-31&compare=lastYear');
    // Booked to October: the period and last year's like for like.
    expect([answer.startDate, answer.endDate]).toEqual(['2026-01-01', '2026-10-31']);
    expect(answer.comparison).toEqual({ startDate: '2025-01-01', endDate: '2025-10-31' });
    expect(answer.observations.length).toBeGreaterThan(0);
    let checked = 0;
    for (const o of answer.observations) {
      expect(o.figures.length, o.id).toBeGreaterThan(0);
      for (const f of o.figures) {
        const expected = byHand(f, o.figures);
        if (expected === undefined) continue;
        expect(f.value, `${o.id} ${f.ref} ${f.startDate}`).toBe(expected);
        checked++;
      }
      // Each sentence shows its figures, and no number that is not theirs (as shown, named, or dated).
      for (const lang of ['no', 'en'] as const) {
        const allowed = o.figures.flatMap((f) => [f.shown[lang], f.label[lang], f.startDate, f.endDate]);
        expect(uncitedNumbers(o.text[lang], allowed), o.text[lang]).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('median and unusual months: the median cited is the middle of the months summed by hand', async () => {
    const answer = await observationsOf('startDate=2026-01-01&endDate=2026-12-31&compare=lastYear');
    const months = Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    const revenue = months.map((m) => revenueIn(m, m)).sort((a, b) => a - b);
    const mid = (revenue[4]! + revenue[5]!) / 2;
    const median = Math.sign(mid) * Math.floor(Math.abs(mid) + 0.5);
    for (const o of answer.observations.filter((x) => x.rule === 'unusual-month'))
      expect(o.figures.find((f) => f.ref === 'median:revenue')?.value).toBe(median);
  });

  it('compares with the previous period when asked, and refuses another board', async () => {
    const answer = await observationsOf('startDate=2026-07-01&endDate=2026-09-30&compare=previous');
    expect(answer.comparison).toEqual({ startDate: '2026-04-01', endDate: '2026-06-30' });
    for (const o of answer.observations)
      for (const f of o.figures) {
        const expected = byHand(f, o.figures);
        if (expected !== undefined) expect(f.value, `${o.id} ${f.ref}`).toBe(expected);
      }
    const other = await t.request('/api/observations?groupId=no-such-board&startDate=2026-01-01&endDate=2026-03-31', {
      token,
    });
    expect(other.status).toBe(404);
  });
});

describe('POST /api/observations/:groupId/rewrite', () => {
  const period = { startDate: '2026-01-01', endDate: '2026-12-31', compare: 'lastYear' as const };

  it('keeps a rewording with the cited figures, and refuses one with a number they do not show', async () => {
    const proposed = (await observationsOf('startDate=2026-01-01&endDate=2026-12-31&compare=lastYear')).observations;
    const [first, second] = proposed;
    const shown = (o: typeof first) => o!.figures.map((f) => f.shown.no);
    const good = `Tallet gikk fra ${shown(first)[1]} til ${shown(first)[0]}, en endring på ${shown(first)[2]}.`;
    const bad = `${second!.text.no} Det er omtrent 123 456 kr mer enn budsjettert.`;
    const standin = await startLlmStandin({ replyNext: [good, bad] });
    try {
      const app = await createTestApp({
        llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey, model: 'gpt-standin' },
      });
      const auth = (await app.login()).jwtToken;
      const keep = [
        { id: first!.id, text: first!.text.no },
        { id: second!.id, text: 'Min egen tekst.' },
      ];
      const res = await app.request(`/api/observations/${app.boardId}/rewrite`, {
        method: 'POST',
        token: auth,
        body: JSON.stringify({ ...period, lang: 'nor', keep }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await res.json();
      expect(body.observations.map((o: { rewritten: boolean }) => o.rewritten)).toEqual([true, false]);
      expect(body.observations[0].text).toBe(good);
      expect(body.observations[1]).toMatchObject({ text: 'Min egen tekst.', uncited: ['123456'] });
      // The model was given each observation's own figures, as shown.
      expect(standin.requests).toHaveLength(2);
      for (const f of first!.figures) expect(standin.requests[0]!.messages[0]!.content).toContain(f.shown.no);
    } finally {
      await standin.close();
    }
  });

  it('answers 503 without an assistant, and 404 for an observation the period does not propose', async () => {
    const body = (keep: unknown) => JSON.stringify({ ...period, lang: 'en', keep });
    const none = await t.request(`/api/observations/${t.boardId}/rewrite`, {
      method: 'POST',
      token,
      body: body([{ id: 'line-change:line:payroll', text: 'x' }]),
    });
    expect(none.status).toBe(503);
    expect((await none.json()).code).toBe('AI_NOT_CONFIGURED');
    const standin = await startLlmStandin();
    try {
      const app = await createTestApp({ llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey } });
      const auth = (await app.login()).jwtToken;
      const res = await app.request(`/api/observations/${app.boardId}/rewrite`, {
        method: 'POST',
        token: auth,
        body: body([{ id: 'line-change:line:no-such-line', text: 'x' }]),
      });
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('OBSERVATION_NOT_FOUND');
      expect(standin.requests).toHaveLength(0);
    } finally {
      await standin.close();
    }
  });
});
