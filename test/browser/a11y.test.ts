/**
 * Everyone can play, in the built app in Chromium: a whole game with the keyboard only, one through
 * the accessible grid only (state checked after each move, the live region naming rolled balls),
 * the help overlay (a dialog that traps focus; a shortcut turned off stays off), the 3D cursor
 * ring and the colour symbols in pixels, and axe-core audits. Screenshots go to test-artifacts/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { stepCursor } from '../../src/app/session/boardCursor';
import { pairDistances, type Rgb, type Vision } from './colourVision';
import { cameraView, changedPixels, openApp, rolitState, screenshot, socketPosition, waitForScene, waitSettled, waitIdle, useControl, waitForHandle } from './harness';
import { audit } from './axe';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

const TWO_SMALL = '?seats=human,human&size=4&seed=3&speed=instant';

async function pageGame(page: Page) {
  return parseRecord((await rolitState(page)).record);
}

const focusedSquare = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.square ?? null);
const liveText = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="live-region"]')?.textContent ?? '');

/** Presses arrow keys until the board cursor is on `square` (the page's cursor rules: up = towards row 1). */
async function arrowTo(page: Page, size: 4 | 6 | 8, square: string): Promise<void> {
  let at = await focusedSquare(page);
  if (!at) {
    await page.keyboard.press('ArrowUp'); // the first arrow puts focus on the board at the cursor
    at = await focusedSquare(page);
  }
  for (let guard = 0; at !== square; guard++) {
    if (!at || guard > 20) throw new Error(`the cursor did not reach ${square} (at ${at})`);
    const [dc, dr] = [square.charCodeAt(0) - at.charCodeAt(0), Number(square.slice(1)) - Number(at.slice(1))];
    const key = dc > 0 ? 'ArrowRight' : dc < 0 ? 'ArrowLeft' : dr > 0 ? 'ArrowDown' : 'ArrowUp';
    const expected = stepCursor(size, at, ({ ArrowRight: 'right', ArrowLeft: 'left', ArrowDown: 'down', ArrowUp: 'up' } as const)[key]);
    await page.keyboard.press(key);
    at = await focusedSquare(page);
    expect(at).toBe(expected);
  }
}

