/** SPEC §5: image upload accepts png, jpg or svg; the server's limit is 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';

const TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);
const EXTENSIONS = /\.(png|jpe?g|svg)$/i;

/**
 * Checks a chosen avatar before it is sent: the error code from the shared map, or null.
 * The type is taken from the MIME type, or from the extension when the browser reports none.
 */
export function checkAvatarFile(
  file: Pick<File, 'name' | 'size' | 'type'>,
): 'UNSUPPORTED_FILE_TYPE' | 'FILE_TOO_LARGE' | null {
  const typeOk = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'UNSUPPORTED_FILE_TYPE';
  if (file.size > AVATAR_MAX_BYTES) return 'FILE_TOO_LARGE';
  return null;
}
