/**
 * Benchmark (prints figures, asserts nothing): the start of the built app (dist/ of the current
 * directory) in headless Chromium, each load in a fresh browser context (empty cache).
 *
 *   npm run measure:startup [-- --runs 3 --search '?seats=human,human&seed=3' --trace]
 *
 * - Navigation -> settled (window.rolit.settled(), src/app/page/settled.ts): the 3D board is drawn,
 *   the start throw is over and nothing on the page will change by itself.
 * - The longest main-thread task until then (Long Tasks API, buffered from the navigation), and
 *   how many tasks took over 50 ms and 100 ms or more (the budget: none).
 * - What each task of 100 ms or more ran: the scripts inside it that took most (Long Animation
 *   Frames API), each with its time, function and source.
 * - With --trace: one more load under a Chromium trace, printing its longest tasks by CPU time (on a
 *   shared machine the wall time of a task is partly a wait for the CPU) with what each ran most.
 * Medians over the runs. SwiftShader renders on the CPU and the machine may be shared: compare
 * figures taken in one sitting.
 * - Until the page has settled the measure runs nothing in it through Playwright: its first wait or
 *   evaluation puts Playwright's own script (about 330 kB) into the page, a task of 60-130 ms that
 *   no player's page has. A script added before the page's own says when it has settled, on the console.
 * - The shader programs the 3D view compiled and the draw calls of its last frame (renderInfo).
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveBuiltApp, type Served } from '../test/browser/harness';
import { ms, RUN_TASK, startTrace, type TraceEvent } from '../test/browser/trace';
import { arg } from './args';

const RUNS = Number(arg('runs', '3'));
const SEARCH = arg('search', '?seats=human,human&seed=3');
const BUDGET_MS = 100;
const TRACE = process.argv.includes('--trace');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface LongTasks {
  /** Milliseconds from navigation to settled. */
  settledAt: number;
  /** Each main-thread task over 50 ms until settled, in ms. */
  tasks: number[];
  /** Each task of the budget or more: its time, start and the scripts it ran that took most (Long Animation Frames). */
  overBudget: string[];
  /** Shader programs the 3D view compiled, and the draw calls of its last frame (renderInfo). */
  programs: number | undefined;
  calls: number | undefined;
}

/**
 * Runs in the page before its own scripts: collects long tasks and long animation frames (both
 * buffered, so from the navigation on), and says on the console when the page has settled (the
 * time in window.settledAt), polling for window.rolit with a timer rather than through Playwright.
 */
function watchStart(): void {
  const w = window as unknown as { longTasks: PerformanceEntry[]; longFrames: PerformanceEntry[]; settledAt: number };
  localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
  w.longTasks = [];
  w.longFrames = [];
  new PerformanceObserver((list) => w.longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => w.longFrames.push(...list.getEntries())).observe({ type: 'long-animation-frame', buffered: true });
  const poll = setInterval(() => {
    if (typeof window.rolit?.settled !== 'function') return;
    clearInterval(poll);
    void window.rolit.settled().then(() => {
      w.settledAt = performance.now();
      console.log(SETTLED);
    });
  }, 50);
}
const SETTLED = 'measure-startup: settled';

/**
 * Opens the app in a fresh context of its own (empty cache) and waits, from outside the page, until
 * it has settled; `beforeNavigation` sets up what must watch the load from its start (a trace).
 */
async function openUntilSettled(browser: Browser, served: Served, beforeNavigation?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await beforeNavigation?.(page);
  await page.addInitScript(`const SETTLED = ${JSON.stringify(SETTLED)}; (${watchStart.toString()})();`);
  const settled = page.waitForEvent('console', { predicate: (message) => message.text() === SETTLED, timeout: 120_000 });
  await page.goto(`${served.url}${SEARCH}`);
  await settled;
  return page;
}

