import * as api from '../schemas/index.ts';
import { alsoAt, json, route } from './define.ts';

export const healthApi = {
  health: route({
    method: 'GET',
    path: '/health',
    tag: 'health',
    summary: 'Whether the server and its database answer; a SuperAdmin also sees the database details',
    response: alsoAt(json(api.healthResponse), [503]),
  }),
} as const;
