/** @jsxImportSource preact */
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../core/api-client';
import '../../register';
import { answerEvery, draw } from '../../testing/dom';
import { aiAnswer, settle } from '../../testing/fixtures';
import { AiWidgetView, answerText } from './ai-widget-view';

beforeEach(() => resetConfig());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('answerText', () => {
  it('takes the text of a JSON answer, or else shows the JSON', () => {
    expect(answerText({ text: 'Svar' })).toBe('Svar');
    expect(answerText('{"text":"Fra streng"}')).toBe('Fra streng');
    expect(answerText('not json')).toBe('not json');
    expect(answerText({ total: 5 })).toBe('{\n  "total": 5\n}');
    expect(answerText('[1,2]')).toBe('[\n  1,\n  2\n]');
  });
});

describe('AiWidgetView', () => {
  it('shows the question as the heading, the answer and the date', () => {
    const root = draw(<AiWidgetView state={{ status: 'data', data: aiAnswer }} lang="nor" />);
    expect(root.querySelector('[part="title"]')?.textContent).toBe(aiAnswer.question);
    expect(root.querySelector('[part="answer"]')?.textContent).toBe('Omsetningen økte med 10 % fra i fjor.');
    expect(root.querySelector('[part="date"]')?.textContent).toBe('2026/04/02');
    render(<AiWidgetView state={{ status: 'loading' }} lang="en" />, root);
    expect(root.querySelector('[part="title"]')?.textContent).toBe('AI widget');
  });
});

describe('<saldo-ai-widget> and <saldo-custom-widget>', () => {
  it('fetch nothing until their id is set, then ask with it', async () => {
    const requested = answerEvery(aiAnswer);
    const ai = document.createElement('saldo-ai-widget');
    ai.setAttribute('board', 'b1');
    ai.setAttribute('from', '2026-01-01');
    ai.setAttribute('to', '2026-12-31');
    const custom = document.createElement('saldo-custom-widget');
    custom.setAttribute('board', 'b 1');
    custom.setAttribute('from', '2026-01-01');
    custom.setAttribute('to', '2026-12-31');
    document.body.append(ai, custom);
    await ai.updateComplete;
    await custom.updateComplete;
    expect(requested).toEqual([]);
    expect(ai.state.status).toBe('idle');
    ai.setAttribute('query-id', 'q1');
    custom.setAttribute('widget-id', 'w/1');
    await ai.updateComplete;
    await custom.updateComplete;
    await settle();
    expect(requested.sort()).toEqual([
      '/api/widgets/ai?groupId=b1&startDate=2026-01-01&endDate=2026-12-31&aiQueryId=q1',
      '/api/widgets/b%201/custom/w%2F1?startDate=2026-01-01&endDate=2026-12-31',
    ]);
    expect(ai.state.status).toBe('data');
    expect(custom.widgetId).toBe('w/1');
  });
});
