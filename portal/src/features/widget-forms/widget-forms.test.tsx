import type { Board } from '@saldo/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { storedRatio } from '../../test/fixtures';
import { renderWithProviders as render, typeInto } from '../../test/render';
import { ConsolidationForm } from './consolidation-form';
import { CustomWidgetForm } from './custom-widget-form';

// The dialogs are portalled to <body>.
const $ = <T extends Element>(selector: string, scope: ParentNode = document.body) => scope.querySelector<T>(selector);
const $$ = (selector: string, scope: ParentNode = document.body) => [...scope.querySelectorAll(selector)];
const chips = (scope: ParentNode = document.body) =>
  $$('[data-testid=account-chip]', scope).map((el) => el.getAttribute('data-account'));

function enter(input: HTMLInputElement) {
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('CustomWidgetForm', () => {
  it('adds accounts with Enter, refuses bad ones and duplicates, and posts the range', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? json(201, { _id: 'w1', groupId: 'b1', name: 'Salg', type: 'accountRange', view: 'single', note: null })
        : json(200, []),
    );
    const onSaved = vi.fn();
    render(<CustomWidgetForm boardId="b1" widget={null} onClose={() => {}} onSaved={onSaved} />);
    const form = $('[data-testid=custom-widget-form]')!;
    expect(form).not.toBeNull();
    const input = $<HTMLInputElement>('[data-testid=account-input]', form)!;

    act(() => typeInto(input, '0300'));
    act(() => enter(input));
    expect($('[data-testid=account-error]')?.textContent).toBe(
      'Account numbers are four digits or x, not starting with 0 or x',
    );
    expect(chips()).toEqual([]);

    act(() => typeInto(input, '3XXX'));
    expect($('[data-testid=account-error]')).toBeNull();
    act(() => enter(input));
    expect(chips()).toEqual(['3xxx']);
    expect(input.value).toBe('');

    act(() => typeInto(input, '3xxx'));
    act(() => enter(input));
    expect($('[data-testid=account-error]')?.textContent).toBe('3xxx is already added');
    expect(chips()).toEqual(['3xxx']);

    // Enter never submitted the form.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Without a name nothing is sent.
    await act(async () => $<HTMLButtonElement>('[data-testid=custom-widget-submit]')!.click());
    expect($('[data-testid=name-error]')?.textContent).toBe('Name is required');
    act(() => typeInto($<HTMLInputElement>('[data-testid=custom-widget-name]')!, 'Salg'));
    await act(async () => $<HTMLButtonElement>('[data-testid=custom-widget-submit]')!.click());
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/widgets/b1/custom/create');
    expect(post.body).toEqual({
      name: 'Salg',
      type: 'accountRange',
      range: { from: '3xxx', to: '3xxx' },
      view: 'single',
    });
    expect(onSaved.mock.calls[0]?.[1]).toBe(true);
  });

  it('searches the board’s accounts from 2 characters, and a result adds its number', async () => {
    const calls = stubFetch((call) =>
      call.url.includes('/accounts?q=')
        ? json(200, [{ number: 5000, name: 'Lønn til ansatte', nameEn: 'Salaries', type: 'expense' }])
        : json(200, []),
    );
    render(<CustomWidgetForm boardId="b1" widget={null} onClose={() => {}} onSaved={() => {}} />);
    const input = $<HTMLInputElement>('[data-testid=account-input]')!;
    act(() => typeInto(input, 'l'));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(calls.filter((c) => c.url.includes('/accounts'))).toHaveLength(0);
    expect($('[data-testid=account-search]')).toBeNull();

    act(() => typeInto(input, 'lø'));
    await vi.waitFor(() => expect($$('[data-testid=account-search-result]')).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/accounts'))?.url).toBe(
      `/api/widgets/b1/accounts?q=${encodeURIComponent('lø')}`,
    );
    expect($('[data-testid=account-search-result]')?.textContent).toBe('5000Salaries');
    act(() => $<HTMLButtonElement>('[data-testid=account-search-result]')!.click());
    expect(chips()).toEqual(['5000']);
  });

  it('edits a ratio filled in from the stored widget and shows the server’s error', async () => {
    const calls = stubFetch(() => json(400, { code: 'CUSTOM_WIDGET_UPDATE_FAILED', message: 'x' }));
    render(<CustomWidgetForm boardId="b1" widget={storedRatio({ _id: 'w9' })} onClose={() => {}} onSaved={() => {}} />);
    expect(chips($('[data-testid=account-entry-dividend]')!)).toEqual(['3000', '3999']);
    expect(chips($('[data-testid=account-entry-divisor]')!)).toEqual(['4xxx']);
    // A range holds two ends at most.
    const dividend = $<HTMLInputElement>('[data-testid=account-entry-dividend] [data-testid=account-input]')!;
    act(() => typeInto(dividend, '3500'));
    act(() => enter(dividend));
    expect($('[data-testid=account-error]')?.textContent).toBe('At most 2 accounts here: remove one first');
    await act(async () => $<HTMLButtonElement>('[data-testid=custom-widget-submit]')!.click());
    await vi.waitFor(() =>
      expect($('[data-testid=custom-widget-server-error]')?.textContent).toBe('Failed to update custom widget'),
    );
    expect(calls[0]).toMatchObject({ url: '/api/widgets/b1/custom/w9', method: 'PUT' });
  });
});

