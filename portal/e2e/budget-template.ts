import type { Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect } from './csp';

/** Downloads the budget page's template for `year` as the browser does, and opens it: its workbook and first sheet. */
export async function downloadTemplate(page: Page, testInfo: TestInfo, year: number | string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('budget-template').click()]);
  expect(download.suggestedFilename()).toBe(`budsjett-${year}.xlsx`);
  const template = testInfo.outputPath('template.xlsx');
  await download.saveAs(template);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  return { workbook, sheet: workbook.worksheets[0]! };
}
