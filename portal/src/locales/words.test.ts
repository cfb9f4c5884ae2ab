import { describe, expect, it } from 'vitest';
import en from './en.json';
import nor from './nor.json';
import { ENGLISH, foreignWords, NORWEGIAN, wordsOf } from './words';

const texts = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value ? Object.values(value).flatMap(texts) : [];

/**
 * Issue 27: every label in the right language. portal/e2e/words.spec.ts looks at every route in the
 * browser; this looks at the locale files themselves, with the same word lists.
 */
describe('words in the right language', () => {
  it('no Norwegian text holds an English interface word, and no English text a Norwegian one', () => {
    const wrong = [
      ...texts(nor).flatMap((text) => foreignWords(text, 'nor').map((word) => `nor: ${word} in “${text}”`)),
      ...texts(en).flatMap((text) => foreignWords(text, 'en').map((word) => `en: ${word} in “${text}”`)),
    ];
    expect(wrong).toEqual([]);
  });

  it('the lists are of one language each: no word is in both, and each language uses its own', () => {
    expect([...ENGLISH].filter((word) => NORWEGIAN.has(word))).toEqual([]);
    const used = (list: ReadonlySet<string>, lang: unknown) => {
      const words = new Set(texts(lang).flatMap(wordsOf));
      return [...list].filter((word) => words.has(word)).length;
    };
    // Most words of each list are in use in their own language's texts: the lists describe the portal.
    expect(used(ENGLISH, en)).toBeGreaterThan(ENGLISH.size / 2);
    expect(used(NORWEGIAN, nor)).toBeGreaterThan(NORWEGIAN.size / 2);
  });

  it('leaves e-mail and web addresses, paths, figures and product names alone, and finds the rest', () => {
    expect(foreignWords('Skriv til support@saldo.no eller se https://saldo.no/help og /api/docs', 'nor')).toEqual([]);
    expect(foreignWords('Koble til Tripletex eller last opp en SAF-T-fil (PDF, CSV)', 'en')).toEqual([
      'til',
      'eller',
      'fil',
    ]);
    expect(foreignWords('Consumer ID', 'nor')).toEqual(['consumer']);
    expect(foreignWords('Hva er nytt', 'en')).toEqual(['hva', 'nytt']);
  });
});