const board: Board = {
  _id: 'b1',
  name: 'Konsern',
  apis: ['a1', 'a2', 'a3'],
  apiAccounts: [
    { _id: 'a1', name: 'Mor AS', provider: 'demo' },
    { _id: 'a2', name: 'Datter AS', provider: 'demo' },
    { _id: 'a3', name: 'Søster AS', provider: 'demo' },
  ],
  widgets: [],
  widgetCount: 2,
  lastSyncedAt: null,
  publicLinks: 0,
  tags: [],
  responsible: null,
  role: 'owner',
  sharedBy: null,
};

describe('ConsolidationForm', () => {
  it('needs 2 APIs, then creates the group with the deducted accounts', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? json(201, { _id: 'c1', groupId: 'b1', name: 'Group', apis: ['a1', 'a2'], deductAccounts: [1500] })
        : json(200, null),
    );
    const onSaved = vi.fn();
    render(<ConsolidationForm board={board} onClose={() => {}} onSaved={onSaved} />);
    await vi.waitFor(() => expect($('[data-testid=consolidation-form]')).not.toBeNull());
    const boxes = $$('[data-testid=consolidation-api]') as HTMLInputElement[];
    expect(boxes).toHaveLength(3);
    act(() => boxes[0]!.click());
    await act(async () => $<HTMLButtonElement>('[data-testid=consolidation-submit]')!.click());
    expect($('[data-testid=consolidation-apis-error]')?.textContent).toBe('A consolidation needs at least 2 sources');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    act(() => boxes[1]!.click());
    const deduct = $<HTMLInputElement>('[data-testid=account-input]')!;
    act(() => typeInto(deduct, '15xx'));
    act(() => enter(deduct));
    expect($('[data-testid=account-error]')?.textContent).toBe('Account numbers are four digits, not starting with 0');
    act(() => typeInto(deduct, '1500'));
    act(() => enter(deduct));
    await act(async () => $<HTMLButtonElement>('[data-testid=consolidation-submit]')!.click());
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/consolidation/b1',
      body: { name: 'Group', apis: ['a1', 'a2'], deductAccounts: [1500] },
    });
  });

  it('opens filled in when the board has a group, and saves with PUT; shows the server’s message', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? json(409, { code: 'CONSOLIDATION_EXISTS', message: 'Consolidation group already exist' })
        : json(200, { _id: 'c1', groupId: 'b1', name: 'Gruppen', apis: ['a1', 'a3'], deductAccounts: [2400] }),
    );
    render(<ConsolidationForm board={board} onClose={() => {}} onSaved={() => {}} />);
    await vi.waitFor(() => expect($('[data-testid=consolidation-form]')).not.toBeNull());
    expect($<HTMLInputElement>('[data-testid=consolidation-name]')!.value).toBe('Gruppen');
    expect(($$('[data-testid=consolidation-api]') as HTMLInputElement[]).map((b) => b.checked)).toEqual([
      true,
      false,
      true,
    ]);
    expect(chips()).toEqual(['2400']);
    await act(async () => $<HTMLButtonElement>('[data-testid=consolidation-submit]')!.click());
    await vi.waitFor(() =>
      expect($('[data-testid=consolidation-server-error]')?.textContent).toBe('Consolidation group already exist'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Gruppen',
      apis: ['a1', 'a3'],
      deductAccounts: [2400],
    });
  });
});
