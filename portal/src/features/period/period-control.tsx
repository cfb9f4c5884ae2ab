import type { Comparison } from '@saldo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { useDismiss } from '../../components/use-dismiss';
import { lastYearSpan, periodName, rangeText } from './period-labels';
import { PeriodPicker } from './period-picker';
import { COMPARISONS, type PeriodComparison, type PeriodState } from './period-state';
import { boardPeriodsKey, saveFiscalYearStart } from './queries';
import '../../components/dropdown.css';
import './period-control.css';

interface PeriodControlProps<C extends PeriodComparison> {
  period: PeriodState<C>;
  boardId: string | undefined;
  /** What the period can be compared with here (the page's usePeriod reads the same); none: no comparison choice. */
  comparisons?: readonly C[];
  /** Owners and editors may set where the board's fiscal year starts. */
  canEditFiscalYear: boolean;
}

/**
 * The one period control of the dashboard and the reports: year to date (the default, up to the last
 * booked month), the last 12 months and last year at one click; a month, quarter, year, fiscal year or
 * custom range in its popover; and what to compare with. Its state is the address's (usePeriod).
 */
export function PeriodControl<C extends PeriodComparison = Comparison>({
  period,
  boardId,
  comparisons = COMPARISONS as readonly C[],
  canEditFiscalYear,
}: PeriodControlProps<C>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const compareId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(box, open, close, button);
  const { choice, span, context, setChoice, compare, setCompare } = period;
  const last = lastYearSpan(context);
  const isLastYear =
    choice.kind !== 'ytd' && choice.kind !== 'rolling12' && choice.from === last.from && choice.to === last.to;

  const fiscal = useMutation({
    mutationFn: (month: number) => saveFiscalYearStart(boardId ?? '', month),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: boardPeriodsKey(boardId ?? '') });
      notify('period.fiscalYearSaved');
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });

  const quick = [
    {
      key: 'ytd',
      label: t(context.fiscalYearStart === 1 ? 'period.ytd' : 'period.fiscalYtd'),
      pressed: choice.kind === 'ytd',
      choose: () => setChoice({ kind: 'ytd' }),
    },
    {
      key: 'rolling12',
      label: t('period.rolling12'),
      pressed: choice.kind === 'rolling12',
      choose: () => setChoice({ kind: 'rolling12' }),
    },
    {
      key: 'lastYear',
      label: t('period.lastYear'),
      pressed: isLastYear,
      choose: () => setChoice({ kind: context.fiscalYearStart === 1 ? 'year' : 'fiscalYear', ...last }),
    },
  ];

  return (
    <div className="period-control" data-testid="period-control">
      <fieldset className="period-control__quick" aria-label={t('period.quick')}>
        {quick.map((q) => (
          <button
            key={q.key}
            type="button"
            className="segmented__option"
            aria-pressed={q.pressed}
            onClick={q.choose}
            data-testid={`range-${q.key}`}
          >
            {q.label}
          </button>
        ))}
      </fieldset>
      <div className="dropdown" ref={box}>
        <button
          ref={button}
          type="button"
          className="period-control__button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((was) => !was)}
          data-testid="period-button"
        >
          <svg className="icon" viewBox="0 0 20 20" aria-hidden="true">
            <rect x="3" y="4.5" width="14" height="12" rx="2" />
            <path d="M3 8.5h14M7 3v3M13 3v3" />
          </svg>
          <span className="period-control__name" data-testid="period-name">
            {periodName(choice, span, context, t)}
          </span>
          <span className="period-control__range" data-testid="date-range">
            {rangeText(span)}
          </span>
          <span className={`chevron ${open ? 'chevron--open' : ''}`} aria-hidden="true">
            ▾
          </span>
        </button>
        {open && (
          <PeriodPicker
            id={panelId}
            choice={choice}
            span={span}
            context={context}
            periods={period.periods}
            onChoose={(next) => {
              setChoice(next);
              setOpen(false);
              button.current?.focus();
            }}
            fiscalYear={
              canEditFiscalYear && boardId
                ? { onChange: (month) => fiscal.mutate(month), busy: fiscal.isPending }
                : null
            }
          />
        )}
      </div>
      {comparisons.length > 0 && (
        <span className="period-control__compare">
          <label htmlFor={compareId} className="range-control__label">
            {t('period.compare')}
          </label>
          <select
            id={compareId}
            className="select"
            value={compare ?? ''}
            onChange={(event) => setCompare(comparisons.find((c) => c === event.target.value) ?? null)}
            data-testid="compare-select"
          >
            <option value="">{t('period.compareNone')}</option>
            {comparisons.map((c: PeriodComparison) => (
              <option key={c} value={c}>
                {t(`period.comparisons.${c}`)}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}
