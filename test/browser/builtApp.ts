/**
 * The test files' side of globalSetup.ts: the served build and the shared Chromium. Each file
 * connects once; whatever a test opened (its contexts, so its pages, storage and cookies) is
 * closed after it, so tests stay independent. Kept apart from harness.ts, which scripts use
 * outside vitest.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type AppPage, type Served, withoutServiceWorkers } from './harness';

/** Where this test worker's Chromium listens: VITEST_POOL_ID numbers the run's workers from 1. */
function workerChromium(): string {
  const endpoints = inject('chromiumEndpoints');
  return endpoints[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % endpoints.length];
}

/** The built app served and the worker's Chromium, for the tests of one file. */
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
    app.browser = withoutServiceWorkers(await chromium.connect(workerChromium()));
  });
  afterEach(async () => {
    for (const context of app.browser?.contexts() ?? []) await context.close().catch(() => undefined);
  });
  afterAll(async () => {
    await app.browser?.close();
  });
  return app;
}

/**
 * One page shared by tests of a file that each start from the same loaded app and leave it as they
 * found it (or come last): under software rendering a page with the 3D view costs about ten seconds
 * to load. `open` runs at the first call, on a connection of the file's own whose context outlives
 * each test; the page is closed after the file. The page's error list is emptied at each call, so a
 * test sees the errors of its own steps.
 */
export function useSharedPage(app: BuiltApp, open: (browser: Browser, served: Served) => Promise<AppPage>): () => Promise<AppPage> {
  let shared: { browser: Browser; opened: Promise<AppPage> } | null = null;
  afterAll(async () => {
    await shared?.browser.close();
  });
  return async () => {
    if (!shared) {
      const browser = withoutServiceWorkers(await chromium.connect(workerChromium()));
      shared = { browser, opened: open(browser, app.served) };
    }
    const opened = await shared.opened;
    opened.errors.length = 0;
    return opened;
  };
}
