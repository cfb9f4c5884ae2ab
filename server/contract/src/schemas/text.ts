/** The rules for text in requests, shared by the contract's request schemas and the server's own. */
import { z } from 'zod';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL and C1). A NUL ends a
 * string for the database's C code (a name was stored cut short), and the rest only ever arrive by
 * accident or on purpose: they are refused everywhere in a request, never silently dropped.
 */
export const CONTROL = /(?![\t\n\r])\p{Cc}/u;
/** Breaks that have no place in a one-line name. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/**
 * A one-line name: trimmed, at most `max` characters, without control characters or line breaks.
 * The message is the error code, which the server's `validate` answers with.
 */
export const lineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !LINE_BREAK.test(s) && !CONTROL.test(s), { message: 'CONTROL_CHARACTERS' });

/** An e-mail address as stored: trimmed and in lower case. */
export const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
