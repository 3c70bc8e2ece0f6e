/**
 * Benchmark (prints figures, asserts nothing): the first seconds of the built app (dist/ of the
 * current directory) in headless Chromium, each run in a fresh browser context (empty cache).
 *
 *   npx vite build && npx tsx scripts/measure-startup.ts [--runs 3] [--search '?seats=human,human&seed=3']
 *
 * - Navigation -> "playable": the 3D view has drawn, the start throw has ended (no animation
 *   playing) and, where the page reports it, the board shows a seat to move (a human can click).
 * - Longest main-thread task until then (PerformanceObserver 'longtask', buffered), and how many
 *   tasks over 50 ms there were.
 * - The shader programs the 3D view compiled and the draw calls of its last frame (renderInfo).
 * Medians over the runs. SwiftShader renders on the CPU: the figures are an upper bound.
 */
import { launchChromium, openApp, serveBuiltApp } from '../test/browser/harness';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(arg('runs', '3'));
const SEARCH = arg('search', '?seats=human,human&seed=3');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await launchChromium();
  const playable: number[] = [];
  const longest: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const { page } = await openApp(browser, served, SEARCH, { width: 1280, height: 800 });
      // openApp has navigated; the observer is buffered, so tasks from the start are reported.
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longTasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.waitForFunction(
        () => {
          const r = window.rolit;
          const shown = (r.state() as { shown?: { toMove: string | null } }).shown;
          return (r.renderInfo()?.triangles ?? 0) > 0 && !r.busy() && (shown === undefined || shown.toMove !== null);
        },
        undefined,
        { timeout: 120_000, polling: 50 },
      );
      const { at, tasks, gpu } = await page.evaluate(() => ({
        at: performance.now(),
        tasks: (window as unknown as { longTasks: number[] }).longTasks,
        gpu: window.rolit.renderInfo(),
      }));
      const max = Math.max(0, ...tasks);
      console.log(`run ${run + 1}: playable after ${(at / 1000).toFixed(2)} s; longest task ${max.toFixed(0)} ms; ${tasks.length} tasks over 50 ms; ${gpu?.programs} shader programs, ${gpu?.calls} draw calls`);
      playable.push(at);
      longest.push(max);
      await page.context().close();
    }
    console.log(`median of ${RUNS}: playable after ${(median(playable) / 1000).toFixed(2)} s; longest task ${median(longest).toFixed(0)} ms`);
  } finally {
    await browser.close();
    await served.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
