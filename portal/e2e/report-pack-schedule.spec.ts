import { mkdirSync, rmSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { nextSendDay } from '../../server/contract/src/report-packs/schedule.ts';
import { expect, test } from './csp';
import { authHeaders, DEMO, demoBoard, dismissWelcome, invitedMember, loginThroughForm } from './session';

/**
 * Issue 30's schedules in the portal: on a pack of the demo board the owner sets a monthly schedule
 * (day 5 by default) and sees its next send day, changes it to "when the month is booked", and sends
 * the pack once by hand, which shows as a delivery; a Viewer of the board sees the schedule and the
 * deliveries but cannot change them; the owner stops it.
 */

const PACK = 'Planlagt månedsrapport';
const RECIPIENTS = 'styret@nordlys.no, dl@nordlys.no';
const SHOTS = 'test-results/report-pack-schedule';
const VIEWER = { email: `tidsplan-${Date.now()}@example.com`, password: 'Klient-2026-x' };

/** The window as it shows (a dialog over the page), or the schedule's card alone. */
async function shoot(page: Page, testInfo: TestInfo, name: string, window = false) {
  await page.waitForTimeout(400); // let transitions settle
  const shot = (path: string) =>
    window ? page.screenshot({ path }) : page.getByTestId('pack-schedule').screenshot({ path });
  await shot(testInfo.outputPath(`${name}.png`));
  await shot(`${SHOTS}/${name}.png`);
}

async function openPack(page: Page, boardId: string) {
  await page.goto(`/group/${boardId}/report-packs`);
  await page.getByTestId('report-pack').filter({ hasText: PACK }).getByTestId('report-pack-open').click();
  await expect(page.getByTestId('pack-schedule')).toBeVisible();
}

/** Today in Oslo (yyyy-mm-dd), the day the server reckons the schedule from. */
const osloToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });

