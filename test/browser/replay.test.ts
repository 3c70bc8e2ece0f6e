/**
 * Replay, branches, share links and the kept game in the built app (Chromium, SwiftShader):
 * state and socket pixels follow the record step by step, a backward step shows a ball mid-roll,
 * a branch keeps the record's line, a share link opens the same game in a fresh profile, a reload
 * resumes, a corrupted save is reported and recovered. Screenshots go to test-artifacts/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readRecord } from '../../src/engine/index';
import { cameraView, changedPixels, leaveGrid, neighbour, openApp, openRecordByPaste, playByGrid, rolitState, screenshot, socketBox, socketColour, waitForScene, waitIdle, waitSettled, useControl, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

const RECORD = readFileSync('test/fixtures/records/four-players.rolit', 'utf8');
const RECORDED = readRecord(RECORD).game.state;
const recordedMoves = RECORDED.moves.map((m) => m.squares.join('+'));
/** The board after the first `ply` moves of the record. */
function boardAt(ply: number): Record<string, string> {
  const game = readRecord(RECORD).game;
  while (game.state.moves.length > ply) game.takeBack(true);
  return game.state.board;
}

async function hideOverlays(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    for (const el of document.querySelectorAll<HTMLElement>('.hud, .round-over')) Object.assign(el.style, h ? { opacity: '0', pointerEvents: 'none' } : { opacity: '', pointerEvents: '' });
  }, hidden);
}

/** Every socket on the screen shows the colour the record's board has after `ply` moves. */
async function expectBoardPixels(page: Page, ply: number) {
  // The step's panels may reframe the board: the camera's flight over before the picture.
  await waitSettled(page);
  await hideOverlays(page, true);
  const shot = await screenshot(page, `replay-board-${ply}`);
  await hideOverlays(page, false);
  const board = boardAt(ply);
  const squares = [...new Set([...Object.keys(board), ...recordedMoves.flatMap((m) => m.split('+'))])];
  for (const square of squares) expect(await socketColour(page, shot, square), `${square} after ${ply} moves`).toBe(board[square] ?? null);
}

/** Plays the first legal move `count` times (humans' turns) through the accessible grid, waiting for each. */
async function playFirstLegalMoves(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    await playByGrid(page, readRecord((await rolitState(page)).record).game.legalMoves()[0]);
    await page.waitForFunction((n) => window.rolit.state().moves.length === n, i + 1);
    await waitIdle(page);
  }
}

const movesOf = async (page: Page) => (await rolitState(page)).moves;

