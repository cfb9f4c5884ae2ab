// The guard on a rewritten observation (issue 30): an assistant may reword the kept observations, but
// only with the figures they cite. A sentence holding a number that is not among them is refused.
// Zod-free: the server checks it, and the portal may say why beside the sentence.

/**
 * The numbers a text writes, as plain decimals without sign ('1 234 568' and '1,234,568' → '1234568',
 * '12,3' and '12.3' → '12.3'): groups of three after a space, a no-break space or a thin space, a
 * decimal comma or point.
 */
export function numbersIn(text: string): string[] {
  const found: string[] = [];
  const pattern = /\d{1,3}(?:[ \u00a0\u202f,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/g;
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const head = /^\d{1,3}(?:[ \u00a0\u202f,]\d{3})+/.exec(raw)?.[0] ?? /^\d+/.exec(raw)![0];
    const whole = String(Number(head.replace(/\D/g, '')));
    const decimals = raw.slice(head.length).replace(/^[.,]/, '').replace(/0+$/, '');
    found.push(decimals ? `${whole}.${decimals}` : whole);
  }
  return found;
}

/**
 * The numbers in `text` that none of `allowed` holds (the cited figures as shown, their labels, which
 * may name an account, and their dates): empty when the text may stand.
 */
export function uncitedNumbers(text: string, allowed: readonly string[]): string[] {
  const known = new Set(allowed.flatMap(numbersIn));
  return numbersIn(text).filter((n) => !known.has(n));
}
