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

  it('reads a running trial as trial, and as trialEnded from its end on', () => {
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt }, TEST_TODAY)).toBe('trial');
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt }, at(1))).toBe('trialEnded');
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt }, at(30))).toBe('trialEnded');
  });

  it('treats a trial without an end date as ended', () => {
    expect(lifecycleStatus({ status: 'active', plan: 'trial', trialEndsAt: null }, TEST_TODAY)).toBe('trialEnded');
  });

  it('reads free and paying accounts as active, whether or not the trial is over', () => {
    for (const plan of ['free', 'paid'] as const) {
      expect(lifecycleStatus({ status: 'active', plan, trialEndsAt }, TEST_TODAY)).toBe('active');
      expect(lifecycleStatus({ status: 'active', plan, trialEndsAt: at(-100) }, TEST_TODAY)).toBe('active');
    }
  });

  it('puts deactivated above every plan', () => {
    for (const plan of ['trial', 'free', 'paid'] as const) {
      expect(lifecycleStatus({ status: 'deactivated', plan, trialEndsAt }, TEST_TODAY)).toBe('deactivated');
    }
  });
});
