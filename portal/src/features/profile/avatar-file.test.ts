import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, checkAvatarFile } from './avatar-file';

describe('checkAvatarFile', () => {
  it('accepts png, jpg and svg up to 2 MB', () => {
    expect(checkAvatarFile({ name: 'me.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.jpg', type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkAvatarFile({ name: 'me.svg', type: 'image/svg+xml', size: 10 })).toBeNull();
    expect(checkAvatarFile({ name: 'ME.JPEG', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types', () => {
    expect(checkAvatarFile({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('UNSUPPORTED_FILE_TYPE');
    expect(checkAvatarFile({ name: 'me.webp', type: '', size: 10 })).toBe('UNSUPPORTED_FILE_TYPE');
    expect(checkAvatarFile({ name: 'me.png.exe', type: 'application/octet-stream', size: 10 })).toBe(
      'UNSUPPORTED_FILE_TYPE',
    );
  });

  it("refuses files over 2 MB with 'File size is too large'", () => {
    expect(checkAvatarFile({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('FILE_TOO_LARGE');
  });
});
