/**
 * Storage full, in a real browser: localStorage filled to its quota in the middle of a game. The
 * game goes on in memory, the page says so once and offers the game for download (the download
 * holds every move, also those storage refused), and the game shown stays the one in memory,
 * not the older one stored before storage filled up.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { openApp, playByGrid, rolitState, waitSettled } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

/** Red (a human: the test) against the greedy computer (green, which starts), on a 6x6 board. */
const HUMAN_AGAINST_GREEDY = '?seats=human,ai:greedy&size=6&seed=3&speed=instant';

/** Waits until the human is to move and the page is settled. */
async function humanToMove(page: Page, moves: number): Promise<void> {
  await page.waitForFunction((n) => window.rolit.state().moves.length >= n && window.rolit.state().toMove === 'red', moves, { timeout: 120_000, polling: 100 });
  await page.evaluate(() => window.rolit.settled());
}

/** The human plays a legal move (from the engine, on the page's record) through the accessible grid; returns once the computer has answered. */
async function playOn(page: Page): Promise<void> {
  const before = (await rolitState(page)).moves.length;
  await playByGrid(page, parseRecord((await rolitState(page)).record).legalMoves()[0]);
  await humanToMove(page, before + 2);
}

/** The moves of the game stored in this tab's slot (null when none). */
function storedMoves(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const id = sessionStorage.getItem('rolit.tabGame');
    const text = id === null ? null : localStorage.getItem(`rolit.game.${id}`);
    return text === null ? null : (JSON.parse(text) as { record: string }).record;
  }).then((record) => (record === null ? null : parseRecord(record).state.moves.length));
}

describe('storage full', { timeout: 600_000 }, () => {
  it('the game goes on in memory, the page says so once and offers the game', async () => {
    // Storage and state only: the page without its 3D view.
    const { page, errors } = await openApp(app.browser, app.served, HUMAN_AGAINST_GREEDY, undefined, { webgl: false });
    await waitSettled(page);
    await humanToMove(page, 1);
    await playOn(page);
    const saved = (await rolitState(page)).moves.length;
    expect(await storedMoves(page)).toBe(saved);
    await expect(page.getByTestId('save-notice').count()).resolves.toBe(0);

    // Storage full: fillers in ever smaller pieces until not a character more fits.
    const filled = await page.evaluate(() => {
      let size = 1 << 20;
      let n = 0;
      while (size >= 1) {
        try {
          localStorage.setItem(`filler.${n}`, 'x'.repeat(size));
          n++;
        } catch {
          size = Math.floor(size / 2);
        }
      }
      try {
        localStorage.setItem('filler.check', 'xx');
        return false;
      } catch {
        return true;
      }
    });
    expect(filled).toBe(true);

    // Play on: the moves are kept in memory, storage still holds the older game.
    await playOn(page);
    const notice = page.getByTestId('save-notice');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.innerText()).toContain("This browser's storage is full (or blocked): the game goes on");
    expect((await rolitState(page)).moves.length).toBe(saved + 2);
    expect(await storedMoves(page)).toBe(saved);

    // The download offered is the game in memory, with every move.
    const [download] = await Promise.all([page.waitForEvent('download'), notice.getByRole('button', { name: 'Download this game' }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const downloaded = Buffer.concat(chunks).toString('utf8');
    expect(downloaded).toBe((await rolitState(page)).record);
    expect(parseRecord(downloaded).state.moves.length).toBe(saved + 2);

    // Said once: dismissed, it does not come back as the game goes on unsaved.
    await notice.getByRole('button', { name: 'OK' }).click();
    await playOn(page);
    await page.evaluate(() => window.rolit.settled());
    expect(await page.getByTestId('save-notice').count()).toBe(0);
    expect((await rolitState(page)).moves.length).toBe(saved + 4);
    expect(await storedMoves(page)).toBe(saved);

    expect(errors).toEqual([]);
    await page.close();
  });
});
