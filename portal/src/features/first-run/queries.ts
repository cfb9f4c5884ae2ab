import type { DemoStart } from '@saldo/contract';
import { api } from '../../lib/api';

/** The demo company in one call: its API account and a board over it; the server queues the first sync. */
export function startDemo(): Promise<DemoStart> {
  return api.post('/api-account/demo');
}
