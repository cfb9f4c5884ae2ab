import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import { DEMO, loginThroughForm } from './session';

/**
 * Statements open on what you report and walk by keyboard (issue 27): the latest month beside the
 * pinned total (the period end pinned on the balance sheet), a phone showing the total and the last
 * month first, the balance sheet's standard layout (the period end beside last year's end),
 * the dashboard's P&L card showing its result line, and a keyboard-only walk through a statement: one
 * Tab stop, arrow keys inside, the focused cell clear of the pinned columns. Screenshots in
 * test-results/playwright/…/statement-*.png.
 */

const shoot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: info.outputPath(`statement-${name}.png`) });

/** The focused element, through shadow roots: its text, its cell's column and row, and whether it sits clear of the pinned columns. */
function focused(page: Page, tag: string) {
  return page.evaluate((tag) => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const host = document.querySelector(tag);
    if (!el || !host?.shadowRoot?.contains(el)) return null;
    const cell = el.closest('td, th') as HTMLElement;
    const row = cell.parentElement as HTMLTableRowElement;
    const box = host.shadowRoot.querySelector('.scroll')!.getBoundingClientRect();
    const left = row.firstElementChild!.getBoundingClientRect();
    const pin = row.querySelector('.pinned-end')?.getBoundingClientRect();
    const r = cell.getBoundingClientRect();
    const sticky = getComputedStyle(cell).position === 'sticky';
    return {
      text: (el.textContent ?? '').trim(),
      column: [...row.children].indexOf(cell),
      row: row.getAttribute('part') ?? '',
      clear: sticky || (r.left >= left.right - 1 && r.right <= (pin ? pin.left : box.right) + 1),
    };
  }, tag);
}

/** The head's labels that are wholly in view (not under a pinned column, not scrolled away). */
function headersInView(page: Page, tag: string) {
  return page.evaluate((tag) => {
    const root = document.querySelector(tag)!.shadowRoot!;
    const box = root.querySelector('.scroll')!.getBoundingClientRect();
    const cells = [...root.querySelectorAll('table[role="grid"] > thead > tr > th')] as HTMLElement[];
    const first = cells[0]!.getBoundingClientRect();
    const pin = root.querySelector('table[role="grid"] > thead .pinned-end')?.getBoundingClientRect();
    return cells
      .filter((c) => {
        const r = c.getBoundingClientRect();
        if (getComputedStyle(c).position === 'sticky') return true;
        return r.left >= first.right - 1 && r.right <= (pin ? pin.left : box.right) + 1;
      })
      .map((c) => (c.textContent ?? '').trim());
  }, tag);
}

const allHeaders = (page: Page, tag: string) =>
  page.evaluate(
    (tag) =>
      [...document.querySelector(tag)!.shadowRoot!.querySelectorAll('table[role="grid"] > thead > tr > th')].map((c) =>
        (c.textContent ?? '').trim(),
      ),
    tag,
  );

