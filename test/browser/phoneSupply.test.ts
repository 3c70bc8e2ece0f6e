/**
 * The supply box on screen. On a laptop window it stands beside the board: on 960x640 and 1280x800
 * windows (English and French, whose longer texts widen the panels), from the red seat, in a
 * played game and in a watched one, whole and clear of every panel of the HUD, the evaluation above
 * it and the analysis below it included. On a phone, upright (390x844) or sideways (844x390), where
 * the board fills the width or the height and the panels the rest, it stands away beyond the
 * board's far side, wholly out of view (never cut at an edge or lying under a panel); the phone's
 * page is loaded upright and turned sideways. The page projects the box with its balls
 * (rolit.supplyScreenBox). On the laptop windows the side buttons of the colours in play are clear
 * of the panels as well (rolit.sideButtonScreenBox), and against the computer (engine help hidden)
 * the supply lies clear of the "Show who is winning" button.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { boardHidden, openApp, resizeTo, screenshot, waitForScene, waitSettled, waitIdle } from './harness';
import { useBuiltApp, useSharedPage } from './builtApp';
import { keepGame, savedGame } from './keptGames';

const app = useBuiltApp();

type Box = { left: number; top: number; right: number; bottom: number };

/**
 * The HUD's panels shown on the page, and for each of the boxes given (page boxes by label) the
 * shown panels it meets, as "label under panel [left, top, right, bottom]".
 */
async function panelsMeeting(page: Page, boxes: Record<string, Box>): Promise<{ panels: string[]; meets: string[] }> {
  return page.evaluate((boxes) => {
    const shown = [...document.querySelectorAll<HTMLElement>('.panel')].filter((p) => p.getClientRects().length > 0 && getComputedStyle(p).visibility !== 'hidden');
    const name = (p: HTMLElement) => p.dataset.testid ?? p.className;
    const meets: string[] = [];
    for (const [label, box] of Object.entries(boxes)) {
      for (const p of shown) {
        const r = p.getBoundingClientRect();
        if (r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top) meets.push(`${label} under ${name(p)} ${JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round))}`);
      }
    }
    return { panels: shown.map(name), meets };
  }, boxes);
}

/** The side buttons' page boxes of the colours in play, by colour. */
async function sideButtons(page: Page): Promise<Record<string, Box>> {
  return page.evaluate(() => Object.fromEntries(Object.keys(window.rolit.state().scores).map((colour) => [colour, window.rolit.sideButtonScreenBox(colour as 'red')!])));
}

const PHONES = [
  { width: 390, height: 844 },
  { width: 844, height: 390 },
];

/** One played game on a phone, loaded upright and turned sideways for the second look. */
const phonePage = useSharedPage(app, (browser, served) => openApp(browser, served, '?seats=human,human&seed=1&speed=instant', PHONES[0]));

/** Four computers four moves in (kept as the tab's game: no start throw to watch), all four colours in the evaluation. */
const WATCHED = savedGame(
  [1, 2, 3, 4].map((n) => ({ kind: 'computer', level: 'beginner', name: `Beginner ${n}` })),
  { size: 8, seed: 1 },
  (game) => (game.state.moves.length < 4 ? game.legalMoves()[0] : null),
);

describe('the supply on any screen', { timeout: 300_000 }, () => {
  for (const viewport of PHONES) {
    it(`stands wholly out of a ${viewport.width}x${viewport.height} phone's view`, async () => {
      const { page, errors } = await phonePage();
      await waitForScene(page);
      await resizeTo(page, viewport);
      await waitIdle(page);
      await waitSettled(page);
      const box = (await page.evaluate(() => window.rolit.supplyScreenBox())) as Box;
      console.log(`${viewport.width}x${viewport.height}: supply box ${JSON.stringify(box)}`);
      await screenshot(page, `supply-${viewport.width}x${viewport.height}`, 120_000);
      // Beyond the top of the screen (the board's far side), none of it on screen.
      expect(box.bottom).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  }

  for (const { viewport, locale } of [
    { viewport: { width: 960, height: 640 }, locale: 'en-GB' },
    { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' },
  ]) {
    for (const game of ['played', 'watched'] as const) {
      it(`stands whole beside the board and clear of the panels on a ${viewport.width}x${viewport.height} window (${locale}), in a ${game} game`, async () => {
        const context = await app.browser.newContext({ viewport, locale });
        if (game === 'watched') await keepGame(context, WATCHED);
        const search = game === 'played' ? '?seats=human,human&seed=1&speed=instant' : '?speed=4';
        const { page, errors } = await openApp(app.browser, app.served, search, viewport, { context });
        page.setDefaultTimeout(120_000);
        await waitForScene(page, 120_000);
        if (game === 'watched') {
          // Paused to look, with all four colours' rows in the evaluation (its tallest).
          expect((await page.evaluate(() => window.rolit.state().moves.length)), 'the kept game resumed').toBeGreaterThanOrEqual(4);
          await page.keyboard.press('Space');
          await page.locator('button[aria-keyshortcuts="Space"][aria-pressed="true"]').waitFor();
          await page.locator('[data-testid=evaluation] tbody tr').nth(3).waitFor();
        }
        await page.getByTestId('evaluation').waitFor();
        await waitIdle(page, 120_000);
        await waitSettled(page, 120_000);
        const box = (await page.evaluate(() => window.rolit.supplyScreenBox()))!;
        const { panels, meets } = await panelsMeeting(page, { supply: box });
        console.log(`${viewport.width}x${viewport.height} ${locale} ${game}: supply box ${JSON.stringify(box)}, panels met ${JSON.stringify(meets)}`);
        await screenshot(page, `supply-${viewport.width}x${viewport.height}-${locale}-${game}`, 120_000);
        expect(panels).toEqual(expect.arrayContaining(['evaluation', 'analysis']));
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(viewport.width);
        expect(box.bottom).toBeLessThanOrEqual(viewport.height);
        expect(meets).toEqual([]);
        // The side buttons of the colours in play are clear of the panels too (the seats of four computers, with their Take over buttons, are the tallest).
        expect((await panelsMeeting(page, await sideButtons(page))).meets).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('stands whole and clear of "Show who is winning" on a 1280x800 window (fr-FR), against the computer (engine help hidden)', async () => {
    const viewport = { width: 1280, height: 800 };
    const context = await app.browser.newContext({ viewport, locale: 'fr-FR' });
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,ai:beginner&seed=1&speed=instant', viewport, { context });
    page.setDefaultTimeout(120_000);
    await waitForScene(page, 120_000);
    await waitIdle(page, 120_000);
    await waitSettled(page, 120_000);
    const show = page.locator('.evaluation-show');
    await show.waitFor();
    const box = (await page.evaluate(() => window.rolit.supplyScreenBox()))!;
    const button = (await show.boundingBox())!;
    await screenshot(page, 'supply-1280x800-fr-FR-against-computer', 120_000);
    const meets = box.left < button.x + button.width && box.right > button.x && box.top < button.y + button.height && box.bottom > button.y;
    expect(meets, `supply ${JSON.stringify(box)}, button ${JSON.stringify(button)}`).toBe(false);
    // Whole on screen, the canvas the topmost element over it, as the rest of the board.
    expect(await boardHidden(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
