import { errorMessage } from '@saldo/contract/errors/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const send = (method: string, path: string, body: object) =>
  t.request(path, { method, token, body: JSON.stringify(body) });

async function expectRefused(res: Response) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    code: 'CONTROL_CHARACTERS',
    message: 'Text may not contain control characters or, in names, line breaks',
  });
}

describe('control characters (issue 11, item 9)', () => {
  it('refuses a NUL in a board name with a clear message, and stores nothing', async () => {
    const before = await (await t.request('/api/group-account', { token })).json();
    await expectRefused(await send('POST', '/api/group-account', { name: 'NUL\u0000byte', apis: [] }));
    await expectRefused(await send('PUT', `/api/group-account/${t.boardId}`, { name: 'NUL\u0000byte' }));
    const after = await (await t.request('/api/group-account', { token })).json();
    expect(after).toEqual(before);
    expect(after.map((b: { name: string }) => b.name)).not.toContain('NUL');
  });

  it('refuses control characters and line breaks in every kind of name', async () => {
    for (const name of ['a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'two\nlines', 'tab\there']) {
      await expectRefused(await send('POST', `/api/dashboard-folders/${t.boardId}`, { name }));
      await expectRefused(await send('PATCH', '/api/profile/me', { firstName: name }));
      await expectRefused(await send('POST', '/api/api-account', { provider: 'demo', name }));
      await expectRefused(
        await send('POST', `/api/widgets/${t.boardId}/custom/create`, {
          name,
          type: 'accountRange',
          range: { from: '3000', to: '3999' },
        }),
      );
    }
  });

  it('refuses them anywhere else in a body, but keeps line breaks where text may have them', async () => {
    await expectRefused(
      await send('PATCH', `/api/widgets/board-preference/${t.boardId}/update`, {
        widgets: [{ id: 'w1', widget: 'turnover', x: 0, y: 0, width: 6, height: 4, note: 'bad\u0000note' }],
      }),
    );
    const ok = await send('PATCH', `/api/widgets/board-preference/${t.boardId}/update`, {
      widgets: [{ id: 'w1', widget: 'turnover', x: 0, y: 0, width: 6, height: 4, note: 'line one\nline two' }],
    });
    expect(ok.status).toBe(200);
  });

  it('keeps names with letters from every language, trimmed', async () => {
    const res = await send('POST', '/api/group-account', { name: '  Ærlig Østlandsk Åpen 株式会社 ✓  ', apis: [] });
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe('Ærlig Østlandsk Åpen 株式会社 ✓');
  });

  it('has the message in Norwegian too', () => {
    expect(errorMessage('CONTROL_CHARACTERS', 'nor')).toBe(
      'Teksten kan ikke inneholde kontrolltegn, og navn kan ikke inneholde linjeskift',
    );
  });
});
