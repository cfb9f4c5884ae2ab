import { CONTROL } from '@saldo/contract/schemas/index';

/** The one-line name rule, with the rest of the request rules in the contract (schemas/text.ts). */
export { lineText } from '@saldo/contract/schemas/index';

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
