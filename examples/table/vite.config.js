// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The example table, served by Vite (`npm run example`). The page calls `/graphql` on its own
 * origin and Vite passes those calls, WebSockets included, to the Arbiter at ARBITER_URL: the
 * browser never makes a cross-origin request, so Arbiter needs no CORS for it.
 */
const arbiterUrl = process.env.ARBITER_URL || 'http://127.0.0.1:3000';
const proxy = { '/graphql': { target: arbiterUrl, changeOrigin: true, ws: true } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Vite's cache with the project's other dependencies, not in a node_modules/ of its own here.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/example-table', import.meta.url)),
  clearScreen: false,
  server: { port: Number(process.env.EXAMPLE_PORT || 5173), proxy },
  preview: { port: Number(process.env.EXAMPLE_PORT || 4173), proxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
