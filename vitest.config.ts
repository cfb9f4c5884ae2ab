import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// Vitest 5's reporter calls Map.groupBy (Node 21+); loaded here so `npx vitest` works on Node 20 too.
import './scripts/node20-polyfills.mjs';

// One run over every package; each package keeps its own environment.
const contract = fileURLToPath(new URL('./server/contract/src/', import.meta.url));

export default defineConfig({
  resolve: {
    conditions: ['source'],
    // The contract's sources, as tsconfig's paths say (its package exports point at its build).
    alias: [
      { find: /^@saldo\/contract$/, replacement: `${contract}index.ts` },
      { find: /^@saldo\/contract\/(.*)$/, replacement: `${contract}$1.ts` },
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          root: 'server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test-tools/**/*.test.ts', 'contract/src/**/*.test.ts'],
          testTimeout: 30_000,
          globalSetup: ['test-tools/temp-folder.ts'],
          // Set-ups that sign several users up (password hashing) or start a stand-in run long on a
          // busy 2-core machine; a hook's default 10 s failed there while every test passed.
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        // Browser conditions: otherwise packages such as @lit/react resolve to their server builds,
        // which never set element properties.
        resolve: { conditions: ['source', 'browser', 'development'] },
        test: { name: 'sdk', root: 'sdk', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        resolve: { conditions: ['source', 'browser', 'development'] },
        test: { name: 'portal', root: 'portal', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
