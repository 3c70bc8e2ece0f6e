/**
 * The supply tray on screen. On a landscape screen it stands beside the board, whole and clear of
 * the HUD's panels (the topmost element at its box's corners and centre is the canvas): on a phone
 * held sideways, and on 960x640 and 1280x800 laptop windows (French, the widest texts) in a played
 * game and in a watched one, whose evaluation panel stands above the tray and the analysis below it.
 * On a portrait phone (390x844), where the board fills the width, it stands beyond the board's far
 * side, its near part on screen (the rest runs off the top with the table). The page projects the
 * tray's corners (rolit.supplyScreenBox).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, screenshot, waitForScene, waitSettled, waitIdle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

type Box = { left: number; top: number; right: number; bottom: number };

/** The tray's box on the page, and the points of it (its corners, a few px in, and its centre) that something of the page covers. */
async function trayInView(page: Page): Promise<{ box: Box; covered: string[] }> {
  return page.evaluate(() => {
    const box = window.rolit.supplyScreenBox()!;
    const inset = 4;
    const points = {
      'top left': [box.left + inset, box.top + inset],
      'top right': [box.right - inset, box.top + inset],
      'bottom left': [box.left + inset, box.bottom - inset],
      'bottom right': [box.right - inset, box.bottom - inset],
      centre: [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
    };
    const covered = Object.entries(points)
      .map(([name, [x, y]]) => ({ name, at: document.elementFromPoint(x, y) }))
      .filter(({ at }) => !(at instanceof HTMLCanvasElement))
      .map(({ name, at }) => `${name} under ${at?.closest('[class]')?.className ?? 'nothing (off screen)'}`);
    return { box, covered };
  });
}

function expectWholeOnScreen(box: Box, viewport: { width: number; height: number }): void {
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(viewport.width);
  expect(box.bottom).toBeLessThanOrEqual(viewport.height);
}

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
      const { box, covered } = await trayInView(page);
      const a1 = (await page.evaluate(() => window.rolit.socketScreenPosition('a1')))!;
      const h8 = (await page.evaluate(() => window.rolit.socketScreenPosition('h8')))!;
      console.log(`${viewport.width}x${viewport.height}: supply box ${JSON.stringify(box)}, a1 ${JSON.stringify(a1)}, h8 ${JSON.stringify(h8)}`);
      await screenshot(page, `supply-${viewport.width}x${viewport.height}`, 120_000);
      const portrait = viewport.height > viewport.width;
      if (portrait) {
        // Beyond the far row (row 1, the top of the screen), its near part on screen.
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(viewport.width);
        expect(box.bottom).toBeGreaterThan(30);
        expect(box.bottom).toBeLessThan(a1.y);
      } else {
        expectWholeOnScreen(box, viewport);
        expect(covered).toEqual([]);
      }
      // A real tray on screen: a sizeable box that does not cover the board's sockets.
      expect(box.right - box.left).toBeGreaterThan(60);
      expect(Math.min(box.bottom, viewport.height) - Math.max(box.top, 0)).toBeGreaterThan(30);
      for (const s of [a1, h8]) expect(s.x > box.left && s.x < box.right && s.y > box.top && s.y < box.bottom).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const { viewport, locale } of [
    { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' },
    { viewport: { width: 960, height: 640 }, locale: 'en-GB' },
  ]) {
    for (const game of ['played', 'watched'] as const) {
      it(`stands whole and uncovered beside the board on a ${viewport.width}x${viewport.height} laptop (${locale}), in a ${game} game`, async () => {
        const context = await app.browser.newContext({ viewport, locale });
        const search = game === 'played' ? '?seats=human,human&seed=1&speed=instant' : '?seats=ai,ai,ai,ai&seed=1&speed=4';
        const { page, errors } = await openApp(app.browser, app.served, search, viewport, { context });
        page.setDefaultTimeout(120_000);
        await waitForScene(page, 120_000);
        // The evaluation panel stands above the tray in both (the win chance in a played game).
        await page.getByTestId('evaluation').waitFor();
        if (game === 'watched') {
          // A few moves in, all four colours' rows in the evaluation, then paused to look.
          await page.waitForFunction(() => window.rolit.state().moves.length >= 4, undefined, { timeout: 120_000 });
          await page.locator('[data-testid=evaluation] tbody tr').nth(3).waitFor();
          await page.keyboard.press('Space');
        }
        await waitIdle(page, 120_000);
        await waitSettled(page, 120_000);
        const { box, covered } = await trayInView(page);
        console.log(`${viewport.width}x${viewport.height} ${locale} ${game}: supply box ${JSON.stringify(box)}`);
        await screenshot(page, `supply-${viewport.width}x${viewport.height}-${game}`, 120_000);
        expectWholeOnScreen(box, viewport);
        expect(covered).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
