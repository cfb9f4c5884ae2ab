import { fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders, typeInto } from '../test/render';
import { DateField } from './date-field';
import { monthGrid, parseDate } from './dates';

describe('typed dates', () => {
  it('reads yyyy/mm/dd and its near relatives, and nothing that is no day', () => {
    expect(['2027/12/31', '2027-12-31', '2027.12.31', '20271231', ' 2027/1/5 '].map(parseDate)).toEqual([
      '2027-12-31',
      '2027-12-31',
      '2027-12-31',
      '2027-12-31',
      '2027-01-05',
    ]);
    // mm/dd/yyyy (what the browser's own field showed), a 30 February, a short run of digits.
    for (const bad of ['12/31/2027', '2027/02/30', '2027123', '', 'i morgen']) expect(parseDate(bad)).toBeNull();
  });

  it('lays a month out in whole weeks from Monday', () => {
    const weeks = monthGrid('2026-11');
    expect(weeks[0]![0]).toBe('2026-10-26');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-12-06');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });
});

function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField id="d" name="expirationDate" label="Utløpsdato" value={value} onChange={setValue} min="2030-01-15" />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => document.querySelector<HTMLInputElement>('input[name="expirationDate"]')!;
const value = () => document.querySelector('[data-testid="value"]')?.textContent;

describe('DateField', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('nor');
  });

  it('shows the date as yyyy/mm/dd and hands the form ISO, or the text as typed while it is no date', () => {
    renderWithProviders(<Form initial="2027-03-05" />);
    expect(input().value).toBe('2027/03/05');
    expect(input().placeholder).toBe('åååå/mm/dd');
    typeInto(input(), '12/31/2027');
    expect(value()).toBe('12/31/2027');
    typeInto(input(), '2027-12-31');
    expect(value()).toBe('2027-12-31');
    fireEvent.blur(input());
    expect(input().value).toBe('2027/12/31');
  });

  it('picks from a calendar that starts at its earliest day, in English too', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<Form />);
    expect(input().placeholder).toBe('yyyy/mm/dd');
    const opener = document.querySelector<HTMLButtonElement>('[aria-label="Pick Utløpsdato in the calendar"]')!;
    fireEvent.click(opener);
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2030-01-15');
    // The day before the earliest cannot be chosen.
    expect(document.querySelector<HTMLButtonElement>('[data-day="2030-01-14"]')!.disabled).toBe(true);
    expect(document.querySelector('th')?.getAttribute('abbr')).toBe('Monday');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.click(document.activeElement!);
    expect(value()).toBe('2030-01-22');
    expect(input().value).toBe('2030/01/22');
    expect(document.activeElement).toBe(opener);
  });
});
