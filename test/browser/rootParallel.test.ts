/**
 * The master on several Web Workers (root-parallel, src/ai/browser/rootParallelWorker.ts): the
 * page says it has 3 cores, so the computer uses 2 workers. Every Worker is wrapped to log what
 * the page sends and what comes back, so the test sees both searches, their seeds, their root
 * statistics and how fast "Move now" is answered.
 */
import { describe, expect, it } from 'vitest';
import { useBuiltApp } from './builtApp';
import { openApp, rolitState, screenshot, waitForScene } from './harness';

interface Logged {
  worker: number;
  dir: 'in' | 'out';
  at: number;
  data: { type: string; id: number; request?: { level: string; seed: number; movetime?: number }; root?: { moves: number[]; visits: number[] }; work?: number };
}

declare global {
  interface Window {
    workerLog: Logged[];
    /** When set, every think request reaching a worker gets this movetime (ms). */
    workerMovetime?: number;
  }
}

/**
 * The movetime the workers get for the Move now check: three times the master's second, so an
 * answer long before it can only be the stop's doing, however loaded the machine. Under the
 * page's watchdog (the level's movetime + 3 s), so the page never drops the workers for it.
 */
const LONG_MOVETIME = 3000;

const app = useBuiltApp();

describe('root-parallel master in the browser', () => {
  it('two workers search each master move with their own seeds; the game goes on; Move now is answered at once', async () => {
    // The page's workers logged from its start (one load of the 3D view).
    const context = await app.browser.newContext({ viewport: { width: 960, height: 640 } });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 3 });
      window.workerLog = [];
      const Native = window.Worker;
      let count = 0;
      window.Worker = class extends Native {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          const worker = count++;
          const post = this.postMessage.bind(this);
          this.postMessage = (data: Logged['data']) => {
            if (data.type === 'think' && data.request && window.workerMovetime !== undefined) data = { ...data, request: { ...data.request, movetime: window.workerMovetime } };
            window.workerLog.push({ worker, dir: 'in', at: performance.now(), data });
            post(data);
          };
          this.addEventListener('message', (e) => window.workerLog.push({ worker, dir: 'out', at: performance.now(), data: e.data }));
        }
      } as typeof Worker;
    });
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:master,ai:master&size=6&seed=1&speed=instant', undefined, { context });
    await waitForScene(page, 120_000);
    expect(await page.evaluate(() => navigator.hardwareConcurrency)).toBe(3);
    await page.waitForFunction(() => window.rolit.state().moves.length >= 3, undefined, { timeout: 120_000, polling: 200 });

    const log = await page.evaluate(() => window.workerLog);
    const thinks = log.filter((l) => l.dir === 'in' && l.data.type === 'think' && l.data.request?.level === 'master');
    const answered = (id: number) => log.filter((l) => l.dir === 'out' && l.data.type === 'move' && l.data.id === id);
    // The first master request that was answered (an earlier one may have been cancelled).
    const firstId = thinks.find((l) => answered(l.data.id).length > 0)!.data.id;
    const first = thinks.filter((l) => l.data.id === firstId);
    // The same request to two different workers, with two different seeds.
    expect(first).toHaveLength(2);
    expect(new Set(first.map((l) => l.worker)).size).toBe(2);
    expect(first[0].data.request!.seed).not.toBe(first[1].data.request!.seed);
    // Both answered with their root statistics (visits of the root moves), which the page merged.
    const answers = answered(firstId);
    expect(answers).toHaveLength(2);
    for (const a of answers) {
      expect(a.data.root!.moves.length).toBeGreaterThan(0);
      expect(a.data.root!.visits.reduce((s, v) => s + v, 0)).toBeGreaterThan(10);
    }
    const state = await rolitState(page);
    expect(state.moves.length).toBeGreaterThanOrEqual(3);

    // Move now while a master move is being searched with a long movetime: both workers answer long before it ends.
    await page.evaluate((ms) => (window.workerMovetime = ms), LONG_MOVETIME);
    await page.waitForFunction(
      (ms) => {
        const l = window.workerLog;
        const last = [...l].reverse().find((e) => e.dir === 'in' && e.data.type === 'think');
        return last !== undefined && last.data.request!.movetime === ms && !l.some((e) => e.dir === 'out' && e.data.type === 'move' && e.data.id === last.data.id) && performance.now() - last.at > 100;
      },
      LONG_MOVETIME,
      { timeout: 60_000, polling: 20 },
    );
    // Clicked from the page: the thinking line re-renders every tick, so Playwright's stable-element wait never settles.
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Move now')!.click());
    await page.waitForFunction(() => window.workerLog.some((e) => e.dir === 'in' && e.data.type === 'stop'), undefined, { timeout: 10_000 });
    const after = await page.evaluate(async () => {
      const stop = window.workerLog.find((e) => e.dir === 'in' && e.data.type === 'stop')!;
      await new Promise<void>((resolve) => {
        const check = () => (window.workerLog.filter((e) => e.dir === 'out' && e.data.type === 'move' && e.data.id === stop.data.id).length >= 2 ? resolve() : setTimeout(check, 5));
        check();
      });
      const think = window.workerLog.find((e) => e.dir === 'in' && e.data.type === 'think' && e.data.id === stop.data.id)!;
      const answers = window.workerLog.filter((e) => e.dir === 'out' && e.data.type === 'move' && e.data.id === stop.data.id);
      return { thoughtMs: stop.at - think.at, answerMs: Math.max(...answers.map((a) => a.at)) - stop.at, stops: window.workerLog.filter((e) => e.data.type === 'stop').length };
    });
    // Both workers got the stop, and the later answer came long before the movetime would have ended.
    expect(after.stops).toBe(2);
    expect(after.thoughtMs + after.answerMs).toBeLessThan(LONG_MOVETIME - 1000);
    console.log(`move now: asked after ${after.thoughtMs.toFixed(0)} ms of thinking, both workers answered ${after.answerMs.toFixed(0)} ms later`);
    await screenshot(page, 'root-parallel-master');
    expect(errors).toEqual([]);
  }, 300_000);
});
