/**
 * Two tabs of one browser (one context: shared localStorage, Web Locks and storage events): each
 * plays its own game (four players on 8x8, two players on 6x6) to the end of a round, both reload,
 * and each shows its own game again; the history holds the rounds finished in both tabs. The
 * pages open without WebGL: the test looks at state, lists and storage only.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { openApp, rolitState, useControl, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

/** Computer seats only, so the round plays itself out at once. */
const FOUR_ON_8 = '?seats=ai:greedy,ai:greedy,ai:greedy,ai:greedy&seed=3&speed=instant';
const TWO_ON_6 = '?seats=ai:greedy,ai:beginner&size=6&seed=5&speed=instant';

/** Waits for the round's end, then pauses the computer seats (Space) so the next round's countdown does not start. */
async function finishRound(page: Page): Promise<string> {
  await page.waitForFunction(() => window.rolit.state().over, undefined, { timeout: 120_000, polling: 100 });
  await page.keyboard.press('Space');
  await page.getByTitle('Let the computer players play on (Space)').waitFor();
  return (await rolitState(page)).record;
}

/** The records of the stored history. */
const storedHistory = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('rolit.history') ?? '{"rounds":[]}') as { rounds: { record: string }[] }).rounds.map((r) => r.record));

describe('two tabs', { timeout: 300_000 }, () => {
  it('each tab keeps its own game through a reload; the history holds the rounds of both', async () => {
    const context = await app.browser.newContext();
    const a = await openApp(app.browser, app.served, FOUR_ON_8, undefined, { webgl: false, context });
    const b = await openApp(app.browser, app.served, TWO_ON_6, undefined, { webgl: false, context });
    const [recordA, recordB] = await Promise.all([finishRound(a.page), finishRound(b.page)]);
    const setupA = parseRecord(recordA).setup;
    const setupB = parseRecord(recordB).setup;
    expect([setupA.players.length, setupA.size]).toEqual([4, 8]);
    expect([setupB.players.length, setupB.size]).toEqual([2, 6]);
    expect(recordA).not.toBe(recordB);

    // Both reload (the address no longer holds the game's parameters): each resumes its own game.
    await Promise.all([a.page.reload(), b.page.reload()]);
    await Promise.all([a.page, b.page].map((page) => waitForHandle(page)));
    expect((await rolitState(a.page)).record).toBe(recordA);
    expect((await rolitState(b.page)).record).toBe(recordB);

    // The history, stored and as each tab lists it, holds the round finished in each tab.
    expect((await storedHistory(a.page)).sort()).toEqual([recordA, recordB].sort());
    for (const { page } of [a, b]) {
      await page.keyboard.press('Space');
      await (await useControl(page, page.getByRole('button', { name: 'History…' }))).click();
      await expect.poll(() => page.locator('[data-testid="history-list"] li').count(), { timeout: 30_000 }).toBe(2);
      await page.keyboard.press('Escape');
    }
    expect([...a.errors, ...b.errors]).toEqual([]);
    await context.close();
  });
});
