import type { FirmProfileUpdate } from '@saldo/contract';
import { expect } from 'vitest';
import type { TestApp, TestResponse } from './create-test-app.ts';

// A firm's profile and logo as the tests of issue 30 set them up (features/firm, the role matrix).

/** A 1×1 PNG, as a file of any name holds it. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The profile of the firm in issue 30, as a client sends it. */
export const FIRM_PROFILE = {
  name: 'Accountflow AS',
  orgNumber: '918874224',
  primaryColor: '#0B6E4F',
  secondaryColor: '#f4d35e',
  senderName: 'Accountflow Regnskap',
  replyTo: 'Post@Accountflow.no',
} satisfies FirmProfileUpdate;

/** PUT /api/firm as `token`'s user, the profile above with `changes`. */
export const putFirm = (t: TestApp, token: string, changes: object = {}, query = '') =>
  t.request(`/api/firm${query}`, { method: 'PUT', token, body: JSON.stringify({ ...FIRM_PROFILE, ...changes }) });

/** PUT /api/firm/logo as `token`'s user: a file of these bytes, name and type as multipart field `logo`. */
export function putLogo(
  t: TestApp,
  token: string,
  bytes: Uint8Array = PNG,
  name = 'logo.png',
  type = 'image/png',
  query = '',
): Promise<TestResponse> {
  const form = new FormData();
  form.append('logo', new File([bytes], name, { type }));
  return t.request(`/api/firm/logo${query}`, { method: 'PUT', token, body: form });
}

/** The firm of `token`'s user gets the profile above and the PNG as its logo. */
export async function brandFirm(t: TestApp, token: string, changes: object = {}): Promise<void> {
  expect((await putFirm(t, token, changes)).status).toBe(200);
  expect((await putLogo(t, token)).status).toBe(200);
}
