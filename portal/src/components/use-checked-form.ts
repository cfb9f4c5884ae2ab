import { useState } from 'react';

/**
 * A form's values and its own checks (`validate` gives the errors of some values): nothing is said
 * until the first submit, and from then on the messages keep in step with what is typed.
 */
export function useCheckedForm<V extends object, E extends object>(initial: V | (() => V), validate: (values: V) => E) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<E>({} as E);
  const [submitted, setSubmitted] = useState(false);

  const setValue = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };
  /** The change handler of a text field. */
  const set = (field: keyof V) => (event: { target: { value: string } }) =>
    setValue(field, event.target.value as V[keyof V]);
  /** On submit: the form counts as submitted from now on; returns (and shows) what its checks find. */
  const check = (): E => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    return found;
  };
  /** Back to `to`, with the messages silent until the next submit. */
  const reset = (to: V) => {
    setValues(to);
    setSubmitted(false);
  };
  return { values, errors, submitted, set, setValue, check, reset };
}
