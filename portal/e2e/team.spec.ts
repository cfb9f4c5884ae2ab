import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createClient } from '@libsql/client';
import type { Browser, Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { type SmtpPeer, startSmtpPeer } from '../../server/test-tools/smtp-peer.ts';
import { expect, test } from './csp';

/**
 * Teams end to end, on a Saldo of its own that sends mail by SMTP to a real (local) SMTP server: the
 * owner invites by e-mail, the new user accepts from the received message, sees the board as a Viewer
 * without edit, share or sync; a second invitation as Editor adds a board to an existing user; an
 * expired invitation says so.
 */
const PORT = E2E.partnerPort + 1;
const SALDO = `http://127.0.0.1:${PORT}`;
const DATA = `test-results/e2e-team-data-${PORT}`;
const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
const CLIENT = { email: 'kunde@example.no', password: 'Kunde2026' };

let smtp: SmtpPeer;
let saldo: ChildProcess;

test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  rmSync(DATA, { recursive: true, force: true });
  saldo = spawn(process.execPath, ['server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      SALDO_DATA_DIR: DATA,
      SALDO_BASE_URL: SALDO,
      SMTP_URL: smtp.url,
      SALDO_SYNC_WORKER: '0',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${SALDO}/api/health`).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200);
});

test.afterAll(async () => {
  saldo?.kill();
  await smtp.close();
});

/** The invitation link of the newest message to `to`, from the raw SMTP data (quoted-printable undone). */
async function invitationLink(to: string): Promise<string> {
  await expect.poll(() => smtp.received.some((m) => m.to.includes(to)), { timeout: 10_000 }).toBe(true);
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(to))!;
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /http:\/\/[^\s"<>]+\/confirm-invitation\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, 'an invitation link in the mail').toBeTruthy();
  return link!;
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${SALDO}/login`);
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

async function invite(page: Page, email: string, role: 'Viewer' | 'Editor', board: string) {
  await page.goto(`${SALDO}/profile-settings/team`);
  await page.getByTestId('team-invite').click();
  const dialog = page.getByTestId('invite-modal');
  await dialog.getByTestId('invite-email').fill(email);
  await dialog.getByTestId(`invite-role-${role}`).check();
  for (const box of await dialog.getByTestId('invite-board').all()) {
    const wanted = (await box.getAttribute('data-board-name')) === board;
    if ((await box.isChecked()) !== wanted) await box.click();
  }
  await dialog.getByTestId('invite-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('team-invitation').filter({ hasText: email }).first()).toHaveAttribute(
    'data-state',
    'sent',
  );
}

async function clientPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: SALDO })).newPage();
}

