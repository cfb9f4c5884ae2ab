/**
 * SAF-T money is xs:decimal with at most 2 fraction digits (`1234.5`, `-12`, `1234.50`), but files
 * written by hand or by older exporters also use comma decimals and thousands separators
 * (`1 234,50`, `1.234,50`). Amounts become integer øre by string arithmetic: parseFloat * 100
 * is off by one øre for values such as 1.005 or 4.35.
 */

const PLAIN = /^([+-]?)(\d{1,15})(?:\.(\d{1,2}))?$/;
/** Spaces used as thousands separators: space, no-break space, narrow no-break space, thin space, apostrophe. */
const GROUPING = /[\s\u00a0\u202f\u2009']/g;
const DIGITS = /^\d+$/;
const GROUPED = /^\d{1,3}(?:[.,]\d{3})+$/;

/** Parses a decimal amount to integer øre, or returns undefined when the text is not an amount. */
export function parseAmount(raw: string): number | undefined {
  const plain = PLAIN.exec(raw);
  if (plain) return toOre(plain[1]!, plain[2]!, plain[3] ?? '');
  let s = raw.trim().replace(GROUPING, '');
  let sign = '';
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s[0]!;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    // Some ledgers print credits as `123.45-`.
    sign = '-';
    s = s.slice(0, -1);
  }
  if (s === '') return undefined;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let whole: string;
  let fraction: string;
  if (lastDot >= 0 && lastComma >= 0) {
    // Both used: the last one is the decimal separator, the other groups thousands.
    const at = Math.max(lastDot, lastComma);
    whole = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (!GROUPED.test(whole) && !DIGITS.test(whole)) return undefined;
    if (whole.includes(s[at]!)) return undefined;
    whole = whole.replace(/[.,]/g, '');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const at = Math.max(lastDot, lastComma);
    if (s.indexOf(sep) !== at) {
      // `1.234.567`: the separator only groups thousands.
      if (!GROUPED.test(s)) return undefined;
      whole = s.replace(/[.,]/g, '');
      fraction = '';
    } else {
      whole = s.slice(0, at);
      fraction = s.slice(at + 1);
    }
  } else {
    whole = s;
    fraction = '';
  }
  if (whole === '') whole = '0';
  if (!DIGITS.test(whole) || (fraction !== '' && !DIGITS.test(fraction))) return undefined;
  // More than two decimals is only an amount if the extra digits are zeros (`12.500`).
  if (fraction.length > 2) {
    if (!/^0+$/.test(fraction.slice(2))) return undefined;
    fraction = fraction.slice(0, 2);
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole.length > 15) return undefined;
  return toOre(sign, whole, fraction);
}

function toOre(sign: string, whole: string, fraction: string): number | undefined {
  const ore =
    Number(whole) * 100 +
    (fraction.length === 0 ? 0 : fraction.length === 1 ? Number(fraction) * 10 : Number(fraction));
  if (!Number.isSafeInteger(ore)) return undefined;
  return sign === '-' ? -ore || 0 : ore;
}
