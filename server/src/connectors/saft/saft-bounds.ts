// How long a piece of a SAF-T file may be: each text field Saldo reads has a cap, and so has every
// other stretch between two tags (indentation, text of elements not read, comments, a tag with its
// attributes), so neither a 200 MB company name nor 300 MB of whitespace is built up in memory.
// saft-elements.ts stops the parse at the first piece past its cap, naming the element and line.

import { F } from './saft-fields.ts';

/** The schema's longest text (SAFlongtextType) is 256 characters; names and descriptions get four times that. */
export const SAFT_TEXT_FIELD_CHARS = 1_000;
/** IDs, codes, amounts and dates (the schema's are at most 70 characters). */
export const SAFT_SHORT_FIELD_CHARS = 256;
/** Any stretch between two tags that Saldo does not read as a field, the tag itself included. */
export const SAFT_RUN_CHARS = 64 * 1024;
/** Elements within elements: SAF-T nests eight or so. */
export const SAFT_MAX_DEPTH = 64;

const TEXT_FIELDS = new Set<F>([F.CompanyName, F.AccountDescription, F.PartyName, F.TxDescription, F.LineDescription]);

/** The most characters a captured field's text may have. */
export const fieldCap = (field: F): number => (TEXT_FIELDS.has(field) ? SAFT_TEXT_FIELD_CHARS : SAFT_SHORT_FIELD_CHARS);
