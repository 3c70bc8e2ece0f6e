/**
 * The levels' ratings in the new-game dialog, in real headless Chromium: every level's option
 * shows the ladder's rating (src/ai/levelRatings.ts) formatted for the language, the ratings rise
 * with the level, the note says what the scale means, the chosen level's strength in words is the
 * select's description, and a level chosen from the keyboard starts a game with that computer. Screenshots: test-artifacts/ratings-{en,fr}-new-game.png.
 * Only the dialog and the game's state are looked at, so the page opens without WebGL.
 */
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/ai/index';
import { LEVEL_RATINGS } from '../../src/ai/levelRatings';
import { RESOURCES } from '../support/allTexts';
import { openApp, rolitState, screenshot, waitSettled, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

const hud = (language: string) => RESOURCES[language].hud as { newGame: string; computerLevel: string; level: Record<string, string>; strength: Record<string, string> };
/** The HUD's words for a computer seat of this level ("computer · master"). */
const seatText = (language: string, level: string) => hud(language).computerLevel.replace('{{level}}', hud(language).level[level]);

describe('level ratings in the new-game dialog', { timeout: 300_000 }, () => {
  it.each(['en', 'fr'])('%s: each level shows its rating, rising with the level', async (language) => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,ai:tactician&seed=3', { width: 1280, height: 800 }, { webgl: false });
    try {
      await page.evaluate((lang) => {
        localStorage.setItem('rolit.language', lang);
      }, language);
      await page.reload();
      await waitForHandle(page);
      await waitSettled(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await page.locator('body').innerText()).not.toContain(seatText(language, 'master'));
      await page.getByRole('button', { name: hud(language).newGame, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const dialogs = RESOURCES[language].dialogs as { seatLevel: string; start: string; levelWithRating: string };
      const select = dialog.getByRole('combobox', { name: dialogs.seatLevel.replace('{{n}}', '2'), exact: true });
      await select.waitFor({ timeout: 60_000 });
      const options = await select.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
      expect(options.map((o) => o.value)).toEqual([...LEVELS]);
      const format = new Intl.NumberFormat(language);
      const shown = options.map((o) => {
        const level = o.value as (typeof LEVELS)[number];
        const expected = format.format(LEVEL_RATINGS.levels[level].rating);
        // "master, rating about 1,850": name and rating, short enough for the closed select.
        const named = dialogs.levelWithRating.replace('{{level}}', hud(language).level[level]).replace('{{rating, number}}', expected);
        expect(o.text).toBe(named);
        return Number(expected.replace(/\D/g, ''));
      });
      expect(shown).toEqual(LEVELS.map((l) => LEVEL_RATINGS.levels[l].rating));
      for (let i = 1; i < shown.length; i++) expect(shown[i], `${LEVELS[i]} above ${LEVELS[i - 1]}`).toBeGreaterThan(shown[i - 1]);
      // The note names the anchor level in words (not by colour or position).
      await expect.poll(() => dialog.locator('.rating-note').innerText()).toContain(hud(language).level.beginner);
      await screenshot(page, `ratings-${language}-new-game`);

      // From the keyboard: the master, then Enter starts the game with it.
      await select.focus();
      await page.keyboard.press('End');
      expect(await select.inputValue()).toBe('master');
      // The chosen level's strength in words under the seat, as the select's description.
      const strength = dialog.locator(`#${await select.getAttribute('aria-describedby')}`);
      await expect.poll(() => strength.innerText()).toBe(hud(language).strength.master);
      await dialog.getByRole('button', { name: dialogs.start, exact: true }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      // The new round seats the master (the HUD names each computer's level) and is under way.
      await expect.poll(() => page.locator('body').innerText(), { timeout: 60_000 }).toContain(seatText(language, 'master'));
      const state = await rolitState(page);
      expect(state.over).toBe(false);
      expect(Object.keys(state.scores)).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
