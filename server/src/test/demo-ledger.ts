import { generateDemoLedger } from '../connectors/demo/demo-connector.ts';
import type { LedgerRecord } from '../connectors/types.ts';
import { demoPeriod } from '../seed.ts';
import { TEST_TODAY } from './create-test-app.ts';

export type DemoPosting = Extract<LedgerRecord, { kind: 'posting' }>;

/**
 * The test app's demo company straight from its generator, not through the database: what tests hold
 * the API's figures against. Its customers by ID, for naming them.
 */
export function demoLedger(): { postings: DemoPosting[]; customers: Map<string, string> } {
  const records = generateDemoLedger({ seed: 4102, ...demoPeriod(TEST_TODAY) });
  return {
    postings: records.filter((r): r is DemoPosting => r.kind === 'posting'),
    customers: new Map(records.flatMap((r) => (r.kind === 'customer' ? [[r.id, r.name] as const] : []))),
  };
}
