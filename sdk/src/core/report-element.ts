import type { ReportComparison } from '@saldo/contract';
import type { PropertyValues } from 'lit';
import type { LoadQuery } from './types';
import { SaldoElement } from './widget-element';

/**
 * Base of the three statements (profit and loss, balance sheet, cash flow): they share the
 * `compare` attribute and one way of asking the API for a report.
 */
export abstract class SaldoReportElement<T> extends SaldoElement<T> {
  static override properties = { ...SaldoElement.properties, compare: { type: String } };

  /**
   * 'previous' (the period just before), 'lastYear' (the same period a year earlier), 'yearEnd' (last
   * year's end: the whole fiscal year before the one holding the period's end) or 'budget' (the board's
   * budget); unset: no comparison.
   */
  declare compare: ReportComparison | undefined;

  protected override loadsOn(changed: PropertyValues<this>): boolean {
    return super.loadsOn(changed) || changed.has('compare');
  }

  protected override extraQuery(): Partial<LoadQuery> {
    const { compare } = this;
    return compare === 'previous' || compare === 'lastYear' || compare === 'yearEnd' || compare === 'budget'
      ? { compare }
      : {};
  }

  /** GETs one report for the board and period, with `compare` when set. */
  protected fetchReport(path: string, { board, from, to, compare }: LoadQuery, signal: AbortSignal): Promise<T> {
    return this.fetchData<T>(path, { groupId: board, startDate: from, endDate: to, compare }, board, signal);
  }
}