describe('everyone can play', { timeout: 300_000 }, () => {
  it('a whole game with the keyboard only: arrows, Enter, and the 3D cursor ring drawn over the board', async () => {
    const { page, errors } = await openApp(app.browser, app.served, TWO_SMALL);
    await waitForScene(page);
    await waitIdle(page);
    await cameraView(page, 'View from above');
    await page.mouse.move(2, 2);
    let game = await pageGame(page);
    let first = true;
    while (!game.state.over) {
      const move = game.legalMoves()[0];
      const before = first ? await screenshot(page, 'keyboard-before-cursor') : null;
      await arrowTo(page, 4, move);
      if (first) {
        // The ring is drawn around the cursor's socket: black and white pixels appear there.
        await waitSettled(page);
        const shot = await screenshot(page, 'keyboard-cursor');
        const p = await socketPosition(page, move);
        const box = (png: typeof shot) => {
          let n = 0;
          for (let y = Math.round(p.y) - 40; y < p.y + 40; y++)
            for (let x = Math.round(p.x) - 40; x < p.x + 40; x++) {
              const i = (y * png.width + x) * 4;
              const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
              if ((r > 230 && g > 230 && b > 230) || (r < 12 && g < 12 && b < 12)) n++;
            }
          return n;
        };
        expect(box(shot) - box(before!)).toBeGreaterThan(100);
        expect(changedPixels(before!, shot)).toBeGreaterThan(100);
        first = false;
      }
      const moves = game.state.moves.length;
      await page.keyboard.press(moves % 2 ? 'Enter' : ' ');
      await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, moves);
      game = await pageGame(page);
      expect(game.state.moves[moves].squares).toEqual([move]);
    }
    expect((await rolitState(page)).over).toBe(true);
    expect(await liveText(page)).toMatch(/Round over\. .* (wins|share the win)\. Score: /);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a whole game through the accessible grid only; the live region names the rolled balls', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human,human&size=6&seed=5&speed=instant', undefined, { webgl: false });
    let game = await pageGame(page);
    let captures = 0;
    while (!game.state.over) {
      const legal = game.legalMoves();
      // The grid says which sockets are legal: exactly the engine's.
      const named = await page.evaluate(() => [...document.querySelectorAll('[data-testid="board-grid"] button')].map((b) => b.getAttribute('aria-label')!));
      expect(named.filter((n) => n.endsWith(', legal')).map((n) => n.split(',')[0]).sort()).toEqual([...legal].sort());
      for (const [square, colour] of Object.entries(game.state.board)) expect(named).toContain(`${square}, ${colour}`);
      // A capturing move when there is one, so the announcements are tested.
      const move = legal.find((m) => { const c = game.check(m); return c.ok && c.rolls.length > 0; }) ?? legal[0];
      const check = game.check(move);
      if (!check.ok) throw new Error(check.reason);
      const mover = game.state.toMove!;
      const button = page.getByRole('grid').getByRole('button', { name: `${move}, empty, legal`, exact: true });
      await button.focus();
      await page.keyboard.press('Enter');
      const n = game.state.moves.length;
      await page.waitForFunction((k) => window.rolit.state().moves.length === k + 1, n);
      game = await pageGame(page);
      expect(game.state.board[move]).toBe(mover);
      const said = await liveText(page);
      const Name = mover[0].toUpperCase() + mover.slice(1);
      if (check.rolls.length > 0) {
        captures++;
        // Lists are written as the browser's English list format writes them ("d4, c3, and b2").
        expect(said).toContain(`${Name} plays ${move}, rolls ${new Intl.ListFormat('en', { type: 'conjunction' }).format(check.rolls)}.`);
      } else expect(said).toContain(`${Name} plays ${move}.`);
      if (!game.state.over) expect(said).toMatch(new RegExp(`${game.state.toMove![0].toUpperCase()}${game.state.toMove!.slice(1)} to move\\.$`));
    }
    expect(captures).toBeGreaterThan(5);
    // The board-reading commands answer in the live region.
    await page.keyboard.press('c');
    const scores = (await rolitState(page)).scores;
    expect(await liveText(page)).toBe(`Score: ${Object.entries(scores).map(([c, k]) => `${c[0].toUpperCase()}${c.slice(1)} ${k}`).join(', ')}.`);
    await page.keyboard.press('Shift+Digit2');
    expect(await liveText(page)).toMatch(/^(The yellow balls: [a-f][1-6](, [a-f][1-6])*\.|Yellow has no balls on the board\.)$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the help overlay: a dialog that traps focus, closes with Escape, returns focus; a shortcut turned off stays off', async () => {
    const { page, errors } = await openApp(app.browser, app.served, TWO_SMALL, undefined, { webgl: false });
    const undo = page.getByRole('button', { name: 'Undo' });
    // Play one move with the grid, so undo has something to take back.
    const move = (await pageGame(page)).legalMoves()[0];
    await page.getByRole('grid').getByRole('button', { name: `${move}, empty, legal`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.rolit.state().moves.length === 1);
    await (await useControl(page, page.getByRole('button', { name: 'Keys' }))).focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 3 ? 'Tab' : 'Shift+Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await dialog.getByRole('checkbox', { name: 'Undo (take back to your last turn)' }).uncheck();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keys');
    await page.keyboard.press('u');
    expect((await rolitState(page)).moves).toHaveLength(1); // turned off: nothing taken back
    await page.reload();
    await waitForHandle(page);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rolit.access.v1')!).disabledShortcuts)).toEqual(['undo']);
    // After the reload (the game in progress resumes) the shortcut is still off; the Undo button still works.
    const resumed = await pageGame(page);
    const played = resumed.state.moves.length;
    const again = resumed.legalMoves()[0];
    await page.getByRole('grid').getByRole('button', { name: `${again}, empty, legal`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, played);
    await page.keyboard.press('u');
    expect((await rolitState(page)).moves.at(-1)).toBe(again);
    expect((await rolitState(page)).moves).toHaveLength(played + 1);
    await undo.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.rolit.state().moves.length === n, played);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the new-game dialog traps focus and gives it back to New game', async () => {
    const { page, errors } = await openApp(app.browser, app.served, TWO_SMALL, undefined, { webgl: false });
    await page.getByRole('button', { name: 'New game' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New game' });
    await dialog.waitFor();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New game');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('colour symbols on the balls and buttons when switched on (screenshot); axe-core finds no serious or critical violations at the start position, in the help overlay and the new-game dialog', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human,human,human&seed=1&speed=instant');
    await waitForScene(page);
    await waitIdle(page);
    await audit(page, 'start position');
    await cameraView(page, 'View from above');
    const plain = await screenshot(page, 'symbols-off');
    // Switched on where a person does it, in the help overlay: the balls change at once.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await screenshot(page, 'help-overlay');
    await audit(page, 'help overlay');
    await help.getByRole('checkbox', { name: 'Colour symbols on the balls' }).check();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await waitSettled(page);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rolit.access.v1')!).symbols)).toBe(true);
    const marked = await screenshot(page, 'symbols-on');
    // Colour vision: each start ball's top as rendered (median of a box at the socket's centre),
    // seen through each simulation; every pair must stay clearly apart (CIEDE2000).
    const rendered = {} as Record<string, Rgb>;
    for (const [colour, square] of [['red', 'd4'], ['yellow', 'e4'], ['green', 'e5'], ['blue', 'd5']] as const) {
      const p = await socketPosition(page, square);
      const channels: number[][] = [[], [], []];
      for (let y = Math.round(p.y) - 6; y < p.y + 6; y++)
        for (let x = Math.round(p.x) - 6; x < p.x + 6; x++) for (let c = 0; c < 3; c++) channels[c].push(plain.data[(y * plain.width + x) * 4 + c]);
      rendered[colour] = channels.map((ch) => ch.sort((a, b) => a - b)[ch.length >> 1]) as unknown as Rgb;
    }
    const visions: Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];
    const figures = visions.map((v) => ({ vision: v, pairs: pairDistances(rendered, v) }));
    console.log(`rendered ball tops ${JSON.stringify(rendered)}\n${figures.map((f) => `${f.vision}: ${f.pairs.map((p) => `${p.pair} ${p.delta.toFixed(1)}`).join(', ')}`).join('\n')}`);
    for (const f of figures) for (const p of f.pairs) expect(p.delta, `${f.vision} ${p.pair}`).toBeGreaterThan(15);
    // Each start ball changes where its symbol is printed.
    for (const square of ['d4', 'e4', 'e5', 'd5']) {
      const p = await socketPosition(page, square);
      let changed = 0;
      for (let y = Math.round(p.y) - 14; y < p.y + 14; y++)
        for (let x = Math.round(p.x) - 14; x < p.x + 14; x++) {
          const i = (y * plain.width + x) * 4;
          if (Math.abs(plain.data[i] - marked.data[i]) + Math.abs(plain.data[i + 1] - marked.data[i + 1]) + Math.abs(plain.data[i + 2] - marked.data[i + 2]) > 90) changed++;
        }
      expect(changed, square).toBeGreaterThan(40);
    }
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('dialog', { name: 'New game' }).waitFor();
    await audit(page, 'new-game dialog');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('axe-core finds no serious or critical violations when the round is over', async () => {
    // The round played to its end on a page without the 3D view (each drawn move costs seconds).
    const { page, errors } = await openApp(app.browser, app.served, TWO_SMALL, undefined, { webgl: false });
    let game = await pageGame(page);
    while (!game.state.over) {
      await page.getByRole('grid').getByRole('button', { name: `${game.legalMoves()[0]}, empty, legal`, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, game.state.moves.length);
      game = await pageGame(page);
    }
    await page.getByTestId('round-over').waitFor();
    await screenshot(page, 'round-over');
    await audit(page, 'round over');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [name, viewport] of [['phone-portrait', { width: 390, height: 844 }], ['phone-landscape', { width: 844, height: 390 }]] as const) {
    it(`a touch phone (${viewport.width}x${viewport.height}): every control on screen and at least 24 px; tap previews, a second tap plays`, async () => {
      const page = await app.browser.newPage({ viewport, hasTouch: true, isMobile: true });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${app.served.url}${TWO_SMALL}`);
      await waitForHandle(page);
      await waitForScene(page);
      // A first visit: the rules panel covers the board until Play is tapped.
      const rules = page.getByTestId('rules');
      await rules.getByRole('button', { name: 'Play', exact: true }).tap();
      await rules.waitFor({ state: 'detached' });
      await waitIdle(page);
      await waitSettled(page);
      await screenshot(page, name);
      await page.getByTestId('menu-button').tap(); // the menu's controls too
      const controls = await page.evaluate(() =>
        // Controls not rendered at this size (display: none, like the evaluation panel on phones) are not on screen.
        [...document.querySelectorAll<HTMLElement>('.hud button, .hud select')].filter((el) => el.getClientRects().length > 0).map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent || el.title, left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height };
        }),
      );
      expect(controls.length).toBeGreaterThan(8);
      for (const c of controls) {
        expect(c.left >= 0 && c.top >= 0 && c.right <= viewport.width && c.bottom <= viewport.height, `${c.text} on screen ${JSON.stringify(c)}`).toBe(true);
        expect(Math.min(c.w, c.h), `${c.text} size`).toBeGreaterThanOrEqual(24);
      }
      await page.getByTestId('menu-button').tap();
      const move = (await pageGame(page)).legalMoves()[0];
      const at = await socketPosition(page, move);
      await page.touchscreen.tap(at.x, at.y);
      await waitSettled(page);
      expect((await rolitState(page)).moves).toEqual([]); // the first tap only previews
      await page.touchscreen.tap(at.x, at.y);
      await page.waitForFunction(() => window.rolit.state().moves.length === 1);
      expect((await rolitState(page)).moves).toEqual([move]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
