/**
 * The supply tray on screen: on a landscape screen beside the board, whole on a phone held sideways
 * and at least its near half on a 960x640 window, where the board framed large (sockets 40 px and
 * more apart) leaves the tray's far side running off the right edge with the table; on a portrait
 * phone (390x844), where the board fills the width, beyond the board's far side, its near part on
 * screen (the rest runs off the top with the table). The page projects the tray's corners
 * (rolit.supplyScreenBox).
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
      const portrait = viewport.height > viewport.width;
      expect(box.left).toBeGreaterThanOrEqual(0);
      // Whole, or (the 960x640 window) its near half on screen.
      const nearHalf = box.left + (box.right - box.left) / 2;
      expect(viewport.width === 960 ? nearHalf : box.right).toBeLessThanOrEqual(viewport.width);
      expect(box.bottom).toBeLessThanOrEqual(viewport.height);
      if (portrait) {
        // Beyond the far row (row 1, the top of the screen), its near part on screen.
        expect(box.bottom).toBeGreaterThan(30);
        expect(box.bottom).toBeLessThan(a1.y);
      } else expect(box.top).toBeGreaterThanOrEqual(0);
      // A real tray on screen: a sizeable box that does not cover the board's sockets.
      expect(box.right - box.left).toBeGreaterThan(60);
      expect(Math.min(box.bottom, viewport.height) - Math.max(box.top, 0)).toBeGreaterThan(30);
      for (const s of [a1, h8]) expect(s.x > box.left && s.x < box.right && s.y > box.top && s.y < box.bottom).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
