import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { json, list, route } from './define.ts';

export const sharingApi = {
  create: route({
    method: 'POST',
    path: '/group-account/:groupId/public/share-board',
    tag: 'sharing',
    summary:
      'Make a public link to some widgets and pages of a board, optionally expiring and held to one period; its secret is answered once',
    body: api.shareRequest,
    response: json(api.shareResponse, 201),
  }),
  links: route({
    method: 'GET',
    path: '/group-account/:groupId/public/links',
    tag: 'sharing',
    summary: "A board's public links, newest first: created, expires, views, last view and what they show",
    response: list(api.shareLink),
  }),
  board: route({
    method: 'GET',
    path: '/public-share/board/:boardId',
    tag: 'sharing',
    summary: 'A public board: its shared widgets and pages (no login); 404 revoked, 410 expired',
    response: json(api.publicBoard),
  }),
  revoke: route({
    method: 'DELETE',
    path: '/public-share/board/:boardId',
    tag: 'sharing',
    summary: 'Revoke a public link (by its listed id or its secret): it answers 404 at once',
    response: json(api.deleted),
  }),
  email: route({
    method: 'POST',
    path: '/public-share/url/send-email',
    tag: 'sharing',
    summary: "E-mail a board's public link",
    // The board, which the access check reads (its handler answers a call without one).
    query: z.object({ groupId: z.string().optional() }),
    body: z.object({
      recipients: z.array(z.string().trim().max(254)).max(50).default([]),
      link: z.string().max(500),
    }),
    response: json(api.sent),
  }),
} as const;
