// A coded message about a source (an import warning, a refused import): `{ code, params }` with the
// params its code takes, and its text in nor and en from one table. The import warnings and the
// source errors are each such a table.
import type { Lang } from '../numbers/format.ts';

/** A message of one of the codes of P, with that code's params. */
export type Coded<P> = { [C in keyof P & string]: { code: C; params: P[C] } }[keyof P & string];

/** Every code's text in each language, from its params. */
export type CodedTexts<P> = { [C in keyof P]: { [L in Lang]: (p: P[C]) => string } };

/** A table's functions: make a message, tell a known code, and write a message in a language. */
export function codedMessages<P>(texts: CodedTexts<P>) {
  const isCode = (code: unknown): code is keyof P & string => typeof code === 'string' && Object.hasOwn(texts, code);
  return {
    make: <C extends keyof P & string>(code: C, params: P[C]) =>
      ({ code, params }) as unknown as Extract<Coded<P>, { code: C }>,
    isCode,
    /**
     * The text of a message in the language. A message from an earlier version (plain English text) or
     * with an unknown code is shown as it is, so nothing a sync reported is hidden.
     */
    text(message: Coded<P> | string, lang: Lang = 'nor'): string {
      if (typeof message === 'string') return message;
      if (!isCode(message.code)) return `${message.code} ${JSON.stringify(message.params)}`;
      const text = texts[message.code][lang === 'en' ? 'en' : 'nor'] as (p: unknown) => string;
      return text(message.params);
    },
  };
}
