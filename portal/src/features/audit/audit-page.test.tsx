import type { AuditEvent } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { $, $$, click, freshScreen, renderRoutes, settle, text } from '../../test/render';
import { AdminAuditPage } from '../admin/audit-page';
import { AuditPage } from './audit-page';

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  _id: '1',
  at: '2026-11-24T09:05:00.000Z',
  actorId: 'u1',
  actorEmail: 'kari@example.no',
  action: 'share.created',
  groupId: 'b1',
  target: { linkId: 'abc' },
  ip: '203.0.113.7',
  ...over,
});

/** The board list the page names its board from; everything else is `answer`'s. */
const withBoards = (answer: Parameters<typeof stubFetch>[0]) =>
  stubFetch((call) =>
    call.url.includes('/api/group-account') ? json(200, [{ _id: 'b1', name: 'Nordlys AS' }]) : answer(call),
  );

async function render(path: string, pattern: string, node: React.ReactNode) {
  renderRoutes([{ path: pattern, element: node }], path);
  await settle();
}

freshScreen();

describe('the board’s audit trail', () => {
  it('lists when, who, what and from where, newest first, and pages on with “Show more”', async () => {
    const calls = withBoards((call) => {
      if (call.url.includes('before=')) {
        return json(200, {
          events: [event({ _id: '1', action: 'plan.changed', actorId: null, actorEmail: null, ip: null })],
          next: null,
        });
      }
      return json(200, {
        events: [event({ _id: '3', action: 'member.removed', target: { userId: 'u2', email: 'ola@example.no' } })],
        next: '2026-11-24T09:05:00.000Z_3',
      });
    });
    await render('/group/b1/audit', '/group/:boardId/audit', <AuditPage />);
    expect(calls.find((c) => c.url.includes('/api/audit'))!.url).toMatch(/\/api\/audit\?groupId=b1&limit=50$/);
    const cells = $$('[data-testid=audit-event] td').map((td) => td.textContent);
    expect(cells[0]).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d$/);
    expect(cells.slice(1)).toEqual(['kari@example.no', 'Removed a memberola@example.no', '203.0.113.7']);
    await click($('[data-testid=audit-more]'));
    expect(calls.filter((c) => c.url.includes('/api/audit')).at(-1)!.url).toContain(
      'before=2026-11-24T09%3A05%3A00.000Z_3',
    );
    expect($$('[data-testid=audit-event]').map((r) => r.getAttribute('data-action'))).toEqual([
      'member.removed',
      'plan.changed',
    ]);
    expect(text('[data-testid=audit-event]:last-child td:nth-child(2)')).toBe('Saldo (automatic)');
    expect($('[data-testid=audit-more]')).toBeNull();
  });

  it('says so when nothing is recorded', async () => {
    withBoards(() => json(200, { events: [], next: null }));
    await render('/group/b1/audit', '/group/:boardId/audit', <AuditPage />);
    expect(text('[data-testid=audit-empty]')).toBe('Nothing recorded yet.');
  });

  it('shows the refusal of a Viewer as an error', async () => {
    withBoards(() => json(403, { code: 'BOARD_SHARE_NOT_ALLOWED', message: 'no' }));
    await render('/group/b1/audit', '/group/:boardId/audit', <AuditPage />);
    expect(text('[data-testid=audit-error]')).toContain('The audit trail could not be loaded');
  });

  it('shows a SuperAdmin every record, with its board, asking for no board', async () => {
    const calls = withBoards(() =>
      json(200, { events: [event({ action: 'admin.user_plan_changed', groupId: null })], next: null }),
    );
    await render('/admin/audit', '/admin/audit', <AdminAuditPage />);
    expect(calls.find((c) => c.url.includes('/api/audit'))!.url).toMatch(/\/api\/audit\?limit=50$/);
    expect(text('[data-testid=audit-event] td:nth-child(3)')).toBe("Changed a user's free use");
  });

  it('names a role, a status and a plan in the reader’s language, a billing plan by its name', async () => {
    await i18n.changeLanguage('nor');
    withBoards((call) =>
      call.url.includes('/api/billing/plans')
        ? json(200, [{ id: 'company', name: { no: 'Selskapsplan', en: 'Company plan' } }])
        : json(200, {
            events: [
              event({ _id: '3', action: 'invite.sent', target: { email: 'ola@example.no', role: 'Viewer' } }),
              event({
                _id: '2',
                action: 'admin.user_status_changed',
                groupId: null,
                target: { status: 'deactivated' },
              }),
              event({
                _id: '1',
                action: 'plan.changed',
                groupId: null,
                target: { change: 'plan', from: null, to: 'company' },
              }),
            ],
            next: null,
          }),
    );
    await render('/admin/audit', '/admin/audit', <AdminAuditPage />);
    expect($$('[data-testid=audit-event] td:nth-child(3) .muted').map((d) => d.textContent)).toEqual([
      'ola@example.no · Leser',
      'Deaktivert',
      'Selskapsplan',
    ]);
  });
});
