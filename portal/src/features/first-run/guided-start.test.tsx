import type { ApiAccount, Board, DemoStart } from '@saldo/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { getCurrentBoardId } from '../../lib/auth-storage';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { apiAccount, board } from '../../test/fixtures';
import { $, freshScreen, renderWithProviders, settle, text, typeInto } from '../../test/render';
import { GuidedStart } from './guided-start';

const ACCOUNT = apiAccount({
  _id: 'acc-demo',
  name: 'Nordlys Energiteknikk AS (demo)',
  provider: 'demo',
  syncInfo: { status: 'queued', percentage: 0, lastSyncedAt: null, error: null },
  createdAt: '2026-11-25T10:00:00.000Z',
});
const BOARD = board({
  _id: 'board-demo',
  name: 'Nordlys Energiteknikk AS',
  apis: ['acc-demo'],
  apiAccounts: [{ _id: 'acc-demo', name: ACCOUNT.name, provider: 'demo' }],
});

async function click(selector: string) {
  const el = $<HTMLButtonElement>(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  await act(async () => el.click());
  await settle();
}

freshScreen('nor');

describe('GuidedStart', () => {
  it('offers the three ways to a board, in Norwegian and English', async () => {
    stubFetch(() => json(200, []));
    renderWithProviders(<GuidedStart />);
    expect(text('h2')).toBe('Kom i gang med Saldo');
    const paths = [...document.body.querySelectorAll('.guided-path h3')].map((h) => h.textContent);
    expect(paths).toEqual(['Koble til Tripletex', 'Last opp en SAF-T-fil', 'Prøv demoselskapetRaskest']);
    expect(text('[data-testid="guided-demo-button"]')).toBe('Prøv demoen');

    await act(() => i18n.changeLanguage('en'));
    expect(text('h2')).toBe('Get started with Saldo');
    expect(text('[data-testid="guided-tripletex-button"]')).toBe('Connect Tripletex');
    expect(text('[data-testid="guided-saft-button"]')).toBe('Upload file');
    expect(text('[data-testid="guided-demo-button"]')).toBe('Try the demo');
  });

  it('makes the demo company in one call, selects its board and reloads the boards', async () => {
    const started: DemoStart = { board: BOARD, apiAccount: ACCOUNT };
    // The server's boards: none, until the demo made one.
    let boards: Board[] = [];
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/api-account/demo') {
        boards = [BOARD];
        return json(201, started);
      }
      return json(200, call.url === '/api/group-account' ? boards : []);
    });
    renderWithProviders(<GuidedStart />);
    await click('[data-testid="guided-demo-button"]');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/api-account/demo', {}],
    ]);
    expect(getCurrentBoardId()).toBe('board-demo');
    // The board list was read again after the demo was made, and holds it.
    const reads = calls.map((c) => `${c.method} ${c.url}`);
    expect(reads.indexOf('GET /api/group-account', reads.indexOf('POST /api/api-account/demo'))).toBeGreaterThan(0);
    expect(text('[data-testid="notification"]')).toContain('Demoselskapet er klart – tallene hentes nå');
  });

  it('says why the demo was refused, and offers it again', async () => {
    stubFetch(() =>
      json(402, {
        code: 'PLAN_READ_ONLY',
        message: "Read-only: the trial or subscription of this board's owner has ended.",
      }),
    );
    renderWithProviders(<GuidedStart />);
    await click('[data-testid="guided-demo-button"]');
    expect(text('[data-testid="guided-start-error"]')).toMatch(/^Skrivebeskyttet: prøveperioden/);
    expect($<HTMLButtonElement>('[data-testid="guided-demo-button"]')?.disabled).toBe(false);
    expect(getCurrentBoardId()).toBeNull();
  });

  it('opens the Tripletex dialog, and makes a board over the account it adds', async () => {
    const tripletex: ApiAccount = { ...ACCOUNT, _id: 'acc-tx', name: 'Fjord AS', provider: 'tripletex' };
    const made: Board = { ...BOARD, _id: 'board-tx', name: 'Fjord AS', apis: ['acc-tx'] };
    let boards: Board[] = [];
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/api-account') return json(201, tripletex);
      if (call.method === 'POST' && call.url === '/api/group-account') {
        boards = [made];
        return json(201, made);
      }
      return json(200, call.url === '/api/group-account' ? boards : []);
    });
    renderWithProviders(<GuidedStart />);
    await click('[data-testid="guided-tripletex-button"]');
    const form = $<HTMLFormElement>('[data-testid="tripletex-form"]');
    expect(form).not.toBeNull();
    const input = (name: string) => form!.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    typeInto(input('name'), 'Fjord AS');
    typeInto(input('consumerId'), 'consumer-0123456789');
    typeInto(input('apiKey'), 'employee-0123456789');
    typeInto(input('expirationDate'), `${new Date().getFullYear() + 1}-12-31`);
    await click('[data-testid="tripletex-submit"]');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/api-account', '/api/group-account']);
    expect(posts[1]!.body).toEqual({ name: 'Fjord AS', apis: ['acc-tx'] });
    expect(getCurrentBoardId()).toBe('board-tx');
    expect($('[data-testid="tripletex-modal"]')).toBeNull();
  });

  it('opens the SAF-T upload dialog', async () => {
    stubFetch(() => json(200, []));
    renderWithProviders(<GuidedStart />);
    await click('[data-testid="guided-saft-button"]');
    expect($('[data-testid="saft-modal"]')).not.toBeNull();
    expect(text('[data-testid="saft-modal"] h2')).toBe('Last opp SAF-T-fil');
  });
});
