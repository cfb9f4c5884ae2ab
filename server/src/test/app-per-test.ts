import { beforeEach } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions, type TestResponse } from './create-test-app.ts';

export const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-24T09:00:00Z');

export interface AppPerTest {
  /** The app of the running test. */
  t: TestApp;
  /** The demo owner's access token, logged in before each test. */
  owner: string;
  /** The app's clock in ms, at 2026-11-24 09:00 UTC when each test starts; a test moves it by hand. */
  clock: number;
  /** One call as `token` (none: anonymous), the body sent as JSON. */
  send(method: string, path: string, token: string | undefined, body?: object): Promise<TestResponse>;
}

/**
 * A fresh app before each test, on a clock the test moves, with the demo owner logged in: what the tests of
 * invitations, members, payers and public links each set up the same way.
 */
export function appPerTest(options: Omit<TestAppOptions, 'now'> = {}): AppPerTest {
  const app: AppPerTest = {
    t: undefined as unknown as TestApp,
    owner: '',
    clock: START,
    send: (method, path, token, body) =>
      app.t.request(path, { method, token, ...(body ? { body: JSON.stringify(body) } : {}) }),
  };
  beforeEach(async () => {
    app.clock = START;
    app.t = await createTestApp({ ...options, now: () => app.clock });
    app.owner = (await app.t.login()).jwtToken;
  });
  return app;
}
