import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { gameServerPlugin } from './scripts/gameServerPlugin.js';

export default defineConfig({
  // The game server of online play runs beside the dev server (scripts/gameServerPlugin.ts).
  plugins: [react(), gameServerPlugin()],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2500,
  },
  worker: { format: 'es' },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/fileTimes.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: [...configDefaults.exclude, 'test/browser/**'] },
      },
      {
        // One served build and one Chromium for the whole run (globalSetup.ts), the files one after another.
        extends: true,
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], globalSetup: ['test/browser/globalSetup.ts'], fileParallelism: false },
      },
    ],
  },
});
