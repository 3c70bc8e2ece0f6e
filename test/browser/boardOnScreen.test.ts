/**
 * The whole board on any screen, in French (its long words widen the panels): a phone held upright
 * (390x844) and sideways (844x390), and laptops (1280x800, 960x640), in a game played, a game of
 * computers watched and a replay. Every socket's disc (four points at 0.3 of the pitch from its
 * centre, along its row and its column), every coordinate and every side button's middle are on
 * the canvas, under no panel or control (the topmost element there, document.elementFromPoint, is
 * the canvas), and the supply is whole and uncovered where it stands beside the board (a laptop) or
 * wholly out of view (a phone): harness.boardHidden. The sockets are far enough apart to tap in a
 * game played: 40 CSS px on a phone held upright, 32 sideways, 44 on a 1280x800 laptop; the
 * coordinates are tall enough to read (9 px: the height of a digit of their font, from its measured
 * ink, at the scale the board is drawn at by their row or column). The win chance (its bar and graph)
 * shows on a phone too, clear of the board. While the 3D view loads, neither Skip nor "Show who is
 * winning" stands over the empty screen. The phone's first move is played by touch (a first tap
 * previews it and says to tap again, the second plays it).
 * The same at an online table on a phone (a game server started here), seated and watching, upright
 * then sideways, with the room's bar folded; unfolded by a tap, every control of the bar is wholly
 * on screen and the topmost element at its centre once the keyboard reaches it, the board stays
 * where it was, and Escape folds the bar again.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { create, playFirst, startTestServer, type TestServer, twoPlayers, until } from '../server/helpers';
import { ALL_SQUARES, boardHidden, boardParts, leaveGrid, openApp, resizeTo, screenshot, useControl, waitForScene, waitIdle, waitSettled } from './harness';
import { useBuiltApp, useSharedPage } from './builtApp';
import { keepGame, savedGame } from './keptGames';
import { BOARD_WIDTH, COORDINATE_FONT, MARGIN, PITCH } from '../../src/scene/layout';

const app = useBuiltApp();

const PHONE_UPRIGHT = { width: 390, height: 844 };
const PHONE_SIDEWAYS = { width: 844, height: 390 };
const LAPTOP = { width: 1280, height: 800 };
const SMALL_LAPTOP = { width: 960, height: 640 };
/** The screens, each with the least socket spacing a game played must have there (px; none on the small laptop: whole is enough). */
const SCREENS = [
  { name: 'phone-upright', viewport: PHONE_UPRIGHT, spacing: 40 },
  { name: 'phone-sideways', viewport: PHONE_SIDEWAYS, spacing: 32 },
  { name: 'laptop', viewport: LAPTOP, spacing: 44 },
  { name: 'small-laptop', viewport: SMALL_LAPTOP, spacing: 0 },
] as const;

const LABEL_HEIGHT = 9;
const GAME = '?seats=human,human&seed=1&speed=instant';
/** The coordinates' distance from the outer sockets' centres, in scene units (the middle of the frame). */
const LABEL_OUT = BOARD_WIDTH / 2 - MARGIN / 2 - 3.5 * PITCH;
const FRENCH = JSON.parse(readFileSync('src/i18n/locales/fr/hud.json', 'utf8')) as Record<string, string>;

/** The shortest coordinate's digit on screen (px), measured from the scene's own projection. */
function labelHeight(page: Page): Promise<number> {
  return page.evaluate(
    ({ squares, font, out, pitch }) => {
      const at = new Map(squares.map((s) => [s, window.rolit.socketScreenPosition(s)!]));
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
      return Math.min(...heights);
    },
    { squares: ALL_SQUARES, font: COORDINATE_FONT, out: LABEL_OUT, pitch: PITCH },
  );
}

/** What the page shows of the board now: the parts it hides (boardHidden), the least socket spacing and the shortest coordinate. */
async function boardSeen(page: Page): Promise<{ hidden: string[]; spacing: number; labelHeight: number }> {
  const [hidden, { spacing }, label] = [await boardHidden(page), await boardParts(page), await labelHeight(page)];
  return { hidden, spacing, labelHeight: label };
}

