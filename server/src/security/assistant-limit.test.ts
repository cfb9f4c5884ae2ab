import { errorMessage } from '@saldo/contract/errors/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../access/rate-limit.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { type LlmStandin, startLlmStandin } from '../test/llm-standin/standin.ts';

let standin: LlmStandin;
let t: TestApp;
let clock = Date.parse('2026-11-24T09:00:00Z');
beforeAll(async () => {
  standin = await startLlmStandin();
  t = await createTestApp({ now: () => clock, llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey } });
});
afterAll(() => standin.close());

const ask = (token: string) =>
  t.request(`/api/assistant/${t.boardId}/ask`, {
    method: 'POST',
    token,
    body: JSON.stringify({
      question: 'Hvor stor var omsetningen i fjor totalt?',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    }),
  });

describe('the AI assistant’s rate limit (issue 11, item 4)', () => {
  it('lets a user ask a few questions a minute; 40 at once make only that many model calls', async () => {
    const token = (await t.login()).jwtToken;
    const before = standin.requests.length;
    const answers = await Promise.all(Array.from({ length: 40 }, () => ask(token)));
    const allowed = defaultLimits.assistantPerUserMinute.max;
    expect(answers.filter((r) => r.status === 201)).toHaveLength(allowed);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(40 - allowed);
    expect(standin.requests.length - before).toBe(allowed);
    expect(await refused[0]!.json()).toEqual({
      code: 'ASSISTANT_RATE_LIMITED',
      message: 'You have asked the assistant many questions in a short time. Please wait a little and try again',
    });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorMessage('ASSISTANT_RATE_LIMITED', 'nor')).toBe(
      'Du har stilt assistenten mange spørsmål på kort tid. Vent litt og prøv igjen',
    );
  });

  it('limits each user alone: while one is refused, another on the same board still asks', async () => {
    t = await createTestApp({ now: () => clock, llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey } });
    // User B: an Editor of the demo board, signed in on their own.
    const tokenB = (await t.signUp('b@example.no', { member: 'Editor' })).token;
    const tokenA = (await t.login()).jwtToken;

    const allowed = defaultLimits.assistantPerUserMinute.max;
    for (let i = 0; i < allowed; i++) expect((await ask(tokenA)).status).toBe(201);
    const refusedA = await ask(tokenA);
    expect(refusedA.status).toBe(429);
    expect((await refusedA.json()).code).toBe('ASSISTANT_RATE_LIMITED');
    const before = standin.requests.length;
    expect((await ask(tokenB)).status).toBe(201);
    expect(standin.requests.length - before).toBe(1);
    // A is still refused: B's question used none of A's quota, nor A's any of B's.
    expect((await ask(tokenA)).status).toBe(429);
  });

  it('lets the user ask again after a minute, up to a daily ceiling', async () => {
    const limits = {
      ...defaultLimits,
      assistantPerUserMinute: { max: 2, windowMs: 60_000 },
      assistantPerUserDay: { max: 5, windowMs: 24 * 60 * 60_000 },
    };
    t = await createTestApp({
      now: () => clock,
      limits,
      llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey },
    });
    const statuses: number[] = [];
    for (let minute = 0; minute < 4; minute++) {
      const token = (await t.login()).jwtToken;
      for (let i = 0; i < 3; i++) statuses.push((await ask(token)).status);
      clock += 61_000;
    }
    // Two a minute, until the fifth of the day; then nothing until the day is over.
    expect(statuses).toEqual([201, 201, 429, 201, 201, 429, 201, 429, 429, 429, 429, 429]);
    clock += 24 * 60 * 60_000;
    expect((await ask((await t.login()).jwtToken)).status).toBe(201);
  });
});
