/**
 * The board on your own table (augmented reality), in an emulated WebXR device: IWER, Meta's
 * Immersive Web Emulation Runtime (the `iwer` package), put on the page by the test alone (an init
 * script with its bundle from node_modules), with a table top for its hit test. The test stands
 * the emulated headset by the table, enters AR from the Menu, looks down so the reticle lands on
 * the table, places the board with the controller's trigger, plays a legal socket and an occupied
 * one by pointing at them, and leaves. Where AR is refused the page says so and plays on; where the
 * browser has no AR there is no button.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/engine/index';
import { useBuiltApp } from './builtApp';
import { AR_BUTTON, emulateAr, enterArFromMenu, lookDown, pullTrigger, ROOM_RGB, socketInRoom, squeezeGrip } from './emulatedAr';
import { countBallColours, framesDrawn, openApp, playByGrid, rolitState, screenshot, socketPosition, useControl, waitForScene, waitIdle, waitSettled } from './harness';

const app = useBuiltApp();
/** The share of a screenshot's pixels that are not the emulated room (what the session drew over it). */
function drawnShare(png: { width: number; height: number; data: Buffer }): number {
  let drawn = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (Math.abs(png.data[i] - ROOM_RGB[0]) + Math.abs(png.data[i + 1] - ROOM_RGB[1]) + Math.abs(png.data[i + 2] - ROOM_RGB[2]) > 24) drawn++;
  }
  return drawn / (png.width * png.height);
}

