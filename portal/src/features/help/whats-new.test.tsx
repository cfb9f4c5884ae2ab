import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block } from './changelog';
import { ChangelogBlocks, releaseNotes } from './whats-new-page';

/** The headings of the notes: releases (h2) with their areas (h3), the notes' shape. */
const shape = (blocks: Block[]) =>
  blocks.map((b) => (b.kind === 'list' ? `list:${b.items.length}` : b.kind === 'heading' ? `h${b.level}` : b.kind));

describe('What’s new (issue 27: written for users, in nor and en)', () => {
  it('has the same releases, areas and items in both languages, in different words', () => {
    const nor = releaseNotes('nor');
    const en = releaseNotes('en');
    expect(shape(nor)).toEqual(shape(en));
    expect(nor.filter((b) => b.kind === 'heading' && b.level === 2).length).toBeGreaterThan(1);
    const text = (blocks: Block[]) => render(<ChangelogBlocks blocks={blocks} />).container.textContent ?? '';
    expect(text(nor)).not.toEqual(text(en));
  });

  it.each(['nor', 'en'] as const)('%s: no markup shows as text, and nothing only a developer reads', (lang) => {
    const { container } = render(<ChangelogBlocks blocks={releaseNotes(lang)} />);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/[*`_#[\]]/);
    // No code, environment variables, API paths or package names: those are CHANGELOG.md's.
    expect(container.querySelector('code')).toBeNull();
    expect(text).not.toMatch(/SALDO_|\/api\/|@saldo\/|\bnpm\b|webhook|Stripe|CSP|SDK/i);
  });
});
