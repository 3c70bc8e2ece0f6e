/**
 * The analysis board in the built app (Chromium, SwiftShader): exact values written over the
 * legal sockets match the CLI's solver (`npm run rolit -- solve`: solveExact with the CLI's
 * sides) on the same position; in a four-player endgame the panel's places and final balls
 * match the max^n solver (`solve` with four colours); focusing a socket previews what would roll and the counts
 * after; Continue… lets a computer seat play on from a replayed move as a variation.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAXN_SOLVE_EMPTIES } from '../../src/ai/index';
import { solveMaxn } from '../../src/ai/maxnSolver';
import { solveExact } from '../../src/ai/solver';
import { COLOURS, Game, parseMove, toRecord } from '../../src/engine/index';
import { readRecord } from '../../src/engine/index';
import { cameraView, changedPixels, leaveGrid, openApp, openRecordByPaste, playByGrid, rolitState, screenshot, socketPosition, waitForScene, waitIdle, waitSettled } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

/** A two-player 6x6 round played (deterministically) down to 14 empty sockets. */
function endgameRecord(): string {
  const game = new Game({ players: 2, size: 6, seed: 21 });
  for (let i = 0; game.positionCopy().empties > 14; i++) {
    const moves = game.legalMoves();
    game.play(moves[(i * 7) % moves.length]);
  }
  return toRecord(game);
}

/** What `npm run rolit -- solve --size 6 --colours <the round's> --moves ...` computes, for the position after each legal move. */
function cliValues(record: string): Map<string, number> {
  const game = readRecord(record).game;
  const position = game.positionCopy();
  const owners = COLOURS.map((c) => game.setup.colours.indexOf(c)); // the CLI's sides
  const values = new Map<string, number>();
  for (const move of game.legalMoves()) {
    const after = position.clone();
    after.make(parseMove(game.setup.size, move));
    const solved = solveExact(after, { owners });
    values.set(move, owners[after.toMove] === owners[position.toMove] ? solved.value : -solved.value);
  }
  // The best of them is the position's value, as the CLI prints it.
  expect(Math.max(...values.values())).toBe(solveExact(position, { owners }).value);
  return values;
}

/** A four-player 8x8 round played (deterministically) down to MAXN_SOLVE_EMPTIES empty sockets. */
function fourPlayerEndgameRecord(): string {
  const game = new Game({ players: 4, size: 8, seed: 21 });
  for (let i = 0; game.positionCopy().empties > MAXN_SOLVE_EMPTIES; i++) {
    const moves = game.legalMoves();
    game.play(moves[(i * 7) % moves.length]);
  }
  return toRecord(game);
}

/**
 * What `npm run rolit -- solve --colours <the round's four> --moves ...` prints for each legal
 * move (max^n, solveMaxn after the move), as the panel words it: the mover's place and final
 * balls, "(best move)" on the moves as good for the mover as the solver's own choice.
 */
function maxnTexts(record: string): Map<string, string> {
  const game = readRecord(record).game;
  const position = game.positionCopy();
  const owners = COLOURS.map((c) => game.setup.colours.indexOf(c)); // each player its colour
  const mover = owners[position.toMove];
  const outcome = (scores: number[]) => ({ balls: scores[mover], place: 1 + scores.filter((s) => s > scores[mover]).length, shared: scores.filter((s) => s === scores[mover]).length > 1 });
  const best = outcome(solveMaxn(position, { owners }).scores);
  const words = ['', 'wins', 'finishes 2nd', 'finishes 3rd', 'finishes 4th'];
  const sharedWords = ['', 'shares the win', 'shares 2nd place', 'shares 3rd place'];
  const texts = new Map<string, string>();
  for (const move of game.legalMoves()) {
    const after = position.clone();
    after.make(parseMove(game.setup.size, move));
    const o = outcome(solveMaxn(after, { owners }).scores);
    const isBest = o.balls === best.balls && o.place === best.place && o.shared === best.shared;
    texts.set(move, `${move}: ${(o.shared ? sharedWords : words)[o.place]}, ${o.balls} ball${o.balls === 1 ? '' : 's'}${isBest ? ' (best move)' : ''}`);
  }
  return texts;
}

async function hideOverlays(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    for (const el of document.querySelectorAll<HTMLElement>('.hud')) Object.assign(el.style, h ? { opacity: '0', pointerEvents: 'none' } : { opacity: '', pointerEvents: '' });
  }, hidden);
}

