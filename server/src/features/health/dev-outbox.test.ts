import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createTestApp } from '../../test/create-test-app.ts';
import { checkResponses } from '../../test/response-check.ts';

/** A request as if it came over the network from `address` (what @hono/node-server hands the app). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

/**
 * The health check says whether the development outbox answers the caller, so the portal's pages ask
 * for it only then: an install without it sees no request for /api/dev/outbox (nor a 404 in the console).
 */
describe('the health check names the development outbox only where it answers', () => {
  it('says devOutbox exactly where GET /api/dev/outbox answers 200', async () => {
    for (const on of [true, false]) {
      const t = await createTestApp({ devOutbox: on });
      const app = checkResponses(createApp(t.deps));
      for (const address of ['127.0.0.1', '::1', '203.0.113.7']) {
        const health = (await (await app.request('/api/health', {}, from(address))).json()) as { devOutbox?: boolean };
        const outbox = await app.request('/api/dev/outbox', {}, from(address));
        expect({ on, address, devOutbox: health.devOutbox ?? false }).toEqual({
          on,
          address,
          devOutbox: outbox.status === 200,
        });
      }
      const local = await (await app.request('/api/health', {}, from('127.0.0.1'))).json();
      expect(local).toEqual(on ? { status: 'ok', devOutbox: true } : { status: 'ok' });
    }
  });
});
