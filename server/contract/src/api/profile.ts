import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { json, notJson, route } from './define.ts';

export const profileApi = {
  // Avatar files have random, unguessable names and are shown wherever the user appears.
  avatarFile: route({
    method: 'GET',
    path: '/profile/avatar/:file',
    tag: 'profile',
    summary: 'An avatar image (names are random and unguessable)',
    response: notJson,
  }),
  me: route({
    method: 'GET',
    path: '/profile/me',
    tag: 'profile',
    summary: 'The signed-in user',
    response: json(api.profile),
  }),
  update: route({
    method: 'PATCH',
    path: '/profile/me',
    tag: 'profile',
    summary: 'Update personal information and language',
    body: api.profileUpdate,
    response: json(api.profile),
  }),
  uploadAvatar: route({
    method: 'POST',
    path: '/profile/avatar',
    tag: 'profile',
    summary: 'Upload an avatar (png, jpg or svg, at most 2 MB) as multipart field `avatar`',
    response: json(api.profile),
  }),
  deleteAvatar: route({
    method: 'DELETE',
    path: '/profile/avatar',
    tag: 'profile',
    summary: 'Remove the avatar',
    response: json(api.profile),
  }),
  password: route({
    method: 'PATCH',
    path: '/profile/password',
    tag: 'profile',
    summary: 'Change the password; other sessions end, and a new token pair is returned',
    description:
      'A wrong current password counts against the account (5 in 15 minutes) and the client address (30); past either, 429 TOO_MANY_REQUESTS with Retry-After.',
    body: z.object({
      currentPassword: z.string().min(1).max(200),
      newPassword: z.string().min(1).max(200),
    }),
    response: json(api.passwordChangeResponse),
  }),
} as const;
