import { errorMessage } from '@saldo/contract/errors/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '../http/body-limit.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** Live memory of this process: the JS heap and the array buffers (where a buffered body would sit). */
const inUse = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/**
 * A JSON-looking body of `bytes`, made only as it is read: with a high-water mark of 0 the stream
 * produces a chunk only when the server asks for one, so `pulled` is exactly what the server read.
 * `peak` is the most memory the process held at any read.
 */
function lazyBody(bytes: number) {
  const counter = { pulled: 0, peak: 0 };
  const chunk = new TextEncoder().encode('a'.repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.peak = Math.max(counter.peak, inUse());
        if (counter.pulled >= bytes) return controller.close();
        counter.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const post = (path: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  t.app.request(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit),
  );

describe('request body limits (issue 11, item 5)', () => {
  it('refuses a declared oversized body with 413 before reading a byte of it', async () => {
    const { stream, counter } = lazyBody(50 * MB);
    const res = await post('/api/auth/refresh-token', stream, { 'content-length': String(50 * MB) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });
    expect(counter.pulled).toBe(0);
    expect(errorMessage('PAYLOAD_TOO_LARGE', 'nor')).toBe('Forespørselen er for stor');
  });

  it.each([
    ['with a declared Content-Length', true],
    ['streamed without one', false],
  ])(
    'refuses eight concurrent 50 MB bodies %s after reading at most the limit of each: memory stays flat',
    async (_, declared) => {
      const before = inUse();
      const bodies = Array.from({ length: 8 }, () => lazyBody(50 * MB));
      const headers: Record<string, string> = declared ? { 'content-length': String(50 * MB) } : {};
      const answers = await Promise.all(bodies.map(({ stream }) => post('/api/auth/refresh-token', stream, headers)));
      for (const res of answers) {
        expect(res.status).toBe(413);
        expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      }
      // The proof that memory stays flat: no request read more than the limit and the chunk that crossed
      // it (a declared size over the limit, nothing at all), so 8 × 50 MB never came near the server.
      for (const { counter } of bodies)
        expect(counter.pulled).toBeLessThanOrEqual(declared ? 0 : MAX_JSON_BODY_BYTES + CHUNK);
      // And as measured, at every read and after: buffering the bodies would add 400 MB. Coarse, as vitest
      // runs without --expose-gc and nothing is collected on demand: the byte counts above are the proof.
      const peak = Math.max(inUse(), ...bodies.map(({ counter }) => counter.peak));
      expect(peak - before).toBeLessThan(64 * MB);
    },
  );

  it('never stores an oversized board preference', async () => {
    const note = 'n'.repeat(1000);
    const widgets = Array.from({ length: 100 }, (_, i) => ({ id: `w${i}`, x: 0, y: i, width: 6, height: 4, note }));
    const big = JSON.stringify({ widgets, padding: 'p'.repeat(10 * MB) });
    const res = await t.request(`/api/widgets/board-preference/${t.boardId}/update`, {
      method: 'PATCH',
      token,
      body: big,
    });
    expect(res.status).toBe(413);
    const board = await (await t.request(`/api/group-account/${t.boardId}`, { token })).json();
    expect(JSON.stringify(board).length).toBeLessThan(MB);
    // The largest body the API needs, a full board with notes, fits.
    const full = await t.request(`/api/widgets/board-preference/${t.boardId}/update`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({ widgets }),
    });
    expect(full.status).toBe(200);
  });

  it('never asks a GET for its body: the Node server would build a whole Request just to say there is none', async () => {
    const request = new Request(`http://localhost/api/widgets/turnover?groupId=${t.boardId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // As @hono/node-server's request stands until something asks for its body.
    Object.defineProperty(request, 'body', {
      get() {
        throw new Error("a GET's body was asked for");
      },
    });
    const res = await t.app.request(request);
    expect(res.status).toBe(200);
  });

  it('leaves uploads to their own limits', async () => {
    // An avatar up to 2 MB is more than the JSON limit and still not refused as PAYLOAD_TOO_LARGE.
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array(MAX_JSON_BODY_BYTES * 2)]), 'a.png');
    const res = await t.request('/api/profile/avatar', { method: 'POST', token, body: form });
    expect(res.status).toBe(415);
  });
});
