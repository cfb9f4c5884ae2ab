const PROBE_ORIGIN = 'http://saldo.invalid';

/**
 * Turns the `redirect` query parameter into a path inside the portal, or the fallback.
 * Only same-origin paths are allowed: `//evil.example`, `/\evil.example`, `https://…` and
 * `javascript:` would otherwise make the login page an open redirect.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines inside URLs, which can turn "/\t/evil" into "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // Going "back" to the login page after logging in would look like the login failed.
  if (url.pathname === '/login') return fallback;
  return url.pathname + url.search + url.hash;
}
