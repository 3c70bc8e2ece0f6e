/**
 * Benchmark (prints figures, asserts nothing): the built app in headless Chromium.
 *
 *   npx vite build && npx tsx scripts/measure-frames.ts [--seconds 15] [--search '?seats=...']
 *
 * - Initial JavaScript: gzip size of what dist/index.html loads before anything is lazily imported
 *   (its module script and modulepreload links).
 * - Main-thread work per animation frame while a computer game animates at speed 1: for each
 *   frame, the time from its requestAnimationFrame timestamp to a message posted during the
 *   frame (it runs once the rAF callbacks, i.e. R3F's scene update and WebGL calls, and the
 *   rendering steps are done), p50/p95/max; the intervals between frames; Long Animation Frames.
 *   (A CDP trace was tried first: 400 MB for 15 s, because the AI worker's slices are traced too.)
 * - Idle: frames drawn in 2 s with nothing animating (render on demand: should be ~0).
 * SwiftShader renders on the CPU, so GPU-side work shows up here too: the figures are an upper
 * bound for ordinary hardware.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, openApp, serveBuiltApp, waitForScene } from '../test/browser/harness';
import { arg } from './args';

const SECONDS = Number(arg('seconds', '15'));
const SEARCH = arg('search', '?seats=ai:greedy,ai:tactician,ai:beginner,ai:greedy&speed=1&seed=5');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return `n=${s.length} p50=${percentile(s, 50).toFixed(2)} ms p95=${percentile(s, 95).toFixed(2)} ms max=${(s[s.length - 1] ?? NaN).toFixed(2)} ms`;
}

function initialJs(): void {
  const dist = resolve('dist');
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(resolve(dist, f.replace(/^\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    console.log(`  ${f}: ${(bytes.length / 1024).toFixed(1)} kB, gzip ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} kB`);
  }
  console.log(`initial JS: ${files.length} file(s), ${(raw / 1024).toFixed(1)} kB, gzip ${(gzip / 1024).toFixed(1)} kB`);
}


const started = Date.now();
const log = (what: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

async function main(): Promise<void> {
  initialJs();
  const served = await serveBuiltApp();
  const browser = await launchChromium();
  try {
    const { page, errors } = await openApp(browser, served, SEARCH);
    log('page open');
    await waitForScene(page);
    log('first frame drawn');
    // Measured from the first frame: the start throw, the start balls, then the moves.

    // A string, not a function: tsx would wrap named functions in a helper the page lacks.
    // Each frame: from its rAF timestamp (the frame's start) to a message posted during the frame,
    // which runs once the frame's rAF callbacks (R3F's render) and rendering steps are done.
    await page.evaluate(`
      window.frameWork = [];
      window.frameTimes = [];
      window.longFrames = [];
      const channel = new MessageChannel();
      let frameStart = 0;
      let drawn = window.rolit.renderInfo().frames;
      // Only frames in which the scene drew count (render on demand: other frames do nothing).
      channel.port1.onmessage = () => {
        const now = window.rolit.renderInfo().frames;
        if (now !== drawn) window.frameWork.push(performance.now() - frameStart);
        drawn = now;
      };
      (function loop(t) {
        if (t !== undefined) {
          window.frameTimes.push(t);
          frameStart = t;
          channel.port2.postMessage(0);
        }
        requestAnimationFrame(loop);
      })();
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.longFrames.push(e.duration);
        }).observe({ type: 'long-animation-frame' });
      } catch {}
    `);
    const movesBefore = (await page.evaluate(() => window.rolit.state())).moves.length;
    await page.waitForTimeout(SECONDS * 1000);
    const movesAfter = (await page.evaluate(() => window.rolit.state())).moves.length;
    const m = (await page.evaluate('({ work: window.frameWork, times: window.frameTimes, long: window.longFrames })')) as { work: number[]; times: number[]; long: number[] };
    const intervals = m.times.slice(1).map((t, i) => t - m.times[i]);
    const busy = await page.evaluate(() => window.rolit.busy());
    console.log(`animation window: ${SECONDS} s at speed 1 from the first frame, ${movesAfter - movesBefore} moves played, still animating at the end: ${busy} (${SEARCH})`);
    console.log(`main-thread work per drawn frame (rAF start -> end of frame): ${summary(m.work)}`);
    console.log(`frame intervals (rAF timestamps): ${summary(intervals)}, ${(m.times.length / SECONDS).toFixed(1)} frames/s`);
    console.log(`long animation frames (> 50 ms): ${m.long.length}${m.long.length ? `, ${summary(m.long)}` : ''}`);
    const total = (await page.evaluate(() => window.rolit.renderInfo())) as { calls: number; triangles: number; frames?: number } | null;
    console.log(`last frame: ${total?.calls} draw calls, ${total?.triangles} triangles`);

    await page.close();
    // Idle: a four-human game, instant speed, nothing to animate.
    const idle = await openApp(browser, served, '?seats=human,human,human,human&seed=1&speed=instant');
    await waitForScene(idle.page);
    await idle.page.waitForFunction(() => !window.rolit.busy(), undefined, { timeout: 60_000 });
    await idle.page.waitForTimeout(500);
    const f0 = (await idle.page.evaluate(() => (window.rolit.renderInfo() as { frames?: number } | null)?.frames)) ?? NaN;
    await idle.page.waitForTimeout(2000);
    const f1 = (await idle.page.evaluate(() => (window.rolit.renderInfo() as { frames?: number } | null)?.frames)) ?? NaN;
    console.log(`idle: ${f1 - f0} frames drawn in 2 s`);
    if (errors.length || idle.errors.length) console.log('console errors:', [...errors, ...idle.errors]);
  } finally {
    await browser.close();
    await served.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
