import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FOOTING_JSON, footingFixtures } from './statement-footing.ts';
import { STORYBOOK_REPORTS_JSON, storybookReports } from './storybook-reports.ts';

const written = (file: URL) => JSON.parse(readFileSync(file, 'utf8'));
const fresh = (data: unknown) => JSON.parse(JSON.stringify(data));

it("the portal's statement-footing ledgers and reports are what the report engine makes today (else run write.ts)", () => {
  expect(written(FOOTING_JSON)).toEqual(fresh(footingFixtures()));
});

it("Storybook's reports are what the report engine makes today (else run write.ts)", () => {
  expect(written(STORYBOOK_REPORTS_JSON)).toEqual(fresh(storybookReports()));
});
