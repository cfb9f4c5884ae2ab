import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { freshScreen, renderRoutes, settle } from '../../test/render';
import { RegisterNotificationPage } from './register-notification-page';

freshScreen();

const render = () =>
  renderRoutes(
    [{ path: '/register-notification', element: <RegisterNotificationPage /> }],
    '/register-notification?email=a@b.no',
  );

describe('the verify-e-mail page and the development outbox', () => {
  it('asks the health check, never the outbox, and shows no outbox link where the server has none', async () => {
    const calls = stubFetch(() => json(200, { status: 'ok' }));
    render();
    await settle();
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/api/health']);
    expect(document.querySelector('[data-testid=open-outbox]')).toBeNull();
  });

  it('links to the outbox where the health check says it answers', async () => {
    const calls = stubFetch(() => json(200, { status: 'ok', devOutbox: true }));
    render();
    await settle();
    expect(calls.some((c) => c.url.includes('/dev/outbox'))).toBe(false);
    expect(document.querySelector('[data-testid=open-outbox]')?.getAttribute('href')).toBe('/dev/outbox');
  });
});
