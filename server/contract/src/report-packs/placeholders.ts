// A report pack's commentary is text with placeholders for live figures: `{{line:revenue}}`,
// `{{kpi:ebitda-margin:change}}`. Zod-free and free of the KPI library's texts beyond its ids, so the
// portal's editor (its placeholder picker and its own check as the accountant types) reads the same
// grammar the server refuses a pack by.

import { type FigureId, figureIds, figureTitle, isFigureId } from '../kpis/figures.ts';
import { isKpiId, type KpiId, kpiDefinition, kpiIds } from '../kpis/kpis.ts';
import type { Lang, LocalizedText } from '../numbers/format.ts';

/** What a placeholder names: a statement line (a figure of kpis/figures.ts) or a KPI of the library. */
export type PlaceholderSource = 'line' | 'kpi';

/**
 * Which number of the figure: the period's (`value`, the default), the comparison period's
 * (`compare`), or the change between them (`change`).
 */
export type PlaceholderPart = 'value' | 'compare' | 'change';

export const PLACEHOLDER_SOURCES: readonly PlaceholderSource[] = ['line', 'kpi'];
export const PLACEHOLDER_PARTS: readonly PlaceholderPart[] = ['value', 'compare', 'change'];

/** Where a placeholder starts in its text: 1-based line and column (in UTF-16 code units, as an editor counts), and the offset. */
export interface TextPlace {
  offset: number;
  line: number;
  column: number;
}

export type PlaceholderRef =
  | { source: 'line'; id: FigureId; part: PlaceholderPart }
  | { source: 'kpi'; id: KpiId; part: PlaceholderPart };

/** A placeholder as written, where it is, and what it names. */
export type PlaceholderToken = TextPlace & { kind: 'placeholder'; raw: string; length: number } & PlaceholderRef;

export type TextToken = { kind: 'text'; text: string } | PlaceholderToken;

/** What is wrong with a placeholder: its kind, its figure or KPI, or its part does not exist. */
export interface PlaceholderProblem extends TextPlace {
  raw: string;
  /** The bad name as written ('revnue', 'lines', 'delta'); empty when the placeholder is empty. */
  name: string;
  problem: 'source' | 'figure' | 'kpi' | 'part';
}

/** `{{`, anything but braces (at most 200 characters, so a stray `{{` does not swallow the text), `}}`. */
const PLACEHOLDER = /\{\{([^{}]{0,200})\}\}/g;

/** The line and column of an offset of the text. */
function placeOf(text: string, offset: number): TextPlace {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** One placeholder's inside ('line:revenue:change') read: what it names, or what is wrong with it. */
function readInside(inside: string): PlaceholderRef | Pick<PlaceholderProblem, 'name' | 'problem'> {
  const [source = '', id = '', part = 'value', ...rest] = inside.split(':').map((s) => s.trim());
  if (source !== 'line' && source !== 'kpi') return { name: source, problem: 'source' };
  if (source === 'line' && !isFigureId(id)) return { name: id, problem: 'figure' };
  if (source === 'kpi' && !isKpiId(id)) return { name: id, problem: 'kpi' };
  if (rest.length > 0 || !(PLACEHOLDER_PARTS as readonly string[]).includes(part))
    return { name: [part, ...rest].join(':'), problem: 'part' };
  return { source, id, part } as PlaceholderRef;
}

/**
 * A commentary text as tokens: its plain text and its placeholders, each with its place, and the
 * placeholders that name nothing. Text outside `{{…}}` is left as written (a lone `{{` is text).
 */
export function parsePlaceholders(text: string): { tokens: TextToken[]; problems: PlaceholderProblem[] } {
  const tokens: TextToken[] = [];
  const problems: PlaceholderProblem[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const offset = match.index;
    const raw = match[0];
    const read = readInside(match[1] ?? '');
    if (offset > last) tokens.push({ kind: 'text', text: text.slice(last, offset) });
    last = offset + raw.length;
    if ('problem' in read) {
      problems.push({ ...placeOf(text, offset), raw, ...read });
      tokens.push({ kind: 'text', text: raw });
    } else tokens.push({ kind: 'placeholder', raw, length: raw.length, ...placeOf(text, offset), ...read });
  }
  if (last < text.length) tokens.push({ kind: 'text', text: text.slice(last) });
  return { tokens, problems };
}

/** A placeholder as written, from what it names: `{{line:revenue}}`, `{{kpi:dso:change}}`. */
export function placeholderText(ref: PlaceholderRef): string {
  return `{{${ref.source}:${ref.id}${ref.part === 'value' ? '' : `:${ref.part}`}}}`;
}

const PROBLEM_WORDS: Record<PlaceholderProblem['problem'], LocalizedText> = {
  source: { no: 'ukjent type (line eller kpi)', en: 'unknown kind (line or kpi)' },
  figure: { no: 'ukjent regnskapslinje', en: 'unknown statement line' },
  kpi: { no: 'ukjent nøkkeltall', en: 'unknown KPI' },
  part: { no: 'ukjent del (value, compare eller change)', en: 'unknown part (value, compare or change)' },
};

/** A problem as a sentence: 'Linje 2, kolonne 14: ukjent regnskapslinje «revnue» i {{line:revnue}}'. */
export function placeholderProblemText(p: PlaceholderProblem, lang: Lang): string {
  const what = lang === 'en' ? PROBLEM_WORDS[p.problem].en : PROBLEM_WORDS[p.problem].no;
  return lang === 'en'
    ? `Line ${p.line}, column ${p.column}: ${what} "${p.name}" in ${p.raw}`
    : `Linje ${p.line}, kolonne ${p.column}: ${what} «${p.name}» i ${p.raw}`;
}

/** What the editor's picker offers: every statement line and KPI, by its placeholder. */
export function placeholderChoices(lang: Lang): Array<{ source: PlaceholderSource; id: string; title: string }> {
  return [
    ...figureIds.map((id) => ({ source: 'line' as const, id, title: figureTitle(id, lang) })),
    ...kpiIds.map((id) => ({
      source: 'kpi' as const,
      id,
      title: kpiDefinition(id).title[lang === 'en' ? 'en' : 'no'],
    })),
  ];
}
