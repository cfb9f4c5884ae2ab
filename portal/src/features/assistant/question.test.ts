import { describe, expect, it } from 'vitest';
import { countWords, validateQuestion } from './question';

const words = (n: number) => Array.from({ length: n }, (_, i) => `ord${i}`).join(' ');

describe('AI question', () => {
  it('counts words across spaces, tabs and line breaks', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' Hva var\tomsetningen\n i mars? ')).toBe(5);
  });

  it('needs 5 to 50 words (spec §5)', () => {
    expect(validateQuestion(words(4))).toBe('assistant.tooShort');
    expect(validateQuestion(words(5))).toBeNull();
    expect(validateQuestion(words(50))).toBeNull();
    expect(validateQuestion(words(51))).toBe('assistant.tooLong');
  });
});
