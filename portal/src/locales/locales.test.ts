import { describe, expect, it } from 'vitest';
import en from './en.json';
import nor from './nor.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('locales', () => {
  it('nor and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(nor).sort());
  });

  it('every text is a non-empty string', () => {
    for (const value of [...leaves(en), ...leaves(nor)]) {
      expect(typeof value === 'string' && value.trim().length > 0, `bad text: ${String(value)}`).toBe(true);
    }
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const enKeys = keys(en);
    const get = (obj: unknown, path: string) =>
      path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], obj);
    for (const key of enKeys) expect(vars(get(nor, key)), key).toEqual(vars(get(en, key)));
  });
});