describe('replay in Chromium', { timeout: 300_000 }, () => {
  it('steps back and forward: state and socket pixels match the record; a step back shows a ball mid-roll', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant');
    await waitForScene(page);
    await openRecordByPaste(page, RECORD);
    await page.getByTestId('replay-bar').waitFor();
    expect(await movesOf(page)).toEqual(recordedMoves); // a record opens at its end
    await page.keyboard.press('Home');
    await waitIdle(page);
    await cameraView(page, 'View from above');
    expect(await movesOf(page)).toEqual([]);
    await expectBoardPixels(page, 0);
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press('ArrowRight');
      await waitIdle(page);
      expect(await movesOf(page)).toEqual(recordedMoves.slice(0, i));
    }
    await expectBoardPixels(page, 3);
    await page.keyboard.press('ArrowLeft');
    await waitIdle(page);
    expect(await movesOf(page)).toEqual(recordedMoves.slice(0, 2));
    await expectBoardPixels(page, 2);
    await page.keyboard.press('End');
    await waitIdle(page);
    expect(await movesOf(page)).toEqual(recordedMoves);
    expect((await rolitState(page)).record.split('\n\n')[1]).toBe(RECORD.split('\n\n')[1]); // the same moves, written the same
    await page.keyboard.press('Home');
    await waitIdle(page);
    expect(await movesOf(page)).toEqual([]);

    // A move that rolls balls, stepped back at a slow speed: a frame in between the two positions.
    const ply = RECORDED.moves.findIndex((m, i) => i > 2 && m.rolls.length >= 2) + 1;
    await page.getByTestId('replay-moves').getByRole('button', { name: `${ply}. ${recordedMoves[ply - 1]}`, exact: true }).click();
    await waitIdle(page);
    await useControl(page, page.getByLabel('Animation speed'), (c) => c.selectOption('0.25'));
    await waitSettled(page);
    const rolled = RECORDED.moves[ply - 1].rolls[0].square;
    const box = await socketBox(page, rolled, neighbour(rolled));
    await hideOverlays(page, true);
    const after = await screenshot(page, 'replay-before-step-back');
    const region = (png: typeof after) => {
      const out = { ...png, width: box.w, height: box.h, data: Buffer.alloc(box.w * box.h * 4) } as typeof after;
      for (let y = 0; y < box.h; y++) png.data.copy(out.data, y * box.w * 4, ((box.y + y) * png.width + box.x) * 4, ((box.y + y) * png.width + box.x + box.w) * 4);
      return out;
    };
    await page.keyboard.press('ArrowLeft');
    // Frames of the roll back, until the rolled ball's socket has changed: at a quarter speed the
    // step back (the placed ball back to the tray, then the rolls) lasts long enough to catch it.
    let mid = await screenshot(page, 'replay-mid-roll-back');
    while (changedPixels(region(mid), region(after)) <= 20) {
      expect(await page.evaluate(() => window.rolit.busy()), 'the step back ended before the rolled ball moved').toBe(true);
      mid = await screenshot(page, 'replay-mid-roll-back');
    }
    await waitIdle(page);
    const before = await screenshot(page, 'replay-after-step-back');
    await hideOverlays(page, false);
    expect(await socketColour(page, after, rolled)).toBe(RECORDED.moves[ply - 1].rolls[0].to);
    expect(await socketColour(page, before, rolled)).toBe(RECORDED.moves[ply - 1].rolls[0].from);
    expect(changedPixels(region(mid), region(after)), 'mid-roll differs from the position after the move').toBeGreaterThan(20);
    expect(changedPixels(region(mid), region(before)), 'mid-roll differs from the position before it').toBeGreaterThan(20);
    expect(await movesOf(page)).toEqual(recordedMoves.slice(0, ply - 1));
    await screenshot(page, 'replay');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a different move from the middle makes a variation; the record line stays in the move list', async () => {
    // Texts and state only: a page without the 3D view, the move played through the accessible grid.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', undefined, { webgl: false });
    await openRecordByPaste(page, RECORD);
    await page.getByTestId('replay-bar').waitFor();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.rolit.state().moves.length === 0);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.rolit.state().moves.length === 5);
    await waitSettled(page);
    const game = readRecord(RECORD).game;
    while (game.state.moves.length > 5) game.takeBack(true);
    const other = game.legalMoves().find((m) => m !== recordedMoves[5] && !m.includes('+'))!;
    await playByGrid(page, other);
    await page.waitForFunction(() => window.rolit.state().moves.length === 6);
    await leaveGrid(page);
    await waitIdle(page);
    expect((await movesOf(page))[5]).toBe(other);
    const lines = page.getByRole('group', { name: 'Lines' });
    await expect(lines.getByRole('button', { name: 'variation 1, from move 6' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await screenshot(page, 'replay-branch');
    await lines.getByRole('button', { name: 'the record' }).click();
    await waitIdle(page);
    expect(await movesOf(page)).toEqual(recordedMoves.slice(0, 6));
    await page.keyboard.press('End');
    expect(await movesOf(page)).toEqual(recordedMoves);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a share link opens the same game in replay in a new page (fresh profile)', async () => {
    // Links and state only: the pages without their 3D view.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=5&speed=instant', undefined, { webgl: false });
    await waitSettled(page);
    await playFirstLegalMoves(page, 4);
    const shared = await rolitState(page);
    await (await useControl(page, page.getByRole('button', { name: 'Share…' }))).click();
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('[data-testid="share-link"]')?.value ?? '').includes('#record=1.'));
    const link = await page.getByTestId('share-link').inputValue();
    await screenshot(page, 'share-dialog');
    await page.close();

    const friend = await openApp(app.browser, app.served, link.slice(app.served.url.length), undefined, { webgl: false });
    await friend.page.getByTestId('replay-bar').waitFor();
    await waitIdle(friend.page);
    await friend.page.keyboard.press('End');
    await waitIdle(friend.page);
    const seen = await rolitState(friend.page);
    expect(seen.moves).toEqual(shared.moves);
    expect(seen.record).toBe(shared.record);
    expect(friend.page.url()).not.toContain('#'); // the used fragment is dropped
    expect([...errors, ...friend.errors]).toEqual([]);
    await friend.page.close();
  });

  it('a reload mid-game resumes the same position and move list; a corrupted save is reported and recovered', async () => {
    // Storage and state only: the page without its 3D view.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=3&speed=instant', undefined, { webgl: false });
    await waitSettled(page);
    await playFirstLegalMoves(page, 3);
    const before = await rolitState(page);
    expect(new URL(page.url()).search).toBe('?speed=instant'); // the game's parameters are dropped
    await page.reload();
    await waitForHandle(page);
    const after = await rolitState(page);
    expect(after.record).toBe(before.record);
    expect(await page.locator('.moves li').count()).toBe(3);

    // The tab's own save (its slot is named in sessionStorage), cut short.
    const slot = await page.evaluate(() => `rolit.game.${sessionStorage.getItem('rolit.tabGame')}`);
    expect(await page.evaluate((key) => localStorage.getItem(key) !== null, slot)).toBe(true);
    await page.evaluate((key) => localStorage.setItem(key, '{"version":1,"players":'), slot);
    await page.reload();
    await waitForHandle(page);
    const notice = page.getByTestId('save-notice');
    await expect(notice.textContent()).resolves.toMatch(/could not be resumed \(not readable data/);
    await expect(notice.getByRole('button', { name: 'Download the saved data' }).isVisible()).resolves.toBe(true);
    // A clean start: a new match (its own random seed), not the old round.
    const seed = (record: string) => /\[Seed "(\d+)"\]/.exec(record)![1];
    expect(seed((await rolitState(page)).record)).not.toBe(seed(before.record));
    await notice.getByRole('button', { name: 'OK' }).click();
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).version, slot)).toBe(1); // a clean new save
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a replay whose controls cannot be fetched is left, back to the game in play, and the page says so', async () => {
    // Storage and state only: the page without its 3D view.
    const { page } = await openApp(app.browser, app.served, '?seats=human,human&seed=3&speed=instant', undefined, { webgl: false });
    await waitSettled(page);
    await playFirstLegalMoves(page, 2);
    const playing = await rolitState(page);
    await page.route(/\/later-ReplayBar-[^/]*\.js$/, (route) => route.abort());
    const failed = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('could not be loaded'));
    await (await useControl(page, page.getByRole('button', { name: 'Open…' }))).click();
    await page.getByLabel('Paste a record').fill(RECORD);
    await page.getByRole('button', { name: 'Open in replay' }).click();
    await failed;
    // Not stuck in a replay with no controls: the game before it, and its move list.
    await page.waitForFunction((moves) => window.rolit.state().moves.length === moves, playing.moves.length);
    expect((await rolitState(page)).record).toBe(playing.record);
    expect(await page.getByTestId('replay-bar').count()).toBe(0);
    expect(await page.locator('.moves li').count()).toBe(2);
    // Said where the player looks (the same server's page: no new version to announce instead).
    await page.getByTestId('message').filter({ hasText: 'This part of the page could not be loaded: try again once the network is back.' }).waitFor();
    expect(await page.getByTestId('update-ready').count()).toBe(0);
    await page.close();
  });
});
