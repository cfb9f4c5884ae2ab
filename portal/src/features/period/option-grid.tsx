import { type KeyboardEvent, useRef } from 'react';

export interface GridOption {
  key: string;
  label: string;
  /** The option shown now. */
  pressed: boolean;
  /** Outside the board's booked months: shown fainter, still choosable. */
  muted?: boolean;
  title?: string | undefined;
  onSelect: () => void;
}

/**
 * Options in rows of `columns` with one tab stop (the chosen option, else the first): the arrow keys
 * move between them (Up and Down a row), Home and End to the first and last, Enter or Space chooses.
 */
export function OptionGrid({
  options,
  columns,
  label,
  testId,
}: {
  options: GridOption[];
  columns: number;
  label: string;
  testId: string;
}) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const stop = Math.max(
    0,
    options.findIndex((o) => o.pressed),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: at - 1,
      ArrowRight: at + 1,
      ArrowUp: at - columns,
      ArrowDown: at + columns,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const buttons = ref.current?.querySelectorAll<HTMLButtonElement>('button');
    buttons?.[Math.min(last, Math.max(0, to))]?.focus();
  };
  return (
    <fieldset
      ref={ref}
      className="period-grid"
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
      data-testid={testId}
    >
      {options.map((option, at) => (
        <button
          key={option.key}
          type="button"
          className={`period-grid__option ${option.muted ? 'period-grid__option--muted' : ''}`}
          aria-pressed={option.pressed}
          tabIndex={at === stop ? 0 : -1}
          title={option.title}
          onKeyDown={(event) => onKeyDown(event, at)}
          onClick={option.onSelect}
          data-testid={`${testId}-${option.key}`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
