import * as api from '../schemas/index.ts';
import { json, list, route } from './define.ts';

export const embedApi = {
  create: route({
    method: 'POST',
    path: '/group-account/:groupId/embed-keys',
    tag: 'embed',
    summary: "Create an embed key for the board's elements on the given origins; the secret is shown once",
    body: api.embedKeyRequest,
    response: json(api.createdEmbedKey, 201),
  }),
  list: route({
    method: 'GET',
    path: '/group-account/:groupId/embed-keys',
    tag: 'embed',
    summary: "The board's embed keys (no secrets)",
    response: list(api.embedKey),
  }),
  revoke: route({
    method: 'DELETE',
    path: '/group-account/:groupId/embed-keys/:id',
    tag: 'embed',
    summary: 'Revoke an embed key: tokens signed with it stop at once',
    response: json(api.deleted),
  }),
} as const;
