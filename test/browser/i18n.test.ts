/**
 * Each language in real headless Chromium: chosen from the browser's language, the start screen and
 * the new-game dialog show no missing text (⟦key⟧) and no text overflowing its box; the HUD's select
 * switches the language, <html lang> follows and the choice survives a reload. Screenshots per language
 * go to test-artifacts/i18n-<language>-*.png. These checks look at texts and boxes only, so the page
 * opens without WebGL (harness.withoutWebGL): no 3D view to load, its own message in the stage.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '../../src/i18n/index';
import { parseRecord } from '../../src/engine/index';
import { RESOURCES } from '../support/allTexts';
import { leaveGrid, playByGrid, screenshot, waitSettled, withoutWebGL, useControl, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

const text = (language: string, ns: string, key: string) => (RESOURCES[language][ns] as Record<string, string>)[key];

/** A returning visitor (no rules panel) whose browser speaks `locale`. */
async function openIn(locale: string): Promise<Page> {
  const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 }, locale });
  await withoutWebGL(page);
  await page.addInitScript(() => {
    if (localStorage.getItem('rolit.settings.v1') === null) localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
  });
  await page.goto(`${app.served.url}?seats=human,ai:beginner,ai:beginner,ai:beginner&seed=5`);
  await waitForHandle(page);
  return page;
}

/** Texts the page shows or speaks (visible text, labels, titles, placeholders) that are missing keys. */
async function missingTexts(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const el = document.querySelector(selector) as HTMLElement;
    const texts = [el.innerText];
    for (const node of el.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const name of ['aria-label', 'title', 'placeholder']) texts.push(node.getAttribute(name) ?? '');
    return texts.filter((t) => t.includes('⟦'));
  }, root);
}

/** Buttons, labels, legends, headings, selects and dialog rows whose content is wider than their box. */
async function overflowing(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const el = document.querySelector(selector) as HTMLElement;
    const boxes = el.querySelectorAll<HTMLElement>('button, label, legend, h2, select, .label-text, .note, .error, .seat .kind, .seat .name, .dialog, fieldset, .seat-row, .row, .toolbar');
    return [el, ...boxes]
      .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
      .map((b) => `${b.tagName.toLowerCase()} "${b.innerText.slice(0, 40)}" ${b.scrollWidth}>${b.clientWidth}`);
  }, root);
}

