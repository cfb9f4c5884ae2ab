import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets.ts';

const box = createSecretBox({ authSecret: 'a-local-secret' });

describe('secret box', () => {
  it('seals so the plain text does not appear, and opens again', () => {
    const sealed = box.seal('consumer-token-123');
    expect(sealed).not.toContain('consumer-token-123');
    expect(sealed).not.toBe(box.seal('consumer-token-123'));
    expect(box.open(sealed)).toBe('consumer-token-123');
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const last = parts[3]!;
    parts[3] = (last[0] === 'A' ? 'B' : 'A') + last.slice(1);
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox({ authSecret: 'another' }).open(sealed)).toThrow();
    const explicit = createSecretBox({ encryptionKey: Buffer.alloc(32, 7).toString('base64'), authSecret: 'x' });
    expect(explicit.open(explicit.seal('secret'))).toBe('secret');
    expect(() => createSecretBox({ encryptionKey: 'c2hvcnQ=', authSecret: 'x' })).toThrow('32 bytes');
  });

  it('gives equal fingerprints for equal secrets only', () => {
    expect(box.fingerprint('a')).toBe(box.fingerprint('a'));
    expect(box.fingerprint('a')).not.toBe(box.fingerprint('b'));
    expect(box.fingerprint('a')).not.toContain('a-local-secret');
  });
});
