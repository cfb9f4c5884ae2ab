import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { FEEDBACK_MAX_CHARS } from '../types/constants.ts';
import { json, list, notJson, route } from './define.ts';

/** The OpenAPI document: only its frame is ours, the rest is hono-openapi's. */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({}),
  paths: z.record(z.string(), z.unknown()),
});

export const helpApi = {
  openApi: route({
    method: 'GET',
    path: '/openapi.json',
    tag: 'help',
    summary: 'This document: the API in OpenAPI 3',
    // The document does not describe itself.
    hidden: true,
    response: json(openApiDocument),
  }),
  // The API reference rendered from it, and the reference's own script, stylesheet and icon.
  docs: route({
    method: 'GET',
    path: '/docs',
    tag: 'help',
    // The server adds the pinned Swagger UI's version.
    summary: 'The API reference: Swagger UI on /api/openapi.json',
    response: notJson,
  }),
  docsAsset: route({
    method: 'GET',
    path: '/docs/assets/:file',
    tag: 'help',
    summary: "The API reference's script, stylesheet and icon",
    hidden: true,
    response: notJson,
  }),
  // Help: feedback and bug reports go to the install's address, whatever the caller's plan.
  feedbackStatus: route({
    method: 'GET',
    path: '/feedback/status',
    tag: 'help',
    summary: 'Whether this server takes feedback and bug reports (SALDO_FEEDBACK_EMAIL is set)',
    response: json(api.feedbackStatus),
  }),
  feedback: route({
    method: 'POST',
    path: '/feedback',
    tag: 'help',
    summary: `Send a bug report or feedback (\`kind\`, a \`message\` of at most ${FEEDBACK_MAX_CHARS} characters, the \`page\`) to the server's feedback address`,
    body: api.feedbackRequest,
    response: json(api.sent, 201),
  }),
  outbox: route({
    method: 'GET',
    path: '/dev/outbox',
    tag: 'dev',
    summary: 'Messages in the local outbox, newest first (development only, loopback callers only)',
    response: list(api.outboxMessage),
  }),
} as const;
