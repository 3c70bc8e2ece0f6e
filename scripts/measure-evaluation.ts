/**
 * Benchmark (prints figures, asserts nothing): the evaluation bar's cost on the page's main thread
 * while four computers play, in the built app in headless Chromium.
 *
 *   npm run measure:evaluation [-- --moves 14]
 *
 * Each update of the bar is a user-timing measure (`rolit:evaluation-update`): prints how many,
 * their mean and longest main-thread time, and the page's long tasks (over 50 ms of wall time)
 * from move 2 to move N.
 */
import { launchChromium, openApp, serveBuiltApp, waitForScene } from '../test/browser/harness';
import { arg } from './args';

const MOVES = Number(arg('moves', '14'));
const SEARCH = '?seats=ai:greedy,ai:tactician,ai:greedy,ai:beginner&seed=6&speed=2';

const served = await serveBuiltApp();
const browser = await launchChromium();
try {
  const { page } = await openApp(browser, served, SEARCH);
  await waitForScene(page, 180_000);
  await page.waitForFunction(() => window.rolit.state().moves.length >= 2, undefined, { timeout: 120_000 });
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(Math.round(e.duration)))).observe({ type: 'longtask' });
  });
  await page.waitForFunction((n) => window.rolit.state().moves.length >= n, MOVES, { timeout: 300_000 });
  const updates = await page.evaluate(() => performance.getEntriesByName('rolit:evaluation-update').map((e) => e.duration));
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const ms = (x: number) => x.toFixed(2);
  console.log(`${SEARCH}, moves 2 to ${MOVES}`);
  console.log(`evaluation updates: ${updates.length}, mean ${ms(updates.reduce((a, b) => a + b, 0) / Math.max(1, updates.length))} ms, longest ${ms(Math.max(0, ...updates))} ms of main thread`);
  console.log(`page long tasks: ${longTasks.length}${longTasks.length ? ` (${longTasks.join(', ')} ms)` : ''}`);
} finally {
  await browser.close();
  await served.close();
}
