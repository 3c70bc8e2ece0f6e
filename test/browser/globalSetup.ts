/**
 * Once per browser test run: serves the built app and starts one Chromium server per test worker;
 * each test file connects to the served build and to its worker's Chromium (builtApp.ts), so the
 * run pays for one server and one browser start per worker. A Chromium per worker keeps the two
 * workers' software rendering in separate GPU processes.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, serveBuiltApp, waitForChromium } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The served build's address (ends with /). */
    appUrl: string;
    /** Where each worker's Chromium listens (chromium.connect), one per test worker. */
    chromiumEndpoints: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const served = await serveBuiltApp();
  const executablePath = await waitForChromium();
  const workers = Math.max(1, project.config.maxWorkers);
  const launched = await Promise.allSettled(Array.from({ length: workers }, () => chromium.launchServer({ executablePath, args: CHROMIUM_ARGS, headless: true })));
  const servers = launched.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = launched.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.close()));
    await served.close();
    throw failed.reason;
  }
  project.provide('appUrl', served.url);
  project.provide('chromiumEndpoints', servers.map((server) => server.wsEndpoint()));
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
    await served.close();
  };
}
