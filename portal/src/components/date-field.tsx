import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar } from './calendar';
import { parseDate, showDate } from './dates';
import { FieldError } from './form-field';
import { useDismiss } from './use-dismiss';
import './date-field.css';

interface DateFieldProps {
  id: string;
  name: string;
  label: string;
  /** The date as ISO (yyyy-mm-dd), or what was typed while it is no date yet, or ''. */
  value: string;
  /** ISO when the text is a date, else the text as typed (so a form's check can say it is invalid). */
  onChange: (value: string) => void;
  /** Translated error text, or null. */
  error?: string | null;
  hint?: ReactNode;
  /** Days before this one (yyyy-mm-dd) cannot be picked in the calendar. */
  min?: string | undefined;
  /** The day the calendar opens on without a value (yyyy-mm-dd); today by default. */
  start?: string | undefined;
  testId?: string;
}

/**
 * A date typed as yyyy/mm/dd (also 2026-03-05, 2026.3.5 or 20260305) or picked from a calendar: the
 * product's one date format in every language, where the browser's own date input shows the browser's
 * locale (mm/dd/yyyy, "January 2026" in the Norwegian portal). The calendar is a small dialog: Escape
 * closes it and the focus goes back to its button.
 */
export function DateField({ id, name, label, value, onChange, error, hint, min, start, testId }: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (parseDate(value) ? showDate(parseDate(value)!) : value));
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const close = () => setOpen(false);
  useDismiss(box, open, close, button);

  // A value set from outside (a chosen period, a reset form) shows as the product writes dates.
  useEffect(() => {
    const iso = parseDate(value);
    setText((current) => (iso ? (parseDate(current) === iso ? current : showDate(iso)) : value));
  }, [value]);

  const typed = (next: string) => {
    setText(next);
    onChange(parseDate(next) ?? next.trim());
  };
  const picked = (iso: string) => {
    setText(showDate(iso));
    onChange(iso);
    setOpen(false);
    button.current?.focus();
  };
  const today = new Date();
  const fallback = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  return (
    <div className={`field date-field ${error ? 'field--invalid' : ''}`} ref={box} data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <div className="date-field__row">
        <input
          id={id}
          name={name}
          value={text}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('dateField.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : '', hintId].filter(Boolean).join(' ')}
          onChange={(event) => typed(event.target.value)}
          onBlur={() => {
            const iso = parseDate(text);
            if (iso) setText(showDate(iso));
          }}
        />
        <button
          ref={button}
          type="button"
          className="icon-button date-field__open"
          aria-label={t('dateField.open', { label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          onClick={() => setOpen((was) => !was)}
          data-testid={testId ? `${testId}-calendar` : undefined}
        >
          <svg className="icon" viewBox="0 0 20 20" aria-hidden="true">
            <rect x="3" y="4.5" width="14" height="12" rx="2" />
            <path d="M3 8.5h14M7 3v3M13 3v3" />
          </svg>
        </button>
        {open && (
          <div
            className="date-field__popover"
            id={dialogId}
            role="dialog"
            aria-label={t('dateField.dialog', { label })}
          >
            <Calendar
              value={parseDate(text)}
              start={parseDate(text) ?? start ?? (min && min > fallback ? min : fallback)}
              min={min}
              onSelect={picked}
              onClose={() => {
                setOpen(false);
                button.current?.focus();
              }}
            />
          </div>
        )}
      </div>
      {/* The placeholder shows the format; a screen reader hears it with the field. */}
      <p className="visually-hidden" id={hintId}>
        {t('dateField.format')}
      </p>
      {hint}
      <FieldError id={errorId} name={name} error={error} />
    </div>
  );
}
