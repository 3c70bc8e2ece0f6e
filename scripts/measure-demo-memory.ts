/**
 * Benchmark (prints figures, asserts nothing): the JS heap of the demo over many rounds at
 * instant speed, in the built app in headless Chromium.
 *
 *   npm run measure:demo-memory [-- --rounds 20]
 *
 * After round 2 and every fifth round: the heap in use after a forced garbage collection (KiB).
 * The target is a steady heap: the last figure within 25% (and 4 MiB) of round 2's. Also written
 * to test-artifacts/demo-heap.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, openApp, serveBuiltApp, waitForScene } from '../test/browser/harness';
import { arg } from './args';

const ROUNDS = Number(arg('rounds', '20'));

/** Resolves at the next round end (the state's `over` turning true). */
async function roundEnds(page: Page): Promise<void> {
  await page.waitForFunction(() => !window.rolit.state().over, undefined, { timeout: 300_000, polling: 100 });
  await page.waitForFunction(() => window.rolit.state().over, undefined, { timeout: 300_000, polling: 100 });
}

const served = await serveBuiltApp();
const browser = await launchChromium();
try {
  const { page, errors } = await openApp(browser, served, '?demo=beginner,greedy&speed=instant');
  await waitForScene(page);
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return Math.round(usedSize / 1024);
  };
  const figures: { round: number; kib: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await roundEnds(page);
    if (round === 2 || round % 5 === 0) {
      figures.push({ round, kib: await heap() });
      console.log(`round ${round}: ${figures[figures.length - 1].kib} KiB after GC`);
    }
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(resolve(ARTIFACTS, 'demo-heap.json'), JSON.stringify(figures, null, 1));
  const warm = figures[0]?.kib ?? NaN;
  const last = figures[figures.length - 1]?.kib ?? NaN;
  console.log(`growth from round 2 to round ${figures[figures.length - 1]?.round}: ${(((last - warm) / warm) * 100).toFixed(1)}% (target: under 25%, or under 4 MiB)`);
  if (errors.length) console.log(`console errors: ${errors.join(' | ')}`);
} finally {
  await browser.close();
  await served.close();
}
