/**
 * Adaptive quality in the built app: on a screen of pixel ratio 2 with `?graphics=adaptive`, four
 * computers playing at normal speed keep the scene animating; SwiftShader's frames are slow (well
 * over 25 ms), so the pixel ratio must step down from 2 (the canvas's drawing buffer shrinks) and
 * the scene must still be drawn (the balls' colours in a screenshot). Without the parameter, a
 * software renderer draws at the fast ratio from the start and keeps it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { countBallColours, screenshot, waitForScene, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';
import { FAST_DPR } from '../../src/scene/qualityPolicy';

const app = useBuiltApp();
// Small: the slow frames it needs come sooner, and SwiftShader is still far over 25 ms a frame at 2x.
const VIEWPORT = { width: 480, height: 320 };
const COMPUTERS = '?seats=ai:beginner,ai:beginner,ai:beginner,ai:beginner&seed=11&speed=1';

async function openAt2x(search: string): Promise<Page> {
  const page = await app.browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 2 });
  await page.addInitScript(() => localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true })));
  await page.goto(`${app.served.url}${search}`);
  await waitForHandle(page);
  return page;
}

/** The canvas's drawing-buffer width over its CSS width: the pixel ratio the renderer draws at. */
function pixelRatio(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    return canvas.width / canvas.clientWidth;
  });
}

describe('adaptive quality in Chromium (SwiftShader, pixel ratio 2)', { timeout: 600_000 }, () => {
  it('?graphics=adaptive: slow frames lower the pixel ratio from 2 while the computers play, and the scene still draws', async () => {
    const page = await openAt2x(`${COMPUTERS}&graphics=adaptive`);
    try {
      await waitForScene(page, 180_000);
      const start = await pixelRatio(page);
      expect(start).toBeCloseTo(2, 1);
      const framesBefore = (await page.evaluate(() => window.rolit.renderInfo()?.frames)) ?? 0;
      // Twenty slow frames lower it by one step (0.25).
      await page.waitForFunction(() => {
        const canvas = document.querySelector('canvas')!;
        return canvas.width / canvas.clientWidth <= 1.75 + 0.01;
      }, undefined, { timeout: 300_000, polling: 500 });
      const lowered = await pixelRatio(page);
      const info = await page.evaluate(() => ({ frames: window.rolit.renderInfo()?.frames ?? 0, moves: window.rolit.state().moves.length }));
      console.log(`adaptive quality: pixel ratio ${start.toFixed(2)} -> ${lowered.toFixed(2)} after ${info.frames - framesBefore} frames, ${info.moves} moves played`);
      expect(lowered).toBeLessThan(start);
      expect(lowered).toBeGreaterThanOrEqual(FAST_DPR - 0.01);
      expect(info.moves).toBeGreaterThan(0);
      // Still drawn at the lower ratio: the board's balls are seen in all four colours.
      const shot = await screenshot(page, 'adaptive-quality-lowered', 120_000);
      const colours = countBallColours(shot);
      expect(Object.values(colours).every((n) => n > 50), JSON.stringify(colours)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('without the parameter a software renderer draws at the fast ratio and holds it', async () => {
    const page = await openAt2x(COMPUTERS);
    try {
      await waitForScene(page, 180_000);
      expect(await pixelRatio(page)).toBeCloseTo(FAST_DPR, 1);
      const frames = (await page.evaluate(() => window.rolit.renderInfo()?.frames)) ?? 0;
      await page.waitForFunction((n) => (window.rolit.renderInfo()?.frames ?? 0) > n + 40, frames, { timeout: 300_000, polling: 500 });
      expect(await pixelRatio(page)).toBeCloseTo(FAST_DPR, 1);
    } finally {
      await page.close();
    }
  });
});
