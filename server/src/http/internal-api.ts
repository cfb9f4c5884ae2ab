import { isErrorCode } from '@saldo/contract/errors/errors';
import { ApiError } from './errors.ts';

/** The app's own fetch (app.fetch), handed to features that read other features' answers. */
export type FetchApi = (request: Request) => Promise<Response>;

/**
 * Reads one of the API's own GET answers as the caller (their access token), so what exports and
 * the assistant read is exactly what the widgets show, access rules included. A refusal is thrown
 * as the same error code.
 */
export function internalReader(fetchApi: FetchApi) {
  return async function read(path: string, token: string): Promise<unknown> {
    const res = await fetchApi(
      new Request(new URL(path, 'http://saldo.internal'), { headers: { authorization: `Bearer ${token}` } }),
    );
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const code = (body as { code?: unknown } | null)?.code;
      throw new ApiError(isErrorCode(code) ? code : 'INTERNAL_ERROR');
    }
    return body;
  };
}
