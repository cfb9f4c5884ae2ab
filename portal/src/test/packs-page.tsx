import type { Board } from '@saldo/contract';
import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { act, fireEvent } from '@testing-library/react';
import { ReportPacksPage } from '../features/report-packs/report-packs-page';
import { type Call, json, stubFetch } from './fetch-stub';
import { board } from './fixtures';
import { $, click, renderRoutes, settle } from './render';

/**
 * Board b1's report packs page, holding `pack`, over a fake API: `answer` answers a call (by its path)
 * or leaves it (undefined) to the defaults: the board in the user's `role`, the pack, no schedule,
 * nothing sent and no team; anything else is not found.
 */
export function openPacksPage(
  pack: ReportPack,
  role: Board['role'],
  answer: (path: string, call: Call) => Response | undefined,
): Call[] {
  const calls = stubFetch((call) => {
    const path = new URL(call.url, 'http://saldo.test').pathname;
    const given = answer(path, call);
    if (given) return given;
    if (path === '/api/group-account') return json(200, [board({ role })]);
    if (path === '/api/report-packs/b1') return json(200, [pack]);
    if (path === `/api/report-packs/b1/${pack._id}/schedule`) return json(200, null);
    if (/^\/api\/report-packs\/b1\/[^/]+\/(snapshots|deliveries)$/.test(path) || path === '/api/team/members')
      return json(200, []);
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  renderRoutes([{ path: '/group/:boardId/report-packs', element: <ReportPacksPage /> }], '/group/b1/report-packs');
  return calls;
}

/** Opens the listed pack (its editor, sending and schedule) and lets them load. */
export async function openPack() {
  await settle();
  await click($('[data-testid="report-pack-open"]'));
  await settle();
}

/** Types a whole value into a field, as a user's edit React sees. */
export async function typeIn(el: Element | null, value: string) {
  await act(async () => {
    fireEvent.change(el as HTMLElement, { target: { value } });
  });
}
