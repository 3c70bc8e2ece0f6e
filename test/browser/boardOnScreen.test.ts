/**
 * The board's 64 sockets on any screen, during a game (after the first move, the start ball back in
 * its box): each one's centre is on screen, nothing of the page lies over it (the topmost element
 * there, document.elementFromPoint, is the canvas), and they are far enough apart to tap: 44 CSS px
 * on a laptop, 40 on a phone held upright, 32 held sideways. Every side button's centre is on
 * screen, and the coordinates printed on the frame are tall enough to read (9 px: the height of a
 * digit of their font, from its measured ink, at the scale the board is drawn at by their row or
 * column). The phone's page is loaded upright and then turned sideways; its first move is played by
 * touch (a first tap previews it and says to tap again, the second plays it).
 */
import { describe, expect, it } from 'vitest';
import { ALL_SQUARES, leaveGrid, openApp, resizeTo, screenshot, waitForScene, waitIdle, waitSettled } from './harness';
import { useBuiltApp, useSharedPage } from './builtApp';
import { BOARD_WIDTH, COORDINATE_FONT, MARGIN, PITCH } from '../../src/scene/layout';

const app = useBuiltApp();

/** What the page shows of the board: sockets off screen or covered, the least distance between two socket centres, side buttons whose centre is off screen, the shortest coordinate. */
interface BoardSeen {
  offScreen: string[];
  covered: string[];
  spacing: number;
  buttonsOff: string[];
  labelHeight: number;
}

const SCREENS = [
  { name: 'phone-upright', viewport: { width: 390, height: 844 }, locale: 'en-GB', spacing: 40 },
  { name: 'laptop-fr', viewport: { width: 1280, height: 800 }, locale: 'fr-FR', spacing: 44 },
  { name: 'phone-sideways', viewport: { width: 844, height: 390 }, locale: 'en-GB', spacing: 32 },
] as const;

const LABEL_HEIGHT = 9;
const GAME = '?seats=human,human&seed=1&speed=instant';
/** The coordinates' distance from the outer sockets' centres, in scene units (the middle of the frame). */
const LABEL_OUT = BOARD_WIDTH / 2 - MARGIN / 2 - 3.5 * PITCH;

/** One English page on a phone, loaded upright and turned sideways for its second look. */
const phonePage = useSharedPage(app, async (browser, served) => {
  const viewport = SCREENS[0].viewport;
  return openApp(browser, served, GAME, viewport, { context: await browser.newContext({ viewport, locale: 'en-GB', hasTouch: true }) });
});