test('an owner invites by e-mail; the new user accepts and sees the board as a Viewer', async ({
  page,
  browser,
}, info) => {
  await logIn(page, DEMO);
  await invite(page, CLIENT.email, 'Viewer', 'Nordlys Energiteknikk AS');
  await page.screenshot({ path: info.outputPath('team-invited.png'), fullPage: true });
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(CLIENT.email))!;
  // In the inviter's language (Norwegian), headers unfolded.
  expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(
    'Subject: Demo Bruker har invitert deg til Nordlys Energiteknikk AS i Saldo',
  );
  const link = await invitationLink(CLIENT.email);

  const guest = await clientPage(browser);
  await guest.goto(link);
  await expect(guest.getByTestId('invitation-summary')).toContainText('Nordlys Energiteknikk AS');
  await expect(guest.getByTestId('invitation-summary')).toContainText('leser');
  const form = guest.getByTestId('register-form');
  await expect(form.locator('input[name="email"]')).toHaveValue(CLIENT.email);
  await expect(form.locator('input[name="email"]')).toHaveAttribute('readonly', '');
  await form.locator('input[name="firstName"]').fill('Kari');
  await form.locator('input[name="lastName"]').fill('Kunde');
  await form.locator('input[name="password"]').fill(CLIENT.password);
  await form.locator('input[name="confirmPassword"]').fill(CLIENT.password);
  await form.locator('input[name="termsAccepted"]').check();
  await guest.screenshot({ path: info.outputPath('team-confirm-signup.png'), fullPage: true });
  await form.locator('button[type="submit"]').click();

  // Straight onto the board, as a Viewer: no edit, share or sync.
  await expect(guest.getByTestId('dashboard')).toBeVisible();
  await expect(guest.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');
  await expect(guest.locator('saldo-top-customers [part~="row"]').first()).toBeVisible();
  await expect(guest.getByTestId('board-view-only')).toBeVisible();
  await expect(guest.getByTestId('add-widget-button')).toHaveCount(0);
  await expect(guest.getByTestId('widget-remove')).toHaveCount(0);
  await expect(guest.getByTestId('share-button')).toHaveCount(0);
  await expect(guest.getByTestId('sync-button')).toHaveCount(0);
  await expect(guest.getByTestId('add-sub-board')).toHaveCount(0);
  await guest.getByTestId('board-dropdown-button').click();
  await expect(guest.getByTestId('board-shared')).toContainText('Delt av Demo Bruker · Leser');
  await expect(guest.getByTestId('board-options')).toHaveCount(0);
  await guest.screenshot({ path: info.outputPath('team-viewer-dashboard.png'), fullPage: true });
  // And the server refuses a Viewer's write however it is sent.
  const refused = await guest.evaluate(async () => {
    const token = localStorage.getItem('jwtToken');
    const boards = await (await fetch('/api/group-account', { headers: { authorization: `Bearer ${token}` } })).json();
    const res = await fetch(`/api/group-account/${boards[0]._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mine now' }),
    });
    return { status: res.status, code: (await res.json()).code };
  });
  expect(refused).toEqual({ status: 403, code: 'BOARD_VIEW_ONLY' });
  await guest.context().close();

  // The owner sees the member and the confirmed invitation.
  await page.reload();
  await expect(page.getByTestId('team-member').filter({ hasText: CLIENT.email })).toContainText('Leser');
  await expect(page.getByTestId('team-invitation').filter({ hasText: CLIENT.email })).toHaveAttribute(
    'data-state',
    'confirmed',
  );
  await page.screenshot({ path: info.outputPath('team-members.png'), fullPage: true });
});

test('a second invitation to an existing user, as Editor, adds the board to their dropdown', async ({
  page,
  browser,
}, info) => {
  await logIn(page, DEMO);
  const created = await page.evaluate(async () => {
    const token = localStorage.getItem('jwtToken');
    const res = await fetch('/api/group-account', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nordlys Holding AS', apis: [] }),
    });
    return { status: res.status, id: ((await res.json()) as { _id: string })._id };
  });
  expect(created.status).toBe(201);
  await invite(page, CLIENT.email, 'Editor', 'Nordlys Holding AS');
  const link = await invitationLink(CLIENT.email);

  const client = await clientPage(browser);
  await client.goto(`/login?redirect=${encodeURIComponent(new URL(link).pathname + new URL(link).search)}`);
  await client.locator('input[name="email"]').fill(CLIENT.email);
  await client.locator('input[name="password"]').fill(CLIENT.password);
  await client.locator('button[type="submit"]').click();
  await expect(client.getByTestId('invitation-summary')).toContainText('Nordlys Holding AS');
  await client.getByTestId('invitation-accept').click();
  await expect(client.getByTestId('dashboard')).toBeVisible();
  await client.getByTestId('board-dropdown-button').click();
  const holding = client.getByTestId('board-row').filter({ hasText: 'Nordlys Holding AS' });
  await expect(holding.getByTestId('board-shared')).toContainText('Redaktør');
  await expect(client.getByTestId('board-row')).toHaveCount(2);
  await client.screenshot({ path: info.outputPath('team-editor-dropdown.png'), fullPage: true });
  await client.context().close();
  // The next journey signs the demo user in to one board (with two, they would land on the portfolio).
  const deleted = await page.evaluate(async (id) => {
    const token = localStorage.getItem('jwtToken');
    const res = await fetch(`/api/group-account/${id}?forced=forced`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    return res.status;
  }, created.id);
  expect(deleted).toBe(200);
});

test('an expired invitation shows its message', async ({ page, browser }, info) => {
  await logIn(page, DEMO);
  await invite(page, 'sent.too.late@example.no', 'Viewer', 'Nordlys Energiteknikk AS');
  const link = await invitationLink('sent.too.late@example.no');
  // Seven days pass (no request can make an invitation old): set in the database.
  const token = new URL(link).searchParams.get('token')!;
  const db = createClient({ url: `file:${DATA}/saldo.db` });
  try {
    await db.execute({
      sql: 'update invitation set expires_at = ? where token_hash = ?',
      args: [Date.now() - 60_000, createHash('sha256').update(token).digest('hex')],
    });
  } finally {
    db.close();
  }
  const guest = await clientPage(browser);
  await guest.goto(link);
  await expect(guest.getByTestId('invitation-expired')).toContainText('Invitasjonen er utløpt');
  await expect(guest.getByTestId('register-form')).toHaveCount(0);
  await guest.screenshot({ path: info.outputPath('team-invitation-expired.png'), fullPage: true });
  await page.goto(`${SALDO}/profile-settings/team`);
  await expect(page.getByTestId('team-invitation').filter({ hasText: 'sent.too.late@example.no' })).toHaveAttribute(
    'data-state',
    'expired',
  );
  await guest.context().close();
});

/** Sets the tags of the signed-in owner's board of this name, as its settings do; answers the status. */
async function setTags(page: Page, boardName: string, tags: string[]): Promise<number> {
  return page.evaluate(
    async ([name, wanted]) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('jwtToken')}`,
        'content-type': 'application/json',
      };
      const boards = (await (await fetch('/api/group-account', { headers })).json()) as Array<{
        _id: string;
        name: string;
      }>;
      const id = boards.find((b) => b.name === name)!._id;
      const res = await fetch(`/api/group-account/${id}/assignment`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ tags: wanted }),
      });
      return res.status;
    },
    [boardName, tags] as const,
  );
}

