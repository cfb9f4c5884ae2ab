// Writes the SDK's statement fixtures (see statements.ts): npx tsx server/test-tools/sdk-fixtures/write.ts
import { writeFileSync } from 'node:fs';
import { STATEMENTS_JSON, statementFixtures } from './statements.ts';

writeFileSync(STATEMENTS_JSON, `${JSON.stringify(statementFixtures(), null, 1)}\n`);
console.log(`wrote ${STATEMENTS_JSON.pathname}`);
