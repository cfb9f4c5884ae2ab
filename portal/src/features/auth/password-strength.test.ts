import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 'tooShort'],
    ['Ab1', 'tooShort'],
    ['Abcdef1', 'tooShort'], // 7 characters
    ['abcdefg1', 'tooShort'], // no upper case
    ['ABCDEFG1', 'tooShort'], // no lower case
    ['Abcdefgh', 'tooShort'], // no digit
    ['Abcdefgh!!!!', 'tooShort'], // long with a symbol, but no digit
    ['Abcdefg1', 'good'], // exactly 8
    ['Demo1234', 'good'],
    ['Abcdefghij12', 'good'], // 12 characters but no symbol
    ['Abcdefg1!xy', 'good'], // symbol but only 11 characters
    ['Abcdefg1!xyz', 'strong'], // 12 with a symbol
    ['Korrekt Hest 9 Batteri', 'good'], // a space is not a symbol
    ['Blåbærsyltetøy#2026', 'strong'],
  ] as const)('%j is %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });

  it('knows the Norwegian letters, as the server does', () => {
    expect(passwordStrength('ÆØÅæøå12')).toBe('good');
    expect(passwordStrength('øøøøøøø1')).toBe('tooShort'); // no upper case
  });
});

describe('passwordProblem', () => {
  it('names the first rule a password breaks', () => {
    expect(passwordProblem('')).toBe('passwordRequired');
    expect(passwordProblem('Ab1')).toBe('passwordTooShort');
    expect(passwordProblem('abcdefgh')).toBe('weakPassword');
    expect(passwordProblem('ABCDEFG1')).toBe('weakPassword');
    expect(passwordProblem('Abcdefgh')).toBe('weakPassword');
    expect(passwordProblem('Abcdefg1')).toBeNull();
  });
});
