import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets (Tripletex tokens) for storage with AES-256-GCM. The key is SALDO_ENCRYPTION_KEY
 * (32 bytes, base64) or, on a local install without it, derived from the auth secret with HKDF.
 * Sealed values look like `v1.<iv>.<tag>.<ciphertext>` (base64url); a changed byte fails to open.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed fingerprint: equal secrets are recognised without decrypting, and it reveals nothing. */
  fingerprint(plain: string): string;
}

export function createSecretBox(options: { encryptionKey?: string | undefined; authSecret: string }): SecretBox {
  const key = options.encryptionKey
    ? Buffer.from(options.encryptionKey, 'base64')
    : Buffer.from(hkdfSync('sha256', options.authSecret, 'saldo', 'credentials-encryption', 32));
  if (key.length !== 32) throw new Error('SALDO_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  const fingerprintKey = Buffer.from(hkdfSync('sha256', key, 'saldo', 'credentials-fingerprint', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    fingerprint(plain) {
      return createHmac('sha256', fingerprintKey).update(plain).digest('base64url');
    },
  };
}
