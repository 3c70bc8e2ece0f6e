/**
 * Benchmark (prints figures, asserts nothing): two builds' page loads side by side, in headless
 * Chromium under software rendering, alternating A and B so a shared machine's load falls on both.
 *
 *   npm run measure:page-load -- --before /tmp/dist-before [--after dist] [--runs 5] [--search '?…']
 *
 * Each load is cold (a fresh browser context) and counts from navigation until the page is
 * settled (window.rolit.settled(): the 3D view drawn, the start throw over, nothing left to
 * change by itself). Another commit's build: `git worktree add /tmp/before <commit>`, then in
 * /tmp/before `npm ci && npx vite build --outDir /tmp/dist-before`.
 */
import type { Browser } from 'playwright-core';
import { launchChromium, serveBuiltApp } from '../test/browser/harness';
import { arg } from './args';

const BEFORE = arg('before', '');
const AFTER = arg('after', 'dist');
const RUNS = Number(arg('runs', '5'));
const SEARCH = arg('search', '?seats=human,ai&seed=3&speed=instant');

if (!BEFORE) {
  console.error('usage: compare-page-load.ts --before <built app directory> [--after dist] [--runs 5] [--search ?…]');
  process.exit(2);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** One cold load of `url`: milliseconds from navigation until settled. */
async function load(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
  try {
    const page = await context.newPage();
    // A returning visitor: the rules panel offered on a first visit would hold the game.
    await page.addInitScript({ content: `try { localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true })); } catch {}` });
    await page.goto(url + SEARCH);
    await page.waitForFunction(() => typeof window.rolit?.settled === 'function', undefined, { timeout: 120_000 });
    await page.evaluate(() => window.rolit.settled());
    return await page.evaluate(() => Math.round(performance.now()));
  } finally {
    await context.close();
  }
}

const browser = await launchChromium();
const builds = [
  { name: 'before', served: await serveBuiltApp(BEFORE), times: [] as number[] },
  { name: 'after', served: await serveBuiltApp(AFTER), times: [] as number[] },
];
try {
  for (let run = 0; run < RUNS; run++) {
    // Alternate which goes first, so neither always follows the other's leftovers.
    for (const build of run % 2 ? [...builds].reverse() : builds) {
      const ms = await load(browser, build.served.url);
      build.times.push(ms);
      console.log(`${build.name.padEnd(6)} ${(ms / 1000).toFixed(1)} s`);
    }
  }
  const [before, after] = builds.map((b) => median(b.times));
  for (const b of builds) console.log(`${b.name}: median ${(median(b.times) / 1000).toFixed(1)} s (${b.times.map((t) => (t / 1000).toFixed(1)).join(', ')})`);
  console.log(`after / before: ${(after / before).toFixed(2)} (${SEARCH}, ${RUNS} loads each)`);
} finally {
  await browser.close();
  for (const b of builds) await b.served.close();
}
