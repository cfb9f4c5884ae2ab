import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { brandFirm, PNG, putLogo } from '../../test/firm.ts';

// Issue 30: a public link of a firm's board shows the firm's name, colours and logo instead of Saldo's,
// and nothing else of the firm; through app.request(), as a visitor without a login.

const START = Date.parse('2026-11-24T09:00:00Z');
let clock = START;
let t: TestApp;
let owner: string;

beforeEach(async () => {
  clock = START;
  t = await createTestApp({ now: () => clock });
  owner = (await t.login()).jwtToken;
});

/** A new public link of the demo board (its secret), expiring at the end of `expiresAt` if given. */
async function link(expiresAt?: string): Promise<string> {
  const res = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
    method: 'POST',
    token: owner,
    body: JSON.stringify({ pages: [{ name: 'profitloss' }], ...(expiresAt ? { expiresAt } : {}) }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).boardId;
}

const visit = (secret: string) => t.request(`/api/public-share/board/${secret}`);

describe('a public link under the firm’s name', () => {
  it('shows Saldo’s own when the firm has no profile', async () => {
    const secret = await link();
    const board = await (await visit(secret)).json();
    expect(board.firm).toBeNull();
    const logo = await t.request(`/api/public-share/board/${secret}/logo`);
    expect(logo.status).toBe(404);
    expect((await logo.json()).code).toBe('FIRM_LOGO_NOT_FOUND');
  });

  it('gives a visitor the firm’s name, colours and logo, and nothing else of the firm', async () => {
    await brandFirm(t, owner);
    const secret = await link();
    const res = await visit(secret);
    expect(res.status).toBe(200);
    const text = await res.text();
    const board = JSON.parse(text);
    expect(board.firm).toEqual({
      name: 'Accountflow AS',
      primaryColor: '#0b6e4f',
      secondaryColor: '#f4d35e',
      logoUrl: expect.stringMatching(new RegExp(`^/api/public-share/board/${secret}/logo\\?v=\\d+$`)),
    });
    // Its organisation number, sender and reply-to address are the firm's business only.
    for (const hidden of ['918874224', 'Accountflow Regnskap', 'post@accountflow.no'])
      expect(text).not.toContain(hidden);
    // The logo's address works without a login, as the page's <img> asks for it.
    const logo = await t.request(board.firm.logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(PNG);
  });

  it('serves the logo to a live link only: not to a revoked, expired or made-up one', async () => {
    await brandFirm(t, owner);
    const revoked = await link();
    const del = await t.request(`/api/public-share/board/${revoked}`, { method: 'DELETE', token: owner });
    expect(del.status).toBe(200);
    const gone = await t.request(`/api/public-share/board/${revoked}/logo`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).code).toBe('SHARE_NOT_FOUND');
    const expiring = await link('2026-11-30');
    expect((await t.request(`/api/public-share/board/${expiring}/logo`)).status).toBe(200);
    clock = Date.parse('2026-12-01T00:00:01Z');
    const expired = await t.request(`/api/public-share/board/${expiring}/logo`);
    expect(expired.status).toBe(410);
    expect((await t.request('/api/public-share/board/no-such-link/logo')).status).toBe(404);
  });

  it('follows the profile: a new logo is a new address, and without its logo the firm still names the page', async () => {
    await brandFirm(t, owner);
    const secret = await link();
    const first = (await (await visit(secret)).json()).firm.logoUrl;
    clock += 60_000;
    expect((await putLogo(t, owner)).status).toBe(200);
    const second = (await (await visit(secret)).json()).firm.logoUrl;
    expect(second).not.toBe(first);
    expect((await t.request('/api/firm/logo', { method: 'DELETE', token: owner })).status).toBe(200);
    expect((await (await visit(secret)).json()).firm).toEqual({
      name: 'Accountflow AS',
      primaryColor: '#0b6e4f',
      secondaryColor: '#f4d35e',
      logoUrl: null,
    });
  });
});
