import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 28: the map a newcomer is sent to is in the repository and names the folders as they are.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('docs/architecture.md', () => {
  it('is linked from the README, which links nothing outside the repository', () => {
    const readme = read('README.md');
    expect(readme).toContain('(docs/architecture.md)');
    expect(readme.match(/\]\(\.\.\/[^)]*\)|`\.\.\/shared\/[^`]*`/g) ?? []).toEqual([]);
  });

  it('names only folders and files that exist', () => {
    const doc = read('docs/architecture.md');
    // Every `path` in backticks that looks like one of the repository's (a folder/ or a file with an ending).
    const named = [...doc.matchAll(/`((?:server|sdk|portal|storybook|examples|docs)\/[\w./<>-]*)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter((path) => !path.includes('<') && !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });
});
