import { errors } from '@saldo/contract/errors/errors';
import { describe, expect, it } from 'vitest';
import { errorText, localized, messages, normalizeLang, t } from './i18n';
import { widgetTitle } from './registry';

describe('i18n', () => {
  it('has the same keys in nor and en, none of them blank', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.nor).sort());
    for (const table of Object.values(messages)) {
      for (const text of Object.values(table)) expect(text.trim()).not.toBe('');
    }
  });

  it('has the texts the spec names', () => {
    expect(widgetTitle('top-customers', 'nor')).toBe('Topp 10 kunder');
    expect(widgetTitle('top-customers', 'en')).toBe('Top 10 customers');
    expect(t('en', 'loading')).toBe('Loading');
    expect(t('nor', 'result')).toBe('Årsresultat');
  });

  it('defaults to Norwegian for missing or unknown languages', () => {
    expect(normalizeLang(undefined)).toBe('nor');
    expect(normalizeLang('de')).toBe('nor');
    expect(normalizeLang('en')).toBe('en');
  });

  it('picks .no for nor and .en for en', () => {
    const title = { no: 'Salgsinntekt', en: 'Sales revenue' };
    expect(localized(title, 'nor')).toBe('Salgsinntekt');
    expect(localized(title, 'en')).toBe('Sales revenue');
  });

  it('takes error texts from the shared error map', () => {
    expect(errorText('BOARD_NOT_FOUND', 'nor')).toBe(errors.BOARD_NOT_FOUND.no);
    expect(errorText('BOARD_NOT_FOUND', 'en')).toBe(errors.BOARD_NOT_FOUND.en);
    expect(errorText('SOMETHING_NEW', 'en')).toBe(errors.INTERNAL_ERROR.en);
  });
});