describe('the board on screen', { timeout: 300_000 }, () => {
  for (const { name, viewport, locale, spacing } of SCREENS) {
    it(`on a ${viewport.width}x${viewport.height} screen (${locale}), after the first move: every socket on screen, uncovered and ${spacing} px or more apart, the side buttons on screen, the coordinates ${LABEL_HEIGHT} px tall`, async () => {
      const phone = locale === 'en-GB';
      const { page, errors } = phone ? await phonePage() : await openApp(app.browser, app.served, GAME, viewport, { context: await app.browser.newContext({ viewport, locale }) });
      page.setDefaultTimeout(120_000);
      await waitForScene(page);
      if (phone) await resizeTo(page, viewport);
      await waitIdle(page, 120_000);
      if ((await page.evaluate(() => window.rolit.state().moves.length)) === 0) {
        await waitSettled(page, 120_000);
        expect(await page.evaluate(() => window.rolit.thrownBall())).not.toBeNull();
        if (phone) {
          // A first tap previews the move and says how to play it; a second tap on it plays it.
          const f4 = (await page.evaluate(() => window.rolit.socketScreenPosition('f4')))!;
          await page.touchscreen.tap(f4.x, f4.y);
          await expect.poll(() => page.getByTestId('preview').textContent()).toBe('f4: rolls 1 ball · tap again to play');
          expect(await page.evaluate(() => window.rolit.state().moves)).toEqual([]);
          await page.touchscreen.tap(f4.x, f4.y);
        } else {
          // Through the accessible grid (its names are in the page's language): focus f4, Enter.
          await page.locator('.board-grid button[data-square="f4"]').focus();
          await page.keyboard.press('Enter');
          await leaveGrid(page);
        }
        await page.waitForFunction(() => window.rolit.state().moves.length === 1);
      }
      await waitSettled(page, 120_000);
      // The start ball has gone back into its box.
      expect(await page.evaluate(() => window.rolit.thrownBall())).toBeNull();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2));
      const seen = await page.evaluate(
        ({ squares, font, out, pitch }): BoardSeen => {
          const at = new Map(squares.map((s) => [s, window.rolit.socketScreenPosition(s)!]));
          const all = [...at].map(([square, p]) => ({ square, ...p }));
          const onScreen = (p: { x: number; y: number }) => p.x >= 0 && p.y >= 0 && p.x <= innerWidth && p.y <= innerHeight;
          const offScreen = all.filter((p) => !onScreen(p)).map((p) => p.square);
          const covered = all
            .filter((p) => !(document.elementFromPoint(p.x, p.y) instanceof HTMLCanvasElement))
            .map((p) => `${p.square} under ${document.elementFromPoint(p.x, p.y)?.closest('[class]')?.className ?? 'nothing'}`);
          let least = Infinity;
          for (const p of all) for (const q of all) if (p !== q) least = Math.min(least, Math.hypot(p.x - q.x, p.y - q.y));
          const buttonsOff = (['red', 'yellow', 'green', 'blue'] as const).filter((colour) => {
            const box = window.rolit.sideButtonScreenBox(colour)!;
            return !onScreen({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
          });
          // A digit's ink height in the coordinates' font, in scene units.
          const g = document.createElement('canvas').getContext('2d')!;
          g.font = `${font.weight} 100px ${font.family}`;
          const ink = g.measureText('8');
          const digit = ((ink.actualBoundingBoxAscent + ink.actualBoundingBoxDescent) / 100) * font.size;
          // The board's scale across the rows (page px a scene unit along the board's depth) near a
          // label: from the two nearest sockets of its column or row, carried on to the label's place.
          const depth = (a: string, b: string) => Math.hypot(at.get(a)!.x - at.get(b)!.x, at.get(a)!.y - at.get(b)!.y) / pitch;
          const beyond = (near: number, next: number) => near * (near / next) ** (out / pitch);
          const heights: number[] = [];
          for (const column of 'abcdefgh') {
            heights.push(beyond(depth(`${column}1`, `${column}2`), depth(`${column}2`, `${column}3`)) * digit); // far side
            heights.push(beyond(depth(`${column}8`, `${column}7`), depth(`${column}7`, `${column}6`)) * digit); // near side
          }
          for (let row = 1; row < 8; row++) for (const column of 'ah') heights.push(depth(`${column}${row}`, `${column}${row + 1}`) * digit);
          return { offScreen, covered, spacing: least, buttonsOff, labelHeight: Math.min(...heights) };
        },
        { squares: ALL_SQUARES, font: COORDINATE_FONT, out: LABEL_OUT, pitch: PITCH },
      );
      console.log(`${name} ${viewport.width}x${viewport.height}: least socket spacing ${seen.spacing.toFixed(1)} px, shortest coordinate ${seen.labelHeight.toFixed(1)} px`);
      await screenshot(page, `board-on-screen-${name}`, 120_000);
      expect(seen.offScreen).toEqual([]);
      expect(seen.covered).toEqual([]);
      expect(seen.buttonsOff).toEqual([]);
      expect(seen.spacing).toBeGreaterThanOrEqual(spacing);
      expect(seen.labelHeight).toBeGreaterThanOrEqual(LABEL_HEIGHT);
      expect(errors).toEqual([]);
    });
  }
});
