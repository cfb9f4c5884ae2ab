import { demoPeriod } from '../connectors/demo/demo-company.ts';
import { generateDemoLedger } from '../connectors/demo/demo-connector.ts';
import type { LedgerRecord } from '../connectors/types.ts';
import { TEST_TODAY } from './create-test-app.ts';

export type DemoPosting = Extract<LedgerRecord, { kind: 'posting' }>;

/**
 * The test app's demo company straight from its generator, not through the database: what tests hold
 * the API's figures against. Its customers and suppliers by ID, for naming them.
 */
export function demoLedger(): {
  postings: DemoPosting[];
  customers: Map<string, string>;
  suppliers: Map<string, string>;
} {
  const records = generateDemoLedger({ seed: 4102, ...demoPeriod(TEST_TODAY) });
  const named = (kind: 'customer' | 'supplier') =>
    new Map(records.flatMap((r) => (r.kind === kind ? [[r.id, r.name] as const] : [])));
  return {
    postings: records.filter((r): r is DemoPosting => r.kind === 'posting'),
    customers: named('customer'),
    suppliers: named('supplier'),
  };
}
