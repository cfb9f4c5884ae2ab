import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * A local stand-in for an OpenAI-compatible Chat Completions API (`POST /v1/chat/completions`),
 * for tests and development: Bearer key check, OpenAI's error JSON, injectable 500s, 429s and
 * latency, and a deterministic "model" that answers from the context it was given, so a test can
 * tell that the context reached it. Test and dev tooling only: everything stays in memory.
 */
export interface LlmStandinOptions {
  /** 0 (default) picks a free port. The stand-in only ever listens on 127.0.0.1. */
  port?: number;
  /** The accepted key; a random one when unset. */
  apiKey?: string;
  /** The next this many requests answer 500. */
  failNext?: number;
  /** The next this many requests answer 429 with Retry-After: 1. */
  rateLimitNext?: number;
  /** Delay before every answer, in ms. */
  delayMs?: number;
  /** What the next answers say, in order, instead of the deterministic answer (a model's own wording). */
  replyNext?: string[];
}

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature?: number;
  [key: string]: unknown;
}

export interface LlmStandin {
  /** Origin, e.g. http://127.0.0.1:41234; the API's base URL is `${url}/v1`. */
  url: string;
  apiKey: string;
  /** Bodies of the requests that carried the right key, in order (faulted ones included). */
  requests: ChatRequestBody[];
  close(): Promise<void>;
}

export const NO_ANSWER = { en: 'The data does not say.', nor: 'Dataene sier ikke noe om det.' } as const;

interface ContextLine {
  table: string;
  label: string;
  value: string;
}

/** '## Title' blocks of `a;b;c` rows: every row's label (its first cell that is not a bare number) and last cell. */
export function contextLines(context: string): ContextLine[] {
  const lines: ContextLine[] = [];
  let table: string | null = null;
  let header = false;
  for (const raw of context.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      table = line.slice(3).trim();
      header = true;
      continue;
    }
    if (!table || !line.includes(';')) {
      if (line === '') table = null;
      continue;
    }
    if (header) {
      header = false;
      continue;
    }
    const cells = line.split(';').map((c) => c.trim());
    const label = cells.find((c) => c !== '' && !/^-?[\d.,]+$/.test(c));
    const value = cells[cells.length - 1] ?? '';
    if (label && value !== '' && value !== label) lines.push({ table, label, value });
  }
  return lines;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The stand-in's answer: the context line whose label shares the most (longest) words of four
 * letters or more with the question, as "<label>: <value> (from <table>)", in the language the
 * system prompt asks for; or that the data does not say.
 */
export function standinAnswer(system: string, question: string): string {
  const lang = /svar på norsk/i.test(system) ? 'nor' : 'en';
  const asked = new Set(words(question).filter((w) => w.length >= 4));
  let best: ContextLine | null = null;
  let bestScore = 0;
  for (const line of contextLines(system)) {
    const score = [...new Set(words(line.label))].filter((w) => asked.has(w)).reduce((sum, w) => sum + w.length, 0);
    if (score > bestScore) {
      best = line;
      bestScore = score;
    }
  }
  if (!best) return NO_ANSWER[lang];
  return `${best.label}: ${best.value} (${lang === 'nor' ? 'fra' : 'from'} ${best.table})`;
}

export async function startLlmStandin(options: LlmStandinOptions = {}): Promise<LlmStandin> {
  const apiKey = options.apiKey ?? `sk-standin-${randomBytes(12).toString('hex')}`;
  const requests: ChatRequestBody[] = [];
  let failNext = options.failNext ?? 0;
  let rateLimitNext = options.rateLimitNext ?? 0;
  const replyNext = [...(options.replyNext ?? [])];
  let counter = 0;

  const error = (message: string, type: string, code: string | null) => ({
    error: { message, type, param: null, code },
  });

  const app = new Hono();
  app.post('/v1/chat/completions', async (c) => {
    if (options.delayMs) await delay(options.delayMs);
    const auth = c.req.header('authorization') ?? '';
    if (auth !== `Bearer ${apiKey}`) {
      return c.json(
        error(
          'Incorrect API key provided. You can find your API key in your account settings.',
          'invalid_request_error',
          'invalid_api_key',
        ),
        401,
      );
    }
    const body = (await c.req.json().catch(() => null)) as ChatRequestBody | null;
    if (
      !body ||
      typeof body.model !== 'string' ||
      !Array.isArray(body.messages) ||
      body.messages.length === 0 ||
      !body.messages.every((m) => typeof m?.role === 'string' && typeof m?.content === 'string')
    ) {
      return c.json(error("'messages' and 'model' are required", 'invalid_request_error', null), 400);
    }
    requests.push(body);
    if (rateLimitNext > 0) {
      rateLimitNext -= 1;
      c.header('retry-after', '1');
      return c.json(error('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'), 429);
    }
    if (failNext > 0) {
      failNext -= 1;
      return c.json(error('The server had an error while processing your request.', 'server_error', null), 500);
    }
    const system = body.messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    const question = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
    const content = replyNext.shift() ?? standinAnswer(system, question);
    counter += 1;
    const promptTokens = Math.ceil(body.messages.reduce((n, m) => n + m.content.length, 0) / 4);
    const completionTokens = Math.ceil(content.length / 4);
    return c.json({
      id: `chatcmpl-standin-${counter}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  });
  app.all('*', (c) =>
    c.json(error(`Unknown request URL: ${c.req.method} ${c.req.path}`, 'invalid_request_error', null), 404),
  );

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
