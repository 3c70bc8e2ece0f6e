/**
 * The supply tray is whole on screen: on a portrait phone (390x844) it stands beyond the board's far
 * side, on a landscape screen beside it. The page projects the tray's corners (rolit.supplyScreenBox).
 */
import { describe, expect, it } from 'vitest';
import { openApp, screenshot, waitForScene, waitSettled, waitIdle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

type Box = { left: number; top: number; right: number; bottom: number };

describe('the supply on any screen', { timeout: 300_000 }, () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
    { width: 960, height: 640 },
  ]) {
    it(`lies inside a ${viewport.width}x${viewport.height} viewport, beside the board's sockets`, async () => {
      const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', viewport);
      await waitForScene(page);
      await waitIdle(page);
      await waitSettled(page);
      const box = (await page.evaluate(() => window.rolit.supplyScreenBox())) as Box;
      const a1 = (await page.evaluate(() => window.rolit.socketScreenPosition('a1')))!;
      const h8 = (await page.evaluate(() => window.rolit.socketScreenPosition('h8')))!;
      console.log(`${viewport.width}x${viewport.height}: supply box ${JSON.stringify(box)}, a1 ${JSON.stringify(a1)}, h8 ${JSON.stringify(h8)}`);
      await screenshot(page, `supply-${viewport.width}x${viewport.height}`, 120_000);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(viewport.width);
      expect(box.bottom).toBeLessThanOrEqual(viewport.height);
      // A real tray on screen: a sizeable box that does not cover the board's sockets.
      expect(box.right - box.left).toBeGreaterThan(60);
      expect(box.bottom - box.top).toBeGreaterThan(30);
      for (const s of [a1, h8]) expect(s.x > box.left && s.x < box.right && s.y > box.top && s.y < box.bottom).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
