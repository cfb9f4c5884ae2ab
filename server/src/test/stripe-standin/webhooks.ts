import { createHmac } from 'node:crypto';
import type { Event, WebhookEndpoint } from './objects.ts';

/**
 * Webhook deliveries as Stripe makes them: a POST of the event as JSON to each enabled endpoint that
 * listens for its type, signed with the endpoint's secret in the `Stripe-Signature` header
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`). A delivery that fails (no answer, or
 * not 2xx) is tried again later, as Stripe does over its next days.
 */

/** Stripe's signature header for a payload signed at `timestamp` (seconds). */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface Delivery {
  eventId: string;
  type: string;
  endpointId: string;
  /** The HTTP status of the last attempt; 0 when the endpoint could not be reached. */
  status: number;
  attempts: number;
  /** When the next attempt is due (seconds), or null once delivered or given up. */
  nextAttempt: number | null;
}

/** Minutes after a failed attempt that Stripe tries again (shortened; Stripe spreads them over three days). */
const RETRY_MINUTES = [1, 5, 30, 120];

export interface Webhooks {
  endpoints: Map<string, WebhookEndpoint>;
  deliveries: Delivery[];
  /** Sends events in order to every endpoint that listens for them; resolves once each has answered. */
  send(events: Event[], now: number): Promise<void>;
  /** Tries again the failed deliveries that are due. */
  retryDue(eventsById: (id: string) => Event | undefined, now: number): Promise<void>;
}

export function createWebhooks(fetchImpl: typeof fetch): Webhooks {
  const endpoints = new Map<string, WebhookEndpoint>();
  const deliveries: Delivery[] = [];

  async function attempt(endpoint: WebhookEndpoint, event: Event, now: number): Promise<number> {
    // Stripe sends the event pretty-printed; the signature covers exactly these bytes.
    const payload = JSON.stringify(event, null, 2);
    try {
      const res = await fetchImpl(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, endpoint.secret, now),
        },
        body: payload,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  const listens = (endpoint: WebhookEndpoint, type: string) =>
    endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type));

  function record(delivery: Delivery, status: number, now: number) {
    delivery.status = status;
    delivery.attempts += 1;
    const ok = status >= 200 && status < 300;
    const wait = RETRY_MINUTES[delivery.attempts - 1];
    delivery.nextAttempt = ok || wait === undefined ? null : now + wait * 60;
  }

  return {
    endpoints,
    deliveries,
    async send(events, now) {
      for (const event of events) {
        for (const endpoint of endpoints.values()) {
          if (!listens(endpoint, event.type)) continue;
          const delivery: Delivery = {
            eventId: event.id,
            type: event.type,
            endpointId: endpoint.id,
            status: 0,
            attempts: 0,
            nextAttempt: null,
          };
          deliveries.push(delivery);
          record(delivery, await attempt(endpoint, event, now), now);
        }
      }
    },
    async retryDue(eventsById, now) {
      for (const delivery of deliveries) {
        if (delivery.nextAttempt === null || delivery.nextAttempt > now) continue;
        const endpoint = endpoints.get(delivery.endpointId);
        const event = eventsById(delivery.eventId);
        if (!endpoint || !event) {
          delivery.nextAttempt = null;
          continue;
        }
        record(delivery, await attempt(endpoint, event, now), now);
      }
    },
  };
}
