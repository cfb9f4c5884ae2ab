import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ErrorCode, errorMessage } from '@saldo/contract/errors/errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultLimits } from '../access/rate-limit.ts';
import { createTestApp, type TestApp, type TestResponse } from '../test/create-test-app.ts';

let t: TestApp;
let token: string;
let link: string;
let clock = Date.parse('2026-11-24T09:00:00Z');

/** The board renamed to `name`, shared publicly; `link` is its public page. */
async function shareAs(name: string) {
  await t.request(`/api/group-account/${t.boardId}`, { method: 'PUT', token, body: JSON.stringify({ name }) });
  const res = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
    method: 'POST',
    token,
    body: JSON.stringify({ group: t.boardId, pages: [{ name: 'profitloss' }], lang: 'en' }),
  });
  link = `http://localhost:3000/public/board/${(await res.json()).boardId}`;
}

beforeEach(async () => {
  t = await createTestApp({ now: () => clock });
  token = (await t.login()).jwtToken;
  await shareAs('Nordlys <script>alert(1)</script> & Co');
});

const send = (recipients: string[], url = link) =>
  t.request(`/api/public-share/url/send-email?groupId=${t.boardId}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ recipients, link: url }),
  });
/** A refusal for a day's quota: 429 with `code` and its message `en`, a Retry-After, and `nor` as its Norwegian text. */
async function expectDayLimit(refused: TestResponse, code: ErrorCode, en: string, nor: string) {
  expect(refused.status).toBe(429);
  expect(await refused.json()).toEqual({ code, message: en });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(errorMessage(code, 'nor')).toBe(nor);
}
const recipients = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `r${from + i}@example.no`);

describe('the share e-mail (issue 11, item 3)', () => {
  it('escapes the board name in the HTML part and sends the link rebuilt on this install', async () => {
    expect((await send(['anne@example.no'])).status).toBe(200);
    const [mail] = await t.deps.mailer.outbox!.list();
    const dir = join(t.dataDir, 'outbox');
    const eml = await readFile(join(dir, (await readdir(dir)).find((f) => f.endsWith('.eml'))!), 'utf8');
    const html = eml.slice(eml.indexOf('<!doctype html>'));
    expect(html).not.toContain('<script>');
    expect(html.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      'Nordlys &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co',
    );
    expect(mail!.links).toEqual([link]);
    // The share was made in English: so is the mail.
    expect(mail!.text).toContain('has been shared with you in Saldo');
  });

  it('never mails another address than the share’s own public pages', async () => {
    const id = link.split('/').at(-1)!;
    for (const url of [
      `https://evil.example/public/board/${id}`,
      `http://localhost:3000/public/board/${id}/../../login`,
      `http://localhost:3000/public/board/other-${id}`,
      'javascript:alert(1)',
    ]) {
      const res = await send(['anne@example.no'], url);
      if (url.startsWith('https://evil')) {
        // Another origin only chooses the page: the mail carries this install's address.
        expect(res.status).toBe(200);
      } else expect(res.status, url).toBe(400);
    }
    for (const mail of await t.deps.mailer.outbox!.list()) expect(mail.links).toEqual([link]);
  });

  it('sends at most the board’s daily quota of recipients, then refuses with a clear 429', async () => {
    const max = defaultLimits.shareMailPerBoardDay.max;
    expect(max % 50).toBe(0);
    for (let i = 0; i < max / 50; i++) expect((await send(recipients(50, i * 50))).status).toBe(200);
    await expectDayLimit(
      await send(recipients(50, max)),
      'SHARE_MAIL_LIMIT',
      'This board has reached its limit of shared e-mails for today. Please try again tomorrow',
      'Tavlen har nådd grensen for delinger på e-post i dag. Prøv igjen i morgen',
    );
    // A refused request sends nothing and uses up nothing; the next day the quota is back.
    expect(await t.deps.mailer.outbox!.list(1000)).toHaveLength(max);
    expect((await send(['one.more@example.no'])).status).toBe(429);
    clock += 24 * 60 * 60 * 1000;
    token = (await t.login()).jwtToken;
    expect((await send(['one.more@example.no'])).status).toBe(200);
  });

  it('sends at most the sender’s daily quota over all their boards, then refuses with its own 429', async () => {
    const perBoard = defaultLimits.shareMailPerBoardDay.max;
    const perSender = defaultLimits.shareMailPerUserDay.max;
    // The figures docs/security.md gives.
    expect([perBoard, perSender]).toEqual([100, 300]);
    // Four boards of the sender, each shared: three boards' full quota is the sender's.
    const shared: Array<{ board: string; link: string }> = [{ board: t.boardId, link }];
    for (const name of ['Andre', 'Tredje', 'Fjerde']) {
      const made = await t.request('/api/group-account', { method: 'POST', token, body: JSON.stringify({ name }) });
      const board = (await made.json())._id as string;
      const share = await t.request(`/api/group-account/${board}/public/share-board`, {
        method: 'POST',
        token,
        body: JSON.stringify({ group: board, pages: [{ name: 'profitloss' }], lang: 'en' }),
      });
      shared.push({ board, link: `http://localhost:3000/public/board/${(await share.json()).boardId}` });
    }
    const sendFrom = (at: { board: string; link: string }, to: string[]) =>
      t.request(`/api/public-share/url/send-email?groupId=${at.board}`, {
        method: 'POST',
        token,
        body: JSON.stringify({ recipients: to, link: at.link }),
      });
    let sent = 0;
    for (const at of shared.slice(0, perSender / perBoard))
      for (let i = 0; i < perBoard / 50; i++) {
        expect((await sendFrom(at, recipients(50, sent))).status).toBe(200);
        sent += 50;
      }
    expect(sent).toBe(perSender);
    // The fourth board has its whole quota left, and still nothing more goes out today.
    await expectDayLimit(
      await sendFrom(shared[3]!, ['one.more@example.no']),
      'SHARE_MAIL_SENDER_LIMIT',
      'You have reached your limit of shared e-mails for today. Please try again tomorrow',
      'Du har nådd grensen for delinger på e-post i dag. Prøv igjen i morgen',
    );
    expect(await t.deps.mailer.outbox!.list(1000)).toHaveLength(perSender);
    // The refusal used none of the fourth board's quota: the next day it sends its full hundred.
    clock += 24 * 60 * 60 * 1000;
    token = (await t.login()).jwtToken;
    expect((await sendFrom(shared[3]!, recipients(50, 1000))).status).toBe(200);
    expect((await sendFrom(shared[3]!, recipients(50, 1050))).status).toBe(200);
  });

  it('counts each address once, however it is written', async () => {
    expect((await send(['Anne@Example.no', 'anne@example.no', 'ANNE@EXAMPLE.NO'])).status).toBe(200);
    expect(await t.deps.mailer.outbox!.list()).toHaveLength(1);
  });
});
