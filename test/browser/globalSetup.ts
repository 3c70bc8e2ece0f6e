/**
 * Once per browser test run: serves the built app and starts one Chromium as a server; the test
 * files connect to both (builtApp.ts), so the run pays for one server and one browser start.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, serveBuiltApp, waitForChromium } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The served build's address (ends with /). */
    appUrl: string;
    /** Where the shared Chromium listens (chromium.connect). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const served = await serveBuiltApp();
  const executablePath = await waitForChromium();
  const server = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS, headless: true }).catch(async (error: unknown) => {
    await served.close();
    throw error;
  });
  project.provide('appUrl', served.url);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    await served.close();
  };
}
