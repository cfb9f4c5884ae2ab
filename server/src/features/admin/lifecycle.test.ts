import { describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../../test/create-test-app.ts';
import { lifecycleStatus, TRIAL_DAYS, trialEndFrom } from './lifecycle.ts';

const day = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(TEST_TODAY.getTime() + offsetDays * day);

describe('trialEndFrom', () => {
  it('ends the trial TRIAL_DAYS (14) after the account was created', () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(trialEndFrom(new Date('2026-11-01T10:00:00Z')).toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });
});

describe('lifecycleStatus', () => {
  const trialEndsAt = at(1);
  const active = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: at(20) };

  it('reads a running trial as trial, and as trialEnded from its end on', () => {
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt }, null, TEST_TODAY)).toBe('trial');
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt }, null, at(1))).toBe('trialEnded');
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt }, null, at(30))).toBe('trialEnded');
  });

  it('treats a trial without an end date as ended', () => {
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt: null }, null, TEST_TODAY)).toBe(
      'trialEnded',
    );
  });

  it('reads free use and a running subscription as active, whether or not the trial is over', () => {
    for (const end of [trialEndsAt, at(-100)]) {
      expect(lifecycleStatus({ status: 'active', plan: 'free', trialEndsAt: end }, null, TEST_TODAY)).toBe('active');
      expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt: end }, active, TEST_TODAY)).toBe('active');
    }
  });

  it("reads a subscription's own states: past due, cancelled until its end, then ended", () => {
    const u = { status: 'active' as const, plan: 'trial' as const, trialEndsAt: at(-30) };
    expect(lifecycleStatus(u, { ...active, status: 'past_due' }, TEST_TODAY)).toBe('pastDue');
    expect(lifecycleStatus(u, { ...active, cancelAtPeriodEnd: true }, TEST_TODAY)).toBe('cancelled');
    expect(lifecycleStatus(u, { ...active, cancelAtPeriodEnd: true }, at(20))).toBe('ended');
    expect(lifecycleStatus(u, { ...active, status: 'canceled' }, TEST_TODAY)).toBe('ended');
  });

  it('puts deactivated above every plan and subscription', () => {
    for (const plan of ['trial', 'free'] as const) {
      for (const sub of [null, active]) {
        expect(lifecycleStatus({ status: 'deactivated', plan, trialEndsAt }, sub, TEST_TODAY)).toBe('deactivated');
      }
    }
  });
});
