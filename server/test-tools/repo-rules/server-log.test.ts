import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server logs through its one logger (server/src/ops/log.ts): JSON lines with the request's or
 * job's ids, secrets redacted. A console call would write a free-text line without them. Not bound:
 * tests, the stand-ins and harnesses of src/test, and the command-line tools (`*-cli.ts`), whose output
 * is their answer to the person who typed the command.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_SOURCE = /^server\/src\/.+\.ts$/;
const NOT_BOUND = /(\.test\.ts$|^server\/src\/test\/|-cli\.ts$)/;
const CONSOLE = /\bconsole\.(log|info|warn|error|debug|trace)\s*\(/;

export function consoleCalls(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter((f) => SERVER_SOURCE.test(f.path) && !NOT_BOUND.test(f.path))
    .flatMap((f) =>
      f.text.split('\n').flatMap((line, i) => (CONSOLE.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('the server log', () => {
  it('finds a console call in a production file, and none in a test, a stand-in or a CLI', () => {
    const text = "const x = 1;\n  console.error('broke', err);\n";
    expect(consoleCalls([{ path: 'server/src/features/a/routes.ts', text }])).toEqual([
      "server/src/features/a/routes.ts:2: console.error('broke', err);",
    ]);
    for (const path of ['server/src/a.test.ts', 'server/src/test/x-standin/main.ts', 'server/src/ops/backup-cli.ts'])
      expect(consoleCalls([{ path, text }]), path).toEqual([]);
  });

  it('is written only through the logger in every production file of the server', () => {
    const paths = execFileSync('git', ['ls-files', 'server/src'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((path) => SERVER_SOURCE.test(path) && !NOT_BOUND.test(path));
    expect(paths.length).toBeGreaterThan(200);
    expect(consoleCalls(paths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') })))).toEqual([]);
  });
});
