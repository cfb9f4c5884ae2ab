import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { type LlmStandin, type LlmStandinOptions, startLlmStandin } from '../../test/llm-standin/standin.ts';
import { type ChatMessage, createLlmClient, type LlmSettings, retryAfterMs } from './llm-client.ts';

const open: LlmStandin[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function standin(options: LlmStandinOptions = {}) {
  const s = await startLlmStandin(options);
  open.push(s);
  return s;
}

const system = [
  'You are the assistant of Saldo. Answer in English.',
  '',
  '## Top 10 customers',
  'No.;Customer;Amount',
  '1;Fjordkraft Industri AS;1250000',
  '2;Bergen Bolig AS;830000',
].join('\n');

const messages: ChatMessage[] = [
  { role: 'system', content: system },
  { role: 'user', content: 'How much did Fjordkraft Industri buy?' },
];

function client(s: LlmStandin, extra: Partial<LlmSettings> = {}) {
  const logs: string[] = [];
  const c = createLlmClient({
    baseUrl: `${s.url}/v1`,
    apiKey: s.apiKey,
    serverErrorRetryMs: 10,
    log: (m) => logs.push(m),
    ...extra,
  });
  return { c, logs };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('createLlmClient against the stand-in', () => {
  it('sends the OpenAI request and reads the answer', async () => {
    const s = await standin();
    const { c, logs } = client(s, { model: 'gpt-test' });
    const answer = await c.complete(messages);
    expect(answer).toEqual({ text: 'Fjordkraft Industri AS: 1250000 (from Top 10 customers)', model: 'gpt-test' });
    expect(s.requests).toEqual([{ model: 'gpt-test', messages, temperature: 0 }]);
    expect(logs).toEqual([]);
  });

  it('defaults the model to gpt-4o-mini and accepts a base URL with a trailing slash', async () => {
    const s = await standin();
    const { c } = client(s, { baseUrl: `${s.url}/v1/` });
    expect(c.model).toBe('gpt-4o-mini');
    expect((await c.complete(messages)).model).toBe('gpt-4o-mini');
  });

  it('a wrong key is AI_UNAVAILABLE, logged without the key', async () => {
    const s = await standin({ apiKey: 'sk-right-key' });
    const { c, logs } = client(s, { apiKey: 'sk-wrong-secret-key' });
    const err = await failure(c.complete(messages));
    expect(err.code).toBe('AI_UNAVAILABLE');
    expect(err.status).toBe(502);
    expect(logs.join('\n')).toContain('LLM refused the key');
    expect(logs.join('\n')).not.toContain('sk-wrong-secret-key');
    expect(err.message).not.toContain('sk-wrong-secret-key');
  });

  it('retries once after a 429, honouring Retry-After', async () => {
    const s = await standin({ rateLimitNext: 1 });
    const { c } = client(s);
    const started = Date.now();
    const answer = await c.complete(messages);
    expect(answer.text).toContain('Fjordkraft Industri AS');
    expect(s.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('retries once after a 500, then succeeds', async () => {
    const s = await standin({ failNext: 1 });
    const { c } = client(s);
    expect((await c.complete(messages)).text).toContain('Fjordkraft');
    expect(s.requests).toHaveLength(2);
  });

  it('gives up after two 500s with AI_UNAVAILABLE', async () => {
    const s = await standin({ failNext: 2 });
    const { c, logs } = client(s);
    expect((await failure(c.complete(messages))).code).toBe('AI_UNAVAILABLE');
    expect(s.requests).toHaveLength(2);
    expect(logs.join('\n')).toContain('HTTP 500');
  });

  it('gives up after two 429s with AI_UNAVAILABLE', async () => {
    const s = await standin({ rateLimitNext: 2 });
    const { c } = client(s, { maxRetryWaitMs: 20 });
    expect((await failure(c.complete(messages))).code).toBe('AI_UNAVAILABLE');
    expect(s.requests).toHaveLength(2);
  });

  it('a slow answer times out as AI_UNAVAILABLE', async () => {
    const s = await standin({ delayMs: 1_000 });
    const { c, logs } = client(s, { timeoutMs: 100 });
    expect((await failure(c.complete(messages))).code).toBe('AI_UNAVAILABLE');
    expect(logs.join('\n')).toContain('did not answer within 100 ms');
  });

  it('an unreachable server is AI_UNAVAILABLE', async () => {
    const s = await standin();
    const url = s.url;
    await s.close();
    open.splice(open.indexOf(s), 1);
    const { c } = client({ ...s, url });
    expect((await failure(c.complete(messages))).code).toBe('AI_UNAVAILABLE');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and dates, capped at the maximum', () => {
    expect(retryAfterMs('1', 5000)).toBe(1000);
    expect(retryAfterMs('60', 5000)).toBe(5000);
    expect(retryAfterMs(null, 5000)).toBe(1000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 5000, 8_000)).toBe(2000);
    expect(retryAfterMs('-3', 5000)).toBe(0);
  });
});
