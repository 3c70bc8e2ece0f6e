/**
 * The built app in real headless Chromium (SwiftShader WebGL): context, pixels, clicks, a whole
 * computer game, bad URL parameters, context loss, no WebGL. Screenshots go to test-artifacts/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import {
  cameraView,
  changedPixels,
  countBallColours,
  distinctColours,
  launchChromium,
  openApp,
  rolitState,
  screenshot,
  ALL_SQUARES,
  socketColour,
  socketPosition,
  waitForScene,
  waitSettled,
  waitIdle,
} from './harness';
import { useBuiltApp, useSharedPage } from './builtApp';

const app = useBuiltApp();

/** Four humans: nothing moves unless the test clicks. Seed 1: a fixed start throw. Instant: no waiting for animations (the director's own tests cover them). */
const STILL = '?seats=human,human,human,human&seed=1&speed=instant';

async function hideHud(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    for (const el of document.querySelectorAll<HTMLElement>('.hud, .round-over')) Object.assign(el.style, h ? { opacity: '0', pointerEvents: 'none' } : { opacity: '', pointerEvents: '' });
  }, hidden);
}

/**
 * The start position of STILL seen from straight above (each ball shows its top colour): one page
 * for the tests that start there. Each leaves the start position as it found it, but the last
 * (context loss), which runs after them in file order.
 */
const startFromAbove = useSharedPage(app, async (browser, served) => {
  const opened = await openApp(browser, served, STILL);
  await waitForScene(opened.page);
  await waitIdle(opened.page);
  await cameraView(opened.page, 'View from above');
  return opened;
});

async function openFromAbove() {
  const opened = await startFromAbove();
  expect((await rolitState(opened.page)).moves, 'the shared page is at the start position').toEqual([]);
  return opened;
}

/** The page's round, rebuilt in Node from its record: legal moves come from the engine. */
async function pageGame(page: Page) {
  return parseRecord((await rolitState(page)).record);
}

async function glStatus(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas');
    if (!canvas) return { canvas: false, webgl: false, lost: true };
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    return { canvas: true, webgl: gl !== null, lost: gl?.isContextLost() ?? true };
  });
}