async function ready(page: Page, tag: string) {
  await expect(page.locator(`${tag} [part~="result-row"]`).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

/** Logs the demo user in and opens the statement `tag` at `path`, ready to read. */
async function openStatement(page: Page, path: string, tag: string) {
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto(path);
  await ready(page, tag);
}

test('a statement opens on its latest month and total, and walks by the arrow keys', async ({ page }, info) => {
  test.setTimeout(120_000);
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // The dashboard's P&L card shows its result line without scrolling.
  const card = page.locator('[data-testid="widget-body"]:has(saldo-profit-loss)');
  await expect(card.locator('saldo-profit-loss [part~="result-row"][data-line="result"]')).toBeVisible();
  const inCard = await card.evaluate((body) => {
    const el = body.querySelector('saldo-profit-loss')!;
    const rows = [...el.shadowRoot!.querySelectorAll('[part~="result-row"]')];
    const last = rows.at(-1)!.getBoundingClientRect();
    const b = body.getBoundingClientRect();
    return { last: last.bottom, box: b.bottom, text: (rows.at(-1)!.textContent ?? '').slice(0, 40) };
  });
  expect(inCard.last, `the result line (${inCard.text}) is inside its card`).toBeLessThanOrEqual(inCard.box + 1);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, info, '0-dashboard-result-line');

  // The P&L: the latest month and the total in view.
  await page.goto('/profit');
  const tag = 'saldo-profit-loss';
  await ready(page, tag);
  const headers = await allHeaders(page, tag);
  const inView = await headersInView(page, tag);
  expect(inView.at(-1)).toBe(headers.at(-1)); // the total
  expect(inView.at(-2)).toBe(headers.at(-2)); // the latest month
  expect(inView.length).toBeLessThan(headers.length); // months before it are a scroll away
  await shoot(page, info, '1-profit-latest-month');

  // One Tab stop: from the option before the table, Tab enters the grid and the next Tab leaves it.
  await page.getByTestId('share-toggle').focus();
  await page.keyboard.press('Tab');
  const entered = await focused(page, tag);
  expect(entered, 'Tab lands in the statement').not.toBeNull();
  expect(entered!.column).toBe(0);
  await page.keyboard.press('Tab');
  expect(await focused(page, tag), 'the next Tab leaves the statement').toBeNull();
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page, tag)).toMatchObject({ column: 0 });

  // Arrow keys: right along the row, down a row, End to the total, Home back to the names.
  await page.keyboard.press('ArrowRight');
  const first = await focused(page, tag);
  expect(first).toMatchObject({ column: 1, clear: true });
  await shoot(page, info, '2-keyboard-first-month');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  expect(await focused(page, tag)).toMatchObject({ column: 6, clear: true });
  await page.keyboard.press('ArrowDown');
  const down = await focused(page, tag);
  expect(down).toMatchObject({ column: 6, clear: true });
  await shoot(page, info, '3-keyboard-month-six-down');
  await page.keyboard.press('End');
  expect(await focused(page, tag)).toMatchObject({ column: headers.length - 1, clear: true });
  await page.keyboard.press('ArrowLeft');
  expect(await focused(page, tag)).toMatchObject({ column: headers.length - 2, clear: true });
  await shoot(page, info, '4-keyboard-latest-month');
  await page.keyboard.press('Home');
  expect(await focused(page, tag)).toMatchObject({ column: 0 });
  // Every cell on the way was clear of the pinned columns; Enter on a figure opens its postings.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('drill-panel')).toBeVisible();
  await shoot(page, info, '5-keyboard-enter-drills');
});

test("the balance sheet pins its period end and offers it beside last year's end", async ({ page }, info) => {
  test.setTimeout(120_000);
  const tag = 'saldo-balance-sheet';
  await openStatement(page, '/balance-sheet', tag);
  const headers = await allHeaders(page, tag);
  const end = headers.at(-1)!;
  expect(end).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
  const inView = await headersInView(page, tag);
  expect(inView.at(-1)).toBe(end);
  await expect(page.locator(`${tag} thead .pinned-end`)).toHaveText(end);
  await shoot(page, info, '6-balance-period-end-pinned');

  // The box is ticked once the address says so (the router updates it a moment later).
  await page.getByTestId('balance-standard').click();
  await expect(page.getByTestId('balance-standard')).toBeChecked();
  await expect(page).toHaveURL(/compare=yearEnd/);
  await expect(page.locator(`${tag} [part~="comparison-header"]`)).toBeVisible();
  await ready(page, tag);
  const standard = await allHeaders(page, tag);
  // The line names, this period end, last year's end (the demo board's fiscal year is the calendar
  // year: 31 December of the year before), the change.
  expect(standard.length).toBe(4);
  expect(standard[0]).toMatch(/^(Linje|Line)$/);
  expect(standard.slice(1, 3)).toEqual([end, `${Number(end.slice(0, 4)) - 1}/12/31`]);
  expect(standard[3]).toMatch(/^(Endring|Change)$/);
  await expect(page.getByTestId('balance-standard').locator('..')).toContainText(/fjorårets slutt|last year-end/);
  await shoot(page, info, '7-balance-standard-layout');
});

test('on a phone a statement shows its total and its last month first, the months a swipe away', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = 'saldo-profit-loss';
  await openStatement(page, '/profit', tag);
  const headers = await allHeaders(page, tag);
  const inView = await headersInView(page, tag);
  expect(inView.at(-1)).toBe(headers.at(-1));
  expect(inView.at(-2)).toBe(headers.at(-2));
  await page.locator(tag).scrollIntoViewIfNeeded();
  await shoot(page, info, '8-phone-total-and-last-month');
  // A swipe to the left edge shows the first month instead, the total still pinned.
  await page.evaluate((tag) => {
    const box = document.querySelector(tag)!.shadowRoot!.querySelector('.scroll')!;
    box.scrollLeft = 0;
  }, tag);
  await expect.poll(async () => (await headersInView(page, tag)).includes(headers[1]!)).toBe(true);
  expect((await headersInView(page, tag)).at(-1)).toBe(headers.at(-1));
  await shoot(page, info, '9-phone-swiped-to-first-month');
});
