import type { DemoOptions } from '../../connectors/demo/demo-connector.ts';

/** An accounting office's client companies, as the stand-in serves them (`clients`). */
export const STANDIN_CLIENTS = [
  { id: 2_000_101, name: 'Fjordbris Bakeri AS', organizationNumber: '921000101' },
  { id: 2_000_102, name: 'Nordlys Rørlegger AS', organizationNumber: '921000102' },
  { id: 2_000_103, name: 'Tindefjell Sport AS', organizationNumber: '921000103' },
] as const;

/**
 * The first `count` clients, each with a ledger of its own (its own seed, a quarter of the demo company's
 * volume) over `fromMonth..toMonth`, so each company's figures differ from the others'.
 */
export function standinClients(count: number, months: Pick<DemoOptions, 'fromMonth' | 'toMonth'>) {
  return STANDIN_CLIENTS.slice(0, count).map((client, i) => ({
    ...client,
    company: { seed: 7100 + i, scale: 0.25, ...months },
  }));
}
