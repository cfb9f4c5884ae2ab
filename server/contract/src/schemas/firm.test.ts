import { describe, expect, it } from 'vitest';
import { isOrgNumber } from '../types/constants.ts';
import { firmProfileUpdate } from './firm.ts';

describe('organisation numbers (Brønnøysundregistrene’s modulus 11)', () => {
  it('accepts numbers of real entities in the register', () => {
    // Equinor ASA, DNB Bank ASA, Telenor ASA, Brønnøysundregistrene, and the firm of issue 30.
    for (const n of ['923609016', '984851006', '976820479', '974760673', '918874224'])
      expect(isOrgNumber(n), n).toBe(true);
  });

  it('refuses a wrong check digit, a check digit of 10, the wrong length and anything but digits', () => {
    // 9·3+1·2+2·7+3·6+4·5+5·4+6·3+7·2 = 133 ≡ 1 (mod 11): the check digit would be 10, so no number ends it.
    for (const n of ['918874225', '912345670', '91887422', '9188742240', '91887422a', '918 874 224', ''])
      expect(isOrgNumber(n), n).toBe(false);
  });

  it('names the failed rule by its error code, so the server answers with it', () => {
    const base = {
      name: 'Firma AS',
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
      senderName: null,
      replyTo: null,
    };
    const issue = (body: object) => firmProfileUpdate.safeParse(body).error?.issues[0]?.message;
    expect(issue({ ...base, orgNumber: '918874225' })).toBe('FIRM_ORG_NUMBER_INVALID');
    expect(issue({ ...base, orgNumber: '918874224', primaryColor: 'blue' })).toBe('FIRM_COLOR_INVALID');
    expect(issue({ ...base, orgNumber: '918874224', replyTo: 'not an address' })).toBe('FIRM_REPLY_TO_INVALID');
    const parsed = firmProfileUpdate.parse({
      ...base,
      orgNumber: '918874224',
      primaryColor: '#0B6E4F',
      replyTo: ' Post@Firma.NO ',
    });
    expect(parsed).toMatchObject({ primaryColor: '#0b6e4f', replyTo: 'post@firma.no' });
  });
});
