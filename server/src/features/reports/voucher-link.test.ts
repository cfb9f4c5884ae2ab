import { randomUUID } from 'node:crypto';
import type { PostingsPage } from '@saldo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripletexConnector } from '../../connectors/tripletex/tripletex-connector.ts';
import { board, boardApiAccount } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { buildStandinCompany, type StandinCompany } from '../../test/tripletex-standin/company.ts';
import { startTripletexStandin, type TripletexStandin } from '../../test/tripletex-standin/standin.ts';
import { ingestLedger } from '../sync/ingest.ts';
import { voucherLink } from './voucher-link.ts';

describe('voucherLink', () => {
  it('opens a Tripletex voucher by its id in the web app on the API’s origin; other sources have none', () => {
    const link = voucherLink('https://tripletex.no/v2');
    expect(link('tripletex', '609434258')).toBe('https://tripletex.no/execute/voucherMenu?voucherId=609434258');
    expect(voucherLink('https://api.tripletex.io/v2/')('tripletex', '1')).toBe(
      'https://api.tripletex.io/execute/voucherMenu?voucherId=1',
    );
    expect(link('tripletex', null)).toBeNull();
    expect(link('saft', '609434258')).toBeNull();
    expect(link('demo', '1')).toBeNull();
  });
});

describe('the drill-down of a Tripletex source', () => {
  let company: StandinCompany;
  let standin: TripletexStandin;
  let t: TestApp;
  let boardId: string;

  beforeAll(async () => {
    company = buildStandinCompany({ seed: 7, fromMonth: '2025-01', toMonth: '2025-03' });
    standin = await startTripletexStandin({ company });
    t = await createTestApp({ tripletexBaseUrl: `${standin.url}/v2` });
    const source = await t.addApiAccount('tripletex', 'Tripletex AS');
    await ingestLedger(
      t.deps.db,
      source,
      tripletexConnector({
        baseUrl: standin.url,
        consumerToken: standin.consumerToken,
        employeeToken: standin.employeeToken,
        dateFrom: '2025-01-01',
        dateTo: '2025-03-31',
        sleep: async () => undefined,
      }),
    );
    boardId = randomUUID();
    await t.deps.db
      .insert(board)
      .values({ id: boardId, ownerId: t.userId, name: 'Tripletex', createdAt: new Date(), updatedAt: new Date() });
    await t.deps.db.insert(boardApiAccount).values({ boardId, apiAccountId: source });
  });
  afterAll(() => standin.close());

  it('links each posting to its voucher in Tripletex by the voucher’s id', async () => {
    const token = (await t.login()).jwtToken;
    const res = await t.request(
      `/api/postings?groupId=${boardId}&account=3000-3999&from=2025-02-01&to=2025-02-28&pageSize=20`,
      { token },
    );
    expect(res.status).toBe(200);
    const page: PostingsPage = await res.json();
    expect(page.items.length).toBeGreaterThan(0);
    const origin = new URL(standin.url).origin;
    for (const row of page.items) {
      // The voucher shown is Tripletex's year and number; the link carries its id.
      const [year, number] = row.voucher.split('-').map(Number);
      const voucher = company.postings.find((p) => p.voucher.year === year && p.voucher.number === number)!.voucher;
      expect(row.voucherUrl).toBe(`${origin}/execute/voucherMenu?voucherId=${voucher.id}`);
    }
  });
});
