import type { BoardPeriods } from '@saldo/contract';
import {
  type FixedPeriodKind,
  isMonth,
  kindOfSpan,
  MAX_PERIOD_MONTHS,
  type MonthSpan,
  type PeriodChoice,
  type PeriodContext,
  periodYears,
  quarterOf,
  spanLength,
} from '@saldo/contract/period/period';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-field';
import { parseDate } from '../../components/dates';
import { OptionGrid } from './option-grid';
import { fiscalYearName, monthName, rangeText } from './period-labels';

interface PeriodPickerProps {
  id: string;
  choice: PeriodChoice;
  span: MonthSpan;
  context: PeriodContext;
  periods: BoardPeriods | undefined;
  onChoose: (choice: PeriodChoice) => void;
  /** The fiscal year's start month setting (owners and editors); null: shown, not changed. */
  fiscalYear: { onChange: (month: number) => void; busy: boolean } | null;
}

/**
 * The period control's popover: a month, a quarter, a year the board has data for, a fiscal year (when
 * it starts in another month than January) or a custom range of dates; the board's booked months, and
 * where its fiscal year starts.
 */
export function PeriodPicker({ id, choice, span, context, periods, onChoose, fiscalYear }: PeriodPickerProps) {
  const { t } = useTranslation();
  const ids = useId();
  const fiscal = context.fiscalYearStart !== 1;
  const kinds: FixedPeriodKind[] = ['month', 'quarter', 'year', ...(fiscal ? ['fiscalYear' as const] : []), 'custom'];
  const [kind, setKind] = useState<FixedPeriodKind>(() =>
    choice.kind === 'ytd' || choice.kind === 'rolling12'
      ? 'month'
      : kinds.includes(choice.kind)
        ? choice.kind
        : 'custom',
  );
  const [year, setYear] = useState(Number(span.to.slice(0, 4)));
  const first = periods?.firstBookedMonth ?? null;
  const last = periods?.lastBookedMonth ?? null;
  const booked = (s: MonthSpan) => !!first && !!last && s.to >= first && s.from <= last;
  const shown = (s: MonthSpan) =>
    choice.kind !== 'ytd' && choice.kind !== 'rolling12' && s.from === span.from && s.to === span.to;
  const pick = (s: MonthSpan) => onChoose({ kind: kindOfSpan(s, context.fiscalYearStart), ...s });
  const notBooked = t('period.notBooked');
  const monthNames = t('dateField.months', { returnObjects: true }) as string[];
  // Where the board's files say their fiscal year starts, when the setting is another month.
  const detected = periods?.sourceFiscalYearStart ?? null;
  const fromFile = detected !== null && detected !== context.fiscalYearStart ? detected : null;

  // The tab of the kind shown takes the focus when the popover opens.
  const tabs = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    tabs.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus();
  }, []);

  const yearStepper = (
    <div className="period-picker__stepper">
      <button
        type="button"
        className="icon-button"
        aria-label={t('period.previousYear')}
        onClick={() => setYear((y) => y - 1)}
        data-testid="period-year-previous"
      >
        ‹
      </button>
      <span aria-live="polite" data-testid="period-year">
        {year}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('period.nextYear')}
        onClick={() => setYear((y) => y + 1)}
        data-testid="period-year-next"
      >
        ›
      </button>
    </div>
  );

  let body: ReactNode;
  if (kind === 'month') {
    const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
    body = (
      <>
        {yearStepper}
        <OptionGrid
          label={t('period.kinds.month')}
          columns={3}
          testId="period-month"
          options={months.map((m) => {
            const s = { from: m, to: m };
            return {
              key: m,
              label: monthName(m, t).split(' ')[0]!,
              pressed: shown(s),
              muted: !booked(s),
              title: booked(s) ? undefined : notBooked,
              onSelect: () => pick(s),
            };
          })}
        />
      </>
    );
  } else if (kind === 'quarter') {
    body = (
      <>
        {yearStepper}
        <OptionGrid
          label={t('period.kinds.quarter')}
          columns={4}
          testId="period-quarter"
          options={[1, 4, 7, 10].map((m, i) => {
            const s = quarterOf(`${year}-${String(m).padStart(2, '0')}`);
            return {
              key: `q${i + 1}`,
              label: t('period.quarterShort', { quarter: i + 1 }),
              pressed: shown(s),
              muted: !booked(s),
              title: booked(s) ? rangeText(s) : `${rangeText(s)}: ${notBooked}`,
              onSelect: () => pick(s),
            };
          })}
        />
      </>
    );
  } else if (kind === 'year' || kind === 'fiscalYear') {
    const { years, fiscalYears } = periodYears(
      { firstBookedMonth: first, lastBookedMonth: last },
      { fiscalYearStart: context.fiscalYearStart, today: context.today },
    );
    const list = kind === 'year' ? years : fiscalYears;
    body = (
      <OptionGrid
        label={t(`period.kinds.${kind}`)}
        columns={kind === 'year' ? 4 : 3}
        testId={kind === 'year' ? 'period-years' : 'period-fiscal-years'}
        options={list.map((s) => ({
          key: kind === 'year' ? s.from.slice(0, 4) : fiscalYearName(s).replace('/', '-'),
          label: kind === 'year' ? s.from.slice(0, 4) : fiscalYearName(s),
          pressed: shown(s),
          title: rangeText(s),
          onSelect: () => pick(s),
        }))}
      />
    );
  } else {
    body = <CustomRange span={span} onChoose={pick} />;
  }

  return (
    <div
      className="dropdown__panel period-picker"
      id={id}
      role="dialog"
      aria-label={t('period.dialog')}
      data-testid="period-picker"
    >
      <fieldset className="period-picker__kinds" aria-label={t('period.choose')} ref={tabs}>
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            className="segmented__option"
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
            data-testid={`period-kind-${k}`}
          >
            {t(`period.kinds.${k}`)}
          </button>
        ))}
      </fieldset>
      <div className="period-picker__body">{body}</div>
      <div className="period-picker__footer">
        <p className="period-picker__booked" data-testid="period-booked">
          {first && last
            ? t('period.booked', { first: monthName(first, t), last: monthName(last, t) })
            : periods
              ? t('period.nothingBooked')
              : ''}
        </p>
        <label className="period-picker__fiscal" htmlFor={`${ids}-fiscal`}>
          {t('period.fiscalYearStart')}
          {fiscalYear ? (
            <select
              id={`${ids}-fiscal`}
              className="select select--small"
              value={context.fiscalYearStart}
              disabled={fiscalYear.busy}
              onChange={(event) => fiscalYear.onChange(Number(event.target.value))}
              data-testid="period-fiscal-start"
            >
              {(t('dateField.months', { returnObjects: true }) as string[]).map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </select>
          ) : (
            <output id={`${ids}-fiscal`} data-testid="period-fiscal-start-text">
              {(t('dateField.months', { returnObjects: true }) as string[])[context.fiscalYearStart - 1]}
            </output>
          )}
        </label>
        {fiscalYear && fromFile && (
          // The board's files count their periods from another month: offered in one click, never set by itself.
          <p className="period-picker__detected" data-testid="period-fiscal-detected">
            {t('period.fiscalFromFile', { month: monthNames[fromFile - 1] })}{' '}
            <Button
              kind="secondary"
              small
              disabled={fiscalYear.busy}
              onClick={() => fiscalYear.onChange(fromFile)}
              data-testid="period-fiscal-use"
            >
              {t('period.fiscalUse', { month: monthNames[fromFile - 1] })}
            </Button>
          </p>
        )}
      </div>
    </div>
  );
}

