import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextLines, type LlmStandin, NO_ANSWER, standinAnswer, startLlmStandin } from './standin.ts';

type OpenAiError = { error: { message: string; type: string; code: string | null } };

const context = [
  'Svar på norsk.',
  '',
  'Selskap: Nordlys AS',
  '',
  '## Resultatregnskap',
  'Linje;Totalt',
  'Salgsinntekt;29241010',
  'Driftsresultat;5335891',
  '',
  '## Topp 10 kunder',
  'Nr.;Kunde;Beløp',
  '1;Fjord Bygg AS;4616220',
  '2;Nordkapp Energi AS;2744550',
].join('\n');

describe('the stand-in model', () => {
  it('reads the context blocks: label and last cell of each row', () => {
    expect(contextLines(context)).toEqual([
      { table: 'Resultatregnskap', label: 'Salgsinntekt', value: '29241010' },
      { table: 'Resultatregnskap', label: 'Driftsresultat', value: '5335891' },
      { table: 'Topp 10 kunder', label: 'Fjord Bygg AS', value: '4616220' },
      { table: 'Topp 10 kunder', label: 'Nordkapp Energi AS', value: '2744550' },
    ]);
  });

  it('answers with the best matching line, in the language the prompt asks for', () => {
    expect(standinAnswer(context, 'Hva var driftsresultat i fjor?')).toBe(
      'Driftsresultat: 5335891 (fra Resultatregnskap)',
    );
    expect(
      standinAnswer(context.replace('Svar på norsk.', 'Answer in English.'), 'How much did Nordkapp Energi buy?'),
    ).toBe('Nordkapp Energi AS: 2744550 (from Topp 10 kunder)');
    expect(standinAnswer(context, 'Hvordan blir været i morgen tidlig?')).toBe(NO_ANSWER.nor);
  });
});

describe('the stand-in server', () => {
  let s: LlmStandin;
  beforeAll(async () => {
    s = await startLlmStandin({ apiKey: 'sk-test' });
  });
  afterAll(() => s.close());

  const post = (body: unknown, key = 'sk-test') =>
    fetch(`${s.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers in the Chat Completions shape and records the request', async () => {
    const body = {
      model: 'm',
      messages: [
        { role: 'system', content: context },
        { role: 'user', content: 'Salgsinntekt?' },
      ],
    };
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Salgsinntekt: 29241010 (fra Resultatregnskap)' },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: expect.any(Number),
        completion_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      },
    });
    expect(s.requests.at(-1)).toEqual(body);
  });

  it("refuses a wrong key and a bad body with OpenAI's error JSON", async () => {
    const count = s.requests.length;
    const wrong = await post({ model: 'm', messages: [] }, 'sk-wrong');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as OpenAiError).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
    const bad = await post({ model: 'm', messages: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as OpenAiError).error.type).toBe('invalid_request_error');
    expect(s.requests.length).toBe(count);
  });
});
