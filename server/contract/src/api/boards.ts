import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { lineText } from '../schemas/text.ts';
import { json, list, route } from './define.ts';

const widgetList = z
  .array(
    z.object({
      id: z.string().min(1).max(100),
      name: lineText(100).default(''),
      widget: z.string().max(50).default(''),
      x: z.number().int().min(0),
      y: z.number().int().min(0),
      width: z.number().int().min(1).max(48),
      height: z.number().int().min(1).max(100),
      view: z.enum(['single', 'comparison']).default('single'),
      note: z.string().max(1000).nullable().optional(),
    }),
  )
  .max(100);
const subBoardBody = z.object({ name: lineText(100).optional(), widgets: widgetList.optional() });

export const boardApi = {
  list: route({
    method: 'GET',
    path: '/group-account',
    tag: 'boards',
    summary: 'The boards (group accounts) of the user',
    response: list(api.board),
  }),
  one: route({
    method: 'GET',
    path: '/group-account/:id',
    tag: 'boards',
    summary: 'One board',
    response: json(api.board),
  }),
  create: route({
    method: 'POST',
    path: '/group-account',
    tag: 'boards',
    summary: 'Create a board over some of the user’s API accounts (none is allowed)',
    body: api.boardCreate,
    response: json(api.board, 201),
  }),
  update: route({
    method: 'PUT',
    path: '/group-account/:id',
    tag: 'boards',
    summary: "Rename a board, set its fiscal year's start month, or change its API accounts",
    body: api.boardUpdate,
    response: json(api.board),
  }),
  assignment: route({
    method: 'PUT',
    path: '/group-account/:id/assignment',
    tag: 'boards',
    summary:
      "Set a board's tags (at most 20, each 1–40 characters, trimmed, the same kept once) and its responsible accountant (its owner or a member; null clears it): its owner or an Admin",
    body: api.boardAssignmentUpdate,
    response: json(api.boardAssignment),
    errors: { 400: 'RESPONSIBLE_NOT_MEMBER' },
  }),
  periods: route({
    method: 'GET',
    path: '/group-account/:groupId/periods',
    tag: 'boards',
    summary:
      "The board's first and last booked month (yyyy-mm, null without postings), its fiscal year's start month, and the one its SAF-T files count their periods from (to offer)",
    response: json(api.boardPeriods),
  }),
  delete: route({
    method: 'DELETE',
    path: '/group-account/:id',
    tag: 'boards',
    summary: "Delete a board (owner only); the owner's last one, or a member's only one, only with forced=forced",
    // 'forced': leave the owner or a member without a board (any other value is not forced).
    query: z.object({ forced: z.string().optional() }),
    response: json(api.deleted),
  }),
  subBoards: route({
    method: 'GET',
    path: '/dashboard-folders/:groupId',
    tag: 'sub-boards',
    summary: "The board's sub-boards, oldest first",
    response: list(api.subBoard),
  }),
  createSubBoard: route({
    method: 'POST',
    path: '/dashboard-folders/:groupId',
    tag: 'sub-boards',
    summary: 'Create a sub-board',
    body: subBoardBody,
    response: json(api.subBoard, 201),
  }),
  updateSubBoard: route({
    method: 'PUT',
    path: '/dashboard-folders/:groupId/:subBoardId',
    tag: 'sub-boards',
    summary: 'Rename a sub-board, or save its widgets',
    body: subBoardBody,
    response: json(api.subBoard),
  }),
  deleteSubBoard: route({
    method: 'DELETE',
    path: '/dashboard-folders/:groupId/:subBoardId',
    tag: 'sub-boards',
    summary: 'Delete a sub-board',
    response: json(api.deleted),
  }),
} as const;
