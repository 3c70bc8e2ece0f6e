/**
 * The board's 64 sockets on any screen, during a game: each one's centre is on screen, nothing of
 * the page lies over it (the topmost element there, document.elementFromPoint, is the canvas), and
 * on a phone held upright and on a laptop each is at least 40 CSS px from its nearest neighbour, big
 * enough to tap. A phone held sideways shows the whole board uncovered too, its far row's sockets at
 * least 20 px apart (the height below the status line is the board's: the controls stand in a corner).
 * The phone's page is loaded upright and then turned sideways.
 */
import { describe, expect, it } from 'vitest';
import { ALL_SQUARES, openApp, resizeTo, screenshot, waitForScene, waitIdle, waitSettled } from './harness';
import { useBuiltApp, useSharedPage } from './builtApp';

const app = useBuiltApp();

/** What the page shows of the sockets: the ones off screen or covered, and the least distance between two socket centres. */
interface SocketsSeen {
  offScreen: string[];
  covered: string[];
  spacing: number;
}

const SCREENS = [
  { name: 'phone-upright', viewport: { width: 390, height: 844 }, locale: 'en-GB', spacing: 40 },
  { name: 'laptop-fr', viewport: { width: 1280, height: 800 }, locale: 'fr-FR', spacing: 40 },
  { name: 'phone-sideways', viewport: { width: 844, height: 390 }, locale: 'en-GB', spacing: 20 },
] as const;

const GAME = '?seats=human,human&seed=1&speed=instant';

/** One English page on a phone, loaded upright and turned sideways for its second look. */
const phonePage = useSharedPage(app, async (browser, served) => {
  const viewport = SCREENS[0].viewport;
  return openApp(browser, served, GAME, viewport, { context: await browser.newContext({ viewport, locale: 'en-GB' }) });
});

describe('the board on screen', { timeout: 300_000 }, () => {
  for (const { name, viewport, locale, spacing } of SCREENS) {
    it(`on a ${viewport.width}x${viewport.height} screen (${locale}): every socket on screen and uncovered${spacing ? `, ${spacing} px or more apart` : ''}`, async () => {
      const phone = locale === 'en-GB';
      const { page, errors } = phone ? await phonePage() : await openApp(app.browser, app.served, GAME, viewport, { context: await app.browser.newContext({ viewport, locale }) });
      page.setDefaultTimeout(120_000);
      await waitForScene(page);
      if (phone) await resizeTo(page, viewport);
      await waitIdle(page, 120_000);
      await waitSettled(page, 120_000);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2));
      const seen = await page.evaluate((squares): SocketsSeen => {
        const at = squares.map((s) => ({ square: s, ...window.rolit.socketScreenPosition(s)! }));
        const offScreen = at.filter((p) => !(p.x >= 0 && p.y >= 0 && p.x <= innerWidth && p.y <= innerHeight)).map((p) => p.square);
        const covered = at
          .filter((p) => !(document.elementFromPoint(p.x, p.y) instanceof HTMLCanvasElement))
          .map((p) => `${p.square} under ${document.elementFromPoint(p.x, p.y)?.closest('[class]')?.className ?? 'nothing'}`);
        let least = Infinity;
        for (const p of at) for (const q of at) if (p !== q) least = Math.min(least, Math.hypot(p.x - q.x, p.y - q.y));
        return { offScreen, covered, spacing: least };
      }, ALL_SQUARES);
      console.log(`${name} ${viewport.width}x${viewport.height}: least socket spacing ${seen.spacing.toFixed(1)} px`);
      await screenshot(page, `board-on-screen-${name}`, 120_000);
      expect(seen.offScreen).toEqual([]);
      expect(seen.covered).toEqual([]);
      expect(seen.spacing).toBeGreaterThanOrEqual(spacing);
      expect(errors).toEqual([]);
    });
  }
});
