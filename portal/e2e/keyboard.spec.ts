import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { DEMO } from './route-list';
import { addDemoCopyBoard, deleteDemoBoard } from './session';

/**
 * A keyboard-only journey (no mouse, page.keyboard only): log in, choose a board in the board
 * dropdown with the arrow keys, add a widget from the catalogue, open and close the export dialog
 * and the assistant with the focus kept inside and given back, and drill into a profit and loss
 * account. Each open dialog is also checked with axe.
 */
const BOARD = 'Tastaturtest AS';
let boardId = '';

test.beforeAll(async ({ request }) => {
  boardId = await addDemoCopyBoard(request, BOARD);
});
test.afterAll(({ request }) => deleteDemoBoard(request, boardId));

/** What has the focus, looking into the SDK elements' shadow roots: whether it matches `selector`. */
async function focusMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return !!el?.matches(sel);
  }, selector);
}

/** Presses `key` until the focus is on `selector` (at most `max` times); fails naming the selector otherwise. */
async function pressUntil(page: Page, key: string, selector: string, max = 60) {
  for (let i = 0; i <= max; i++) {
    if (await focusMatches(page, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${selector}`);
}

/** Presses Tab `times` times and says whether the focus stayed inside `container` every time. */
async function tabsStayIn(page: Page, container: string, times: number) {
  const outside: number[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate((sel) => !!document.activeElement?.closest(sel), container);
    if (!inside) outside.push(i + 1);
  }
  return outside;
}

async function seriousViolations(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('keyboard only: log in, choose a board, add a widget, export dialog, drill down', async ({ page }, info) => {
  test.setTimeout(180_000);
  // --- log in ---
  await page.goto('/login');
  await pressUntil(page, 'Tab', 'input[name="email"]');
  await page.keyboard.type(DEMO.email);
  await pressUntil(page, 'Tab', 'input[name="password"]');
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  // With two boards the portfolio is the first page (issue 29); the sidebar's Dashboard entry leads on.
  await expect(page.getByTestId('portfolio-page')).toBeVisible();
  await pressUntil(page, 'Tab', '[data-testid="nav-Dashboard"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // --- the board dropdown: Enter opens it, the arrow keys move between boards, Enter chooses ---
  await pressUntil(page, 'Tab', '[data-testid="board-dropdown-button"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('board-search')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  expect(await focusMatches(page, '[data-testid="board-option"]')).toBe(true);
  await pressUntil(page, 'ArrowDown', `[data-testid="board-option"][data-board-id="${boardId}"]`, 10);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('current-board-name')).toHaveText(BOARD);
  await expect(page.getByTestId('board-dropdown-button')).toBeFocused();
  await expect(page.getByTestId('grid-widget')).toHaveCount(2);

  // --- the widget catalogue: a dialog that takes the focus; Enter adds, Escape closes back to its button ---
  await pressUntil(page, 'Tab', '[data-testid="add-widget-button"]');
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('widget-drawer');
  await expect(drawer).toHaveAttribute('role', 'dialog');
  await expect(drawer).toHaveAccessibleName('Legg til widget');
  await expect(drawer.getByTestId('catalogue-item').first()).toBeVisible();
  expect(await tabsStayIn(page, '[data-testid="widget-drawer"]', 20)).toEqual([]);
  expect(await seriousViolations(page, '[data-testid="widget-drawer"]')).toEqual([]);
  await pressUntil(page, 'Tab', '[data-testid="catalogue-item"][data-widget="top-suppliers"]');
  await page.keyboard.press('Enter');
  const suppliers = page.locator('[data-testid="grid-widget"][data-widget="top-suppliers"]');
  await expect(suppliers).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('add-widget-button')).toBeFocused();
  // The first free slot is beside the half-width top customers, and the card shows all ten rows unscrolled.
  await expect(suppliers).toHaveAttribute('gs-x', '6');
  await expect(suppliers).toHaveAttribute('gs-y', '0');
  await expect(suppliers.locator('saldo-top-suppliers [part~="row"]')).toHaveCount(10);
  const body = suppliers.getByTestId('widget-body');
  expect(await body.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: info.outputPath('keyboard-widget-added.png') });

  // --- the export dialog: 30 Tab presses stay in it; Escape closes it and the focus is back on its button ---
  // Its button is just before Add widget (every figure of the widgets after it is a drill-down button of its own).
  await pressUntil(page, 'Shift+Tab', '[data-testid="export-button"]', 10);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('export-modal');
  await expect(dialog).toBeVisible();
  expect(await tabsStayIn(page, '[data-testid="export-modal"]', 30)).toEqual([]);
  expect(await seriousViolations(page, '[data-testid="export-modal"]')).toEqual([]);
  await page.screenshot({ path: info.outputPath('keyboard-export.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('export-button')).toBeFocused();

  // --- the assistant drawer: it takes the focus, and Escape closes it back to its button ---
  await pressUntil(page, 'Shift+Tab', '[data-testid="assistant-button"]', 10);
  await page.keyboard.press('Enter');
  const assistant = page.getByTestId('assistant-panel');
  await expect(assistant).toHaveAttribute('role', 'dialog');
  expect(await tabsStayIn(page, '[data-testid="assistant-panel"]', 10)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(assistant).toHaveCount(0);
  await expect(page.getByTestId('assistant-button')).toBeFocused();

  // --- drill down: to the profit and loss by the menu, open sales revenue, Enter on its first account ---
  await pressUntil(page, 'Shift+Tab', '[data-testid="nav-ProfitLoss"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-page-profit')).toBeVisible();
  await expect(page.locator('saldo-profit-loss [data-group="salesRevenue"]')).toBeVisible();
  // The statement is one Tab stop (a grid): Tab enters it, the arrow keys move inside.
  await pressUntil(page, 'Tab', 'table[role="grid"] :is(td, th, button)');
  await pressUntil(page, 'ArrowDown', '[data-group="salesRevenue"] button.toggle', 30);
  await page.keyboard.press('Enter');
  // The group opens on its accounts; the next row down is its first account.
  await pressUntil(page, 'ArrowDown', '[part~="account-row"] button.link', 20);
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('drill-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('posting-row').first()).toBeVisible();
  expect(await tabsStayIn(page, '[data-testid="drill-panel"]', 15)).toEqual([]);
  expect(await seriousViolations(page, '[data-testid="drill-panel"]')).toEqual([]);
  await page.screenshot({ path: info.outputPath('keyboard-drill.png') });
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  // Back on the account that opened it, inside the element's shadow root.
  expect(await focusMatches(page, '[part~="account-row"] button.link')).toBe(true);
});
