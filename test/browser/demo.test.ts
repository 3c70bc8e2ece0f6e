/**
 * Demo mode in the built app: it plays on unattended, survives a worker crash and a lost WebGL
 * context. Its heap over many rounds is a benchmark: `npm run measure:demo-memory`.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, screenshot, waitForScene } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

/** Waits for `n` more round ends (the state's `over` turning true), polling the page. */
async function roundsEnd(page: Page, n: number, timeout = 300_000): Promise<void> {
  const until = Date.now() + timeout;
  let seen = 0;
  let wasOver = await page.evaluate(() => window.rolit.state().over);
  while (seen < n) {
    if (Date.now() > until) throw new Error(`only ${seen} of ${n} rounds ended in time`);
    await new Promise((r) => setTimeout(r, 150));
    const over = await page.evaluate(() => window.rolit.state().over);
    if (over && !wasOver) seen++;
    wasOver = over;
  }
}

const moveCount = (page: Page) => page.evaluate(() => window.rolit.state().moves.length + window.rolit.state().record.length);

/** Waits until the game has moved on from where it is now (a move played, or a new round begun). */
async function movesOn(page: Page): Promise<void> {
  const now = await moveCount(page);
  await page.waitForFunction((n) => window.rolit.state().moves.length + window.rolit.state().record.length !== n, now, { timeout: 60_000 });
}

describe('demo mode', { timeout: 600_000 }, () => {
  it('plays a round to its end and on into the next unattended with no console errors, then survives a worker crash and a context loss', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?demo=greedy,tactician&speed=instant');
    await waitForScene(page);
    await roundsEnd(page, 1);
    await page.getByTestId('countdown').waitFor();
    await screenshot(page, 'demo-between-rounds');
    expect(errors).toEqual([]);

    // The next round starts by itself. A worker that dies (closes itself) is noticed by the
    // client's watchdog; play goes on.
    await page.waitForFunction(() => !window.rolit.state().over && window.rolit.state().moves.length > 2, undefined, { timeout: 120_000 });
    const workers = page.workers();
    expect(workers.length).toBeGreaterThan(0);
    for (const w of workers) await w.evaluate(() => self.close()).catch(() => undefined);
    await movesOn(page);

    // The WebGL context is lost and comes back; the demo never stopped, and the scene draws again.
    await page.evaluate(() => {
      const gl = document.querySelector('canvas')!.getContext('webgl2')!;
      const lose = gl.getExtension('WEBGL_lose_context')!;
      (window as unknown as { lose: WEBGL_lose_context }).lose = lose;
      lose.loseContext();
    });
    await page.waitForFunction(() => document.querySelector('canvas')!.getContext('webgl2')!.isContextLost());
    await page.evaluate(() => (window as unknown as { lose: WEBGL_lose_context }).lose.restoreContext());
    await waitForScene(page);
    const frames = await page.evaluate(() => window.rolit.renderInfo()!.frames!);
    await movesOn(page);
    await page.waitForFunction((n) => window.rolit.renderInfo()!.frames! > n, frames, { timeout: 60_000 });
    await screenshot(page, 'demo-after-recovery');
    expect(errors.filter((e) => !/context lost|computer player/i.test(e))).toEqual([]);
    await page.close();
  });
});
