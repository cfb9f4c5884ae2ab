import { vi } from 'vitest';

/** A JSON response as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type Call = { url: string; method: string; body: unknown };

/** Replaces fetch with `answer`; the returned list records each call (its JSON body parsed). */
export function stubFetch(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body && JSON.parse(String(init.body)),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