describe('analysis board in Chromium', { timeout: 300_000 }, () => {
  it('exact values on the board match the CLI solver; focusing a socket previews the roll and the counts after', async () => {
    const record = endgameRecord();
    const expected = cliValues(record);
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant');
    await waitForScene(page);
    await openRecordByPaste(page, record);
    await waitIdle(page); // a record opens at its end
    await cameraView(page, 'View from above');
    await hideOverlays(page, true);
    const before = await screenshot(page, 'analysis-before');
    await hideOverlays(page, false);

    await page.getByLabel('Exact values').check();
    await page.getByText(/^Final ball difference for/).waitFor({ timeout: 120_000 });
    const shown = await page.$$eval('.analysis-sockets button', (buttons) => buttons.map((b) => [b.getAttribute('data-square'), b.textContent] as const));
    const expectedText = [...expected].map(([move, value]) => [move, `${move} ${value > 0 ? `+${value}` : value}`] as const);
    expect(new Map(shown)).toEqual(new Map(expectedText));

    // The values are written on the board: every legal socket's surroundings changed.
    await waitSettled(page);
    await hideOverlays(page, true);
    const after = await screenshot(page, 'analysis-overlay');
    await hideOverlays(page, false);
    for (const move of expected.keys()) {
      const at = await socketPosition(page, move);
      const box = { x: Math.round(at.x) - 12, y: Math.round(at.y) - 30, w: 24, h: 40 };
      expect(changedPixels(crop(before, box), crop(after, box)), `label over ${move}`).toBeGreaterThan(40);
    }
    await screenshot(page, 'analysis-overlay-panel');

    // Keyboard: focusing a socket's button previews what would roll and each colour's count after.
    const game = readRecord(record).game;
    const move = game.legalMoves()[0];
    const check = game.check(move);
    if (!check.ok) throw new Error(check.reason);
    const counts = { ...game.state.board };
    for (const square of [move, ...check.rolls]) counts[square] = game.state.toMove!;
    const countText = game.setup.colours.map((c) => `${c} ${Object.values(counts).filter((x) => x === c).length}`).join(', ');
    await page.locator(`.analysis-sockets button[data-square="${move}"]`).focus();
    const preview = page.getByTestId('analysis-preview');
    await expect.poll(() => preview.textContent()).toBe(`${check.rolls.length ? `${move} rolls ${check.rolls.join(', ')}` : `${move} rolls no ball`}after: ${countText}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("four players: each legal move's place and final balls for the mover match the max^n solver; beyond 9 empty sockets the panel says so", async () => {
    const record = fourPlayerEndgameRecord();
    const expected = maxnTexts(record);
    expect(new Set([...expected.values()].map((t) => t.replace(/^\S+ /, ''))).size).toBeGreaterThan(1); // moves that differ
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human,human,human&seed=1&speed=instant', undefined, { webgl: false });
    await openRecordByPaste(page, record);
    await waitIdle(page); // a record opens at its end
    await page.getByLabel('Exact values').check();
    await page.getByText(/^Place and final balls of/).waitFor({ timeout: 120_000 });
    const shown = await page.$$eval('.analysis-sockets button', (buttons) => buttons.map((b) => [b.getAttribute('data-square'), b.textContent] as const));
    expect(new Map(shown)).toEqual(expected);
    // One move back: ten empty sockets, more than max^n takes here.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByText(`Exact values from ${MAXN_SOLVE_EMPTIES} empty sockets (now ${MAXN_SOLVE_EMPTIES + 1}).`).waitFor();
    expect(await page.$$eval('.analysis-sockets button', (buttons) => buttons.map((b) => b.textContent).filter((t) => t!.includes(':')))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Continue… from a replayed move: a computer seat answers the human as a variation; the record stays', async () => {
    const record = endgameRecord();
    const recorded = readRecord(record).game.state.moves.map((m) => m.squares.join('+'));
    const ply = 4;
    // Texts and state only: a page without the 3D view, the move played through the accessible grid.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', undefined, { webgl: false });
    await openRecordByPaste(page, record);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.waitForFunction(() => window.rolit.state().moves.length === 0);
    for (let i = 0; i < ply; i++) await page.getByRole('button', { name: 'Forward', exact: true }).click();
    await page.waitForFunction((n) => window.rolit.state().moves.length === n, ply);
    await waitIdle(page);
    const here = readRecord((await rolitState(page)).record).game;
    const other = here.setup.colours.find((c) => c !== here.state.toMove)!;
    await page.getByRole('button', { name: 'Continue…' }).click();
    await page.getByLabel(`Seat ${other}`).selectOption('greedy');
    await page.getByRole('button', { name: 'Play on' }).click();
    // The human (the test) leaves the record's line; the computer seat answers.
    const move = here.legalMoves().find((m) => m !== recorded[ply])!;
    await playByGrid(page, move);
    await leaveGrid(page);
    await page.waitForFunction((n) => window.rolit.state().moves.length === n + 2, ply, { timeout: 60_000 });
    const played = (await rolitState(page)).moves;
    expect(played.slice(0, ply + 1)).toEqual([...recorded.slice(0, ply), move]);
    await waitSettled(page); // no computer move is coming: the human seat is to move
    expect((await rolitState(page)).moves).toHaveLength(ply + 2);
    await screenshot(page, 'analysis-continue-variation');
    // The record's line is kept: back to it from the move list's lines.
    await page.getByRole('group', { name: 'Lines' }).getByRole('button', { name: 'the record' }).click();
    await waitIdle(page);
    expect((await rolitState(page)).moves).toEqual(recorded.slice(0, ply + 1));
    expect(errors).toEqual([]);
    await page.close();
  });
});

function crop(png: Awaited<ReturnType<typeof screenshot>>, box: { x: number; y: number; w: number; h: number }) {
  const out = { width: box.w, height: box.h, data: Buffer.alloc(box.w * box.h * 4) };
  for (let y = 0; y < box.h; y++) png.data.copy(out.data, y * box.w * 4, ((box.y + y) * png.width + box.x) * 4, ((box.y + y) * png.width + box.x + box.w) * 4);
  return out as typeof png;
}
