import type { BillingStatus } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { appPerTest, DAY } from '../../test/app-per-test.ts';

/**
 * Issue 27: a member who pays nothing (Viewer, Editor, Admin of someone else's boards) is not asked to
 * pay. What the server decides: billing names the owners whose plans count and tells no trial, checkout
 * refuses, and the menu offers no source or board of their own.
 */

const app = appPerTest();
const { send } = app;

/** Invites `email` to the demo board with `role`; they sign up with the link and log in. */
async function member(email: string, role: 'Viewer' | 'Editor' | 'Admin'): Promise<string> {
  expect(
    (await send('POST', '/api/team/invitations', app.owner, { email, role, groupIds: [app.t.boardId] })).status,
  ).toBe(201);
  const mail = (await app.t.deps.mailer.outbox!.list()).find((m) => m.to === email)!;
  const token = new URL(mail.links.find((l) => l.includes('/confirm-invitation?token='))!).searchParams.get('token');
  const signup = await send('POST', '/api/auth/signup', undefined, {
    email,
    password: 'Klient1234',
    firstName: 'Kari',
    lastName: 'Klient',
    termsAccepted: true,
    invitationToken: token,
  });
  expect(signup.status).toBe(201);
  const login = await send('POST', '/api/auth/login', undefined, { email, password: 'Klient1234' });
  expect(login.status).toBe(200);
  return (await login.json()).jwtToken;
}

const billing = async (token: string): Promise<BillingStatus> => {
  const res = await send('GET', '/api/billing/subscription', token);
  expect(res.status).toBe(200);
  return res.json();
};
const permissionsOf = (menu: Array<{ name: string; permissions: string[] }>, name: string) =>
  menu.find((m) => m.name === name)?.permissions;

describe('a member of boards others own', () => {
  it.each(['Viewer', 'Editor', 'Admin'] as const)(
    'as %s: billing names the owner, tells no trial; checkout refuses',
    async (role) => {
      const token = await member(`${role.toLowerCase()}@klient.no`, role);
      const status = await billing(token);
      expect(status).toMatchObject({
        payer: 'owners',
        owners: [{ name: 'Demo Bruker', email: 'demo@saldo.no', readOnly: false }],
        trialEndsAt: null,
        subscription: null,
      });
      const checkout = await send('POST', '/api/billing/checkout', token, { planId: 'company' });
      expect(checkout.status).toBe(409);
      expect((await checkout.json()).code).toBe('BILLING_MEMBER');

      // The menu offers sources to look at, not to add; the boards keep what the role gives.
      const me = await (await send('GET', '/api/profile/me', token)).json();
      expect(permissionsOf(me.menu, 'ApiAccount')).toEqual(['View']);
      expect(permissionsOf(me.menu, 'GroupAccount')).toEqual(role === 'Viewer' ? ['View'] : ['*']);
    },
  );

  it("follows the owner's plan: their boards read-only once the owner's trial is over", async () => {
    await member('kari@klient.no', 'Editor');
    const [demo] = await app.t.deps.db
      .select({ trialEndsAt: user.trialEndsAt })
      .from(user)
      .where(eq(user.email, 'demo@saldo.no'));
    expect(demo?.trialEndsAt).toBeTruthy();
    app.clock = demo!.trialEndsAt!.getTime() + DAY;
    const login = await send('POST', '/api/auth/login', undefined, { email: 'kari@klient.no', password: 'Klient1234' });
    const token = (await login.json()).jwtToken as string;
    // The member's own trial (begun at signup) still runs; the owner's ended, and that is what counts.
    expect(await billing(token)).toMatchObject({
      payer: 'owners',
      owners: [{ email: 'demo@saldo.no', readOnly: true }],
    });
    const rename = await send('PUT', `/api/group-account/${app.t.boardId}`, token, { name: 'Nytt navn' });
    expect((await rename.json()).code).toBe('PLAN_READ_ONLY');
  });

  it('pays for their own use once they own a source, and the owner always does', async () => {
    const token = await member('kari@klient.no', 'Viewer');
    expect((await billing(token)).payer).toBe('owners');
    const added = await send('POST', '/api/api-account', token, { provider: 'demo', name: 'Eget selskap' });
    expect(added.status).toBe(201);
    const own = await billing(token);
    expect(own).toMatchObject({ payer: 'self', owners: [], state: 'trial' });
    expect(own.trialEndsAt).not.toBeNull();
    const me = await (await send('GET', '/api/profile/me', token)).json();
    expect(permissionsOf(me.menu, 'ApiAccount')).toEqual(['*']);

    expect(await billing(app.owner)).toMatchObject({ payer: 'self', owners: [], state: 'trial' });
  });
});
