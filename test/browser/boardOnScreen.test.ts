/**
 * The board's 64 sockets on any screen, during a game (after the first move, the start ball back in
 * its box): each one's centre is on screen, nothing of the page lies over it (the topmost element
 * there, document.elementFromPoint, is the canvas), and they are far enough apart to tap: 44 CSS px
 * on a laptop, 40 on a phone held upright, 32 held sideways. Every side button's centre is on
 * screen, and the coordinates printed on the frame are tall enough to read (9 px: the height of a
 * digit of their font, from its measured ink, at the scale the board is drawn at by their row or
 * column). The phone's page is loaded upright and then turned sideways; its first move is played by
 * touch (a first tap previews it and says to tap again, the second plays it).
 * The same at an online table on a phone (a game server started here), seated and watching, upright
 * then sideways, with the room's bar folded; unfolded by a tap, every control of the bar is wholly
 * on screen and the topmost element at its centre once the keyboard reaches it, the board stays
 * where it was, and Escape folds the bar again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { create, playFirst, startTestServer, type TestServer, twoPlayers, until } from '../server/helpers';
import { ALL_SQUARES, leaveGrid, openApp, playByGrid, resizeTo, screenshot, waitForScene, waitIdle, waitSettled } from './harness';
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

/** What the page shows of the board now (BoardSeen), measured from the scene's own projection. */
function boardSeen(page: Page): Promise<BoardSeen> {
  return page.evaluate(
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
}

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
      const seen = await boardSeen(page);
      console.log(`${name} ${viewport.width}x${viewport.height}: least socket spacing ${seen.spacing.toFixed(1)} px, shortest coordinate ${seen.labelHeight.toFixed(1)} px`);
      await screenshot(page, `board-on-screen-${name}`, 120_000);
      expectFits(seen, spacing);
      expect(errors).toEqual([]);
    });
  }
});

/** Every socket on screen and uncovered, `spacing` px or more apart, the side buttons' centres on screen, the coordinates tall enough. */
function expectFits(seen: BoardSeen, spacing: number): void {
  expect(seen.offScreen).toEqual([]);
  expect(seen.covered).toEqual([]);
  expect(seen.buttonsOff).toEqual([]);
  expect(seen.spacing).toBeGreaterThanOrEqual(spacing);
  expect(seen.labelHeight).toBeGreaterThanOrEqual(LABEL_HEIGHT);
}

/**
 * The room bar's controls (its fold, buttons, links, the seat's link) that are shown but not fully
 * usable: each is focused, as the keyboard reaches it (which scrolls it into view inside the bar),
 * and must then lie wholly on screen and be what a tap at its centre reaches.
 */
function roomBarUnusable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="online-bar"]')!;
    const controls = [...bar.querySelectorAll<HTMLElement>('summary, button, a, input')].filter((c) => c.checkVisibility());
    const unusable = controls.flatMap((control) => {
      control.focus();
      const r = control.getBoundingClientRect();
      const name = control.textContent?.trim() || control.getAttribute('data-testid') || control.tagName;
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return [`${name} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`];
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return hit && control.contains(hit) ? [] : [`${name} under ${hit?.closest('[class]')?.className ?? 'nothing'}`];
    });
    (document.activeElement as HTMLElement | null)?.blur();
    return controls.length > 0 ? unusable : ['no control shown'];
  });
}

