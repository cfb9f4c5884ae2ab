import { type ImportWarning, importWarning } from '@saldo/contract/sources/import-warnings';

// Which month a SAF-T transaction counts in. Norwegian books report by accounting period (Period of
// PeriodYear), and usually period 1 is January. A company whose fiscal year starts in another month
// may number its periods from that month (period 1 = May): then every period is the same number of
// months from its transactions' dates. The first transactions tell which (the first SAMPLE_SIZE with
// a period 1–12, at least SAMPLE_MIN): when nine in ten of them are the same number of months (mod
// 12) from their period, that is the fiscal year's offset and each period is moved by it; otherwise
// the period is the month as it always was.
// Transactions whose period still disagrees with their date's month are counted and told.

/** Transactions with a period looked at before the offset is decided. */
export const SAMPLE_SIZE = 50;
/** The share of the sample that must agree on an offset other than 0 for it to be taken… */
const SAMPLE_SHARE = 0.9;
/** …and how many it must hold at least: a handful of vouchers tells nothing of a fiscal year. */
const SAMPLE_MIN = 12;

const PERIOD = /^\d{1,3}$/;

/**
 * The month a transaction belongs to with no fiscal offset: its Period of its PeriodYear (the year of
 * its date when the year is missing); a period beyond 12, such as a year-end period 13, is the year's
 * last month, and a period 0 (opening entries) its first. Undefined when the file gives no usable period.
 */
export function periodOf(period: string, periodYear: string, date: string): string | undefined {
  if (!PERIOD.test(period)) return undefined;
  const year = /^\d{4}$/.test(periodYear) ? periodYear : date.slice(0, 4);
  const month = Math.min(12, Math.max(1, Number(period)));
  return `${year}-${String(month).padStart(2, '0')}`;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const fromIndex = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

/**
 * The month of period `period` (clamped to 1–12) in a fiscal year whose period 1 is `offset` months
 * after January: of the years around the date, the one that puts it nearest the date (PeriodYear
 * names the fiscal year differently from one system to the next, so it is not used).
 */
export function fiscalPeriodOf(period: string, date: string, offset: number): string | undefined {
  if (!PERIOD.test(period)) return undefined;
  const month = (Math.min(12, Math.max(1, Number(period))) - 1 + offset) % 12;
  const at = monthIndex(date);
  const year = Number(date.slice(0, 4));
  let best = (year - 1) * 12 + month;
  for (const y of [year, year + 1]) if (Math.abs(y * 12 + month - at) < Math.abs(best - at)) best = y * 12 + month;
  return fromIndex(best);
}

/** Months (0–11) from a transaction's period to its date's month, when its period is 1–12. */
function offsetOf(period: string, date: string): number | undefined {
  if (!/^\d{1,2}$/.test(period)) return undefined;
  const p = Number(period);
  if (p < 1 || p > 12) return undefined;
  return (((Number(date.slice(5, 7)) - p) % 12) + 12) % 12;
}

export class PeriodRule {
  /** Months from period 1 to January's…: the fiscal year's first month less one; undefined until decided. */
  offset: number | undefined;
  private readonly sample = new Map<number, number>();
  private sampled = 0;
  private counted = 0;
  private disagreeing = 0;

  /** Counts a transaction toward the decision; true when the sample is full and the rule can be decided. */
  look(period: string, date: string): boolean {
    const k = offsetOf(period, date);
    if (k !== undefined) {
      this.sample.set(k, (this.sample.get(k) ?? 0) + 1);
      this.sampled += 1;
    }
    return this.sampled >= SAMPLE_SIZE;
  }

  /** Takes the offset nearly all the sample agrees on, else none. */
  decide(): number {
    let offset = 0;
    if (this.sampled >= SAMPLE_MIN)
      for (const [k, n] of this.sample) if (k !== 0 && n >= this.sampled * SAMPLE_SHARE) offset = k;
    this.offset = offset;
    return offset;
  }

  /** The month a transaction counts in, by the decided rule; its disagreement with its date is counted. */
  monthOf(period: string, periodYear: string, date: string): string | undefined {
    const offset = this.offset ?? 0;
    const month = offset === 0 ? periodOf(period, periodYear, date) : fiscalPeriodOf(period, date, offset);
    if (offsetOf(period, date) !== undefined) {
      this.counted += 1;
      if (month !== date.slice(0, 7)) this.disagreeing += 1;
    }
    return month;
  }

  /** What to tell at the end: the fiscal year taken, and transactions whose period is not their date's month. */
  warnings(): ImportWarning[] {
    const out: ImportWarning[] = [];
    if (this.offset)
      out.push(
        importWarning('SAFT_FISCAL_YEAR', {
          startMonth: this.offset + 1,
          offset: this.offset,
          transactions: this.counted,
        }),
      );
    if (this.disagreeing > 0)
      out.push(
        importWarning('SAFT_PERIOD_DATE_MISMATCH', {
          transactions: this.disagreeing,
          total: this.counted,
          rule: 'period',
        }),
      );
    return out;
  }
}
