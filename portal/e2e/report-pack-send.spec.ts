import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { monthlyFile } from '../../server/test-tools/saft-mutations/monthly.ts';
import { expect, test } from './csp';
import { authHeaders, DEMO, deleteBoardsNamed, loginThroughForm } from './session';

/**
 * Issue 30's sending journey: a board over an uploaded SAF-T source (2024, then 2025's first quarter
 * with other amounts, so the rules find changes to tell); a pack with a commentary holding a live
 * figure; two of the quarter's observations kept (one edited); the pack sent. The mailed link (read
 * in the development outbox, as a person without SMTP would) opens a read-only page for an outsider
 * with no login, and its PDF is the one sent. Then March is corrected by a new file on the same
 * source: the sent pack is "changed since sent", and its changes name the moved figures, then and now;
 * the portfolio then names it among the sent packs with changed figures.
 */

const COMPANY = { company: 'Pakkesending AS', orgNumber: '912345679' };
const SOURCE = 'Pakkesending AS';
const PACK = 'Kvartalsrapport';
const RECIPIENT = 'styret@pakkesending.no';
const SHOTS = 'test-results/report-pack-send';

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(400); // let transitions settle
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function upload(page: Page, file: string, onSource: boolean) {
  await page.goto('/api-settings/api-accounts');
  if (onSource) {
    const card = page.locator('[data-testid="api-account"][data-provider="saft"]').filter({ hasText: SOURCE });
    await card.getByTestId('saft-upload-new').click();
  } else {
    await page.getByTestId('upload-saft').click();
    await page.getByTestId('saft-modal').locator('input[name="name"]').fill(SOURCE);
  }
  const modal = page.getByTestId('saft-modal');
  await modal.getByTestId('saft-file-input').setInputFiles(file);
  await modal.getByTestId('saft-submit').click();
  await expect(modal.getByTestId('saft-done')).toBeVisible({ timeout: 30_000 });
  await modal.getByTestId('saft-close').click();
}

async function openPack(page: Page, boardId: string) {
  await page.goto(`/group/${boardId}/report-packs`);
  await page.getByTestId('report-pack').filter({ hasText: PACK }).getByTestId('report-pack-open').click();
  await expect(page.getByTestId('pack-sending')).toBeVisible();
}

async function setPeriod(page: Page) {
  const sending = page.getByTestId('pack-sending');
  await sending.locator('input[name="send-startDate"]').fill('2025/01/01');
  await sending.locator('input[name="send-endDate"]').fill('2025/03/31');
  await sending.locator('input[name="send-endDate"]').blur();
}

