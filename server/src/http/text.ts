import { z } from 'zod';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL and C1). A NUL ends a
 * string for the database's C code (a name was stored cut short), and the rest only ever arrive by
 * accident or on purpose: they are refused everywhere in a request, never silently dropped.
 */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
/** Breaks that have no place in a one-line name. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** The path of the first string in `value` holding a control character, or null when there is none. */
export function controlCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) return [...path, key].join('.');
      const found = controlCharacterPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * A one-line name: trimmed, at most `max` characters, without control characters or line breaks.
 * The message is the error code, which `validate` answers with.
 */
export const lineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !LINE_BREAK.test(s) && !CONTROL.test(s), { message: 'CONTROL_CHARACTERS' });
