import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The React example: `npm run build -w @saldo/examples` writes it to partner-site/public/react/, which
// the partner's own server (partner-site/server.mjs) serves at /react/ next to the plain page.
export default defineConfig({
  root: fileURLToPath(new URL('./react-app', import.meta.url)),
  base: '/react/',
  plugins: [
    react({
      // The SDK's .tsx files are Preact views (`@jsxImportSource preact` pragma): keep React Fast
      // Refresh out of them, as the portal does; Vite's own transform still honours the pragma.
      exclude: [/\/node_modules\//, /\/sdk\/src\//],
    }),
  ],
  resolve: {
    // Workspace packages export a `source` condition pointing at their TypeScript, so the example
    // builds against the SDK's source without building the SDK first.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    // The dev server stands in for the partner's origin: its token endpoint is the partner server's.
    proxy: { '/saldo-token': 'http://localhost:4100', '/saldo-config': 'http://localhost:4100' },
  },
  build: {
    outDir: fileURLToPath(new URL('./partner-site/public/react', import.meta.url)),
    emptyOutDir: true,
  },
});
