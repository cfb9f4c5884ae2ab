import { describe, expect, it } from 'vitest';
import {
  isSourceErrorCode,
  type SourceError,
  type SourceErrorCode,
  sourceError,
  sourceErrorText,
  storedSourceError,
} from './source-errors.ts';

const NB = '\u00a0';

/** One error of every code, with parameters a real file or source could give. */
const EVERY: SourceError[] = [
  sourceError('SAFT_EMPTY', {}),
  sourceError('SAFT_NOT_UTF8', { line: 12 }),
  sourceError('SAFT_NOT_XML', { start: 'Konto;Beløp' }),
  sourceError('SAFT_NO_XML_ELEMENT', {}),
  sourceError('SAFT_NOT_XML_AT', { reason: 'text data outside of root node', line: 1, column: 4 }),
  sourceError('SAFT_WRONG_ROOT', { element: 'html' }),
  sourceError('SAFT_TRUNCATED', { element: 'Amount', line: 18, column: 22 }),
  sourceError('SAFT_MALFORMED_XML', { reason: 'unexpected close tag', line: 9, column: 30 }),
  sourceError('SAFT_NO_ACCOUNT_ID', { line: 7 }),
  sourceError('SAFT_NO_PARTY_ID', { kind: 'supplier', line: 40 }),
  sourceError('SAFT_NO_TRANSACTION_ID', { line: 51 }),
  sourceError('SAFT_NO_DATE', { transactionId: '7', line: 52 }),
  sourceError('SAFT_LINE_NO_AMOUNT', { transactionId: '7', line: 53 }),
  sourceError('SAFT_LINE_NO_ACCOUNT', { transactionId: '7', line: 54 }),
  sourceError('SAFT_INVALID_AMOUNT', { value: '12,34,5', element: 'CreditAmount', transactionId: '7', line: 18 }),
  sourceError('SAFT_CURRENCY', { currency: 'DKK' }),
  sourceError('SAFT_SAME_FILE', { source: 'Fjord AS (912345670)' }),
  sourceError('SAFT_OTHER_COMPANY', { source: 'Fjord AS', expected: '912345670', found: '998877665' }),
  sourceError('SAFT_SOURCES_OVERLAP', {
    source: 'Fjord AS',
    adding: 'Fjord AS (2)',
    registration: '912345670',
    from: '2025-01',
    to: '2025-03',
  }),
  sourceError('SAFT_UNBALANCED', {
    transactionId: '1057',
    journal: '123ABC',
    date: '2017-04-30',
    difference: -324_541_000,
    line: 4294,
  }),
  sourceError('TRIPLETEX_INVALID_CREDENTIALS', {}),
  sourceError('TRIPLETEX_RATE_LIMITED', { endpoint: 'GET /customer', waits: 5 }),
  sourceError('TRIPLETEX_UNAVAILABLE', { endpoint: 'GET /ledger/posting', status: 503, network: '', retries: 4 }),
  sourceError('TRIPLETEX_NO_TOKEN', {}),
  sourceError('TRIPLETEX_REJECTED', { endpoint: 'GET /ledger/account', status: 403, detail: 'Forbidden' }),
  sourceError('SYNC_FAILED', {}),
  sourceError('SOURCE_MESSAGE', { text: 'Transaction 7 does not balance' }),
];

describe('source errors', () => {
  it('has a Norwegian and an English text for every code, different from each other', () => {
    const codes = new Set<SourceErrorCode>(EVERY.map((e) => e.code));
    for (const e of EVERY) {
      expect(isSourceErrorCode(e.code)).toBe(true);
      const nor = sourceErrorText(e, 'nor');
      const en = sourceErrorText(e, 'en');
      expect(nor.length, e.code).toBeGreaterThan(10);
      expect(en.length, e.code).toBeGreaterThan(10);
      if (e.code !== 'SOURCE_MESSAGE') expect(nor, e.code).not.toBe(en);
      // No English money in Norwegian (the example figure 1234.50 of a SAF-T amount is not money shown).
      expect(nor.replace('1234.50', ''), e.code).not.toMatch(/\d\.\d{2}\b/);
      expect(nor, e.code).not.toMatch(/\bNOK\b/);
    }
    expect(codes.size).toBe(EVERY.length);
  });

  it('says in Norwegian and English why a file was refused, amounts formatted for the language', () => {
    const unbalanced = EVERY.find((e) => e.code === 'SAFT_UNBALANCED')!;
    expect(sourceErrorText(unbalanced, 'nor')).toBe(
      `Bilag 1057 i journal 123ABC (2017/04/30) går ikke i balanse: kredit overstiger debet med 3${NB}245${NB}410,00${NB}kr (linje 4294 i filen).`,
    );
    expect(sourceErrorText(unbalanced, 'en')).toBe(
      'Transaction 1057 in journal 123ABC (2017/04/30) does not balance: credits exceed debits by NOK 3,245,410.00 (line 4294 of the file).',
    );
    const amount = EVERY.find((e) => e.code === 'SAFT_INVALID_AMOUNT')!;
    expect(sourceErrorText(amount, 'nor')).toBe(
      'Ugyldig beløp «12,34,5» i <CreditAmount> i bilag 7: ventet et tall som 1234.50 (linje 18 i filen).',
    );
    expect(sourceErrorText(sourceError('SAFT_NOT_XML', { start: '%PDF-1.7' }), 'nor')).toBe(
      'Filen er ikke en SAF-T-regnskapsfil: den er ikke XML (den begynner med «%PDF-1.7»).',
    );
    expect(sourceErrorText(sourceError('SAFT_TRUNCATED', { element: 'Amount', line: 18, column: 22 }), 'nor')).toBe(
      'Filen er avkuttet: den slutter på linje 18, kolonne 22 inne i <Amount>. Eksporter eller last opp SAF-T-filen på nytt.',
    );
  });

  it('shows an error stored as text by an earlier version as it is, and reads the stored JSON of a coded one', () => {
    const old = 'Transaction 7 in journal GL (2024-03-15) does not balance: debits exceed credits by NOK 10.00';
    expect(storedSourceError(old)).toEqual({ code: 'SOURCE_MESSAGE', params: { text: old } });
    expect(sourceErrorText(storedSourceError(old), 'nor')).toBe(old);
    expect(sourceErrorText(old, 'nor')).toBe(old);
    expect(storedSourceError('{not json')).toEqual({ code: 'SOURCE_MESSAGE', params: { text: '{not json' } });
    expect(storedSourceError('{"code":"SOMETHING_NEW","params":{}}').code).toBe('SOURCE_MESSAGE');
    for (const e of EVERY) expect(storedSourceError(JSON.stringify(e))).toEqual(e);
    const future = { code: 'SOMETHING_NEW', params: { a: 1 } } as unknown as SourceError;
    expect(sourceErrorText(future, 'en')).toBe('SOMETHING_NEW {"a":1}');
  });
});
