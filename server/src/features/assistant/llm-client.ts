import { setTimeout as delay } from 'node:timers/promises';
import { ApiError } from '../../http/errors.ts';
import { log as serverLog } from '../../ops/log.ts';

/**
 * A client for an OpenAI-compatible Chat Completions API (`POST {baseUrl}/chat/completions`).
 * The API key is a secret: it only ever leaves in the Authorization header, never in a log line,
 * an error or a response.
 */
export interface LlmSettings {
  /** e.g. https://api.openai.com/v1 (no trailing /chat/completions) */
  baseUrl: string;
  apiKey: string;
  /** Default 'gpt-4o-mini'. */
  model?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Longest wait honoured from a 429's Retry-After; default 5 s. */
  maxRetryWaitMs?: number;
  /** Wait before retrying a 5xx; default 500 ms. */
  serverErrorRetryMs?: number;
  /** Where failures are reported (without the key); default the server's log. */
  log?: (message: string) => void;
}

export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmAnswer {
  text: string;
  /** The model that answered, as the API names it (the configured one when it does not say). */
  model: string;
}

export interface LlmClient {
  readonly model: string;
  complete(messages: ChatMessage[]): Promise<LlmAnswer>;
}

interface ChatCompletion {
  model?: unknown;
  choices?: Array<{ message?: { content?: unknown } }>;
}

/** Retry-After in seconds or as an HTTP date, in ms, capped; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, capMs: number, now = Date.now()): number {
  let ms = 1000;
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) ms = seconds * 1000;
    else {
      const at = Date.parse(header);
      if (Number.isFinite(at)) ms = at - now;
    }
  }
  return Math.min(Math.max(ms, 0), capMs);
}

export function createLlmClient(settings: LlmSettings): LlmClient {
  const model = settings.model || DEFAULT_LLM_MODEL;
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = settings.timeoutMs ?? 30_000;
  const maxRetryWaitMs = settings.maxRetryWaitMs ?? 5_000;
  const serverErrorRetryMs = settings.serverErrorRetryMs ?? 500;
  const report = settings.log ?? ((message: string) => serverLog.error({ from: 'llm' }, message));
  /** Anything the API echoes back is cleaned of the key before it is logged. */
  const redact = (text: string) => (settings.apiKey ? text.split(settings.apiKey).join('***') : text);

  async function errorMessage(res: Response): Promise<string> {
    const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const message = typeof body?.error?.message === 'string' ? body.error.message : '';
    return redact(message).slice(0, 300);
  }

  async function post(messages: ChatMessage[]): Promise<Response> {
    try {
      return await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages, temperature: 0 }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      report(
        name === 'TimeoutError'
          ? `LLM did not answer within ${timeoutMs} ms`
          : `LLM could not be reached: ${redact(err instanceof Error ? err.message : String(err))}`,
      );
      throw new ApiError('AI_UNAVAILABLE');
    }
  }

  return {
    model,
    async complete(messages) {
      let res = await post(messages);
      if (res.status === 429 || res.status >= 500) {
        const wait =
          res.status === 429 ? retryAfterMs(res.headers.get('retry-after'), maxRetryWaitMs) : serverErrorRetryMs;
        await res.body?.cancel();
        await delay(wait);
        res = await post(messages);
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        report(`LLM refused the key (HTTP ${res.status}); check LLM_API_KEY`);
        throw new ApiError('AI_UNAVAILABLE');
      }
      if (!res.ok) {
        report(`LLM answered HTTP ${res.status}: ${await errorMessage(res)}`);
        throw new ApiError('AI_UNAVAILABLE');
      }
      const body = (await res.json().catch(() => null)) as ChatCompletion | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') {
        report('LLM answered without a message');
        throw new ApiError('AI_UNAVAILABLE');
      }
      return { text: content.trim(), model: typeof body?.model === 'string' && body.model ? body.model : model };
    },
  };
}
