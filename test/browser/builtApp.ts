/**
 * The test files' side of globalSetup.ts: the served build and the shared Chromium. Each file
 * connects once; whatever a test opened (its contexts, so its pages, storage and cookies) is
 * closed after it, so tests stay independent. Kept apart from harness.ts, which scripts use
 * outside vitest.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Served } from './harness';

/** The built app served and the shared Chromium, for the tests of one file. */
export interface BuiltApp {
  readonly served: Served;
  readonly browser: Browser;
}

/** Connects to the run's served build and Chromium before a file's tests; closes each test's contexts after it. */
export function useBuiltApp(): BuiltApp {
  const app = {} as { served: Served; browser: Browser };
  beforeAll(async () => {
    // The server belongs to the run (globalSetup closes it).
    app.served = { url: inject('appUrl'), close: async () => undefined };
    app.browser = await chromium.connect(inject('chromiumEndpoint'));
  });
  afterEach(async () => {
    for (const context of app.browser?.contexts() ?? []) await context.close().catch(() => undefined);
  });
  afterAll(async () => {
    await app.browser?.close();
  });
  return app;
}
