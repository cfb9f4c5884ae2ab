// Two outputs from one source:
// (a) ESM in dist/ for apps with a bundler: index, register and react entries with shared
//     chunks. lit, preact, uplot, @lit/react, @saldo/contract and react stay external (they are
//     dependencies or peers, so the app's bundler dedupes them with its own copies). Declarations
//     (.d.ts) are written next to them by tsc after rollup (package.json's build).
// (b) dist/saldo-embed.iife.js for plain pages: everything bundled and minified, one <script>; the
//     chart code (uPlot) beside it in dist/saldo-embed-chart.js, an ES module the bundle imports
//     when an element first draws a chart (an IIFE cannot split chunks).
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { transform } from 'esbuild';
import esbuild from 'rollup-plugin-esbuild';
import { readElements } from './scripts/elements.mjs';

/** `import css from './x.css?raw'` → a minified string, like Vite's `?raw` (which does not minify). */
function cssRaw() {
  const suffix = '?raw';
  return {
    name: 'css-raw',
    async resolveId(source, importer) {
      if (!source.endsWith(`.css${suffix}`)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${suffix}` : null;
    },
    async load(id) {
      if (!id.endsWith(`.css${suffix}`)) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      const { code } = await transform(await readFile(file, 'utf8'), { loader: 'css', minify: true });
      return { code: `export default ${JSON.stringify(code.trim())};`, moduleSideEffects: false };
    },
  };
}

/**
 * `define/<tag>` entries: each defines one tag, so a page with one element loads the shared core
 * chunk and that element's chunk only (`import '@saldo/sdk/define/saldo-turnover'`).
 */
const DEFINE = 'define:';
const elements = readElements();
function defineEntries() {
  return {
    name: 'define-entries',
    resolveId: (id) => (id.startsWith(DEFINE) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${DEFINE}`)) return null;
      const el = elements.find((e) => e.tag === id.slice(DEFINE.length + 1));
      if (!el) return null;
      const file = fileURLToPath(new URL(`./src/${el.file}`, import.meta.url));
      return [
        `import { ${el.className} } from ${JSON.stringify(file)};`,
        `if (!customElements.get('${el.tag}')) customElements.define('${el.tag}', ${el.className});`,
        `export { ${el.className} };`,
      ].join('\n');
    },
  };
}

/**
 * The script-tag bundle loads the chart code from a file beside itself (src/charts/load-chart-embed.ts)
 * instead of through a chunk, which an IIFE cannot have: this swaps the one loader for the other.
 */
function embedChartLoader() {
  const loader = fileURLToPath(new URL('./src/charts/load-chart.ts', import.meta.url));
  const embedLoader = fileURLToPath(new URL('./src/charts/load-chart-embed.ts', import.meta.url));
  return {
    name: 'embed-chart-loader',
    async resolveId(source, importer) {
      if (!source.endsWith('/load-chart')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === loader ? embedLoader : null;
    },
  };
}

// Chunk names carry content hashes; start from an empty dist/ so old chunks do not pile up.
rmSync(new URL('./dist/', import.meta.url), { recursive: true, force: true });

const plugins = () => [
  cssRaw(),
  nodeResolve({ browser: true, exportConditions: ['source', 'browser', 'module', 'import', 'default'] }),
  esbuild({ target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact', tsconfig: 'tsconfig.json' }),
];

const external = [/^react($|\/)/, /^lit($|\/)/, /^@lit\//, /^preact($|\/)/, /^uplot($|\/)/, /^@saldo\/contract($|\/)/];

export default [
  {
    input: {
      index: 'src/index.ts',
      register: 'src/register.ts',
      react: 'src/react.ts',
      ...Object.fromEntries(elements.map((e) => [`define/${e.tag}`, `${DEFINE}${e.tag}`])),
    },
    // A dependency's stylesheet read as text (uPlot's) is inlined: a partner's bundler has no `?raw`.
    external: (id) => !/\.css(\?raw)?$/.test(id) && external.some((pattern) => pattern.test(id)),
    plugins: [defineEntries(), ...plugins()],
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
  {
    // (c) dist/cdn/: the same per-element entries with every dependency bundled and minified, for
    //     <script type="module"> on plain pages: a page loads only its elements' chunks, and uPlot
    //     only where a chart is drawn.
    input: {
      configure: 'src/configure.ts',
      ...Object.fromEntries(elements.map((e) => [`define/${e.tag}`, `${DEFINE}${e.tag}`])),
    },
    treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/](lit-html|lit-element)[\\/]/.test(id) },
    plugins: [
      defineEntries(),
      ...plugins(),
      terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
    ],
    output: { dir: 'dist/cdn', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
  {
    input: 'src/embed.ts',
    // The elements import only ReactiveElement from 'lit'; without this, lit-html and
    // LitElement stay in the bundle for their top-level version-registration statements.
    treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/](lit-html|lit-element)[\\/]/.test(id) },
    plugins: [
      embedChartLoader(),
      ...plugins(),
      terser({ ecma: 2020, module: false, compress: { passes: 2 }, format: { comments: false } }),
    ],
    output: { file: 'dist/saldo-embed.iife.js', format: 'iife', name: 'SaldoEmbed', sourcemap: false },
  },
  {
    // The chart code the script-tag bundle imports on demand, under a fixed name beside it:
    // self-contained (uPlot and its stylesheet; nothing of the SDK's own).
    input: 'src/charts/uplot-chart.ts',
    plugins: [...plugins(), terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } })],
    output: { file: 'dist/saldo-embed-chart.js', format: 'es', sourcemap: false },
  },
];