test('an owner gives a member Editor on a tag, and the member edits the tagged board until it is revoked', async ({
  page,
  browser,
}, info) => {
  await logIn(page, DEMO);
  // The owner's board carries the tag 'Vest' (as set in its settings).
  expect(await setTags(page, 'Nordlys Energiteknikk AS', ['Vest'])).toBe(200);

  await page.goto(`${SALDO}/profile-settings/team`);
  const section = page.getByTestId('tag-roles');
  await expect(section).toContainText('Roller på stikkord');
  await expect(page.getByTestId('tag-roles-empty')).toBeVisible();
  // Someone who is on none of the owner's boards: told to invite them first, nothing given.
  await page.getByTestId('tag-roles-email').fill('fremmed@example.no');
  await page.getByTestId('tag-roles-grant').click();
  await expect(page.getByTestId('tag-roles-error')).toContainText('inviter personen til en tavle først');
  await page.getByTestId('tag-roles-tag').selectOption('Vest');
  await page.getByTestId('tag-roles-email').fill(CLIENT.email);
  await page.getByTestId('tag-roles-role').selectOption('Editor');
  await page.getByTestId('tag-roles-grant').click();
  const grant = page.getByTestId('tag-role').filter({ hasText: CLIENT.email });
  await expect(grant).toContainText('Redaktør');
  await expect(grant).toContainText('1 tavle');
  await page.screenshot({ path: info.outputPath('team-tag-roles.png'), fullPage: true });

  // The member (a Viewer of the board) edits it now: the tag makes them Editor.
  const client = await clientPage(browser);
  await logIn(client, CLIENT);
  await expect(client.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');
  await expect(client.getByTestId('board-view-only')).toHaveCount(0);
  await expect(client.getByTestId('add-widget-button')).toBeVisible();
  await expect(client.getByTestId('share-button')).toHaveCount(0);
  await client.screenshot({ path: info.outputPath('team-tag-editor-dashboard.png'), fullPage: true });

  // Revoked: a Viewer again.
  await grant.getByTestId('tag-role-revoke').click();
  await expect(page.getByTestId('tag-roles-empty')).toBeVisible();
  await client.reload();
  await expect(client.getByTestId('board-view-only')).toBeVisible();
  await client.context().close();
});
