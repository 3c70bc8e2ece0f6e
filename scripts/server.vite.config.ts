/**
 * The game server's production build (`npm run build`, after the app): src/server/main.ts and the
 * computer players' worker thread (computerThread.ts) as JavaScript modules in dist-server/, which
 * `npm run serve` runs with plain Node. Packages stay imports from node_modules (vite's SSR build
 * leaves them out); every file lands flat in dist-server/, so the pool finds its thread beside it,
 * and the database its own (the SQLite thread, sqliteThread.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node22',
    outDir: 'dist-server',
    emptyOutDir: true,
    rollupOptions: {
      input: { main: 'src/server/main.ts', computerThread: 'src/server/computers/computerThread.ts', sqliteThread: 'src/server/db/sqliteThread.ts' },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