/** Presses one of the AR overlay's buttons by keyboard (in the emulator the room's picture lies over the page). */
async function press(page: Page, name: string): Promise<void> {
  await page.locator('.ar-controls').getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

const arButton = (page: Page) => page.getByRole('button', { name: AR_BUTTON });

describe('the board on your own table (AR)', () => {
  it('places the board on the emulated table, plays a tapped socket, refuses an occupied one and leaves with the game intact', async () => {
    const context = await app.browser.newContext({ viewport: { width: 960, height: 640 } });
    await emulateAr(context);
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human,human,human&seed=1&speed=4', undefined, { context });
    await waitForScene(page);
    await waitSettled(page);

    // Entered from the Menu by keyboard: the session is asked for, the board waits for a surface.
    await enterArFromMenu(page);
    const controls = page.locator('.ar-controls');
    expect(await page.evaluate(() => document.querySelector('[data-webxr_runtime]')?.contains(document.querySelector('canvas')))).toBe(true);
    const empty = await screenshot(page, 'ar-looking-level');
    // Looking level, the hit test finds nothing: no reticle, no board, only the room.
    expect(drawnShare(empty)).toBeLessThan(0.01);

    await lookDown(page);
    await framesDrawn(page, 3);
    const aiming = await screenshot(page, 'ar-reticle');
    // The reticle on the table, and nothing else yet: a thin ring.
    expect(drawnShare(aiming)).toBeGreaterThan(0.0005);
    expect(drawnShare(aiming)).toBeLessThan(0.05);

    await pullTrigger(page);
    await controls.and(page.locator('[data-ar-phase="placed"]')).waitFor({ timeout: 60_000 });
    await framesDrawn(page, 2);
    const placed = await screenshot(page, 'ar-board-placed');
    // The board stands on the table with its four start balls, each colour on show.
    expect(drawnShare(placed)).toBeGreaterThan(0.05);
    const colours = countBallColours(placed);
    for (const colour of ['red', 'yellow', 'green', 'blue'] as const) expect(colours[colour], colour).toBeGreaterThan(30);

    // Picked up again (a headset's grip, then the overlay's button, by keyboard) and put down where the headset looks.
    const phase = controls.and(page.locator('[data-ar-phase="placing"]'));
    await squeezeGrip(page);
    await phase.waitFor({ timeout: 60_000 });
    await pullTrigger(page);
    await controls.and(page.locator('[data-ar-phase="placed"]')).waitFor({ timeout: 60_000 });
    await press(page, 'Move the board');
    await phase.waitFor({ timeout: 60_000 });
    await pullTrigger(page);
    await controls.and(page.locator('[data-ar-phase="placed"]')).waitFor({ timeout: 60_000 });
    // Turned a quarter (six presses of Turn left, 15° each): the sockets are where the turned board has them.
    for (let i = 0; i < 6; i++) await press(page, 'Turn left');
    await framesDrawn(page, 2);
    const turned = await screenshot(page, 'ar-board-turned');
    expect(drawnShare(turned)).toBeGreaterThan(0.05);
    const quarter = Math.PI / 2;

    // A legal socket that turns balls, pointed at and tapped: the move is played and its balls roll.
    const before = await rolitState(page);
    const game = parseRecord(before.record);
    const move = game.legalMoves().find((m) => {
      const checked = game.check(m);
      return checked.ok && checked.rolls.length > 0;
    })!;
    expect(move).toBeDefined();
    // Whether the page animates (the placed ball, the captured balls rolling), seen at every page frame from the tap on.
    await page.evaluate(() => {
      const seen = window as unknown as { animated: boolean };
      seen.animated = false;
      const look = () => {
        seen.animated ||= window.rolit.busy();
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await pullTrigger(page, socketInRoom(move, quarter));
    await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, before.moves.length, { timeout: 60_000 });
    const played = await rolitState(page);
    expect(played.moves.at(-1)).toBe(move);
    await waitIdle(page);
    expect(await page.evaluate(() => (window as unknown as { animated: boolean }).animated)).toBe(true);
    const after = await rolitState(page);
    expect(after.shown.moves).toEqual(after.moves);
    await screenshot(page, 'ar-move-played');

    // An occupied socket: refused with the engine's reason, nothing changes.
    await pullTrigger(page, socketInRoom('d4', quarter));
    const message = page.getByTestId('message');
    await expect.poll(() => message.textContent(), { timeout: 30_000 }).toMatch(/d4/);
    expect(await rolitState(page)).toEqual(after);

    // The page as a phone's DOM overlay shows it over the room (the emulator's picture set aside): the AR controls, above the status line, cover no panel of the HUD.
    await page.evaluate(() => ((document.querySelector('[data-webxr_runtime]') as HTMLElement).style.visibility = 'hidden'));
    await screenshot(page, 'ar-overlay');
    const overlaps = await page.evaluate(() => {
      const box = document.querySelector('.ar-controls')!.getBoundingClientRect();
      return [...document.querySelectorAll('.panel:not(.ar-controls)')]
        .filter((panel) => !panel.contains(document.querySelector('.ar-controls')) && panel.checkVisibility())
        .map((panel) => ({ panel: panel.className, r: panel.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom)
        .map(({ panel }) => panel);
    });
    expect(overlaps).toEqual([]);
    await page.evaluate(() => ((document.querySelector('[data-webxr_runtime]') as HTMLElement).style.visibility = ''));

    // Leaving (the overlay's button, by keyboard) gives the page its view back with the game as it stands.
    await page.getByTestId('ar-leave').focus();
    await page.keyboard.press('Enter');
    await controls.waitFor({ state: 'detached', timeout: 60_000 });
    expect(await page.evaluate(() => document.querySelector('.stage canvas') !== null)).toBe(true);
    await waitSettled(page);
    expect((await rolitState(page)).moves).toEqual(after.moves);
    await screenshot(page, 'ar-left');
    // The page plays on by a click on its own view.
    const next = parseRecord(after.record).legalMoves()[0];
    const at = await socketPosition(page, next);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, after.moves.length, { timeout: 60_000 });
    expect(errors).toEqual([]);
    // A whole session of frames drawn on the CPU (SwiftShader), each a few hundred ms on a loaded machine.
  }, 300_000);

  it('says so in plain words when the browser refuses the session, and the page plays on', async () => {
    const context = await app.browser.newContext({ viewport: { width: 960, height: 640 } });
    await context.addInitScript(() => {
      const refusing = {
        isSessionSupported: async (mode: string) => mode === 'immersive-ar',
        requestSession: async () => {
          throw new DOMException('The user denied permission.', 'NotAllowedError');
        },
      };
      Object.defineProperty(navigator, 'xr', { value: refusing, configurable: true });
    });
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', undefined, { context });
    await waitForScene(page);
    await useControl(page, arButton(page), (control) => control.click());
    const message = page.getByTestId('message');
    await expect.poll(() => message.textContent(), { timeout: 60_000 }).toBe('AR could not start: The user denied permission.');
    const before = await rolitState(page);
    await playByGrid(page, parseRecord(before.record).legalMoves()[0]);
    await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, before.moves.length, { timeout: 60_000 });
    expect(errors).toEqual([]);
  });

  it('offers no AR where the browser has none', async () => {
    const { page } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', undefined, { webgl: false });
    await useControl(page, page.getByRole('button', { name: 'Reset view' }));
    expect(await page.evaluate(() => navigator.xr?.isSessionSupported('immersive-ar') ?? false)).toBe(false);
    expect(await page.locator('#settings-menu button').allTextContents()).not.toContain(AR_BUTTON);
  });
});
