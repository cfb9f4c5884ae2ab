import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react({
      // The SDK's .tsx files are Preact views (they carry a `@jsxImportSource preact` pragma). Keeping
      // them out of the React plugin stops React Fast Refresh being injected into Preact components;
      // Vite's own transform still compiles their JSX and honours the pragma.
      exclude: [/\/node_modules\//, /\/sdk\/src\//],
    }),
  ],
  resolve: {
    // Workspace packages export a `source` condition pointing at their TypeScript, so the portal runs
    // against the SDK's and server contract's source without building them first.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
