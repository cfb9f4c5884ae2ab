import { describe, expect, it } from 'vitest';
import { fillCommentary, pairText } from './fill.ts';
import { parsePlaceholders, placeholderProblemText, placeholderText } from './placeholders.ts';

describe('the placeholder grammar', () => {
  it('reads lines and KPIs with their part (value by default), with their line and column', () => {
    const text = 'Omsetning {{line:revenue}}.\nEndring {{line:revenue:change}}, margin {{ kpi:ebitda-margin:compare }}';
    const { tokens, problems } = parsePlaceholders(text);
    expect(problems).toEqual([]);
    const placeholders = tokens.filter((t) => t.kind === 'placeholder');
    expect(placeholders).toEqual([
      expect.objectContaining({ source: 'line', id: 'revenue', part: 'value', line: 1, column: 11, offset: 10 }),
      expect.objectContaining({ source: 'line', id: 'revenue', part: 'change', line: 2, column: 9 }),
      expect.objectContaining({ source: 'kpi', id: 'ebitda-margin', part: 'compare', line: 2, column: 41 }),
    ]);
    // The text between them is kept as written, so the tokens put together give the text back.
    expect(tokens.map((t) => (t.kind === 'text' ? t.text : t.raw)).join('')).toBe(text);
  });

  it('names each placeholder that names nothing: its kind, figure, KPI or part, where it is', () => {
    const text = 'a {{line:revnue}}\n  {{kpi:ebit}} {{kpis:dso}}\n{{line:result:delta}} {{line:result:value:x}} {{}}';
    const { problems } = parsePlaceholders(text);
    expect(problems.map(({ line, column, name, problem }) => ({ line, column, name, problem }))).toEqual([
      { line: 1, column: 3, name: 'revnue', problem: 'figure' },
      { line: 2, column: 3, name: 'ebit', problem: 'kpi' },
      { line: 2, column: 16, name: 'kpis', problem: 'source' },
      { line: 3, column: 1, name: 'delta', problem: 'part' },
      { line: 3, column: 23, name: 'value:x', problem: 'part' },
      { line: 3, column: 47, name: '', problem: 'source' },
    ]);
    expect(placeholderProblemText(problems[0]!, 'nor')).toBe(
      'Linje 1, kolonne 3: ukjent regnskapslinje «revnue» i {{line:revnue}}',
    );
    expect(placeholderProblemText(problems[0]!, 'en')).toBe(
      'Line 1, column 3: unknown statement line "revnue" in {{line:revnue}}',
    );
  });

  it('leaves braces that are no placeholder as text', () => {
    expect(parsePlaceholders('{ ikke } {{ og {x}').problems).toEqual([]);
    expect(parsePlaceholders('{{ og {x}').tokens).toEqual([{ kind: 'text', text: '{{ og {x}' }]);
  });

  it('writes a placeholder back from what it names', () => {
    expect(placeholderText({ source: 'line', id: 'revenue', part: 'value' })).toBe('{{line:revenue}}');
    expect(placeholderText({ source: 'kpi', id: 'dso', part: 'change' })).toBe('{{kpi:dso:change}}');
  });
});

describe('filling in', () => {
  it('shows a line in whole kroner and its change in percent of the shown kroner; none as –', () => {
    const pair = { unit: 'line' as const, value: 123_456_750, compare: 100_000_049 };
    expect(pairText(pair, 'value', 'nor')).toBe('1\u00a0234\u00a0568');
    expect(pairText(pair, 'compare', 'en')).toBe('1\u00a0000\u00a0000');
    expect(pairText(pair, 'change', 'nor')).toBe('+23,5\u00a0%');
    expect(pairText({ ...pair, compare: null }, 'change', 'nor')).toBe('–');
    expect(pairText({ ...pair, compare: null }, 'compare', 'nor')).toBe('–');
  });

  it('shows a KPI as its card does, in the language', () => {
    const dso = { unit: 'days' as const, value: 453_000, compare: 400_000 };
    expect(pairText(dso, 'value', 'nor')).toBe('45,3\u00a0dager');
    expect(pairText(dso, 'value', 'en')).toBe('45,3\u00a0days');
    expect(pairText(dso, 'change', 'en')).toBe('+5,3\u00a0days');
    const margin = { unit: 'percent' as const, value: 1234, compare: 1500 };
    expect(pairText(margin, 'value', 'nor')).toBe('12,3\u00a0%');
    expect(pairText(margin, 'change', 'nor')).toBe('-2,7\u00a0%');
  });

  it('replaces each placeholder and lists the figures it used', () => {
    const filled = fillCommentary(
      'Inntekter {{line:revenue}} ({{line:revenue:change}})',
      () => ({ unit: 'line', value: 250_000, compare: 200_000 }),
      'nor',
    );
    expect(filled.text).toBe('Inntekter 2\u00a0500 (+25,0\u00a0%)');
    expect(filled.figures.map((f) => [f.raw, f.line, f.column, f.value, f.compare, f.change, f.text])).toEqual([
      ['{{line:revenue}}', 1, 11, 250_000, 200_000, 25, '2\u00a0500'],
      ['{{line:revenue:change}}', 1, 29, 250_000, 200_000, 25, '+25,0\u00a0%'],
    ]);
  });
});
