import { describe, expect, it } from 'vitest';
import manifest from '../custom-elements.json';
import { tags } from './elements';

interface Declaration {
  tagName: string;
  attributes: Array<{ name: string }>;
  events: Array<{ name: string }>;
  cssParts: Array<{ name: string }>;
}

describe('custom-elements.json', () => {
  // `npm run manifest -w @saldo/sdk` regenerates it (and the build does); a stale file fails here.
  const declarations: Declaration[] = manifest.modules.flatMap((m) => m.declarations);

  it('lists every tag with its attributes, events and parts', () => {
    expect(declarations.map((d) => d.tagName).sort()).toEqual([...tags].sort());
    for (const d of declarations) {
      expect(d.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(['board', 'from', 'to', 'lang', 'theme']));
      expect(d.events.map((e) => e.name)).toEqual(expect.arrayContaining(['saldo-ready', 'saldo-error']));
      expect(d.cssParts.map((p) => p.name)).toEqual(expect.arrayContaining(['title', 'status']));
    }
    const attrs = (tag: string) => declarations.find((d) => d.tagName === tag)?.attributes.map((a) => a.name);
    expect(attrs('saldo-custom-widget')).toContain('widget-id');
    expect(attrs('saldo-ai-widget')).toContain('query-id');
    expect(attrs('saldo-turnover')).toContain('view');
  });
});
