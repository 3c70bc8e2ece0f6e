/**
 * The guided tour in the built app: every step reached with the example moves made by mouse and
 * keyboard, wrong clicks refused (the engine's reason, or the tour's "this step asks for"), the
 * camera really moving between steps (screenshots differ), Back / Next / Exit, resuming after a
 * reload, the player's own game given back (or the replay that was open), focus, and an axe audit;
 * the start throw played under physics in its step; the panel clear of the seats and the status
 * line on a desktop screen. Screenshots: test-artifacts/tour-*.png.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALL_SQUARES, changedPixels, countBallColours, openApp, openRecordByPaste, rolitState, screenshot, socketPosition, waitForScene, waitSettled, waitIdle, useControl, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';
import { keepGame, savedGame } from './keptGames';
import { TOUR_STEPS } from '../../src/tour/steps';
import { tourGame, tourRecord } from '../../src/tour/positions';

const app = useBuiltApp();
// Instant moves and the reduced-motion camera (cuts, not flights): the test runs on a software renderer that may draw a frame a second.
const GAME = '?seats=human,human&seed=11&speed=instant';

const next = (page: Page) => page.getByTestId('tour').getByRole('button', { name: 'Next' }).click();
/** Next, to step `id`. */
const nextTo = (page: Page, id: string) => stepTo(page, id, () => next(page));

const frames = (page: Page) => page.evaluate(() => window.rolit.renderInfo()?.frames ?? 0);

/**
 * Does `action` (a click that changes the step), waits for step `id`, its round shown and a frame
 * drawn since (the camera's cut), then screenshots it as <shotPrefix>-<id>.png.
 */
async function stepTo(page: Page, id: string, action: () => Promise<unknown>, shotPrefix = 'tour') {
  const from = await frames(page);
  await action();
  await page.waitForFunction((want) => document.querySelector('[data-testid=tour]')?.getAttribute('data-step') === want, id);
  await waitIdle(page);
  // A frame drawn since (a page without WebGL, as in the tests of focus and texts, draws none).
  const drawing = await page.evaluate(() => document.querySelector('canvas') !== null);
  if (drawing) await page.waitForFunction((n) => (window.rolit.renderInfo()?.frames ?? 0) > n, from, { timeout: 60_000 });
  // The first frame may still be the old board's labels: until the canvas stops drawing.
  await waitSettled(page);
  return screenshot(page, `${shotPrefix}-${id}`);
}

/**
 * The page at `search`; `webgl: false` for tests of texts, focus and state (much faster under
 * software rendering); `engineHelp: false` where the test looks at none of it (no search of each position).
 */
async function open(search: string, { webgl = true, engineHelp = true } = {}) {
  const opened = await openApp(app.browser, app.served, search, undefined, { webgl, engineHelp });
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  // A machine shared with other builds may draw a frame in seconds: clicks wait for stable elements.
  opened.page.setDefaultTimeout(120_000);
  if (webgl) await waitForScene(opened.page);
  await waitSettled(opened.page);
  return opened;
}

async function clickSocket(page: Page, square: string) {
  const p = await socketPosition(page, square);
  await page.mouse.click(p.x, p.y);
}

/** The message the session shows for the last click (refusals included). */
async function lastMessage(page: Page) {
  return (await page.getByTestId('message').last().innerText()).trim();
}

