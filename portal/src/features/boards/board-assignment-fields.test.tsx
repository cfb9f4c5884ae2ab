import type { TagMember } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { board } from '../../test/fixtures';
import { $$, freshScreen, renderWithProviders, settle } from '../../test/render';
import { assignmentOf, BoardAssignmentFields } from './board-assignment-fields';

const grant = (tag: string, userId: string, name: string): TagMember => ({
  tag,
  userId,
  name,
  email: `${userId}@example.no`,
  role: 'Viewer',
  addedAt: '2026-11-20T09:00:00.000Z',
  boards: 1,
});

freshScreen();

describe('the responsible accountant’s choices', () => {
  it('offer a colleague with a role on one of the board’s tags, and not one on another tag', async () => {
    stubFetch((call) => {
      if (call.url === '/api/team/members') return json(200, []);
      if (call.url === '/api/team/tag-members')
        return json(200, [grant('Bygg', 'u2', 'Kari Klient'), grant('Agder', 'u3', 'Ola Revisor')]);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    const owned = board({ tags: ['Bygg'], responsible: null });
    renderWithProviders(<BoardAssignmentFields board={owned} value={assignmentOf(owned)} onChange={() => {}} />);
    await settle();
    expect($$('[data-testid=board-responsible] option').map((o) => o.textContent)).toEqual(['No one', 'Kari Klient']);
  });
});
