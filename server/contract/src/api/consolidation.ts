import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { lineText } from '../schemas/text.ts';
import { json, route } from './define.ts';

const fields = {
  name: lineText(100).min(1),
  apis: z.array(z.string().min(1)).max(50),
  deductAccounts: z.array(z.number().int().min(1000).max(9999)).max(200),
};

/** A board's consolidation group; its reports are fetched with `consolidated=true`. */
export const consolidationApi = {
  get: route({
    method: 'GET',
    path: '/consolidation/:groupId',
    tag: 'consolidation',
    summary: "The board's consolidation group, or null",
    response: json(api.consolidation.nullable()),
  }),
  create: route({
    method: 'POST',
    path: '/consolidation/:groupId',
    tag: 'consolidation',
    summary: 'Create the consolidation group of a board (2+ of its APIs)',
    body: z.object({ ...fields, deductAccounts: fields.deductAccounts.default([]) }),
    response: json(api.consolidation, 201),
  }),
  update: route({
    method: 'PUT',
    path: '/consolidation/:groupId',
    tag: 'consolidation',
    summary: 'Change the consolidation group of a board; a field left out keeps its value',
    // A PUT keeps every field its body leaves out: a rename does not drop the deducted accounts.
    body: z.object(fields).partial(),
    response: json(api.consolidation),
  }),
  delete: route({
    method: 'DELETE',
    path: '/consolidation/:groupId',
    tag: 'consolidation',
    summary: 'Remove the consolidation group',
    response: json(api.deleted),
  }),
} as const;
