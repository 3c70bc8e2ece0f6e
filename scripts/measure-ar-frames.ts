/**
 * Benchmark (prints figures, asserts nothing): the board on the table in an emulated AR session
 * (IWER, as the browser test drives it: test/browser/emulatedAr.ts), in headless Chromium.
 *
 *   npm run measure:ar-frames [-- --seconds 15]
 *
 * Each frame of the session (its requestAnimationFrame callback: the AR loop's hit test and light,
 * react-three-fiber's frame and three.js's render) is timed on the page, p50/p95/max, with the
 * intervals between frames: first with the board placed and nothing moving (the session draws
 * every frame, unlike the page's own view), then while computers play on it at speed 1. The
 * emulated headset is a Meta Quest 3 shown as one view of 960x640; SwiftShader renders on the CPU,
 * so GPU work counts here too: an upper bound for a phone's or a headset's graphics.
 */
import { emulateAr, placeBoard } from '../test/browser/emulatedAr';
import { launchChromium, openApp, serveBuiltApp, waitForScene, waitSettled } from '../test/browser/harness';
import { arg } from './args';

const SECONDS = Number(arg('seconds', '15'));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return `n=${s.length} p50=${percentile(s, 50).toFixed(1)} ms p95=${percentile(s, 95).toFixed(1)} ms max=${(s.at(-1) ?? NaN).toFixed(1)} ms`;
}

// Source text, not a function: tsx would wrap named functions in a helper the page lacks. Every
// callback the session runs is timed; its frames' timestamps give the intervals.
const TIME_SESSION_FRAMES = `
  window.arFrames = { work: [], times: [] };
  const ask = XRSession.prototype.requestAnimationFrame;
  XRSession.prototype.requestAnimationFrame = function (callback) {
    return ask.call(this, (time, frame) => {
      const start = performance.now();
      callback(time, frame);
      window.arFrames.work.push(performance.now() - start);
      window.arFrames.times.push(time);
    });
  };
`;

async function sample(page: import('playwright-core').Page, what: string): Promise<void> {
  const moves = (await page.evaluate(() => window.rolit.state())).moves.length;
  await page.evaluate('window.arFrames.work = []; window.arFrames.times = [];');
  await page.waitForTimeout(SECONDS * 1000);
  const m = (await page.evaluate('window.arFrames')) as { work: number[]; times: number[] };
  const played = (await page.evaluate(() => window.rolit.state())).moves.length - moves;
  const intervals = m.times.slice(1).map((t, i) => t - m.times[i]);
  console.log(`${what} (${SECONDS} s, ${played} moves played):`);
  console.log(`  work per session frame: ${summary(m.work)}`);
  console.log(`  frame intervals: ${summary(intervals)}, ${(m.times.length / SECONDS).toFixed(1)} frames/s`);
}

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await launchChromium();
  try {
    for (const [what, search] of [
      ['the board placed, nothing moving', '?seats=human,human,human,human&seed=1&speed=instant'],
      ['computers playing on it at speed 1', '?seats=ai:greedy,ai:greedy,ai:greedy,ai:greedy&seed=5&speed=1'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
      await emulateAr(context);
      await context.addInitScript({ content: TIME_SESSION_FRAMES });
      const { page, errors } = await openApp(browser, served, search, undefined, { context });
      await waitForScene(page);
      if (search.includes('human')) await waitSettled(page);
      await placeBoard(page);
      await sample(page, what);
      if (errors.length) console.log('  console errors:', errors);
      await context.close();
    }
  } finally {
    await browser.close();
    await served.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