// Generous: SwiftShader draws a frame in 0.1-2 s depending on the machine's load.
describe('the 3D board in Chromium', { timeout: 240_000 }, () => {
  it('has a WebGL context and draws the start position in all four colours', async () => {
    const { page, errors } = await openFromAbove();
    expect(await glStatus(page)).toEqual({ canvas: true, webgl: true, lost: false });
    await hideHud(page, true);
    const shot = await screenshot(page, 'start-position');
    await hideHud(page, false);
    expect(distinctColours(shot)).toBeGreaterThan(50); // not a blank canvas
    const counts = countBallColours(shot);
    for (const colour of ['red', 'yellow', 'green', 'blue'] as const) expect(counts[colour], colour).toBeGreaterThan(200);
    // rules.md start: d4 red, e4 yellow, e5 green, d5 blue, each showing its colour on top.
    expect(await socketColour(page, shot, 'd4')).toBe('red');
    expect(await socketColour(page, shot, 'e4')).toBe('yellow');
    expect(await socketColour(page, shot, 'e5')).toBe('green');
    expect(await socketColour(page, shot, 'd5')).toBe('blue');
    expect(await socketColour(page, shot, 'a1')).toBeNull(); // an empty socket
    const info = await page.evaluate(() => window.rolit.renderInfo());
    expect(info!.calls).toBeGreaterThan(0);
    expect(info!.calls).toBeLessThanOrEqual(12); // the start position (a late one: gpuBudget.test.ts)
    expect(errors).toEqual([]);
  });

  it('clicking a legal socket places a ball: state and pixels change', async () => {
    const { page, errors } = await openFromAbove();
    const game = await pageGame(page);
    const mover = game.state.toMove!;
    const move = game.legalMoves()[0];
    const check = game.check(move);
    expect(check.ok).toBe(true);
    await hideHud(page, true);
    const before = await screenshot(page, 'click-before');
    expect(await socketColour(page, before, move)).toBeNull();

    // Hovering shows a ghost ball of the mover's colour in the socket; nothing is played yet.
    const at = await socketPosition(page, move);
    await page.mouse.move(at.x, at.y);
    await waitSettled(page);
    const hover = await screenshot(page, 'hover-preview');
    expect(await socketColour(page, hover, move)).toBe(mover);
    expect((await rolitState(page)).moves).toEqual([]);
    await hideHud(page, false);

    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => window.rolit.state().moves.length === 1);
    await waitIdle(page);
    await page.mouse.move(5, 5); // no hover ghost in the picture
    await waitSettled(page);
    const state = await rolitState(page);
    expect(state.moves).toEqual([move]);
    expect(state.toMove).not.toBe(mover);
    await hideHud(page, true);
    const after = await screenshot(page, 'click-after');
    expect(changedPixels(before, after)).toBeGreaterThan(300);
    expect(await socketColour(page, after, move)).toBe(mover);
    // Every captured ball rolled to the mover's colour on screen.
    for (const sq of check.ok ? check.rolls : []) expect(await socketColour(page, after, sq), sq).toBe(mover);

    // Undo (take-backs are on by default): the ball goes back, the captured balls roll back.
    await hideHud(page, false);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => window.rolit.state().moves.length === 0);
    await waitIdle(page);
    await waitSettled(page);
    expect((await rolitState(page)).toMove).toBe(mover);
    await hideHud(page, true);
    const undone = await screenshot(page, 'click-undone');
    expect(await socketColour(page, undone, move)).toBeNull();
    for (const sq of check.ok ? check.rolls : []) expect(await socketColour(page, undone, sq), sq).not.toBe(mover);
    expect(errors).toEqual([]);
  });

  it('the new-game dialog starts the game it describes', async () => {
    const { page, errors } = await openApp(app.browser, app.served, STILL);
    await waitForScene(page);
    await page.getByRole('button', { name: 'New game' }).click();
    const dialog = page.getByRole('dialog');
    // The dialog disables what the engine's setup check refuses, with its reason: 4x4 for four players.
    const small = dialog.getByRole('button', { name: '4×4' });
    expect(await small.isDisabled()).toBe(true);
    expect(await small.getAttribute('title')).toBe('The 4x4 board is for one or two players.');
    await dialog.getByRole('button', { name: '2', exact: true }).click();
    expect(await small.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: '6×6' }).click();
    await dialog.getByLabel('Seat 2 player').selectOption('computer');
    await dialog.getByLabel('Seat 2 level').selectOption('greedy');
    await dialog.getByLabel('Seed').fill('12');
    await screenshot(page, 'new-game-dialog');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.waitFor({ state: 'detached' });
    const state = await rolitState(page);
    expect(Object.keys(state.scores)).toEqual(['red', 'green']);
    expect(state.record).toContain('[Size "6"]');
    expect(state.record).toContain('[Seed "12"]');
    expect(await page.locator('.seat').count()).toBe(2);
    expect(await page.locator('.seat').nth(1).textContent()).toContain('computer · greedy');
    // Red (human) moves by clicking; green (the computer) answers.
    await page.waitForFunction(() => window.rolit.state().toMove === 'red' && !window.rolit.busy(), undefined, { timeout: 60_000 });
    const game = await pageGame(page);
    const played = game.state.moves.length;
    const at = await socketPosition(page, game.legalMoves()[0]);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction((n) => window.rolit.state().moves.length >= n + 2, played, { timeout: 60_000 });
    await waitIdle(page);
    await screenshot(page, 'new-game-6x6');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an illegal click changes nothing and shows the reason', async () => {
    const { page, errors } = await openFromAbove();
    const before = await rolitState(page);
    await hideHud(page, true);
    const shotBefore = await screenshot(page, 'illegal-before');
    await hideHud(page, false);
    const at = await socketPosition(page, 'a1');
    await page.mouse.click(at.x, at.y);
    const message = page.getByTestId('message');
    await message.waitFor();
    expect(await message.textContent()).toBe('a1 touches no ball');
    await screenshot(page, 'illegal-message');
    await waitIdle(page);
    expect(await rolitState(page)).toEqual(before);
    await page.mouse.move(5, 5); // no hover ghost in the comparison
    await waitSettled(page);
    await hideHud(page, true);
    const shotAfter = await screenshot(page, 'illegal-after');
    // No ball appeared or changed colour anywhere on the board, and the picture is the same.
    expect(await socketColour(page, shotAfter, 'a1')).toBeNull();
    for (const square of ALL_SQUARES) expect(await socketColour(page, shotAfter, square), square).toBe(await socketColour(page, shotBefore, square));
    expect(changedPixels(shotBefore, shotAfter)).toBeLessThan(shotBefore.width * shotBefore.height * 0.005);
    expect(errors).toEqual([]);
  });

  it('an all-computer game at instant speed runs to the end: scores sum to 64, no console errors', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:greedy,ai:tactician,ai:beginner,ai:greedy&speed=instant&seed=5');
    await waitForScene(page);
    await page.waitForFunction(() => window.rolit.state().over, undefined, { timeout: 120_000, polling: 250 });
    await waitIdle(page);
    const state = await rolitState(page);
    expect(state.moves).toHaveLength(60);
    expect(Object.values(state.scores).reduce((a, b) => a + (b ?? 0), 0)).toBe(64);
    expect(state.record).toMatch(/\[Result "/);
    // The move list is scrolled to its end, where the last move and the result are.
    await waitSettled(page);
    const list = await page.evaluate(() => {
      const ol = document.querySelector<HTMLElement>('section.moves ol')!;
      return { scrolls: ol.scrollHeight > ol.clientHeight + 1, hiddenBelow: ol.scrollHeight - ol.clientHeight - ol.scrollTop };
    });
    expect(list.scrolls, 'sixty moves overflow the list').toBe(true);
    expect(list.hiddenBelow).toBeLessThanOrEqual(1);
    await page.getByTestId('round-over').waitFor();
    await screenshot(page, 'computer-game-over');
    await hideHud(page, true);
    const shot = await screenshot(page, 'computer-game-board');
    const counts = countBallColours(shot);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(2000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('bad URL parameters: a message lists each, and the game starts with defaults', async () => {
    // Texts and state only: the page without its 3D view.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,robot&size=9&speed=fast&seed=3', undefined, { webgl: false });
    const problems = page.getByTestId('problems');
    await problems.waitFor();
    const text = (await problems.textContent()) ?? '';
    expect(text).toContain('seats=human,robot');
    expect(text).toContain('"robot" is neither');
    expect(text).toContain('size=9: 8, 6 or 4');
    expect(text).toContain('speed=fast');
    await waitSettled(page);
    await screenshot(page, 'bad-url');
    const state = await rolitState(page);
    // The defaults: four colours on 8x8 (the computers may already have moved: no throw to wait for).
    expect(Object.keys(state.scores)).toEqual(['red', 'yellow', 'green', 'blue']);
    expect(state.record).toContain('[Size "8"]');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('WebGL context loss and restore: the scene comes back and the game is intact', async () => {
    const { page, errors } = await openFromAbove();
    const game = await pageGame(page);
    const move = game.legalMoves()[0];
    const at = await socketPosition(page, move);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => window.rolit.state().moves.length === 1);
    await waitIdle(page);
    await page.mouse.move(5, 5);
    await waitSettled(page);
    const before = await rolitState(page);
    await hideHud(page, true);
    const shotBefore = await screenshot(page, 'context-before');

    await page.evaluate(() => {
      const gl = document.querySelector('canvas')!.getContext('webgl2')!;
      (window as unknown as { loseContext: WEBGL_lose_context }).loseContext = gl.getExtension('WEBGL_lose_context')!;
      (window as unknown as { loseContext: WEBGL_lose_context }).loseContext.loseContext();
    });
    await page.waitForFunction(() => document.querySelector('canvas')!.getContext('webgl2')!.isContextLost());
    // Every animation frame from here: the notice may only go once the new canvas has compiled its
    // shaders (the warm-up's mark, set a second time); the frame count then is the rebuilt scene's start.
    await page.evaluate(() => {
      const watch = window as unknown as { blankUnexplained: boolean; framesWarm: number | null };
      watch.blankUnexplained = false;
      watch.framesWarm = null;
      const check = () => {
        const warm = performance.getEntriesByName('rolit:shaders-compiled').length >= 2;
        if (warm && watch.framesWarm === null) watch.framesWarm = window.rolit.renderInfo()!.frames!;
        if (!warm && !document.body.innerText.includes('restoring the 3D board')) watch.blankUnexplained = true;
        if (!warm) requestAnimationFrame(check);
      };
      check();
      (window as unknown as { loseContext: WEBGL_lose_context }).loseContext.restoreContext();
    });
    // The scene comes back by itself: the rebuilt canvas draws, and the "restoring" notice has gone.
    await page.waitForFunction(
      () => {
        const warm = (window as unknown as { framesWarm: number | null }).framesWarm;
        return warm !== null && window.rolit.renderInfo()!.frames! > warm;
      },
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    expect(await page.evaluate(() => (window as unknown as { blankUnexplained: boolean }).blankUnexplained)).toBe(false);
    await page.mouse.move(5, 5);
    await waitSettled(page);
    expect(await page.getByText('restoring the 3D board').count()).toBe(0);
    const shotAfter = await screenshot(page, 'context-restored');
    expect(distinctColours(shotAfter)).toBeGreaterThan(50);
    expect(changedPixels(shotBefore, shotAfter)).toBeLessThan(shotBefore.width * shotBefore.height * 0.02);
    expect(await socketColour(page, shotAfter, move)).toBe(game.state.toMove);
    expect(await rolitState(page)).toEqual(before);

    // Lost again, and this time nobody gives the context back (as a browser that blocks WebGL for a
    // while after a GPU crash): the view is rebuilt on a new canvas, and settled waits for it.
    const canvasBefore = await page.evaluateHandle(() => document.querySelector('canvas')!);
    await page.evaluate(() => document.querySelector('canvas')!.getContext('webgl2')!.getExtension('WEBGL_lose_context')!.loseContext());
    await page.waitForFunction(() => window.rolit.unsettled().some((reason) => reason.includes('WebGL context')));
    await waitSettled(page, 120_000);
    expect(await page.evaluate((old) => old !== document.querySelector('canvas') && !old.isConnected, canvasBefore), 'a new canvas').toBe(true);
    expect(await glStatus(page)).toEqual({ canvas: true, webgl: true, lost: false });
    expect(await page.getByText('restoring the 3D board').count()).toBe(0);
    const shotRebuilt = await screenshot(page, 'context-rebuilt');
    expect(changedPixels(shotBefore, shotRebuilt)).toBeLessThan(shotBefore.width * shotBefore.height * 0.02);
    expect(await rolitState(page)).toEqual(before);
    expect(errors.filter((e) => !/context lost/i.test(e))).toEqual([]);
  });

  it('without WebGL the page says so instead of showing a blank canvas', async () => {
    // A browser with WebGL switched off (as by policy or a blocked driver).
    const noWebgl = await launchChromium(['--disable-3d-apis']);
    const page = await noWebgl.newPage({ viewport: { width: 960, height: 640 } });
    await page.goto(`${app.served.url}${STILL}`);
    const message = page.getByTestId('stage-message');
    await message.waitFor();
    expect(await message.textContent()).toMatch(/cannot show the 3D board.*WebGL/);
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await page.getByTestId('turn').textContent()).toMatch(/to move/); // the game itself is there
    await screenshot(page, 'no-webgl');
    await noWebgl.close();
  });
});
