/**
 * The 3D view's GPU budget, deterministic counts (no timings): the shader programs a page load
 * compiles and the draw calls of one frame late in a round, with the board nearly full, the
 * supply holding the last balls and the last move's rings (a move that rolled many balls). The
 * round is played to there by the engine and written as the tab's saved game (docs/saves.md),
 * which the page resumes (one 3D load).
 */
import { describe, expect, it } from 'vitest';
import { type Game, parseRecord } from '../../src/engine/index';
import { openApp, rolitState, screenshot, waitForScene, waitSettled } from './harness';
import { useBuiltApp } from './builtApp';
import { keepGame, savedGame } from './keptGames';

const app = useBuiltApp();

/** Shader programs of a page load: the renderer's count after the first frames (docs/app.md). */
const PROGRAMS = 7;
/** Draw calls of one frame, shadow pass included (issue budget: 20). */
const DRAW_CALLS = 14;
/** Balls left in the supply when the 3D view opens. */
const IN_SUPPLY = 8;

/** The move rolling the most balls: the last move's rings are as many as they get. */
function mostRolling(game: Game): string {
  const rolls = (move: string) => {
    const check = game.check(move);
    return check.ok ? check.rolls.length : 0;
  };
  return game.legalMoves().reduce((best, move) => (rolls(move) > rolls(best) ? move : best));
}

describe('the GPU budget', { timeout: 300_000 }, () => {
  it(`compiles at most ${PROGRAMS} shader programs and draws a late position with the supply in at most ${DRAW_CALLS} calls`, async () => {
    const viewport = { width: 1280, height: 800 };
    const context = await app.browser.newContext({ viewport });
    // Four people, each move the one rolling the most, until IN_SUPPLY balls are left.
    await keepGame(context, savedGame(['Ann', 'Ben', 'Cas', 'Dee'], { size: 8, seed: 1 }, (game) => (64 - Object.keys(game.state.board).length > IN_SUPPLY ? mostRolling(game) : null)));
    const { page, errors } = await openApp(app.browser, app.served, '', viewport, { context });
    await waitForScene(page, 240_000);
    await waitSettled(page, 240_000);
    const state = await rolitState(page);
    expect(64 - Object.keys(parseRecord(state.record).state.board).length, 'the game resumed with balls in the supply').toBe(IN_SUPPLY);
    const shot = await screenshot(page, 'gpu-budget-late-position');
    expect(shot.width).toBe(viewport.width);
    const info = await page.evaluate(() => window.rolit.renderInfo());
    console.log(`late position: ${info?.calls} draw calls, ${info?.programs} shader programs, ${info?.triangles} triangles`);
    expect(info!.calls).toBeGreaterThan(8); // the table, the board, the balls, the supply, shadows: drawn at all
    expect(info!.calls).toBeLessThanOrEqual(DRAW_CALLS);
    expect(info!.programs).toBeGreaterThan(0);
    expect(info!.programs).toBeLessThanOrEqual(PROGRAMS);
    expect(errors).toEqual([]);
    await context.close();
  });
});
