import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, addMonthsToDay, monthGrid, showDate, weekday } from './dates';
import './calendar.css';

interface CalendarProps {
  /** The chosen day (yyyy-mm-dd), or null. */
  value: string | null;
  /** The day the grid opens on when there is no value (yyyy-mm-dd). */
  start: string;
  /** Days before this one (yyyy-mm-dd) cannot be chosen. */
  min?: string | undefined;
  onSelect: (iso: string) => void;
  /** Escape: close without choosing (the caller gives the focus back). */
  onClose: () => void;
}

/**
 * A month of days to pick one from, as the ARIA date picker dialog has it: the arrow keys move a day or a week,
 * Page Up and Page Down a month (with Shift a year), Home and End to the week's ends, Enter or Space
 * chooses, Escape closes. Weeks start on Monday; month and day names follow the portal's language.
 */
export function Calendar({ value, start, min, onSelect, onClose }: CalendarProps) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(value ?? start);
  const grid = useRef<HTMLTableElement>(null);
  const captionId = useId();
  const month = focused.slice(0, 7);
  const monthName = (t('dateField.months', { returnObjects: true }) as string[])[Number(month.slice(5)) - 1];
  const days = t('dateField.weekdays', { returnObjects: true }) as string[];

  // The grid's one tab stop takes the focus on opening and when a key moves it; the month buttons keep theirs.
  const takeFocus = useRef(true);
  useEffect(() => {
    if (!takeFocus.current) return;
    takeFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const disabled = (day: string) => !!min && day < min;
  const move = (event: KeyboardEvent, day: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekday(day)),
      End: () => addDays(day, 6 - weekday(day)),
      PageUp: () => addMonthsToDay(day, event.shiftKey ? -12 : -1),
      PageDown: () => addMonthsToDay(day, event.shiftKey ? 12 : 1),
    };
    if (event.key === 'Escape') {
      // Only the calendar closes, not a popover it sits in.
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    const to = moves[event.key];
    if (!to) return;
    event.preventDefault();
    takeFocus.current = true;
    setFocused(to());
  };

  return (
    <div className="calendar" data-testid="calendar">
      <div className="calendar__header">
        <button
          type="button"
          className="icon-button"
          aria-label={t('dateField.previousMonth')}
          onClick={() => setFocused(addMonthsToDay(focused, -1))}
          data-testid="calendar-previous"
        >
          ‹
        </button>
        <span className="calendar__caption" id={captionId} aria-live="polite" data-testid="calendar-caption">
          {monthName} {month.slice(0, 4)}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('dateField.nextMonth')}
          onClick={() => setFocused(addMonthsToDay(focused, 1))}
          data-testid="calendar-next"
        >
          ›
        </button>
      </div>
      <table className="calendar__grid" aria-labelledby={captionId} ref={grid}>
        <thead>
          <tr>
            {days.map((day) => (
              <th key={day} scope="col" abbr={day}>
                {day.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day}>
                  <button
                    type="button"
                    className={`calendar__day ${day.slice(0, 7) === month ? '' : 'calendar__day--outside'}`}
                    tabIndex={day === focused ? 0 : -1}
                    disabled={disabled(day)}
                    aria-label={showDate(day)}
                    aria-pressed={day === value}
                    data-day={day}
                    onClick={() => onSelect(day)}
                    onKeyDown={(event) => {
                      if ((event.key === 'Enter' || event.key === ' ') && !disabled(day)) {
                        event.preventDefault();
                        onSelect(day);
                        return;
                      }
                      move(event, day);
                    }}
                  >
                    {Number(day.slice(8))}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
