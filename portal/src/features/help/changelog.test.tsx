import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import changelog from '../../../../CHANGELOG.md?raw';
import { parseChangelog, parseInline, safeHref } from './changelog';
import { ChangelogBlocks } from './whats-new-page';

describe('parseChangelog', () => {
  it('reads headings, paragraphs and lists, with wrapped lines joined and the title left out', () => {
    const blocks = parseChangelog(
      '# Changelog\n\nIntro line one\nand two.\n\n## 2026-11-25\n\n### Billing\n- First item\n  goes on.\n- `code` and **bold**\n',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: [{ kind: 'text', text: 'Intro line one and two.' }] },
      { kind: 'heading', level: 2, text: [{ kind: 'text', text: '2026-11-25' }] },
      { kind: 'heading', level: 3, text: [{ kind: 'text', text: 'Billing' }] },
      {
        kind: 'list',
        items: [
          [{ kind: 'text', text: 'First item goes on.' }],
          [
            { kind: 'code', text: 'code' },
            { kind: 'text', text: ' and ' },
            { kind: 'strong', text: 'bold' },
          ],
        ],
      },
    ]);
  });

  it('links only to the web or this site, never javascript: or data:', () => {
    expect(safeHref('https://saldo.no')).toBe('https://saldo.no');
    expect(safeHref('/api/docs')).toBe('/api/docs');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(parseInline('[x](javascript:alert(1))')[0]).toMatchObject({ kind: 'text' });
    expect(parseInline('see [docs](/api/docs)')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'docs', href: '/api/docs' },
    ]);
  });

  it('renders HTML in the file as text, never as elements', () => {
    const blocks = parseChangelog(
      '## <img src=x onerror="alert(1)">\n- <script>alert(1)</script> and [a](javascript:alert(2))\n',
    );
    const { container } = render(<ChangelogBlocks blocks={blocks} />);
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('h2')?.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(container.querySelector('li')?.textContent).toBe('<script>alert(1)</script> and [a](javascript:alert(2))');
  });

  it("reads the repository's CHANGELOG.md: releases newest first, each with what it brought", () => {
    const blocks = parseChangelog(changelog);
    const releases = blocks.flatMap((b) => (b.kind === 'heading' && b.level === 2 ? [b.text[0]?.text] : []));
    expect(releases[0]).toBe('Unreleased');
    const dates = releases.slice(1) as string[];
    expect(dates.length).toBeGreaterThan(1);
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(blocks.filter((b) => b.kind === 'list').length).toBeGreaterThan(dates.length);
  });
});