/** Turns the page's screen to `viewport`, lets it settle, and looks at the board (a screenshot named for it too). */
async function lookAt(page: Page, viewport: { width: number; height: number }, name: string) {
  await resizeTo(page, viewport);
  await waitSettled(page, 120_000);
  const seen = await boardSeen(page);
  console.log(`${name} ${viewport.width}x${viewport.height}: least socket spacing ${seen.spacing.toFixed(1)} px, shortest coordinate ${seen.labelHeight.toFixed(1)} px`);
  await screenshot(page, `board-on-screen-${name}`, 120_000);
  return seen;
}

/** The win chance's panel on a phone: shown, wholly on screen, its graph drawn (once the round has two estimates: `graph`). */
async function winChanceShown(page: Page, graph = true): Promise<void> {
  const panel = page.getByTestId('evaluation');
  await panel.waitFor({ timeout: 60_000 });
  const box = (await panel.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  if (graph) await panel.getByTestId('win-graph').waitFor({ timeout: 60_000 });
}

/** A French phone (touch) playing a game of two people, loaded upright, turned and resized for each screen. */
const phonePage = useSharedPage(app, async (browser, served) => {
  const context = await browser.newContext({ viewport: PHONE_UPRIGHT, locale: 'fr-FR', hasTouch: true });
  return openApp(browser, served, GAME, PHONE_UPRIGHT, { context });
});

describe('the board on screen', { timeout: 600_000 }, () => {
  it('while the 3D view loads: no Skip and no "Show who is winning" over the empty screen', async () => {
    // The start throw's file held back: the loading screen stays (its physics step) over the HUD
    // while the round waits with its start queued.
    const context = await app.browser.newContext({ viewport: PHONE_UPRIGHT, locale: 'fr-FR' });
    await context.route(/\/throws\/throw-\d+\.json$/, () => undefined);
    try {
      const { page, errors } = await openApp(app.browser, app.served, '?seats=human,ai:beginner', PHONE_UPRIGHT, { context });
      await page.getByTestId('loading').waitFor({ timeout: 60_000 });
      // Animations queued (the start balls, the throw): on today's page Skip stood over the loading screen.
      await page.waitForFunction(() => window.rolit.busy());
      // Two frames later: whatever the page puts up for this state is up.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.locator('.toolbar .skip').count()).toBe(0);
      expect(await page.locator('.evaluation-show, [data-testid=evaluation]').count()).toBe(0);
      await screenshot(page, 'board-on-screen-loading', 120_000);
      // The throw's file held back past its time limit is given up, and said so (firstRoomThrow.test.ts).
      expect(errors.filter((e) => !e.includes('the start throw could not be loaded'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it(`in a game played, after the first move: the whole board, uncovered and its sockets far enough apart, on every screen; the win chance on a phone`, async () => {
    const { page, errors } = await phonePage();
    page.setDefaultTimeout(120_000);
    await waitForScene(page);
    await waitIdle(page, 120_000);
    if ((await page.evaluate(() => window.rolit.state().moves.length)) === 0) {
      await waitSettled(page, 120_000);
      expect(await page.evaluate(() => window.rolit.thrownBall())).not.toBeNull();
      // A first tap previews the move and says how to play it; a second tap on it plays it.
      const f4 = (await page.evaluate(() => window.rolit.socketScreenPosition('f4')))!;
      await page.touchscreen.tap(f4.x, f4.y);
      await expect.poll(() => page.getByTestId('preview').textContent()).toContain(FRENCH.tapAgain);
      expect(await page.evaluate(() => window.rolit.state().moves)).toEqual([]);
      await page.touchscreen.tap(f4.x, f4.y);
      await page.waitForFunction(() => window.rolit.state().moves.length === 1);
    }
    await waitSettled(page, 120_000);
    // The start ball has gone back into its box.
    expect(await page.evaluate(() => window.rolit.thrownBall())).toBeNull();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    for (const { name, viewport, spacing } of SCREENS) {
      const seen = await lookAt(page, viewport, `played-${name}`);
      expect(seen.hidden, name).toEqual([]);
      expect(seen.spacing, name).toBeGreaterThanOrEqual(spacing);
      if (spacing > 0) expect(seen.labelHeight, name).toBeGreaterThanOrEqual(LABEL_HEIGHT);
      if (viewport.width < 900 || viewport.height < 500) await winChanceShown(page);
    }
    expect(errors).toEqual([]);
  });

  it('in a game of computers watched (four, paused): the whole board, uncovered, on every screen; the win chance on a phone', async () => {
    const context = await app.browser.newContext({ viewport: PHONE_UPRIGHT, locale: 'fr-FR' });
    await keepGame(context, WATCHED);
    const { page, errors } = await openApp(app.browser, app.served, '?speed=4', PHONE_UPRIGHT, { context });
    page.setDefaultTimeout(120_000);
    await waitForScene(page);
    expect(await page.evaluate(() => window.rolit.state().moves.length), 'the kept game resumed').toBeGreaterThanOrEqual(8);
    // Paused to look, all four colours in the win chance (its tallest) and a Take over by each seat.
    await page.keyboard.press('Space');
    await page.locator('button[aria-keyshortcuts="Space"][aria-pressed="true"]').waitFor();
    await page.locator('[data-testid=evaluation] tbody tr').nth(3).waitFor();
    await waitIdle(page, 120_000);
    for (const { name, viewport } of SCREENS) {
      const seen = await lookAt(page, viewport, `watched-${name}`);
      expect(seen.hidden, name).toEqual([]);
      // A watched game takes over a seat now and then: its sockets stay big enough to tap.
      expect(seen.spacing, name).toBeGreaterThanOrEqual(28);
      // Paused on a resumed game, the round has one estimate: the bar and its numbers, no graph yet.
      if (viewport.width < 900 || viewport.height < 500) await winChanceShown(page, false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in a replay (a record of four players, at its 20th move): the whole board, uncovered, on every screen', async () => {
    const context = await app.browser.newContext({ viewport: LAPTOP, locale: 'fr-FR' });
    const { page, errors } = await openApp(app.browser, app.served, GAME, LAPTOP, { context });
    page.setDefaultTimeout(120_000);
    await waitForScene(page);
    await waitSettled(page, 120_000);
    const replay = JSON.parse(readFileSync('src/i18n/locales/fr/replay.json', 'utf8')) as Record<string, string>;
    await (await useControl(page, page.getByRole('button', { name: replay.open, exact: true }))).click();
    await page.getByLabel(replay.pasteLabel).fill(readFileSync('test/fixtures/records/four-players.rolit', 'utf8'));
    await page.getByRole('button', { name: replay.openButton, exact: true }).click();
    await page.getByTestId('replay-bar').waitFor();
    await page.keyboard.press('Home');
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.rolit.state().moves.length === 20);
    await waitIdle(page, 120_000);
    for (const { name, viewport } of SCREENS) {
      const seen = await lookAt(page, viewport, `replay-${name}`);
      expect(seen.hidden, name).toEqual([]);
      // A replay is looked at, not tapped (four seats and the replay's controls take their room): a board big enough to read.
      expect(seen.spacing, name).toBeGreaterThanOrEqual(20);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Four computers eight moves in (kept as the tab's game: no start throw to watch). */
const WATCHED = savedGame(
  [1, 2, 3, 4].map((n) => ({ kind: 'computer', level: 'beginner', name: `Beginner ${n}` })),
  { size: 8, seed: 1 },
  (game) => (game.state.moves.length < 8 ? game.legalMoves()[0] : null),
);

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
    const viewport = PHONE_UPRIGHT;
    const context = await app.browser.newContext({ viewport, locale: 'fr-FR', hasTouch: true, deviceScaleFactor: 3 });
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
    for (const { name, viewport, spacing } of SCREENS.filter((s) => s.viewport === PHONE_UPRIGHT || s.viewport === PHONE_SIDEWAYS)) {
      const bar = page.getByTestId('online-bar');
      expect(await bar.getAttribute('open')).toBeNull();
      const seen = await lookAt(page, viewport, `online-${role}-${name}`);
      expect(await page.evaluate(() => window.rolit.thrownBall())).toBeNull();
      expect(seen.hidden, name).toEqual([]);
      expect(seen.spacing, name).toBeGreaterThanOrEqual(spacing);
      expect(seen.labelHeight, name).toBeGreaterThanOrEqual(LABEL_HEIGHT);
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
        // Through the accessible grid (its names are in the page's French): focus the socket, Enter.
        const move = parseRecord(await page.evaluate(() => window.rolit.state().record)).legalMoves()[0];
        await page.locator(`.board-grid button[data-square="${move}"]`).focus();
        await page.keyboard.press('Enter');
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
