import { describe, expect, it } from 'vitest';
import { comparedRange } from './booked.ts';
import { readPeriod } from './period.ts';
import { yearEndRange } from './range.ts';

const parsePeriod = (start: string, end: string) => readPeriod(start, end)!;

describe("last year's end (yearEnd)", () => {
  it('a calendar fiscal year: the whole previous calendar year', () => {
    expect(yearEndRange('2020-11-30', 1)).toEqual({ startDate: '2019-01-01', endDate: '2019-12-31' });
    // The end of a year, and its first month, both compare with the year before.
    expect(yearEndRange('2020-12-31', 1)).toEqual({ startDate: '2019-01-01', endDate: '2019-12-31' });
    expect(yearEndRange('2020-01-31', 1)).toEqual({ startDate: '2019-01-01', endDate: '2019-12-31' });
    // A day inside a month counts as its month; a leap year's February does not move it.
    expect(yearEndRange('2020-02-29', 1)).toEqual({ startDate: '2019-01-01', endDate: '2019-12-31' });
  });

  it('a fiscal year from July: the previous July–June', () => {
    expect(yearEndRange('2021-03-31', 7)).toEqual({ startDate: '2019-07-01', endDate: '2020-06-30' });
    expect(yearEndRange('2021-06-30', 7)).toEqual({ startDate: '2019-07-01', endDate: '2020-06-30' });
    // The first month of a fiscal year: the year just closed.
    expect(yearEndRange('2021-07-31', 7)).toEqual({ startDate: '2020-07-01', endDate: '2021-06-30' });
    expect(yearEndRange('2020-12-31', 7)).toEqual({ startDate: '2019-07-01', endDate: '2020-06-30' });
  });

  it('a fiscal year from February ends on the last of January; a fiscal year from March on a 29 February', () => {
    expect(yearEndRange('2021-02-28', 2)).toEqual({ startDate: '2020-02-01', endDate: '2021-01-31' });
    expect(yearEndRange('2021-01-31', 2)).toEqual({ startDate: '2019-02-01', endDate: '2020-01-31' });
    expect(yearEndRange('2021-05-31', 3)).toEqual({ startDate: '2020-03-01', endDate: '2021-02-28' });
    expect(yearEndRange('2020-05-31', 3)).toEqual({ startDate: '2019-03-01', endDate: '2020-02-29' });
  });

  it('a start month that is none is the calendar year', () => {
    for (const start of [0, 13, 1.5, Number.NaN])
      expect(yearEndRange('2020-11-30', start)).toEqual({ startDate: '2019-01-01', endDate: '2019-12-31' });
  });

  it('a statement compares the end of its booked part with the year before it, never like for like', () => {
    const year = parsePeriod('2020-01-01', '2020-12-31');
    expect(comparedRange(year, 'yearEnd', '2020-11', 1)).toEqual({ startDate: '2019-01-01', endDate: '2019-12-31' });
    // Booked into the next fiscal year: the period's end is its booked end, 2020-11, in the fiscal year from July 2020.
    expect(comparedRange(year, 'yearEnd', '2020-11', 7)).toEqual({ startDate: '2019-07-01', endDate: '2020-06-30' });
    // Booked only to June: the end shown is 30 June, in the fiscal year from July 2019.
    expect(comparedRange(year, 'yearEnd', '2020-06', 7)).toEqual({ startDate: '2018-07-01', endDate: '2019-06-30' });
    // The others stay like for like.
    expect(comparedRange(year, 'lastYear', '2020-11', 1)).toEqual({ startDate: '2019-01-01', endDate: '2019-11-30' });
  });
});
