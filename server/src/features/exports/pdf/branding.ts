/**
 * The firm's branding on a report: its name (the cover's "Prepared by …" and every page's footer), its
 * organisation number, its two colours (the cover's and the pages' rules and headings) and its logo
 * (the cover's top left). Without branding a report looks as it always has: Saldo's name and blue.
 */
import { COLORS } from './style.ts';

export interface Branding {
  name: string;
  organisationNumber?: string | null;
  colours?: { primary: string; secondary: string } | null;
  /** PNG or SVG, as the firm profile keeps it (checked and sanitised there). */
  logo?: { bytes: Uint8Array; type: 'png' | 'svg' } | null;
}

/** What the pages draw with: the maker's name and the two colours. */
export interface Theme {
  /** A firm's report rather than Saldo's own look. */
  branded: boolean;
  maker: string;
  organisationNumber: string | null;
  primary: string;
  secondary: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
/** A colour pdfkit draws as given ('#1f6feb'); anything else falls back to Saldo's own. */
const colour = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

export function themeOf(branding: Branding | undefined): Theme {
  return {
    branded: branding !== undefined,
    maker: branding?.name.trim() || 'Saldo',
    organisationNumber: branding?.organisationNumber?.trim() || null,
    primary: colour(branding?.colours?.primary, COLORS.accent),
    secondary: colour(branding?.colours?.secondary, COLORS.muted),
  };
}

/** '918874224' → '918 874 224' (no-break spaces, so it never wraps); any other form as it is. */
export function formatOrgNumber(number: string): string {
  const digits = number.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) ? digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3') : number.trim();
}

/** The digits of an organisation number, to compare two spellings of it. */
export const orgDigits = (number: string) => number.replace(/\D/g, '');

/**
 * `name` without a trailing bracket holding one of `numbers` ('Accountflow AS (918874224)' →
 * 'Accountflow AS'): where the number is shown beside the name already, it is not shown twice.
 */
export function withoutOrgNumber(name: string, numbers: ReadonlyArray<string | null | undefined>): string {
  const bracket = /^(.*\S)\s*\(([^()]*)\)$/.exec(name.trim());
  const wanted = new Set(numbers.map((n) => orgDigits(n ?? '')).filter(Boolean));
  return bracket && wanted.has(orgDigits(bracket[2]!)) ? bracket[1]! : name.trim();
}
