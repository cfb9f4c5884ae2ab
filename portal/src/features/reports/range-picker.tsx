import type { ReportComparison } from '@saldo/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRange, type MonthRange, QUICK_RANGES, quickRange, quickRangeOf, setRangeEnd } from './report-range';
import './range-picker.css';

interface RangePickerProps {
  range: MonthRange;
  compare: ReportComparison | null;
  /** Offers the board's budget as a comparison (the profit and loss). */
  budget?: boolean;
  onRange: (range: MonthRange) => void;
  onCompare: (compare: ReportComparison | null) => void;
}

/** Month-based period (from month, to month, quick choices) and the comparison selector. */
export function RangePicker({ range, compare, budget = false, onRange, onCompare }: RangePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const active = quickRangeOf(range);
  return (
    <div className="report-controls" data-testid="report-controls">
      <fieldset className="report-controls__quick" aria-label={t('reports.quickRanges')}>
        {QUICK_RANGES.map((choice) => (
          <button
            key={choice}
            type="button"
            className="segmented__option"
            aria-pressed={active === choice}
            data-testid={`range-${choice}`}
            onClick={() => onRange(quickRange(choice))}
          >
            {t(`reports.range.${choice}`)}
          </button>
        ))}
      </fieldset>
      <div className="report-controls__months">
        <label htmlFor={`${id}-from`} className="visually-hidden">
          {t('reports.fromMonth')}
        </label>
        <input
          id={`${id}-from`}
          type="month"
          className="month-input"
          value={range.fromMonth}
          max={range.toMonth}
          data-testid="range-from"
          onChange={(event) => onRange(setRangeEnd(range, 'fromMonth', event.target.value))}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={`${id}-to`} className="visually-hidden">
          {t('reports.toMonth')}
        </label>
        <input
          id={`${id}-to`}
          type="month"
          className="month-input"
          value={range.toMonth}
          min={range.fromMonth}
          data-testid="range-to"
          onChange={(event) => onRange(setRangeEnd(range, 'toMonth', event.target.value))}
        />
      </div>
      <span className="range-control__range" data-testid="date-range" title={t('dashboard.period')}>
        <svg className="icon" viewBox="0 0 20 20" aria-hidden="true">
          <rect x="3" y="4.5" width="14" height="12" rx="2" />
          <path d="M3 8.5h14M7 3v3M13 3v3" />
        </svg>
        {formatRange(range)}
      </span>
      <span className="report-controls__spacer" />
      <span className="report-controls__compare">
        <label htmlFor={`${id}-compare`} className="range-control__label">
          {t('reports.compare')}
        </label>
        <select
          id={`${id}-compare`}
          className="select"
          value={compare ?? ''}
          data-testid="compare-select"
          onChange={(event) => onCompare((event.target.value || null) as ReportComparison | null)}
        >
          <option value="">{t('reports.compareNone')}</option>
          <option value="previous">{t('reports.comparePrevious')}</option>
          <option value="lastYear">{t('reports.compareLastYear')}</option>
          {budget && <option value="budget">{t('reports.compareBudget')}</option>}
        </select>
      </span>
    </div>
  );
}