test('a pack sent with kept observations opens for an outsider, and shows what changed after a resync', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'saldo-e2e-pack-'));
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  try {
    const year2024 = join(dir, 'pakke-2024.xml');
    const quarter = join(dir, 'pakke-2025-q1.xml');
    const march = join(dir, 'pakke-2025-03-rettet.xml');
    writeFileSync(year2024, monthlyFile({ ...COMPANY, months: months(2024, 12), version: 1 }));
    writeFileSync(quarter, monthlyFile({ ...COMPANY, months: months(2025, 3), version: 4 }, '2024-01'));
    writeFileSync(march, monthlyFile({ ...COMPANY, months: ['2025-03'], version: 7 }, '2024-01'));

    await loginThroughForm(page, DEMO, '/login', 'en');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const welcome = page.getByTestId('welcome-dismiss');
    if (await welcome.isVisible()) await welcome.click();

    // --- a board over a SAF-T source: 2024, then 2025's first quarter ---
    await upload(page, year2024, false);
    await upload(page, quarter, true);
    // The board over it, made through the API (saft-refresh.spec.ts makes one in the form).
    const headers = await authHeaders(page.request);
    const sources = (await (await page.request.get('/api/api-account', { headers })).json()) as Array<{
      _id: string;
      name: string;
    }>;
    const source = sources.find((a) => a.name === SOURCE)!._id;
    const made = await page.request.post('/api/group-account', { headers, data: { name: SOURCE, apis: [source] } });
    expect(made.status()).toBe(201);
    const boardId = ((await made.json()) as { _id: string })._id;

    // --- a pack whose commentary holds a live figure ---
    await page.goto(`/group/${boardId}/report-packs`);
    await page.locator('input[name="pack-name"]').fill(PACK);
    await page.getByTestId('report-pack-create').click();
    const editor = page.getByTestId('pack-editor');
    await expect(editor).toBeVisible();
    // In English: the observations, the PDF and the outsider's page with it.
    await editor.getByTestId('pack-language').selectOption('en');
    const commentary = editor.getByTestId('pack-section-text').last();
    await commentary.fill('Sales this quarter: ');
    await editor.getByTestId('pack-placeholder-insert').last().click();
    await expect(commentary).toHaveValue(/^Sales this quarter: \{\{line:\w+\}\}$/);
    await editor.getByTestId('pack-save').click();
    await expect(page.getByText('The report pack is saved')).toBeVisible();

    // --- the quarter's observations: two kept, one of them edited, the rest dropped ---
    await setPeriod(page);
    const observations = page.getByTestId('observation');
    await expect(observations.first()).toBeVisible({ timeout: 30_000 });
    const proposed = await observations.count();
    expect(proposed, 'the rules find at least two things to tell').toBeGreaterThanOrEqual(2);
    await expect(observations.first().getByTestId('observation-figure').first()).toBeVisible();
    await observations.nth(0).getByTestId('observation-keep').click();
    await observations.nth(1).getByTestId('observation-edit').click();
    const edited = 'Sales rose clearly against the first quarter of 2024; the board is asked to note it.';
    await observations.nth(1).getByTestId('observation-text-input').fill(edited);
    await observations.nth(1).getByTestId('observation-edit-done').click();
    for (let i = 2; i < proposed; i++) await observations.nth(i).getByTestId('observation-drop').click();
    const kept = (await observations.nth(0).getByTestId('observation-text').textContent())!;
    await expect(observations.nth(1).getByTestId('observation-text')).toHaveText(edited);
    await shoot(page, testInfo, '1-observations');

    // --- sent: a bad address first, then the board's ---
    await page.getByTestId('pack-send-open').click();
    const modal = page.getByTestId('pack-send-modal');
    await expect(modal.getByTestId('pack-send-observations').locator('li')).toHaveText([kept, edited]);
    await modal.getByTestId('pack-send-recipients').fill('not-an-address');
    await modal.getByTestId('pack-send-submit').click();
    await expect(modal.getByTestId('pack-send-recipients-error')).toContainText('not a valid e-mail address');
    await modal.getByTestId('pack-send-recipients').fill(RECIPIENT);
    await modal.getByTestId('pack-send-message').fill('Here is the quarter. Questions are welcome.');
    await shoot(page, testInfo, '2-send-form');
    await modal.getByTestId('pack-send-submit').click();
    await expect(modal).toBeHidden({ timeout: 60_000 });
    await expect(page.getByText('The report pack is sent')).toBeVisible();
    const row = page.getByTestId('pack-snapshot');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('2025/01/01 – 2025/03/31');
    await expect(row).toContainText(RECIPIENT);
    await expect(row).toContainText('You');
    await expect(row.getByTestId('pack-snapshot-unchanged')).toBeVisible({ timeout: 30_000 });
    await shoot(page, testInfo, '3-sent');

    // The frozen PDF, as the board's member downloads it.
    const download = page.waitForEvent('download');
    await row.getByTestId('pack-snapshot-pdf').click();
    const pdfPath = `${SHOTS}/sent.pdf`;
    await (await download).saveAs(pdfPath);

    // --- the mailed link, read in the outbox, opened by an outsider with no login ---
    await page.goto('/dev/outbox');
    const message = page.getByTestId('outbox-message').filter({ hasText: RECIPIENT }).first();
    const link = message.getByTestId('outbox-link').filter({ hasText: '/pack/' }).first();
    await expect(link).toBeVisible({ timeout: 15_000 });
    const url = (await link.getAttribute('href'))!;
    expect(url).toMatch(/\/pack\/[\w-]+$/);
    const outsider = await browser.newContext();
    try {
      const visitor = await outsider.newPage();
      await visitor.goto(url);
      await expect(visitor.getByTestId('public-pack-name')).toHaveText(PACK);
      await expect(visitor.getByTestId('public-pack-board')).toHaveText(SOURCE);
      await expect(visitor.getByTestId('public-pack-period')).toHaveText('2025/01/01 – 2025/03/31');
      await shoot(visitor, testInfo, '4-outsider-page');
      const href = (await visitor.getByTestId('public-pack-pdf').getAttribute('href'))!;
      const pdf = await outsider.request.get(new URL(href, url).toString());
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const hash = createHash('sha256')
        .update(await pdf.body())
        .digest('hex');
      await expect(visitor.getByTestId('public-pack-hash')).toHaveText(hash);
      // In the pack's language (English), though the visitor's browser is Norwegian.
      await expect(visitor.getByTestId('public-pack-pdf')).toHaveText('Open PDF');
      // A made-up link says it is not valid, in the visitor's own language.
      await visitor.goto(url.replace(/\/pack\/.*$/, '/pack/not-a-real-link'));
      await expect(visitor.getByTestId('public-pack-notFound')).toContainText('Lenken er ikke gyldig');
      await shoot(visitor, testInfo, '4b-outsider-not-found');
    } finally {
      await outsider.close();
    }

    // The PDF's pages as pictures, to look at.
    execFileSync('pdftoppm', ['-png', '-r', '50', pdfPath, `${SHOTS}/pdf-page`]);
    expect(readdirSync(SHOTS).filter((f) => f.startsWith('pdf-page')).length).toBeGreaterThan(1);

    // --- March corrected on the same source: the sent pack has changed since ---
    await upload(page, march, true);
    await openPack(page, boardId);
    const changedRow = page.getByTestId('pack-snapshot');
    await expect(changedRow.getByTestId('pack-snapshot-changed')).toHaveText('Changed since sent', {
      timeout: 30_000,
    });
    await changedRow.getByTestId('pack-snapshot-changes').click();
    const changes = page.getByTestId('snapshot-changes-modal');
    const lines = changes.getByTestId('snapshot-change');
    await expect(lines.first()).toBeVisible({ timeout: 30_000 });
    const table = await lines.evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    // Sales revenue moved in March and in the quarter's total; each line's difference is now less then.
    const sales = table.filter(([line]) => /Sales revenue|Salgsinntekt/i.test(line!));
    expect(sales.length, JSON.stringify(table)).toBeGreaterThanOrEqual(2);
    for (const [, then, now, difference] of table.filter(([, , , d]) => d !== '–')) {
      const n = (s: string) => Number(s.replace(/[\s\u00a0+]/g, ''));
      expect(n(difference!), `${then} → ${now}`).toBe(n(now!) - n(then!));
    }
    // March's vouchers of the corrected file (numbered anew) are booked, the sent ones removed.
    const vouchers = changes.getByTestId('snapshot-voucher');
    await expect(vouchers.and(page.locator('[data-kind="added"]')).first()).toContainText('2025/03/');
    await expect(vouchers.and(page.locator('[data-kind="removed"]')).first()).toContainText('2025/03/');
    await shoot(page, testInfo, '5-changes');
    // The dialog as the window shows it (the page's full-length picture leaves it at the window's height).
    await page.screenshot({ path: `${SHOTS}/5b-changes-dialog.png` });
    await changes.getByRole('button', { name: 'Close' }).click();

    // --- an observation's figure drills to its statement line, on this board ---
    await setPeriod(page);
    await expect(observations.first()).toBeVisible({ timeout: 30_000 });
    await observations.first().getByTestId('observation-drill').first().click();
    await expect(page).toHaveURL(/\/profit\?.*from=2025-01.*to=2025-03.*line=\w+/);
    await expect(page.getByTestId('current-board-name')).toHaveText(SOURCE);
    await expect(page.getByTestId('drill-panel')).toBeVisible({ timeout: 30_000 });
    await shoot(page, testInfo, '6-drill');

    // --- the portfolio says the sent pack has changed: kept by the check the March sync queued ---
    await page.goto('/portfolio');
    const notice = page.getByTestId('portfolio-sent-packs');
    const ours = notice.getByTestId('portfolio-sent-pack').filter({ hasText: `“${PACK}”, ${SOURCE}:` });
    // The check is a job any process runs after the sync: the page is read again until it has been.
    await expect(async () => {
      await page.reload();
      await expect(ours).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(notice.locator('strong')).toHaveText(/^\d+ sent report packs? ha(s|ve) changed figures since/);
    await expect(ours).toHaveText(new RegExp(`^“${PACK}”, ${SOURCE}: \\d+ figures have changed$`));
    await shoot(page, testInfo, '7-portfolio');
    await ours.click();
    await expect(page).toHaveURL(new RegExp(`/group/${boardId}/report-packs$`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await deleteBoardsNamed(page.request, SOURCE);
  }
});

/** The first `count` months of `year`, yyyy-mm. */
function months(year: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
}
