// Writes the fixtures the portal's tests and Storybook read instead of the server's engine:
// npx tsx server/test-tools/client-fixtures/write.ts (then `npx biome format --write` on the two files).
import { writeFileSync } from 'node:fs';
import { FOOTING_JSON, footingFixtures } from './statement-footing.ts';
import { STORYBOOK_REPORTS_JSON, storybookReports } from './storybook-reports.ts';

for (const [file, data] of [
  [FOOTING_JSON, footingFixtures()],
  [STORYBOOK_REPORTS_JSON, storybookReports()],
] as const) {
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`wrote ${file.pathname}`);
}
