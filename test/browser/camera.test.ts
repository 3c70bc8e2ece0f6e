/**
 * The cinematic camera and demo mode's pause button in the built app: the view moves by itself and
 * stops at a drag, Reset view brings the default view back, reduced motion only cuts between the
 * fixed side views, and the demo's pause button stops and resumes the games.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { changedPixels, distinctColours, framesDrawn, openApp, rolitState, screenshot, waitForScene, waitIdle, waitSettled, useControl } from './harness';
import { useBuiltApp } from './builtApp';
import { keepGame, savedGame } from './keptGames';

const app = useBuiltApp();

const CINEMATIC = 'A slow camera that keeps the board and the last move in view; dragging, zooming or a camera button stops it';

/** Starts recording, every animation frame, where two sockets are on screen (from the scene's own camera). */
async function recordView(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { views: string[]; recording: boolean };
    w.views = [];
    w.recording = true;
    const sample = () => {
      if (!w.recording) return;
      const a = window.rolit.socketScreenPosition('d4');
      const b = window.rolit.socketScreenPosition('e5');
      const view = a && b ? [a.x, a.y, b.x, b.y].map((v) => v.toFixed(1)).join(',') : 'none';
      if (w.views.at(-1) !== view) w.views.push(view);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

/** Stops recording; returns the views seen, each once per change. */
async function recordedViews(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window as unknown as { views: string[]; recording: boolean };
    w.recording = false;
    return w.views;
  });
}

/** The current view as recordView writes it. */
const viewNow = (page: Page) =>
  page.evaluate(() => {
    const a = window.rolit.socketScreenPosition('d4')!;
    const b = window.rolit.socketScreenPosition('e5')!;
    return [a.x, a.y, b.x, b.y].map((v) => v.toFixed(1)).join(',');
  });

/** Moves the kept game of four computers has played when the page resumes it. */
const FOUR_COMPUTERS_MOVES = 3;
/** Four computers a few moves into their round (kept as the tab's game, so no start throw to watch). */
const FOUR_COMPUTERS = savedGame(
  [1, 2, 3, 4].map((n) => ({ kind: 'computer', level: 'greedy', name: `Greedy ${n}` })),
  { size: 8, seed: 3 },
  (game) => (game.state.moves.length < FOUR_COMPUTERS_MOVES ? game.legalMoves()[0] : null),
);