describe('the board on screen at an online table, on a phone', { timeout: 600_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A phone's page (upright, touch, a phone's pixel ratio) opening the room's link. */
  async function phoneAt(room: string) {
    const viewport = SCREENS[0].viewport;
    const context = await app.browser.newContext({ viewport, locale: 'en-GB', hasTouch: true, deviceScaleFactor: 3 });
    const opened = await openApp(app.browser, app.served, `?room=${room}&server=127.0.0.1:${server.port}&speed=instant`, viewport, { context });
    opened.page.setDefaultTimeout(120_000);
    return opened;
  }

  /**
   * The page upright, then turned sideways: the board fits as on the home view with the room's bar
   * folded; unfolded by a tap, each of its controls is usable; the seat's link unfolded (a player's)
   * too, and the bar folded again from the keyboard.
   */
  async function looksAt(page: Page, role: string): Promise<void> {
    for (const { name, viewport, spacing } of SCREENS.filter((s) => s.locale === 'en-GB')) {
      await resizeTo(page, viewport);
      await waitSettled(page, 120_000);
      expect(await page.evaluate(() => window.rolit.thrownBall())).toBeNull();
      const bar = page.getByTestId('online-bar');
      expect(await bar.getAttribute('open')).toBeNull();
      const seen = await boardSeen(page);
      console.log(`online ${role} ${name}: least socket spacing ${seen.spacing.toFixed(1)} px, shortest coordinate ${seen.labelHeight.toFixed(1)} px`);
      await screenshot(page, `board-on-screen-online-${role}-${name}`, 120_000);
      expectFits(seen, spacing);
      expect(await roomBarUnusable(page)).toEqual([]);

      const corners = () => page.evaluate(() => ['a1', 'h8'].map((s) => window.rolit.socketScreenPosition(s)!).map((p) => `${Math.round(p.x)},${Math.round(p.y)}`));
      const folded = await corners();
      await bar.locator('> summary').tap();
      await expect.poll(() => bar.getAttribute('open')).not.toBeNull();
      const device = page.getByTestId('another-device');
      if ((await device.count()) && (await device.getAttribute('open')) === null) await device.locator('> summary').tap();
      await screenshot(page, `board-on-screen-online-${role}-${name}-bar`, 120_000);
      expect(await roomBarUnusable(page)).toEqual([]);
      if (await device.count()) expect(await page.getByTestId('copy-seat-link').isVisible()).toBe(true);
      // The sheet lies over the board for a while: the board stays where it was.
      await waitSettled(page, 120_000);
      expect(await corners()).toEqual(folded);
      // Escape from inside the unfolded bar folds it, the focus on its line.
      await page.getByTestId('leave-room').focus();
      await page.keyboard.press('Escape');
      await expect.poll(() => bar.getAttribute('open')).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    }
  }

  it('seated: every socket uncovered and far enough apart upright and sideways, the side buttons on screen, every control of the room bar usable', async () => {
    const alice = await create(server.endpoint, { name: 'Alice', colour: 'red', size: 8, colours: ['red', 'green'] });
    try {
      const { page, errors } = await phoneAt(alice.room.roomId);
      await page.getByTestId('take-green').waitFor();
      await page.getByTestId('online-name').fill('Bob');
      await page.getByTestId('take-green').click();
      await until(alice.room, (st) => st.seats[1].connected && st.seats[1].name === 'Bob', 'Bob seated');
      await waitForScene(page);
      alice.room.send('start');
      await until(alice.room, (st) => st.phase === 'playing' && st.toMove !== '', 'the first turn', 60_000);
      // One move played each way it falls: Bob's by the grid when green starts, then Alice's.
      if (alice.room.state.toMove === 'green') {
        await page.waitForFunction(() => window.rolit.state().shown.toMove === 'green', undefined, { timeout: 120_000 });
        await waitSettled(page, 120_000);
        await playByGrid(page, parseRecord((await page.evaluate(() => window.rolit.state().record))).legalMoves()[0]);
        await leaveGrid(page);
        await until(alice.room, (st) => st.toMove === 'red', 'Bob’s move', 60_000);
      }
      await playFirst(alice);
      await page.waitForFunction(() => window.rolit.state().shown.toMove === 'green' && window.rolit.state().shown.moves.length > 0, undefined, { timeout: 120_000 });
      await looksAt(page, 'player');
      expect(errors).toEqual([]);
    } finally {
      await alice.room.leave();
    }
  });

  it('watching: every socket uncovered and far enough apart upright and sideways, the side buttons on screen, every control of the room bar usable', async () => {
    const { ann, bob, eve } = await twoPlayers(server.endpoint);
    try {
      await playFirst(ann.room.state.toMove === 'red' ? ann : bob);
      await until(ann.room, (st) => st.moves.length === 1, 'the first move');
      const { page, errors } = await phoneAt(ann.room.roomId);
      await waitForScene(page);
      await page.waitForFunction(() => window.rolit.online()?.colour === '' && window.rolit.state().shown.moves.length === 1);
      await looksAt(page, 'spectator');
      expect(errors).toEqual([]);
    } finally {
      for (const s of [ann, bob, eve]) await s.room.leave();
    }
  });
});
