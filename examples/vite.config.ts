import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The React example: `npm run build -w @saldo/examples` writes it to public/react/, which the Saldo
// server serves at /examples/react/ next to the plain page.
export default defineConfig({
  root: fileURLToPath(new URL('./react-app', import.meta.url)),
  base: '/examples/react/',
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
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: fileURLToPath(new URL('./public/react', import.meta.url)),
    emptyOutDir: true,
  },
});
