/**
 * The end of a round as a player sees it (normal speed): the balls counted on the board colour by
 * colour with a running tally (symbols, names and numbers, read out to screen readers), then the
 * winner's moment, then the result dialog, whose dimming lies over every HUD panel. Escape, a click
 * or the tally's Skip goes straight to the dialog; with reduced motion the dialog comes at once.
 *
 * Each game is two people on the 4x4 board: the engine plays all but the last move and the page
 * resumes that game in the 3D view as the tab's saved one; the test plays the last move with a click
 * on its socket and watches what follows.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PNG } from 'pngjs';
import { parseRecord } from '../../src/engine/index';
import { ALL_SQUARES, openApp, rolitState, screenshot, socketPosition, waitForScene, waitIdle } from './harness';
import { useBuiltApp } from './builtApp';
import { keepGame, savedGame } from './keptGames';

const app = useBuiltApp();

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** What the page showed at one animation frame after the last move (recorded in the page). */
interface Frame {
  /** The tally's phase ('counting', 'winner'), null while no tally is shown. */
  phase: string | null;
  /** The tally's numbers by colour, as its rows say them. */
  tally: Record<string, number>;
  /** The winner's line of the tally, null when none is shown. */
  winner: string | null;
  dialog: boolean;
  busy: boolean;
  /** The moves the board has shown so far. */
  shownMoves: number;
}

/** A two-person 4x4 game with every move but the last played (the first legal one each time), open in the 3D view at normal speed. */
async function oneMoveLeft(viewport: { width: number; height: number }, seed: number, reduced = false) {
  const context = await app.browser.newContext({ viewport });
  await keepGame(context, savedGame(['Ann', 'Ben'], { size: 4, seed }, (game) => (16 - Object.keys(game.state.board).length > 1 ? game.legalMoves()[0] : null)));
  const opened = await openApp(app.browser, app.served, '?speed=1', viewport, { context });
  const { page } = opened;
  page.setDefaultTimeout(120_000);
  if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
  await waitForScene(page);
  await waitIdle(page, 120_000);
  const game = parseRecord((await rolitState(page)).record);
  expect(game.setup.size ** 2 - Object.keys(game.state.board).length, 'the game resumed with one move left').toBe(1);
  return { ...opened, last: game.legalMoves()[0], game };
}

async function play(page: Page, move: string): Promise<void> {
  const before = (await rolitState(page)).moves.length;
  const at = await socketPosition(page, move);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, before);
}

/** Records every animation frame and every change of the count's phase (and each live-region text) from now on, in the page. */
async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { frames_: unknown[]; spoken_: { text: string; phase: string | null }[] };
    w.frames_ = [];
    w.spoken_ = [];
    const region = document.querySelector('[data-testid=live-region]')!;
    const phase = () => document.querySelector<HTMLElement>('[data-testid=round-count]')?.dataset.phase ?? null;
    new MutationObserver(() => w.spoken_.push({ text: region.textContent ?? '', phase: phase() })).observe(region, { childList: true, subtree: true, characterData: true });
    const sample = () => {
      const tally = document.querySelector<HTMLElement>('[data-testid=round-count]');
      const numbers: Record<string, number> = {};
      for (const row of tally?.querySelectorAll<HTMLElement>('[data-colour]') ?? []) numbers[row.dataset.colour!] = Number(row.querySelector('.n')?.textContent);
      w.frames_.push({
        phase: tally?.dataset.phase ?? null,
        tally: numbers,
        winner: document.querySelector<HTMLElement>('[data-testid=round-winner]')?.innerText ?? null,
        dialog: document.querySelector('[data-testid=round-over]') !== null,
        busy: window.rolit.busy(),
        shownMoves: window.rolit.state().shown.moves.length,
      });
    };
    const tick = () => {
      sample();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    // And at every change of the count's phase or the dialog's arrival: a phase can begin and be
    // skipped between two animation frames (a click as the tally appears).
    new MutationObserver(sample).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
}

/** The frames recorded up to one that shows the result dialog (the dialog can be in the page before the next animation frame records it). */
async function recorded(page: Page): Promise<Frame[]> {
  await page.waitForFunction(() => (window as unknown as { frames_: Frame[] }).frames_.at(-1)?.dialog === true);
  return page.evaluate(() => (window as unknown as { frames_: Frame[] }).frames_);
}
/** What the live region said while the tally was shown. */
const spokenDuringCount = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { spoken_: { text: string; phase: string | null }[] }).spoken_)).filter((s) => s.phase).map((s) => s.text);

/** The mean luminance (0..255) of a region of a screenshot. */
function meanLuminance(png: PNG, r: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      const i = (y * png.width + x) * 4;
      sum += 0.2126 * png.data[i] + 0.7152 * png.data[i + 1] + 0.0722 * png.data[i + 2];
    }
  }
  return sum / (r.w * r.h);
}

