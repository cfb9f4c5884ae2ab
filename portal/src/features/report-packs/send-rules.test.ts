import * as contract from '@saldo/contract/schemas/report-packs';
import { describe, expect, it } from 'vitest';
import { MAX_PACK_MESSAGE, MAX_PACK_RECIPIENTS, recipientsOf, recipientsProblem } from './send-rules';

describe('a sent pack’s recipients', () => {
  it('are bounded as the server bounds them', () => {
    expect([MAX_PACK_RECIPIENTS, MAX_PACK_MESSAGE]).toEqual([contract.MAX_PACK_RECIPIENTS, contract.MAX_PACK_MESSAGE]);
  });

  it('reads a list typed with commas, semicolons or lines, each address once whatever its case', () => {
    expect(recipientsOf(' a@x.no, b@x.no;c@x.no\nA@X.no ,, ')).toEqual(['a@x.no', 'b@x.no', 'c@x.no']);
    expect(recipientsOf('  ')).toEqual([]);
  });

  it('wants at least one, each valid, at most 20', () => {
    expect(recipientsProblem([])).toEqual({ key: 'reportPacks.send.recipientsRequired' });
    expect(recipientsProblem(['a@x.no', 'a@x'])).toEqual({ key: 'reportPacks.send.recipientInvalid', email: 'a@x' });
    const twenty = Array.from({ length: 20 }, (_, i) => `s${i}@x.no`);
    expect(recipientsProblem(twenty)).toBeNull();
    expect(recipientsProblem([...twenty, 'one@more.no'])).toEqual({
      key: 'reportPacks.send.tooManyRecipients',
      max: 20,
    });
  });
});
