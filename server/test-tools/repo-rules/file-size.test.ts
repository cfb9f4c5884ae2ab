import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The project's rule: no production file over about 400 lines without a one-line reason at its top
 * ("// Over 400 lines: …"). Tests, stories, journeys, benches and scripts are not production files.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const LIMIT = 400;
const SOURCE = /\.(ts|tsx|mts|mjs|js|css)$/;
const NOT_PRODUCTION =
  /(\.test\.|\.spec\.|\.stories\.|\.d\.ts$|(^|\/)(e2e|bench|scripts|test-results|dist|node_modules)\/)/;
const REASON = /^\s*(\/\/|\/\*)\s*Over 400 lines\b/;

export function oversized(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter((f) => SOURCE.test(f.path) && !NOT_PRODUCTION.test(f.path))
    .filter((f) => f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) > LIMIT)
    .filter((f) => !REASON.test(f.text.split('\n', 1)[0] ?? ''))
    .map((f) => f.path);
}

describe('file sizes', () => {
  it('finds a long file without its reason, and passes one with it', () => {
    const long = `${'x;\n'.repeat(LIMIT + 1)}`;
    expect(oversized([{ path: 'server/src/a.ts', text: long }])).toEqual(['server/src/a.ts']);
    expect(oversized([{ path: 'server/src/a.ts', text: `// Over 400 lines: one table.\n${long}` }])).toEqual([]);
    expect(oversized([{ path: 'server/src/a.test.ts', text: long }])).toEqual([]);
    expect(oversized([{ path: 'server/src/a.ts', text: 'x;\n'.repeat(LIMIT) }])).toEqual([]);
  });

  it('every production file of the repository over 400 lines says why on its first line', () => {
    const paths = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    const files = paths
      .filter((path) => SOURCE.test(path) && !NOT_PRODUCTION.test(path))
      .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(300);
    expect(oversized(files)).toEqual([]);
  });
});
