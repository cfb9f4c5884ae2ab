import { createHash, randomBytes } from 'node:crypto';
import { STREAM_TICKET_TTL_MS } from '@saldo/contract/api/sync';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verification } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Single-use tickets for an event stream. An EventSource cannot send headers, and an access token in a
 * URL ends up in logs and histories; so the page asks for a ticket with its token first (POST) and
 * opens the stream with the ticket. A ticket is 256 random bits, of which only the SHA-256 is stored;
 * it works once, for TICKET_TTL_MS, for the user's session it was asked in, and only for the stream
 * it was asked for (its route and query, in any order). Kept in the `verification` table (identifier
 * STREAM_TICKET), so every server process of the cluster honours it and no table of its own is needed.
 */
export const TICKET_TTL_MS = STREAM_TICKET_TTL_MS;
const STREAM_TICKET = 'stream-ticket';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** What a ticket opens: a route key and its query, parameters sorted and without duplicates. */
export function streamOf(routeKey: string, query: ReadonlyArray<readonly [string, string]>): string {
  const pairs = [...new Set(query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`))];
  return `${routeKey}?${pairs.sort().join('&')}`;
}

interface TicketValue {
  userId: string;
  sessionId: string;
  stream: string;
}

export async function issueStreamTicket(
  db: Db,
  value: TicketValue,
  now: number,
): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + TICKET_TTL_MS);
  // Tickets never redeemed go when a new one is asked for.
  await db
    .delete(verification)
    .where(and(eq(verification.identifier, STREAM_TICKET), lt(verification.expiresAt, new Date(now))));
  await db.insert(verification).values({
    id: hashOf(ticket),
    identifier: STREAM_TICKET,
    value: JSON.stringify(value),
    expiresAt,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * The user and session of a ticket for this stream, used up by the asking (even when refused, so a
 * ticket seen once is worth nothing). Unknown, used, expired or for another stream: 401 UNAUTHORIZED.
 */
export async function redeemStreamTicket(
  db: Db,
  ticket: string,
  stream: string,
  now: number,
): Promise<{ userId: string; sessionId: string }> {
  if (!ticket || ticket.length > 100) throw new ApiError('UNAUTHORIZED');
  const [row] = await db
    .delete(verification)
    .where(and(eq(verification.id, hashOf(ticket)), eq(verification.identifier, STREAM_TICKET)))
    .returning({ value: verification.value, expiresAt: verification.expiresAt });
  if (!row || row.expiresAt.getTime() <= now) throw new ApiError('UNAUTHORIZED');
  const value = JSON.parse(row.value) as TicketValue;
  if (value.stream !== stream) throw new ApiError('UNAUTHORIZED');
  return { userId: value.userId, sessionId: value.sessionId };
}
