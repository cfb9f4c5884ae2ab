import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { STATEMENTS_JSON, statementFixtures } from './statements.ts';

it("the SDK's statement fixtures are what the report engine makes today (else run write.ts)", () => {
  const written = JSON.parse(readFileSync(STATEMENTS_JSON, 'utf8'));
  expect(written).toEqual(JSON.parse(JSON.stringify(statementFixtures())));
});