describe('five languages', { timeout: 120_000 }, () => {
  it.each(Object.keys(LANGUAGES))('%s: start screen and new-game dialog complete and fitting', async (language) => {
    const page = await openIn(language === 'en' ? 'en-GB' : `${language}-${language.toUpperCase()}`);
    try {
      await waitSettled(page);
      // No 3D view: the stage says why, in the page's language.
      expect(await page.getByTestId('stage-message').innerText()).toContain(text(language, 'hud', 'noWebgl'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const newGame = page.getByRole('button', { name: text(language, 'hud', 'newGame'), exact: true });
      await newGame.waitFor();
      expect(await missingTexts(page, '.app')).toEqual([]);
      expect(await overflowing(page, '.hud')).toEqual([]);
      expect(await page.getByTestId('language').inputValue()).toBe(language);
      await screenshot(page, `i18n-${language}-start`, 30_000);

      await newGame.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').innerText()).toBe(text(language, 'dialogs', 'newGame'));
      expect(await missingTexts(page, '[role="dialog"]')).toEqual([]);
      expect(await overflowing(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `i18n-${language}-new-game`, 30_000);
      await page.keyboard.press('Escape');

      await useControl(page, page.getByRole('button', { name: text(language, 'hud', 'rules'), exact: true }), (c) => c.click());
      const rules = page.getByTestId('rules');
      await rules.waitFor();
      expect(await rules.getByRole('heading').innerText()).toBe((RESOURCES[language].rules as { title: string }).title);
      expect(await missingTexts(page, '[data-testid="rules"]')).toEqual([]);
      await screenshot(page, `i18n-${language}-rules`, 30_000);
    } finally {
      await page.close();
    }
  });

  it('the HUD select switches the language, <html lang> follows, and a reload keeps it', async () => {
    const page = await openIn('en-US');
    try {
      await page.getByRole('button', { name: 'New game', exact: true }).waitFor();
      const select = page.getByTestId('language');
      expect(await select.locator('option').allInnerTexts()).toEqual(Object.values(LANGUAGES));
      await useControl(page, select, (c) => c.selectOption('de'));
      await page.getByRole('button', { name: 'Neues Spiel', exact: true }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('rolit.language')])).toEqual(['de', 'de']);
      await page.reload();
      await page.getByRole('button', { name: 'Neues Spiel', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    } finally {
      await page.close();
    }
  });
});

/** Every text of a language, its interpolations taken out. */
function allTexts(language: string): string[] {
  const out: string[] = [];
  const walk = (tree: unknown) => {
    if (typeof tree === 'string') out.push(tree.replace(/\{\{[^}]*\}\}/g, ' '));
    else if (tree && typeof tree === 'object') for (const value of Object.values(tree)) walk(value);
  };
  walk(RESOURCES[language]);
  return out;
}

/** Words of four letters or more (lower case). */
const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];

/** English words the page's texts use that `language`'s texts never do: one of them on the page is English left behind. */
function englishOnly(language: string): Set<string> {
  const theirs = new Set(allTexts(language).flatMap(wordsOf));
  return new Set(allTexts('en').flatMap(wordsOf).filter((w) => !theirs.has(w)));
}

/** What the page shows and says: each line of its visible text, its labels and titles. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const app = document.querySelector('.app') as HTMLElement;
    const said = [...app.querySelectorAll('[aria-label], [title]')].filter((e) => (e as HTMLElement).checkVisibility?.() !== false).flatMap((e) => [e.getAttribute('aria-label') ?? '', e.getAttribute('title') ?? '']);
    return [...app.innerText.split('\n'), ...said].filter((text) => text.trim() !== '');
  });
}

describe('a language switch mid-game', { timeout: 300_000 }, () => {
  it('English → French → German: every text already shown (moves, captions, a notice, the seats) redrawn, no English left, German in du', async () => {
    const page = await openIn('en-GB');
    try {
      // The computers play up to the person's turn; the person plays a move, then clicks an occupied socket (a notice).
      await page.waitForFunction(() => window.rolit.state().shown.toMove === 'red', undefined, { timeout: 120_000 });
      await waitSettled(page, 120_000);
      const before = await page.evaluate(() => window.rolit.state().shown.moves.length);
      const legal = parseRecord(await page.evaluate(() => window.rolit.state().record)).legalMoves()[0];
      await playByGrid(page, legal);
      await page.waitForFunction((n) => window.rolit.state().shown.moves.length >= n + 4 && window.rolit.state().shown.toMove === 'red', before, { timeout: 120_000 });
      await waitSettled(page, 120_000);
      await page.locator(`.board-grid button[data-square="${legal}"]`).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('message').waitFor();
      await leaveGrid(page);
      const english = (await pageTexts(page)).flatMap(wordsOf);
      expect(english).toEqual(expect.arrayContaining(['plays', 'rolls']));

      for (const language of ['fr', 'de'] as const) {
        await useControl(page, page.getByTestId('language'), (c) => c.selectOption(language));
        await page.waitForFunction((l) => document.documentElement.lang === l, language);
        await page.getByRole('button', { name: text(language, 'hud', 'newGame'), exact: true }).waitFor();
        await screenshot(page, `i18n-switch-${language}`, 30_000);
        const leftOver = englishOnly(language);
        const texts = await pageTexts(page);
        expect(texts.filter((text) => wordsOf(text).some((w) => leftOver.has(w))), `English left on the ${language} page`).toEqual([]);
        // The notice is still there, in the new language.
        expect(await page.getByTestId('message').isVisible()).toBe(true);
      }
      // German speaks to the player as du, never as Sie.
      const german = await page.evaluate(() => (document.querySelector('.app') as HTMLElement).innerText);
      expect(german.match(/(?<!\p{L})(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihnen)(?!\p{L})/gu)).toBeNull();
      expect(german).toMatch(/(?<!\p{L})(du|Du|dein|Dein)(?!\p{L})/u);
    } finally {
      await page.close();
    }
  });
});
