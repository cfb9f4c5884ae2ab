import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 31: the README is a quick start of at most 200 lines that links only files in the repository, and
// every relative link or picture in it and in docs/ reaches a file (and a heading, when it names one).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const MAX_README_LINES = 200;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The link and picture targets of a Markdown file, outside code: `[..](x)`, `![..](x)`, `src="x"`, `href="x"`. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...prose.matchAll(/!?\[(?:[^\]\n]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...prose.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return targets;
}

/** GitHub's anchor of each heading: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of prose.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = m[1]!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link of a file: nothing, or why. */
function problem(file: string, target: string): string | null {
  if (target.startsWith('/') || /^file:/i.test(target) || /^[a-z]:\\/i.test(target))
    return 'an absolute path: no clone has it';
  if (external(target)) return file === 'README.md' ? 'the README links only files in the repository' : null;
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const resolved = path ? resolve(root, dirname(file), decodeURIComponent(path)) : join(root, file);
  const inRepo = relative(root, resolved);
  if (inRepo.startsWith('..') || inRepo.split(sep)[0] === '..') return 'outside the repository';
  if (!existsSync(resolved)) return 'no such file';
  if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) return `no heading #${anchor} there`;
  }
  return null;
}

describe('README.md and docs/', () => {
  it(`the README is a quick start of at most ${MAX_README_LINES} lines`, () => {
    const lines = read('README.md').split('\n');
    if (lines.at(-1) === '') lines.pop();
    expect(lines.length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('every link and picture reaches a file in the repository (and its heading)', () => {
    const broken = docs.flatMap((file) =>
      linkTargets(read(file)).flatMap((target) => {
        const why = problem(file, target);
        return why ? [`${file}: ${target}: ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('the README sends readers to every topic of docs/', () => {
    const readme = linkTargets(read('README.md'));
    const topics = docs.filter((f) => f.startsWith('docs/'));
    expect(topics.filter((f) => !readme.includes(f))).toEqual([]);
  });

  it('finds links as Markdown and HTML write them, and would catch a wrong one', () => {
    const sample = '[a](docs/x.md#y) ![b](img/c.png) <img src="d.png"> `[no](code.md)`\n```\n[no](block.md)\n```\n';
    expect(linkTargets(sample)).toEqual(['docs/x.md#y', 'img/c.png', 'd.png']);
    expect(headingAnchors('# A title\n## Files that start mid-year, and `x`\n## A title\n')).toEqual(
      new Set(['a-title', 'files-that-start-mid-year-and-x', 'a-title-1']),
    );
    expect(problem('README.md', '../shared/ARCHITECTURE.md')).toBe('outside the repository');
    expect(problem('README.md', 'https://example.com')).toBe('the README links only files in the repository');
    expect(problem('docs/api.md', 'numbers.md#no-such-heading')).toBe('no heading #no-such-heading there');
    expect(problem('docs/api.md', 'numbers.md#budgets')).toBeNull();
  });
});
