import { describe, expect, it } from 'vitest';
import {
  EMPTY_TRIPLETEX,
  editBody,
  isIsoDate,
  type TripletexValues,
  todayIso,
  tripletexBody,
  validateEdit,
  validateTripletex,
} from './tripletex-form';

const TODAY = '2026-11-21';
const good: TripletexValues = {
  name: 'Fjordkraft Regnskap AS',
  consumerId: 'consumer-token-123',
  apiKey: 'employee-token-456',
  expirationDate: '2027-06-30',
  companyId: '',
};

describe('validateTripletex', () => {
  it('accepts a complete form', () => {
    expect(validateTripletex(good, TODAY)).toEqual({});
  });

  it('asks for every required field of an empty form', () => {
    expect(validateTripletex(EMPTY_TRIPLETEX, TODAY)).toEqual({
      name: 'nameRequired',
      consumerId: 'consumerIdRequired',
      apiKey: 'apiKeyRequired',
      expirationDate: 'expirationRequired',
    });
  });

  it('treats whitespace as empty', () => {
    const errors = validateTripletex({ ...good, name: '   ', apiKey: ' \t' }, TODAY);
    expect(errors).toEqual({ name: 'nameRequired', apiKey: 'apiKeyRequired' });
  });

  it('refuses an expiration date in the past but accepts today', () => {
    expect(validateTripletex({ ...good, expirationDate: '2026-11-20' }, TODAY)).toEqual({
      expirationDate: 'expirationPast',
    });
    expect(validateTripletex({ ...good, expirationDate: TODAY }, TODAY)).toEqual({});
  });

  it('refuses dates that do not exist or are not yyyy-mm-dd', () => {
    for (const bad of ['2027-02-30', '30.06.2027', '2027/06/30', '2027-13-01']) {
      expect(validateTripletex({ ...good, expirationDate: bad }, TODAY).expirationDate, bad).toBe('expirationInvalid');
    }
  });

  it('allows the company id to be blank, but only digits when given', () => {
    expect(validateTripletex({ ...good, companyId: '  ' }, TODAY)).toEqual({});
    expect(validateTripletex({ ...good, companyId: '12345' }, TODAY)).toEqual({});
    expect(validateTripletex({ ...good, companyId: '12a45' }, TODAY)).toEqual({ companyId: 'companyIdDigits' });
  });

  it('enforces the server length limits', () => {
    expect(validateTripletex({ ...good, name: 'x'.repeat(101) }, TODAY)).toEqual({ name: 'nameTooLong' });
    expect(validateTripletex({ ...good, consumerId: 'x'.repeat(201) }, TODAY)).toEqual({ consumerId: 'keyTooLong' });
  });
});

describe('validateEdit', () => {
  const options = { today: TODAY, hasKeys: true, initialExpiration: '2025-01-31' };

  it('lets an expired account be renamed without touching its date', () => {
    const values = { name: 'New name', consumerId: '', apiKey: '', expirationDate: '2025-01-31' };
    expect(validateEdit(values, options)).toEqual({});
  });

  it('checks a changed date and requires a name', () => {
    const values = { name: '', consumerId: '', apiKey: '', expirationDate: '2025-02-01' };
    expect(validateEdit(values, options)).toEqual({ name: 'nameRequired', expirationDate: 'expirationPast' });
  });

  it('ignores key fields for accounts without keys', () => {
    const values = { name: 'Demo', consumerId: 'x'.repeat(300), apiKey: '', expirationDate: '' };
    expect(validateEdit(values, { ...options, hasKeys: false })).toEqual({});
  });
});

describe('request bodies', () => {
  it('trims the add form and leaves out an empty company id', () => {
    expect(tripletexBody({ ...good, name: '  Fjordkraft  ' })).toEqual({
      provider: 'tripletex',
      name: 'Fjordkraft',
      consumerId: 'consumer-token-123',
      apiKey: 'employee-token-456',
      expirationDate: '2027-06-30',
    });
    expect(tripletexBody({ ...good, companyId: ' 42 ' }).companyId).toBe('42');
  });

  it('sends only what changed when editing', () => {
    const initial = { name: 'Old', expirationDate: '2027-01-01' };
    expect(editBody({ name: 'Old', consumerId: '', apiKey: '', expirationDate: '2027-01-01' }, initial)).toEqual({});
    expect(editBody({ name: ' New ', consumerId: '', apiKey: 'k2', expirationDate: '2028-01-01' }, initial)).toEqual({
      name: 'New',
      apiKey: 'k2',
      expirationDate: '2028-01-01',
    });
  });
});

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
  });

  it('writes today in local time', () => {
    expect(todayIso(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
  });
});