/** The long tasks of a settled page until it settled, and what each task over budget ran. */
async function longTasksUntilSettled(page: Page): Promise<LongTasks> {
  // No named functions inside: the page has no __name helper that tsx would add for them.
  return page.evaluate((budget) => {
    type Script = { startTime: number; duration: number; sourceFunctionName: string; sourceURL: string; invoker: string };
    const w = window as unknown as { longTasks: PerformanceEntry[]; longFrames: (PerformanceEntry & { scripts: Script[] })[]; settledAt: number };
    const settledAt = w.settledAt;
    const tasks = w.longTasks.filter((e) => e.startTime < settledAt);
    const gpu = window.rolit.renderInfo();
    return {
      settledAt,
      programs: gpu?.programs,
      calls: gpu?.calls,
      tasks: tasks.map((e) => e.duration),
      overBudget: tasks
        .filter((task) => task.duration >= budget)
        .map((task) => {
          const end = task.startTime + task.duration;
          const scripts = w.longFrames
            .flatMap((frame) => frame.scripts)
            .filter((s) => s.startTime >= task.startTime - 1 && s.startTime < end)
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 4)
            .map((s) => `${s.duration.toFixed(0)} ms ${s.sourceFunctionName || s.invoker} ${s.sourceURL.replace(/^.*\//, '') || '(page)'}`);
          return `${task.duration.toFixed(0)} ms at ${task.startTime.toFixed(0)} ms: ${scripts.join('; ') || '(no script: the browser\'s own work)'}`;
        }),
    };
  }, BUDGET_MS);
}

/** One load in a fresh context, until settled. */
async function coldLoad(browser: Browser, served: Served): Promise<LongTasks> {
  const page = await openUntilSettled(browser, served);
  try {
    return await longTasksUntilSettled(page);
  } finally {
    await page.context().close();
  }
}

/** An event's own description: a script's function and file, or a timer, a layout, a garbage collection. */
function what(event: TraceEvent): string {
  const data = (event.args as { data?: { url?: string; functionName?: string; frame?: string } } | undefined)?.data;
  const file = data?.url?.replace(/^.*\//, '');
  return [event.name, data?.functionName, file].filter(Boolean).join(' ');
}

/** One load traced until settled: its longest main-thread tasks by CPU time, each with the events inside it that took most. */
async function tracedLoad(browser: Browser, served: Served): Promise<string[]> {
  let stopTrace = async (): Promise<TraceEvent[]> => [];
  const page = await openUntilSettled(browser, served, async (page) => {
    stopTrace = await startTrace(page, 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8.execute');
  });
  try {
    const events = await stopTrace();
    const start = Math.min(...events.map((e) => e.ts));
    const tasks = events.filter((e) => e.name === RUN_TASK).sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 8);
    return tasks.map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = events
        .filter((e) => e !== task && e.name !== RUN_TASK && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 5_000)
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 4)
        .map((e) => `${ms(e.dur)} ms ${what(e)}`);
      return `${String(ms(task.tdur)).padStart(5)} ms CPU (${ms(task.dur)} ms wall) at ${ms(task.ts - start)} ms: ${inside.join('; ')}`;
    });
  } finally {
    await page.context().close();
  }
}

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await launchChromium();
  const settled: number[] = [];
  const longest: number[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const { settledAt, tasks, overBudget: over, programs, calls } = await coldLoad(browser, served);
      const max = Math.max(0, ...tasks);
      const overBudget = tasks.filter((t) => t >= BUDGET_MS).length;
      console.log(`run ${run}: settled after ${(settledAt / 1000).toFixed(2)} s; longest task ${max.toFixed(0)} ms; ${tasks.length} tasks over 50 ms, ${overBudget} of ${BUDGET_MS} ms or more; ${programs} shader programs, ${calls} draw calls`);
      for (const task of over) console.log(`  ${task}`);
      settled.push(settledAt);
      longest.push(max);
    }
    if (RUNS > 0) console.log(`median of ${RUNS} (${SEARCH}): settled after ${(median(settled) / 1000).toFixed(2)} s; longest task ${median(longest).toFixed(0)} ms (budget: under ${BUDGET_MS} ms)`);
    if (TRACE) console.log(`a traced load's longest tasks by CPU time:\n  ${(await tracedLoad(browser, served)).join('\n  ')}`);
  } finally {
    await browser.close();
    await served.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
