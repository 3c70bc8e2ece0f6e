/** One served build and one Chromium per browser test file (kept apart from harness.ts, which scripts use outside vitest). */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, serveBuiltApp, type Served } from './harness';

/** The built app served and one Chromium, shared by the tests of one file. */
export interface BuiltApp {
  readonly served: Served;
  readonly browser: Browser;
}

/** Serves the built app and launches Chromium before a test file's tests, and closes both after them. */
export function useBuiltApp(): BuiltApp {
  const app = {} as { served: Served; browser: Browser };
  beforeAll(async () => {
    app.served = await serveBuiltApp();
    app.browser = await launchChromium();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.served?.close();
  });
  return app;
}
