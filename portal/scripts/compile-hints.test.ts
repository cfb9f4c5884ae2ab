import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, withCompileHint } from './compile-hints';

const dir = mkdtempSync(join(tmpdir(), 'saldo-compile-hints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the compile hint on every chunk', () => {
  it('is put first, once', () => {
    expect(withCompileHint('var a=1;')).toBe(`${COMPILE_HINT}\nvar a=1;`);
    expect(withCompileHint(withCompileHint('var a=1;'))).toBe(`${COMPILE_HINT}\nvar a=1;`);
  });

  // A real minified build with a lazy chunk: the entry gets Vite's preload map written at its top, which
  // a banner would sit under, and the minifier drops comments.
  it('is the first line of the entry and of a lazy chunk in a minified build', async () => {
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="./main.js"></script>');
    writeFileSync(join(dir, 'main.js'), 'import("./lazy.js").then((m) => m.run());\n');
    writeFileSync(join(dir, 'lazy.js'), 'import "./lazy.css";\nexport function run() { return 42; }\n');
    writeFileSync(join(dir, 'lazy.css'), 'body { color: red; }\n');
    await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins: [compileHints()],
      build: { outDir: join(dir, 'dist'), minify: true },
    });
    const chunks = readdirSync(join(dir, 'dist/assets')).filter((file) => file.endsWith('.js'));
    expect(chunks).toHaveLength(2);
    for (const chunk of chunks) {
      const code = readFileSync(join(dir, 'dist/assets', chunk), 'utf8');
      expect(code.split('\n')[0]).toBe(COMPILE_HINT);
    }
    // CSS is not JavaScript: no hint there.
    const css = readdirSync(join(dir, 'dist/assets')).filter((file) => file.endsWith('.css'));
    for (const file of css) expect(readFileSync(join(dir, 'dist/assets', file), 'utf8')).not.toContain(COMPILE_HINT);
  });
});
