import { FEEDBACK_MAX_CHARS } from '@saldo/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { type Call, json, stubFetch } from '../../test/fetch-stub';
import { $, renderWithProviders, settle, text, typeInto } from '../../test/render';
import { FeedbackDialog } from './feedback-dialog';
import { feedbackErrorCode, validateFeedback } from './feedback-rules';

const message = () => $<HTMLTextAreaElement>('[data-testid="feedback-message"]') as unknown as HTMLInputElement;
async function click(selector: string) {
  await act(async () => $<HTMLElement>(selector)!.click());
  await settle();
}

/** The server: feedback on, and `post` answering the message. */
function server(post: (call: Call) => Response, enabled = true): Call[] {
  return stubFetch((call) => (call.method === 'POST' ? post(call) : json(200, { enabled })));
}

beforeEach(async () => {
  await i18n.changeLanguage('nor');
});
afterEach(() => vi.unstubAllGlobals());

/** The dialog, opened on `kind`, once it has asked whether feedback is on. */
async function open(kind: 'bug' | 'feedback') {
  renderWithProviders(<FeedbackDialog initialKind={kind} onClose={() => {}} />);
  await settle();
}

describe('FeedbackDialog', () => {
  it('sends a bug report with the page it was written on, and says it was sent', async () => {
    const calls = server(() => json(201, { sent: true }));
    await open('bug');
    expect(text('[data-testid="feedback-dialog"] h2')).toBe('Meld en feil');
    expect($<HTMLInputElement>('[data-testid="feedback-kind-bug"]')?.checked).toBe(true);
    typeInto(message(), '  Eksporten lukker seg når jeg trykker Tab.  ');
    expect(text('[data-testid="feedback-count"]')).toBe(`41 av maks ${FEEDBACK_MAX_CHARS} tegn`);
    await click('[data-testid="feedback-submit"]');
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      url: '/api/feedback',
      body: { kind: 'bug', message: 'Eksporten lukker seg når jeg trykker Tab.', page: '/' },
    });
    expect(text('[data-testid="feedback-sent"]')).toContain('Takk! Meldingen er sendt.');
  });

  it('sends feedback as the kind the user picks', async () => {
    const calls = server(() => json(201, { sent: true }));
    await open('bug');
    await click('[data-testid="feedback-kind-feedback"]');
    expect(text('[data-testid="feedback-dialog"] h2')).toBe('Gi tilbakemelding');
    typeInto(message(), 'Fint med demoselskapet!');
    await click('[data-testid="feedback-submit"]');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ kind: 'feedback' });
  });

  it("shows 'Error sending feedback' when sending fails, in Norwegian and English, and keeps the message", async () => {
    server(() => json(502, { code: 'ERROR_SENDING_FEEDBACK', message: 'Error sending feedback' }));
    await open('feedback');
    typeInto(message(), 'Hei');
    await click('[data-testid="feedback-submit"]');
    expect(text('[data-testid="feedback-error"]')).toBe('Kunne ikke sende tilbakemeldingen');
    await act(() => i18n.changeLanguage('en'));
    expect(text('[data-testid="feedback-error"]')).toBe('Error sending feedback');
    expect(message().value).toBe('Hei');
    expect($('[data-testid="feedback-sent"]')).toBeNull();
  });

  it("shows 'Error sending feedback' when the network fails too, and the limit's own text when limited", async () => {
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return json(200, { enabled: true });
    });
    await open('feedback');
    typeInto(message(), 'Hei');
    await click('[data-testid="feedback-submit"]');
    expect(text('[data-testid="feedback-error"]')).toBe('Kunne ikke sende tilbakemeldingen');

    expect(feedbackErrorCode('FEEDBACK_RATE_LIMITED')).toBe('FEEDBACK_RATE_LIMITED');
    expect(feedbackErrorCode('INTERNAL_ERROR')).toBe('ERROR_SENDING_FEEDBACK');
  });

  it('checks the message before sending: empty, or over the limit', async () => {
    const calls = server(() => json(201, { sent: true }));
    await open('feedback');
    await click('[data-testid="feedback-submit"]');
    expect(text('[data-testid="feedback-error"]')).toBe('Skriv en melding først');
    typeInto(message(), 'x'.repeat(FEEDBACK_MAX_CHARS + 1));
    expect($('[data-testid="feedback-count"]')?.className).toContain('feedback__count--over');
    await click('[data-testid="feedback-submit"]');
    expect(text('[data-testid="feedback-error"]')).toBe('Meldingen kan ha maks 4000 tegn');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(validateFeedback('x'.repeat(FEEDBACK_MAX_CHARS))).toBeNull();
  });

  it('says the form is off, and how to turn it on, when the server has no address', async () => {
    server(() => json(201, { sent: true }), false);
    await open('bug');
    expect(text('[data-testid="feedback-off"]')).toContain('Tilbakemeldinger er ikke satt opp på denne serveren');
    expect(text('[data-testid="feedback-off"]')).toContain('SALDO_FEEDBACK_EMAIL');
    expect($<HTMLButtonElement>('[data-testid="feedback-submit"]')?.disabled).toBe(true);
  });
});