test('a pack is scheduled monthly, then when booked, read by a Viewer, and stopped', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  const board = await demoBoard(request, await authHeaders(request));
  await invitedMember(request, VIEWER, 'Viewer', board._id);
  try {
    await loginThroughForm(page, DEMO);
    // One board lands on its dashboard, more on the portfolio: either way the sidebar is there.
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    await dismissWelcome(page);

    // --- a new pack, not scheduled, nothing sent ---
    await page.goto(`/group/${board._id}/report-packs`);
    await page.locator('input[name="pack-name"]').fill(PACK);
    await page.getByTestId('report-pack-create').click();
    const card = page.getByTestId('pack-schedule');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('pack-schedule-none')).toHaveText('Ikke planlagt.');
    await expect(card.getByTestId('pack-deliveries-empty')).toBeVisible();

    // --- monthly, on the default day 5 ---
    await card.getByTestId('pack-schedule-edit').click();
    const modal = page.getByTestId('schedule-modal');
    await expect(modal.getByTestId('schedule-rule-monthly')).toBeChecked();
    await expect(modal.getByTestId('schedule-day')).toHaveValue('5');
    await modal.getByTestId('schedule-recipients').fill('styret@nordlys.no, ikke-en-adresse');
    await modal.getByTestId('schedule-submit').click();
    await expect(modal.getByTestId('schedule-recipients-error')).toContainText('ikke en gyldig e-postadresse');
    await modal.getByTestId('schedule-recipients').fill(RECIPIENTS);
    await modal.getByTestId('schedule-message').fill('Hei styret, her er månedens tall.');
    await shoot(page, testInfo, '1-schedule-dialog', true);
    await modal.getByTestId('schedule-submit').click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Tidsplanen er lagret')).toBeVisible();
    const today = osloToday();
    const next = nextSendDay({ rule: 'monthly', day: 5, since: today, bookedSince: null }, today)!;
    await expect(card.getByTestId('pack-schedule-rule')).toHaveText('Månedlig, den 5. i måneden etter');
    await expect(card.getByTestId('pack-schedule-next')).toHaveText(next.replaceAll('-', '/'));
    await expect(card.getByTestId('pack-schedule-recipients')).toHaveText(RECIPIENTS);
    await shoot(page, testInfo, '2-monthly');

    // --- changed to when the month is booked: no day, no date ---
    await card.getByTestId('pack-schedule-edit').click();
    await expect(modal.getByTestId('schedule-recipients')).toHaveValue(RECIPIENTS);
    await modal.getByTestId('schedule-rule-when-booked').check();
    await expect(modal.getByTestId('schedule-day')).toHaveCount(0);
    await modal.getByTestId('schedule-submit').click();
    await expect(modal).toBeHidden();
    await expect(card.getByTestId('pack-schedule-rule')).toHaveText('Månedlig, når måneden er bokført');
    await expect(card.getByTestId('pack-schedule-next')).toHaveText('Når måneden er bokført');
    // Saved as the server keeps it, not only as the page was told.
    await page.reload();
    await page.getByTestId('report-pack').filter({ hasText: PACK }).getByTestId('report-pack-open').click();
    await expect(card.getByTestId('pack-schedule-rule')).toHaveText('Månedlig, når måneden er bokført');

    // --- sent once by hand: its mails are the pack's deliveries ---
    await page.getByTestId('pack-send-open').click();
    const send = page.getByTestId('pack-send-modal');
    await send.getByTestId('pack-send-recipients').fill('styret@nordlys.no');
    await send.getByTestId('pack-send-submit').click();
    await expect(send).toBeHidden({ timeout: 60_000 });
    const delivery = card.getByTestId('pack-delivery');
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toHaveAttribute('data-status', 'sent');
    await expect(delivery).toContainText('styret@nordlys.no');
    await expect(delivery).toContainText('For hånd');
    await expect(delivery.locator('td').nth(4)).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    await shoot(page, testInfo, '3-when-booked-and-delivery');

    // --- a Viewer of the board reads it all and changes nothing ---
    const viewerContext = await browser.newContext();
    try {
      const viewer = await viewerContext.newPage();
      await loginThroughForm(viewer, VIEWER);
      await expect(viewer.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
      await dismissWelcome(viewer);
      await openPack(viewer, board._id);
      const read = viewer.getByTestId('pack-schedule');
      await expect(read.getByTestId('pack-schedule-rule')).toHaveText('Månedlig, når måneden er bokført');
      await expect(read.getByTestId('pack-schedule-recipients')).toHaveText(RECIPIENTS);
      await expect(read.getByTestId('pack-schedule-no-right')).toBeVisible();
      await expect(read.getByTestId('pack-schedule-edit')).toHaveCount(0);
      await expect(read.getByTestId('pack-schedule-stop')).toHaveCount(0);
      await expect(read.getByTestId('pack-delivery')).toHaveCount(1);
      await shoot(viewer, testInfo, '4-viewer');
    } finally {
      await viewerContext.close();
    }

    // --- stopped, once confirmed ---
    await card.getByTestId('pack-schedule-stop').click();
    const confirm = page.getByTestId('schedule-stop-modal');
    await expect(confirm).toContainText(`«${PACK}» sendes ikke lenger av seg selv`);
    await confirm.getByTestId('confirm-ok').click();
    await expect(card.getByTestId('pack-schedule-none')).toHaveText('Ikke planlagt.');
    await expect(card.getByTestId('pack-schedule-stop')).toHaveCount(0);
    // A fresh login: the journey outlasts the first one's short-lived token.
    const asked = await request.get(`/api/report-packs/${board._id}/${await packId(request, board._id)}/schedule`, {
      headers: await authHeaders(request),
    });
    expect(await asked.json()).toBeNull();
    // What it sent stays on record.
    await expect(card.getByTestId('pack-delivery')).toHaveCount(1);
    await shoot(page, testInfo, '5-stopped');
  } finally {
    await deletePacksNamed(request, board._id);
  }
});

async function packs(request: Page['request'], boardId: string) {
  const res = await request.get(`/api/report-packs/${boardId}`, { headers: await authHeaders(request) });
  return (await res.json()) as Array<{ _id: string; name: string }>;
}

async function packId(request: Page['request'], boardId: string) {
  return (await packs(request, boardId)).find((p) => p.name === PACK)!._id;
}

/** This journey's packs, so the demo board is left as it was found. */
async function deletePacksNamed(request: Page['request'], boardId: string) {
  const headers = await authHeaders(request);
  for (const p of (await packs(request, boardId)).filter((p) => p.name === PACK))
    expect((await request.delete(`/api/report-packs/${boardId}/${p._id}`, { headers })).status()).toBe(200);
}
