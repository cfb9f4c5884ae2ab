import type { Profile } from '@saldo/contract';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-stub';
import { freshScreen, renderWithProviders, settle } from '../../test/render';
import { AvatarEditor } from './avatar-editor';

const PROFILE: Profile = {
  _id: 'u1',
  firstName: 'Ola',
  lastName: 'Nordmann',
  email: 'ola@example.no',
  companyName: null,
  phoneNumber: null,
  avatar: null,
  isVerified: true,
  role: { name: 'User' },
  menu: [],
  language: 'nor',
};

const $ = (testId: string) => document.body.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);

async function choose(file: File) {
  await act(async () => {
    fireEvent.change($('avatar-input')!, { target: { files: [file] } });
  });
  await settle();
}

freshScreen('nor');

describe('the avatar editor (the picture buttons it shares with the firm’s logo)', () => {
  it('refuses a file that is no picture before sending it, then uploads a PNG and says so', async () => {
    const calls: Array<{ url: string; method: string; form: boolean }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), method: init?.method ?? 'GET', form: init?.body instanceof FormData });
        return json(200, { ...PROFILE, avatar: '/api/profile/avatar/abcdefghijklmnopqrstuvwx.png' });
      }),
    );
    renderWithProviders(<AvatarEditor profile={PROFILE} />);
    await choose(new File(['tekst'], 'notater.txt', { type: 'text/plain' }));
    expect($('avatar-error')?.textContent).toBe('Bare bilder av typen png, jpg og svg er tillatt');
    expect($('avatar-upload')).toBeNull();
    await choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'meg.png', { type: 'image/png' }));
    expect($('avatar-error')).toBeNull();
    await act(async () => {
      fireEvent.click($('avatar-upload')!);
    });
    await settle();
    expect(calls).toEqual([{ url: '/api/profile/avatar', method: 'POST', form: true }]);
    expect(document.body.textContent).toContain('Profilbildet er oppdatert');
    // Back to choosing: the chosen file is gone.
    expect($('avatar-upload')).toBeNull();
    expect($('avatar-input')?.value).toBe('');
  });
});
