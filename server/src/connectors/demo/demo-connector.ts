import type { Connector } from '../types.ts';
import { type DemoOptions, demoRecords, monthsBetween } from './demo-ledger.ts';

export { type DemoOptions, demoRecords, generateDemoLedger, monthsBetween } from './demo-ledger.ts';

/** The demo company as a source (see demo-ledger.ts for what it books), with progress by month. */
export function demoConnector(options: DemoOptions): Connector {
  return {
    type: 'demo',
    parts: ['ledger'],
    async *read(ctx) {
      const months = monthsBetween(options.fromMonth, options.toMonth);
      let month = '';
      let n = 0;
      for (const record of demoRecords(options)) {
        if (record.kind === 'posting' && record.date.slice(0, 7) !== month) {
          month = record.date.slice(0, 7);
          ctx.progress('ledger', months.indexOf(month) / months.length);
        }
        // Yielding to the event loop now and then keeps a big generation from starving requests.
        if (++n % 10_000 === 0) {
          if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The sync was stopped');
          await new Promise((resolve) => setImmediate(resolve));
        }
        yield record;
      }
      ctx.progress('ledger', 1);
    },
  };
}
