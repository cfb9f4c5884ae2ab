import { describe, expect, it } from 'vitest';
import { dueRun, nextSendDay, periodOf, runSlot, type ScheduleTiming } from './schedule.ts';

// Each case worked out on a calendar by hand.
const timing = (over: Partial<ScheduleTiming>): ScheduleTiming => ({
  rule: 'monthly',
  day: 5,
  since: '2026-01-01',
  bookedSince: null,
  ...over,
});
const run = (from: string, to: string, startDate: string, endDate: string, dueOn: string) => ({
  from,
  to,
  startDate,
  endDate,
  dueOn,
});

describe('a report pack schedule', () => {
  it('monthly: the month before, from its send day on, once the schedule existed by then', () => {
    const monthly = timing({});
    // Until October's send day, September's run is the one owed (made once: its slot says whether it was).
    expect(dueRun(monthly, '2026-11-04', null, false)?.from).toBe('2026-09');
    expect(dueRun(monthly, '2026-11-05', null, false)).toEqual(
      run('2026-10', '2026-10', '2026-10-01', '2026-10-31', '2026-11-05'),
    );
    expect(dueRun(monthly, '2026-11-30', null, false)?.from).toBe('2026-10');
    // February's send day is in March, and the year turns.
    expect(dueRun(monthly, '2027-01-05', null, false)).toEqual(
      run('2026-12', '2026-12', '2026-12-01', '2026-12-31', '2027-01-05'),
    );
    expect(dueRun(timing({ day: 1, since: '2024-01-01' }), '2024-03-01', null, false)?.endDate).toBe('2024-02-29');
    // Made on the 10th: October's send day (5 November) came before it.
    expect(dueRun(timing({ since: '2026-11-10' }), '2026-11-20', null, false)).toBeNull();
    expect(dueRun(timing({ since: '2026-11-10' }), '2026-12-05', null, false)?.from).toBe('2026-11');
    expect(nextSendDay(timing({ since: '2026-11-10' }), '2026-11-20')).toBe('2026-12-05');
  });

  it('quarterly and every four months: the calendar quarter and third of the year', () => {
    expect(periodOf('quarterly', '2026-05')).toEqual({ from: '2026-04', to: '2026-06' });
    expect(periodOf('four-monthly', '2026-05')).toEqual({ from: '2026-05', to: '2026-08' });
    expect(periodOf('four-monthly', '2026-12')).toEqual({ from: '2026-09', to: '2026-12' });
    const quarterly = timing({ rule: 'quarterly', day: 10 });
    expect(dueRun(quarterly, '2026-04-09', null, false)?.from).toBe('2025-10');
    expect(dueRun(quarterly, '2026-04-10', null, false)).toEqual(
      run('2026-01', '2026-03', '2026-01-01', '2026-03-31', '2026-04-10'),
    );
    // Down in April: the first quarter is still owed until the second one's day.
    expect(dueRun(quarterly, '2026-07-09', null, false)?.from).toBe('2026-01');
    expect(dueRun(quarterly, '2026-07-10', null, false)?.from).toBe('2026-04');
    const thirds = timing({ rule: 'four-monthly', day: 1 });
    expect(dueRun(thirds, '2026-05-01', null, false)).toEqual(
      run('2026-01', '2026-04', '2026-01-01', '2026-04-30', '2026-05-01'),
    );
    expect(dueRun(thirds, '2027-01-01', null, false)?.endDate).toBe('2026-12-31');
    expect(nextSendDay(thirds, '2026-05-01')).toBe('2026-09-01');
  });

  it('a day past 28 is 28, and none is the 5th', () => {
    expect(dueRun(timing({ day: 31 }), '2026-03-28', null, false)?.dueOn).toBe('2026-03-28');
    expect(dueRun(timing({ day: null }), '2026-03-05', null, false)?.dueOn).toBe('2026-03-05');
  });

  it('when booked: the last booked month once it is over, no sync runs, and it came after the schedule', () => {
    const booked = timing({ rule: 'when-booked', day: null, bookedSince: '2026-09' });
    expect(dueRun(booked, '2026-11-03', '2026-10', false)).toEqual(
      run('2026-10', '2026-10', '2026-10-01', '2026-10-31', '2026-11-03'),
    );
    expect(dueRun(booked, '2026-11-03', '2026-10', true)).toBeNull();
    expect(dueRun(booked, '2026-11-03', '2026-09', false)).toBeNull();
    expect(dueRun(booked, '2026-11-20', '2026-11', false)).toBeNull();
    expect(dueRun(booked, '2026-11-03', null, false)).toBeNull();
    expect(nextSendDay(booked, '2026-11-03')).toBeNull();
  });

  it('names a run by its schedule and first month', () => {
    expect(runSlot('s1', { from: '2026-10', to: '2026-12' })).toBe('s1:2026-10');
  });
});