/** The paused game of FOUR_COMPUTERS, the HUD's moving parts (evaluation) hidden; `search` has the view's parameters. */
async function pausedGame(search: string, reducedMotion = false) {
  // The evaluation hidden and the OS asking for reduced motion from the page's start: one load.
  const context = await app.browser.newContext({ reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
  await context.addInitScript(() => localStorage.setItem('rolit.evaluation.hidden', 'true'));
  await keepGame(context, FOUR_COMPUTERS);
  const { page, errors } = await openApp(app.browser, app.served, search, undefined, { context });
  await waitForScene(page, 180_000);
  expect((await page.evaluate(() => window.rolit.state().moves.length)), 'the kept game resumed').toBeGreaterThanOrEqual(FOUR_COMPUTERS_MOVES);
  await page.keyboard.press('Space');
  await page.getByTitle('Let the computer players play on (Space)').waitFor();
  await waitIdle(page, 120_000);
  await waitSettled(page);
  return { page, errors };
}

describe('cinematic camera', { timeout: 420_000 }, () => {
  it('moves the view by itself, stops at a drag, and Reset view brings the default view back', async () => {
    const { page, errors } = await pausedGame('?speed=2');
    const switchButton = page.getByTitle(CINEMATIC);
    expect(await switchButton.getAttribute('aria-pressed')).toBe('false');
    const start = await screenshot(page, 'camera-default');
    expect(distinctColours(start)).toBeGreaterThan(30); // a drawn scene, not a blank canvas
    const startView = await viewNow(page);

    await useControl(page, switchButton, (c) => c.click());
    expect(await switchButton.getAttribute('aria-pressed')).toBe('true');
    await recordView(page);
    await framesDrawn(page, 15);
    const first = await screenshot(page, 'camera-cinematic-1');
    await framesDrawn(page, 15);
    const second = await screenshot(page, 'camera-cinematic-2');
    const glide = await recordedViews(page);
    const pixels = start.width * start.height;
    // The board is still while paused: only the camera changes the picture.
    expect(changedPixels(start, first)).toBeGreaterThan(pixels * 0.01);
    expect(changedPixels(first, second)).toBeGreaterThan(pixels * 0.01);
    expect(glide.length).toBeGreaterThan(10); // a glide: many small steps, not a cut

    // A drag on the table takes the camera: the cinematic camera stops, the view then stays.
    const box = (await page.locator('canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5 + 60, box.y + box.height * 0.6, { steps: 5 });
    await page.mouse.up();
    expect(await switchButton.getAttribute('aria-pressed')).toBe('false');
    // The drag's inertia over: settled counts the controls' damping frames (the glide's it would not).
    await waitSettled(page);
    const stopped = await screenshot(page, 'camera-after-drag');
    await waitSettled(page);
    const later = await screenshot(page, 'camera-after-drag-later');
    expect(changedPixels(stopped, later)).toBeLessThan(pixels * 0.001);
    expect(changedPixels(start, stopped)).toBeGreaterThan(pixels * 0.01);

    await useControl(page, page.getByRole('button', { name: 'Reset view' }), (c) => c.click());
    await waitSettled(page); // the flight back over
    const reset = await screenshot(page, 'camera-reset');
    expect(changedPixels(start, reset)).toBeLessThan(pixels * 0.002);
    expect(await viewNow(page)).toBe(startView);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with the reduced-motion setting it only cuts between the sides\' fixed views, and rests between cuts', async () => {
    const { page, errors } = await pausedGame('?speed=2&camera=cinematic', true);
    expect(await page.getByTitle(CINEMATIC).getAttribute('aria-pressed')).toBe('true');
    // Paused: nothing moves, so the canvas stops drawing although the cinematic camera is on.
    await waitSettled(page);
    await recordView(page);
    const from = (await rolitState(page)).moves.length;
    await page.keyboard.press('Space'); // play on for a while: every move may cut
    await page.waitForFunction((n) => window.rolit.state().moves.length >= n + 7, from, { timeout: 180_000 });
    await page.keyboard.press('Space');
    await waitIdle(page, 120_000);
    const views = await recordedViews(page);
    await screenshot(page, 'camera-reduced-motion');

    // The fixed views: each seat's side, chosen with its camera button (reduced motion: a cut too).
    const sides: string[] = [];
    const seatViews = page.getByRole('group', { name: 'Camera', includeHidden: true }).getByRole('button', { includeHidden: true }); // in the closed menu too
    for (let i = 0; i < (await seatViews.count()) - 1; i++) {
      await useControl(page, seatViews.nth(i), (c) => c.click());
      await waitSettled(page); // a cut: the next frame shows the side's view
      sides.push(await viewNow(page));
    }
    const played = (await rolitState(page)).moves.length - from;
    console.log(`reduced motion: ${views.length} views over ${played} moves, ${new Set(views).size} distinct; sides ${new Set(sides).size}`);
    expect(new Set(sides).size).toBe(4);
    expect(views.length).toBeGreaterThan(1); // it did cut
    for (const v of views) expect(sides).toContain(v); // and showed nothing between the fixed views
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('demo mode pause button', { timeout: 300_000 }, () => {
  it('is on screen, stops the games (nothing changes for seconds), and resumes them from the keyboard', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?demo=greedy&speed=2');
    await waitForScene(page, 180_000);
    const pause = page.getByTestId('demo-pause').getByRole('button');
    await pause.waitFor();
    expect(await pause.getAttribute('title')).toBe('Pause the computer players (Space)');
    // In demo mode the cinematic camera is on by default.
    expect(await page.getByTitle(CINEMATIC).getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => window.rolit.state().moves.length >= 2, undefined, { timeout: 120_000 });
    await pause.click();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await waitIdle(page, 120_000);
    const state = await page.evaluate(() => window.rolit.state().record);
    await waitSettled(page); // paused: no computer move is asked for
    expect(await page.evaluate(() => window.rolit.state().record)).toBe(state);
    await screenshot(page, 'demo-paused');
    // Keyboard: the button takes the focus like any button, Enter presses it.
    await pause.focus();
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid=demo-pause]') !== null)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    await page.waitForFunction((r) => window.rolit.state().record !== r, state, { timeout: 60_000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