/** Two dates typed or picked; the period is the whole months they touch, as the reports count. */
function CustomRange({ span, onChoose }: { span: MonthSpan; onChoose: (span: MonthSpan) => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const [from, setFrom] = useState(`${span.from}-01`);
  const [to, setTo] = useState(rangeText(span).split(' – ')[1]!.replaceAll('/', '-'));
  const [problem, setProblem] = useState<string | null>(null);
  const start = parseDate(from);
  const end = parseDate(to);
  const months = start && end && start <= end ? { from: start.slice(0, 7), to: end.slice(0, 7) } : null;
  const apply = () => {
    if (!months || !isMonth(months.from)) return setProblem(t('period.invalidRange'));
    if (spanLength(months) > MAX_PERIOD_MONTHS) return setProblem(t('period.tooLong'));
    onChoose(months);
  };
  return (
    <form
      className="period-picker__custom"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="period-picker__dates">
        <DateField
          id={`${ids}-from`}
          name="periodFrom"
          label={t('period.from')}
          value={from}
          onChange={(value) => {
            setFrom(value);
            setProblem(null);
          }}
          testId="period-from"
        />
        <DateField
          id={`${ids}-to`}
          name="periodTo"
          label={t('period.to')}
          value={to}
          start={end ?? undefined}
          onChange={(value) => {
            setTo(value);
            setProblem(null);
          }}
          testId="period-to"
        />
      </div>
      <p className="field__hint" data-testid="period-whole-months">
        {months ? t('period.wholeMonths', { range: rangeText(months) }) : '\u00a0'}
      </p>
      {problem && (
        <p className="field__error" role="alert" data-testid="period-custom-error">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary button--small" data-testid="period-apply">
        {t('period.apply')}
      </button>
    </form>
  );
}
