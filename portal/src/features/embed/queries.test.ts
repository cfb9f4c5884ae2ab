import { describe, expect, it } from 'vitest';
import { parseOrigins } from './queries';

describe('parseOrigins', () => {
  it('takes origins one per line, or separated by commas or spaces, without trailing slashes or repeats', () => {
    expect(parseOrigins('https://a.example/\n http://localhost:4100 , https://a.example\n\n')).toEqual([
      'https://a.example',
      'http://localhost:4100',
    ]);
    expect(parseOrigins('   ')).toEqual([]);
  });
});
