import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { events, json, route } from './define.ts';

/** How long a progress stream's ticket works (the server's access/stream-ticket.ts issues it). */
export const STREAM_TICKET_TTL_MS = 60_000;

export const syncApi = {
  start: route({
    method: 'POST',
    path: '/sync-board',
    tag: 'sync',
    summary: "Start syncing a board's valid API accounts (jobs run in the background)",
    body: z.object({ groupId: z.string().min(1).max(100) }),
    response: json(api.syncQueued, 202),
  }),
  ticket: route({
    method: 'POST',
    path: '/sync-board/progress/ticket',
    tag: 'sync',
    summary: `A single-use ticket, valid ${STREAM_TICKET_TTL_MS / 1000} s, that opens the progress stream of these API accounts (\`?ticket=…&apiIds[]=…\`): an EventSource cannot send the access token as a header`,
    body: api.progressTicketRequest,
    response: json(api.progressTicket, 201),
  }),
  progress: route({
    method: 'GET',
    path: '/sync-board/progress',
    tag: 'sync',
    summary:
      'Server-Sent Events (`syncing_board`) with each API account’s syncInfo, the average progress and isSyncDone; ends when done',
    response: events({ syncing_board: api.syncProgressMessage }),
  }),
} as const;
