// What the SDK's DOM tests share: drawing a view into the page, reading a table row, and putting an element
// on the page fed one answer. Each test file empties the page after each test itself.
import { type ComponentChild, render } from 'preact';
import { configure } from '../core/api-client';
import type { SaldoDrillDetail } from '../core/types';
import { jsonResponse, settle } from './fixtures';

/** The no-break space the formatter puts between thousands (and before %). */
export const NBSP = '\u00a0';

/** A figure as written with plain spaces ('1 200'), as the formatter writes it. */
export const kr = (text: string) => text.replaceAll(' ', NBSP);

/** Renders a view into a fresh div on the page. */
export function draw(view: ComponentChild): HTMLDivElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(view, root);
  return root;
}

/** The trimmed texts of a table row's cells, headings included. */
export const cellTexts = (row: Element | null | undefined) =>
  [...(row?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent?.trim());

/** Answers every request the elements make with `body`; returns the URLs they ask for, as they ask. */
export function answerEvery(body: unknown): string[] {
  const requested: string[] = [];
  configure({
    fetch: (async (input: RequestInfo | URL) => {
      requested.push(String(input));
      return jsonResponse(body);
    }) as typeof fetch,
  });
  return requested;
}

/**
 * An element put on the page with `attrs`, every request it makes answered with `body`, once it has drawn
 * the answer: the URLs it asked for and the drills it fired (collected from before it is on the page).
 */
export async function mountElement<E extends HTMLElement = HTMLElement>(
  tag: string,
  body: unknown,
  attrs: Record<string, string> = {},
) {
  const requested = answerEvery(body);
  const el = document.createElement(tag) as unknown as E & { updateComplete: Promise<boolean> };
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  const drills: SaldoDrillDetail[] = [];
  el.addEventListener('saldo-drill', (e) => drills.push((e as CustomEvent<SaldoDrillDetail>).detail));
  document.body.append(el);
  await el.updateComplete;
  await settle();
  await el.updateComplete;
  return { el, root: el.shadowRoot!, requested, drills };
}