/** From "To the board", moves the keyboard cursor to `square` with the arrow keys and presses Enter. */
async function playByKeyboard(page: Page, square: string) {
  await page.getByRole('button', { name: 'To the board' }).click();
  const at = () => page.evaluate(() => document.activeElement?.getAttribute('data-square') ?? '');
  for (let i = 0; i < 16 && (await at()) !== square; i++) {
    const from = await at();
    const dc = square.charCodeAt(0) - from.charCodeAt(0);
    const dr = Number(square.slice(1)) - Number(from.slice(1));
    await page.keyboard.press(dc > 0 ? 'ArrowRight' : dc < 0 ? 'ArrowLeft' : dr > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  expect(await at()).toBe(square);
  await page.keyboard.press('Enter');
}

async function audit(page: Page) {
  await page.addScriptTag({ path: resolve('node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('the guided tour', { timeout: 900_000 }, () => {
  it('walks every step to the end: the example moves by mouse and keyboard, wrong clicks refused with the reason, the camera moving, the game given back', async () => {
    const { page, errors } = await open(GAME, { engineHelp: false });
    const before = await rolitState(page);
    let shot = await stepTo(page, 'box', () => useControl(page, page.getByRole('button', { name: 'How to play' }), (c) => c.click()));
    // Focus is on the step's title, so a screen reader reads it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tour-title');
    expect((await rolitState(page)).moves).toEqual([]);

    const shots = new Map([['box', shot]]);
    for (const id of ['board', 'buttons', 'ball', 'throw', 'place']) {
      const now = await nextTo(page, id);
      // The camera moved to what the step explains: most of the picture changed.
      expect(changedPixels(shot, now), `${id}: the view changed`).toBeGreaterThan(0.2 * now.width * now.height);
      shots.set(id, now);
      shot = now;
    }

    // place: the tour waits for f4; c3 is the engine's refusal, f6 is legal but not this step's.
    const nextButton = page.getByTestId('tour').getByRole('button', { name: 'Next' });
    expect(await nextButton.isDisabled()).toBe(true);
    await clickSocket(page, 'c3');
    expect(await lastMessage(page)).toBe('you must capture: f4, d6, and f6 capture');
    expect(await page.getByTestId('tour-feedback').innerText()).toContain('you must capture');
    await clickSocket(page, 'f6');
    expect(await lastMessage(page)).toBe('f6 is allowed here, but this step asks for f4.');
    expect((await rolitState(page)).moves).toEqual([]);
    await clickSocket(page, 'f4');
    await page.waitForFunction(() => window.rolit.state().moves.join() === 'f4');
    await waitIdle(page);
    expect((await rolitState(page)).scores).toEqual({ red: 3, yellow: 0, green: 1, blue: 1 });
    await page.getByTestId('tour').and(page.locator('[data-made]')).waitFor();
    await screenshot(page, 'tour-place-done');

    // diagonal: by the keyboard cursor; the round is back at the start.
    await nextTo(page, 'diagonal');
    expect((await rolitState(page)).moves).toEqual([]);
    await playByKeyboard(page, 'f6');
    await page.waitForFunction(() => window.rolit.state().moves.join() === 'f6');
    expect((await rolitState(page)).scores).toEqual({ red: 3, yellow: 1, green: 0, blue: 1 });

    // mustCapture: c3 refused by the engine, then d6 through the accessible grid.
    await nextTo(page, 'mustCapture');
    await clickSocket(page, 'c3');
    expect(await lastMessage(page)).toBe('you must capture: f4, d6, and f6 capture');
    await playByKeyboard(page, 'd6');
    await page.waitForFunction(() => window.rolit.state().moves.join() === 'd6');
    expect((await rolitState(page)).scores).toEqual({ red: 3, yellow: 1, green: 1, blue: 0 });

    // free: after red f4 yellow cannot capture; any touching socket will do, one touching none is refused.
    await nextTo(page, 'free');
    expect((await rolitState(page)).toMove).toBe('yellow');
    await clickSocket(page, 'a8');
    expect(await lastMessage(page)).toBe('a8 touches no ball');
    await clickSocket(page, 'c3');
    await page.waitForFunction(() => window.rolit.state().moves.join() === 'f4,c3');

    // end: one socket left; placing it ends the round and the balls are counted.
    await nextTo(page, 'end');
    const full = tourGame(TOUR_STEPS.find((s) => s.id === 'end')!.position);
    const last = ALL_SQUARES.find((s) => !(s in full.state.board))!;
    await clickSocket(page, last);
    await page.waitForFunction(() => window.rolit.state().over);
    await waitIdle(page);
    await page.getByTestId('round-over').waitFor();
    await screenshot(page, 'tour-end-done');

    // pro: d3 is a legal single placement but not the example; e3 then e6 is the double.
    await nextTo(page, 'pro');
    await clickSocket(page, 'd3');
    expect(await lastMessage(page)).toBe('d3 is allowed here, but this step asks for e3+e6.');
    await clickSocket(page, 'e3');
    await clickSocket(page, 'e6');
    await page.waitForFunction(() => window.rolit.state().moves.join() === 'f4,e3+e6');
    expect((await rolitState(page)).scores).toEqual({ red: 2, yellow: 4, green: 0, blue: 1 });
    await waitIdle(page);
    await screenshot(page, 'tour-pro-done');

    await nextTo(page, 'team');
    expect(await page.getByTestId('misere').isVisible()).toBe(true);
    await nextTo(page, 'sizes');
    expect((await rolitState(page)).record).toContain('[Size "6"]');
    // Back returns to the step before, Next comes back.
    await stepTo(page, 'team', () => page.getByTestId('tour').getByRole('button', { name: 'Back' }).click());
    await nextTo(page, 'sizes');
    await nextTo(page, 'finish');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByTestId('tour').waitFor({ state: 'detached' });

    // The player's game is back as it was, out of replay; the tour starts afresh next time.
    await waitIdle(page);
    const after = await rolitState(page);
    expect(after.record).toBe(before.record);
    expect(await page.getByTestId('replay-bar').count()).toBe(0);
    // Focus is on the Menu button, the menu closed (the board in full view); in it the tour starts afresh.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('menu-button');
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('false');
    expect(await (await useControl(page, page.getByRole('button', { name: 'How to play' }))).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('?tour opens it; Exit (Escape) gives the game back, a reload offers Resume tour at the same step; axe finds nothing serious', async () => {
    const { page, errors } = await open(GAME, { webgl: false });
    const before = await rolitState(page);
    await page.goto(`${app.served.url}?tour`);
    await waitForHandle(page);
    await waitSettled(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=tour]')?.getAttribute('data-step') === 'box');
    expect(page.url()).not.toContain('tour');
    await next(page);
    await nextTo(page, 'buttons');
    expect(await audit(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('tour').waitFor({ state: 'detached' });
    await waitIdle(page);
    expect((await rolitState(page)).record).toBe(before.record);
    // Focus returns to the Menu button (the menu closed), whose tour button now resumes.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('menu-button');
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('false');
    await page.reload();
    await waitForHandle(page);
    await waitSettled(page);
    await stepTo(page, 'buttons', () => useControl(page, page.getByRole('button', { name: 'Resume tour' }), (c) => c.click()));
    await page.getByTestId('tour').getByRole('button', { name: 'Exit tour' }).click();
    await page.getByTestId('tour').waitFor({ state: 'detached' });
    expect((await rolitState(page)).record).toBe(before.record);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone the panel is a sheet at the bottom and the example socket stays in view above it', async () => {
    const { page, errors } = await openApp(app.browser, app.served, `${GAME}&tour`, { width: 390, height: 844 }, { engineHelp: false });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    page.setDefaultTimeout(120_000);
    await waitForScene(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=tour]')?.getAttribute('data-step') === 'box');
    for (const id of ['board', 'buttons', 'ball', 'throw', 'place']) await stepTo(page, id, () => next(page), 'tour-phone');
    const panel = (await page.getByTestId('tour').boundingBox())!;
    expect(panel.y + panel.height).toBeGreaterThan(700);
    for (const square of ['c3', 'd4', 'f4', 'f6', 'd6']) {
      const p = await socketPosition(page, square);
      expect(p.x, square).toBeGreaterThan(0);
      expect(p.x, square).toBeLessThan(390);
      expect(p.y, `${square} above the panel`).toBeLessThan(panel.y);
    }
    await page.getByTestId('tour').getByRole('button', { name: 'Exit tour' }).click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the throw step plays the physical throw (the same each time) and it rests with the engine starter up; the panel hides neither the seats nor the status line', async () => {
    // Animations on (no reduced motion, normal speed): the tour's throw is played. The page resumes a
    // game whose own start throw is over, so the page's start plays none.
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await keepGame(context, savedGame(['Ann', 'Ben'], { size: 8, seed: 11 }, () => null));
    const { page, errors } = await openApp(app.browser, app.served, '', { width: 1280, height: 800 }, { context, engineHelp: false });
    page.setDefaultTimeout(120_000);
    await waitForScene(page);
    await waitIdle(page, 120_000);
    const starter = tourGame(TOUR_STEPS.find((s) => s.id === 'throw')!.position).state.throws[0];
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    await useControl(page, page.getByRole('button', { name: 'How to play' }), (c) => c.click());
    for (const id of ['box', 'board', 'buttons', 'ball']) {
      await page.waitForFunction((want) => document.querySelector('[data-testid=tour]')?.getAttribute('data-step') === want, id);
      const panel = await box('[data-testid=tour]');
      expect(apart(panel, await box('.seats')), `${id}: the panel clear of the seats`).toBe(true);
      expect(apart(panel, await box('.status')), `${id}: the panel clear of the status line`).toBe(true);
      if (id !== 'ball') await next(page); // the ball step's Next starts the throw: watchThrow presses it
    }

    /**
     * Watches one throw, which `start` sets off: the ball's centre (scene units) at every animation
     * frame drawn while a throw is under way, from the hand to just before rest (recorded in the
     * page from before the throw starts, so neither a slow screenshot nor the panel's step change,
     * which React may commit late on a loaded machine, misses any of it), a screenshot once it is in
     * the air, and where it comes to rest. Until the replay's first frame, the ball last drawn may
     * be the one at rest from before (the same throw's end).
     */
    async function watchThrow(name: string, start: () => Promise<unknown>) {
      const thrown = () => page.evaluate(() => window.rolit.thrownBall());
      const before = (await thrown())?.centre ?? null;
      await page.evaluate(() => {
        const w = window as unknown as { centres_: [number, number, number][] | null };
        const centres: [number, number, number][] = (w.centres_ = []);
        const sample = () => {
          if (w.centres_ !== centres) return; // this throw's watch is over
          const ball = window.rolit.thrownBall();
          if (ball && ball.progress < 1) centres.push(ball.centre);
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await start();
      await page.waitForFunction(() => document.querySelector('[data-testid=tour]')?.getAttribute('data-step') === 'throw');
      let flying = null as Awaited<ReturnType<typeof screenshot>> | null;
      while (await page.evaluate(() => window.rolit.busy())) {
        const ball = await thrown();
        if (!flying && ball && (!before || Math.hypot(...ball.centre.map((v, i) => v - before[i])) > 0.5)) flying = await screenshot(page, `${name}-flying`);
      }
      await waitSettled(page);
      const centres = await page.evaluate(() => {
        const w = window as unknown as { centres_: [number, number, number][] | null };
        const seen = w.centres_ ?? [];
        w.centres_ = null;
        return seen;
      });
      const rest = (await thrown())!;
      const shot = await screenshot(page, `${name}-rest`);
      const away = Math.max(...centres.map((c) => Math.hypot(...c.map((v, i) => v - rest.centre[i]))));
      const height = Math.max(...centres.map((c) => c[1] - rest.centre[1]));
      return { before, flying, away, height, rest, shot };
    }
    const one = await watchThrow('tour-throw', () => next(page));
    await page.getByTestId('tour').getByRole('button', { name: 'Throw again' }).waitFor();
    // The ball flew (away from where it rests, and up in the air), and the picture changed with it.
    expect(one.away, 'the ball travelled').toBeGreaterThan(1);
    expect(one.height, 'the ball was in the air').toBeGreaterThan(0.3);
    expect(one.flying, 'a frame of the ball in the air').not.toBeNull();
    expect(changedPixels(one.flying!, one.shot)).toBeGreaterThan(500);
    // At rest: the engine's starter on top, and that colour is what the camera sees most of around it.
    expect(one.rest.top).toBe(starter);
    const around = countBallColours(one.shot, { x: Math.round(one.rest.x - 30), y: Math.round(one.rest.y - 30), w: 60, h: 60 });
    expect(Object.entries(around).sort((a, b) => b[1] - a[1])[0][0], JSON.stringify(around)).toBe(starter);

    // Throw again: the same throw (the round's seed), flying again and ending in the same place.
    const two = await watchThrow('tour-throw-again', () => page.getByTestId('tour').getByRole('button', { name: 'Throw again' }).click());
    // The replay left its resting place again. How far the sampled frames show it is up to the
    // machine: a loaded one drops frames of the short flight (a fresh-clone CI run saw 0.6 units),
    // so the flight's size is held by the first throw's checks above.
    expect(two.away).toBeGreaterThan(0.3);
    expect(two.rest.top).toBe(starter);
    expect(Math.hypot(...two.rest.centre.map((v, i) => v - one.rest.centre[i]))).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('leaving the tour puts back the replay that was open, at the same move; the page start leaves focus alone', async () => {
    const { page, errors } = await open(GAME, { webgl: false });
    // At the page's start nothing has the focus (Space must pause the computers, not open the tour).
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await openRecordByPaste(page, tourRecord({ size: 8, variant: 'standard', moves: ['f4', 'c3'] }));
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.rolit.state().moves.length === 0);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.rolit.state().moves.join() === 'f4');
    await waitIdle(page);
    await stepTo(page, 'box', () => useControl(page, page.getByRole('button', { name: 'How to play' }), (c) => c.click()));
    await nextTo(page, 'board');
    // The panel is a labelled region (not a modal dialog): Tab goes from its title through its buttons.
    expect(await page.getByRole('region', { name: 'The board and its sockets' }).count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back');
    // Escape from the board leaves the tour too.
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('ArrowUp'); // focus onto the board
    expect(await page.evaluate(() => !!document.activeElement?.closest('.board-grid'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('tour').waitFor({ state: 'detached' });
    await waitIdle(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('menu-button');
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId('replay-bar').waitFor();
    expect((await rolitState(page)).moves).toEqual(['f4']);
    await screenshot(page, 'tour-replay-restored');
    expect(errors).toEqual([]);
    await page.close();
  });
});