/** The phases in the order the page showed them, repeats dropped ('dialog' for the result dialog). */
function phases(frames: Frame[]): string[] {
  const seen: string[] = [];
  for (const f of frames) {
    const now = f.dialog ? 'dialog' : f.phase;
    if (now && seen.at(-1) !== now) seen.push(now);
  }
  return seen;
}

describe('the end of a round', { timeout: 600_000 }, () => {
  for (const [name, viewport] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
    it(`on a ${name}: the balls are counted colour by colour with a tally covering no socket and no panel partly, saying so, the winner is shown, then the result dialog over a dimmed page and the result in the status line`, async () => {
      const { page, errors, last } = await oneMoveLeft(viewport, 3);
      await startRecording(page);
      await play(page, last);
      const state = await rolitState(page);
      expect(state.over).toBe(true);
      // The players' names as the seats panel shows them, in seat order.
      const final = parseRecord(state.record);
      const seats = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.seats [data-seat] .name')].map((e) => e.innerText.trim()));
      expect(seats).toHaveLength(final.setup.players.length);
      expect(seats.every(Boolean)).toBe(true);

      // The count: the tally is up, the dialog is not; a screenshot while balls are being counted.
      await page.waitForFunction(() => {
        const tally = document.querySelector<HTMLElement>('[data-testid=round-count]');
        return tally?.dataset.phase === 'counting' && Number(tally.querySelector('[data-colour] .n')?.textContent) > 0;
      });
      // Every socket of the physical board (all 64, though the round uses the middle 16) uncovered while the tally shows.
      const covered = await page.evaluate((squares) => {
        const tally = document.querySelector('[data-testid=round-count]');
        const status = document.querySelector<HTMLElement>('[data-testid=round-status]')?.innerText ?? null;
        const over: string[] = [];
        for (const square of squares) {
          const at = window.rolit.socketScreenPosition(square, 8)!;
          const top = document.elementFromPoint(at.x, at.y);
          if (!(top instanceof HTMLCanvasElement)) over.push(`${square} under ${top?.closest('[class]')?.className ?? top?.tagName}`);
        }
        // Panels the tally lies over partly: their edges and cut lines would show around it.
        const box = tally!.getBoundingClientRect();
        const peeking: string[] = [];
        for (const panel of document.querySelectorAll<HTMLElement>('.panel')) {
          if (tally!.contains(panel) || !panel.checkVisibility({ visibilityProperty: true })) continue;
          const p = panel.getBoundingClientRect();
          const meets = p.left < box.right && p.right > box.left && p.top < box.bottom && p.bottom > box.top;
          const inside = p.left >= box.left && p.right <= box.right && p.top >= box.top && p.bottom <= box.bottom;
          if (meets && !inside) peeking.push(panel.className);
        }
        return { tally: tally !== null, heading: tally!.querySelector('h2')!.textContent, status, over, peeking };
      }, ALL_SQUARES);
      expect(covered.tally).toBe(true);
      expect(covered.over).toEqual([]);
      expect(covered.peeking).toEqual([]);
      // On a laptop the status line says so too; on a phone the tally, which lies where the line would
      // meet it, says it alone (the line is hidden, not moved: the board's framing stays).
      expect(covered.heading).toMatch(/counting the balls/i);
      if (name === 'laptop') expect(covered.status).toMatch(/counting the balls/i);
      else expect(covered.status).toBe('');
      expect(covered.status).not.toMatch(/round over/i);
      const countShot = await screenshot(page, `round-end-${name}-count`, 120_000);
      const evaluation = name === 'laptop' ? await page.getByTestId('evaluation').boundingBox() : null;
      const rows = await page.getByTestId('round-count').locator('[data-colour]').all();
      expect(rows.length).toBe(Object.keys(state.scores).length);
      for (const row of rows) {
        // Never by colour alone: each row has its colour's symbol, its colour's name and its player's name.
        expect(await row.locator('.symbol').count()).toBeGreaterThan(0);
        const text = await row.innerText();
        const colour = (await row.getAttribute('data-colour'))!;
        expect(text.toLowerCase()).toContain(colour);
        expect(seats.some((s) => text.includes(s!)), `${text} names a player of ${seats.join(', ')}`).toBe(true);
      }

      // The winner's moment, still before the dialog (a slow screenshot may outlast it: the frames recorded tell).
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=round-count]')?.dataset.phase === 'winner' || document.querySelector('[data-testid=round-over]'));
      if (await page.getByTestId('round-winner').count()) await screenshot(page, `round-end-${name}-winner`, 120_000);

      // Then the dialog, the tally gone.
      await page.getByTestId('round-over').waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid=round-count]'));
      const dialogShot = await screenshot(page, `round-end-${name}-dialog`, 120_000);

      const frames = await recorded(page);
      expect(phases(frames)).toEqual(['counting', 'winner', 'dialog']);
      const winner = frames.find((f) => f.phase === 'winner')!.winner!;
      for (const w of final.state.result!.winners) expect(winner).toContain(seats[w]!);
      // The tally never runs back and never passes the final counts; at the winner's moment it holds them.
      for (const colour of Object.keys(state.scores)) {
        const seen = frames.filter((f) => f.phase).map((f) => f.tally[colour] ?? 0);
        for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
        expect(Math.max(...seen)).toBe(state.scores[colour as 'red']);
        expect(frames.find((f) => f.phase === 'winner')!.tally[colour]).toBe(state.scores[colour as 'red']);
      }
      // Counted one colour after the other: the second colour starts once the first is complete.
      const [first, second] = Object.keys(state.scores);
      const secondStarts = frames.findIndex((f) => (f.tally[second] ?? 0) > 0);
      expect(frames[secondStarts].tally[first]).toBe(state.scores[first as 'red']);
      // Each colour's total was read out to screen readers while counting: its colour, its player and its number.
      const said = await spokenDuringCount(page);
      final.setup.players.forEach((colours, seat) => {
        for (const colour of colours) {
          const n = String(state.scores[colour]);
          expect(said.some((s) => s.toLowerCase().includes(colour) && s.includes(seats[seat]!) && s.includes(n)), `${colour} ${n} in ${JSON.stringify(said)}`).toBe(true);
        }
      });

      if (name === 'laptop') {
        // The dialog's dimming lies over the win-chance panel: the panel's pixels are darker under the dialog than during the count.
        expect(evaluation, 'the win-chance panel is shown in a game of two people').not.toBeNull();
        const panel = { x: Math.round(evaluation!.x), y: Math.round(evaluation!.y), w: Math.round(evaluation!.width), h: Math.round(evaluation!.height) };
        expect(meanLuminance(dialogShot, panel)).toBeLessThan(meanLuminance(countShot, panel) * 0.75);
      }
      // Once the count is over the status line gives the result.
      await expect.poll(() => page.getByTestId('round-status').innerText()).toMatch(/round over/i);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const how of ['Escape', 'a click', 'Skip'] as const) {
    it(`${how} during the count goes straight to the result dialog`, async () => {
      const { page, errors, last } = await oneMoveLeft(LAPTOP, 5);
      await startRecording(page);
      await play(page, last);
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=round-count]')?.dataset.phase === 'counting');
      if (how === 'Escape') await page.keyboard.press('Escape');
      else if (how === 'a click') await page.mouse.click(LAPTOP.width / 2, LAPTOP.height / 2);
      else await page.getByTestId('round-count').getByRole('button', { name: 'Skip' }).click();
      await page.getByTestId('round-over').waitFor();
      const frames = await recorded(page);
      // Skipped from the count: the winner's moment never came, and nothing was still playing under the dialog.
      expect(phases(frames)).toEqual(['counting', 'dialog']);
      expect(await page.evaluate(() => window.rolit.busy())).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('on a phone held sideways the result of four players fits: its title and its buttons on screen', async () => {
    const viewport = { width: 844, height: 390 };
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:beginner,ai:beginner,ai:beginner,ai:beginner&seed=5&speed=instant', viewport, { webgl: false });
    const dialog = page.getByTestId('round-over');
    await dialog.waitFor({ timeout: 120_000 });
    await page.keyboard.press('Space'); // stays, not on to the next round
    await screenshot(page, 'round-end-phone-sideways-dialog', 60_000);
    const parts = await dialog.evaluate((d) => [d.querySelector('h2')!, ...d.querySelectorAll('.actions .btn')].map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.textContent, top: r.top, bottom: r.bottom };
    }));
    expect(parts.length).toBeGreaterThan(2);
    const off = parts.filter((p) => p.top < 0 || p.bottom > viewport.height).map((p) => `${p.name} ${Math.round(p.top)}..${Math.round(p.bottom)}`);
    expect(off).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with reduced motion the result dialog comes at once: no count plays after the last move lands', async () => {
    const { page, errors, last } = await oneMoveLeft(LAPTOP, 3, true);
    await startRecording(page);
    await play(page, last);
    await page.getByTestId('round-over').waitFor();
    const frames = await recorded(page);
    const total = (await rolitState(page)).moves.length;
    expect(frames.every((f) => f.phase === null), 'no tally').toBe(true);
    // Once the board shows the last move, nothing more plays: the dialog is due in that same frame.
    const landed = frames.filter((f) => f.shownMoves === total);
    expect(landed.length).toBeGreaterThan(0);
    expect(landed.filter((f) => f.busy)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
