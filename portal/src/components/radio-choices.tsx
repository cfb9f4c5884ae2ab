import type { ReactNode } from 'react';

interface RadioChoicesProps<V extends string> {
  /** The radios' shared name. */
  name: string;
  options: readonly V[];
  chosen: V;
  onChoose: (value: V) => void;
  /** Each radio's test id is `<testId>-<value>`. */
  testId: string;
  /** The text beside a radio. */
  label: (value: V) => ReactNode;
}

/** One radio per option, inside the caller's radio group. */
export function RadioChoices<V extends string>({
  name,
  options,
  chosen,
  onChoose,
  testId,
  label,
}: RadioChoicesProps<V>) {
  return (
    <>
      {options.map((value) => (
        <label key={value} className="radio">
          <input
            type="radio"
            name={name}
            value={value}
            checked={chosen === value}
            onChange={() => onChoose(value)}
            data-testid={`${testId}-${value}`}
          />
          {label(value)}
        </label>
      ))}
    </>
  );
}
