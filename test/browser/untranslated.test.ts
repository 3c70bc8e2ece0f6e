/**
 * No English left in French, German, Dutch or Italian: the built app is opened in each language, a
 * 4x4 round of two computers is played to its end at instant speed (watch controls, round-over
 * panel, countdown), and every dialog and panel reachable from the HUD is opened (new game, rules,
 * keys, open, share, history, a kept round in replay, continue, analysis). All text the page shows
 * or speaks (text, aria-label, title, placeholder, alt) is compared with the English values of
 * src/i18n/locales/en/*.json: a text that reads as an English value whose translation differs, and
 * that no value of the page's language explains, fails, naming the key. Only texts are looked at, so
 * the page opens without WebGL (harness.withoutWebGL): the stage shows its no-3D message instead.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESOURCES } from '../support/allTexts';
import { screenshot, waitSettled, withoutWebGL, useControl, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();
const LANGUAGES = ['fr', 'de', 'nl', 'it'] as const;
const SEARCH = '?seats=ai:beginner,ai:beginner&size=4&speed=instant&seed=3';

/** Every text of a language: "ns:key.sub" -> value. */
function leaves(language: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: unknown, path: string) => {
    for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
      const at = path.endsWith(':') ? `${path}${key}` : `${path}.${key}`;
      if (typeof value === 'string') out.set(at, value);
      else if (value && typeof value === 'object') walk(value, at);
    }
  };
  for (const [ns, tree] of Object.entries(RESOURCES[language])) walk(tree, `${ns}:`);
  return out;
}

/** A value as a whole-text pattern: its {{variables}} match anything. */
function pattern(value: string): RegExp {
  const parts = value.split(/\{\{[^}]*\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return new RegExp(`^${parts.join('(.+?)')}$`, 'su');
}

/** Values worth looking for: at least three letters of their own besides the variables. */
const wordy = (value: string) => (value.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu)?.length ?? 0) >= 3;

const ENGLISH = leaves('en');

/** The texts of `language` that would be English on its page: the English value's pattern, for each key translated differently. */
function englishOnly(language: string) {
  const theirs = leaves(language);
  const english = [...ENGLISH].filter(([key, value]) => wordy(value) && theirs.get(key) !== value).map(([key, value]) => ({ key, pattern: pattern(value) }));
  // Only wordy values explain a text: "{{colour}} {{balls}}" would explain anything.
  const own = [...theirs.values()].filter(wordy).map(pattern);
  return (text: string) => (own.some((p) => p.test(text)) ? [] : english.filter((e) => e.pattern.test(text)).map((e) => e.key));
}

/** Every text the page shows or speaks: each element's own text, its whole text when short, and its read attributes. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const add = (s: string | null | undefined) => {
      const text = (s ?? '').replace(/\s+/g, ' ').trim();
      if (text) out.add(text);
    };
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('canvas, script, style')) continue;
      if (el.tagName !== 'OPTION' && !el.checkVisibility()) continue;
      add([...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join(''));
      if ((el.textContent ?? '').length < 200) add(el.textContent);
      for (const name of ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt']) add(el.getAttribute(name));
    }
    return [...out];
  });
}

describe('no English in the other languages', { timeout: 1_200_000 }, () => {
  it('the check flags English (variables filled in) and allows what the language itself says', () => {
    const french = englishOnly('fr');
    expect(french(ENGLISH.get('hud:newGame')!)).toContain('hud:newGame');
    expect(french('There is no seat 6.')).toContain('watch:takeOverNoSeat');
    expect(french(leaves('fr').get('hud:newGame')!)).toEqual([]);
    // "Pause" is French too: the French page may show it.
    expect(leaves('fr').get('watch:pause')).toBe(ENGLISH.get('watch:pause'));
    expect(french('Pause')).toEqual([]);
  });

  it.each(LANGUAGES)('%s: HUD, watch controls, round over, every dialog, history, replay and continue', async (language) => {
    const their = leaves(language);
    const text = (key: string) => their.get(key)!;
    const isEnglish = englishOnly(language);
    const found = new Map<string, string>();
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: `${language}-${language.toUpperCase()}` });
    await withoutWebGL(page);
    await page.addInitScript(() => {
      if (localStorage.getItem('rolit.settings.v1') === null) localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
    });
    const look = async (where: string) => {
      for (const t of await pageTexts(page)) for (const key of isEnglish(t)) found.set(`${JSON.stringify(t)} (${key})`, where);
    };
    const button = (key: string) => page.getByRole('button', { name: text(key), exact: true });
    /** Opens a dialog with the button of `key`, looks at it, closes it with Escape. */
    const dialog = async (key: string) => {
      await (await useControl(page, button(key).first())).click({ timeout: 120_000 });
      await page.locator('[role="dialog"], [data-testid="rules"]').first().waitFor({ timeout: 120_000 });
      await waitSettled(page);
      await look(key);
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"], [data-testid="rules"]').first().waitFor({ state: 'detached', timeout: 60_000 });
    };
    try {
      await page.goto(`${app.served.url}${SEARCH}`);
      await waitForHandle(page);
      await waitSettled(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await look('HUD');

      await page.waitForFunction(() => window.rolit.state().over && window.rolit.state().shown.over, undefined, { timeout: 300_000, polling: 250 });
      await look('round over');
      await screenshot(page, `untranslated-${language}-round-over`, 120_000);
      const stay = button('watch:cancelCountdown');
      if (await stay.isVisible()) await stay.click();

      for (const key of ['hud:newGame', 'hud:rules', 'a11y:helpButton', 'replay:open', 'replay:share']) await dialog(key);

      // The finished round is kept: the history lists it (colours, levels, result); it opens in replay; continue from there.
      await (await useControl(page, button('replay:history'))).click();
      const list = page.getByTestId('history-list');
      await list.locator('li').first().waitFor({ timeout: 60_000 });
      await look('replay:history');
      await screenshot(page, `untranslated-${language}-history`, 120_000);
      await list.getByRole('button', { name: text('replay:replayRound'), exact: true }).first().click();
      await page.locator('[role="dialog"]').waitFor({ state: 'detached', timeout: 60_000 });
      const bar = page.getByTestId('replay-bar');
      await bar.waitFor({ timeout: 60_000 });
      // A replay opens at the round's end: one move back, then Continue from there.
      await bar.getByRole('button', { name: text('replay:back'), exact: true }).click();
      await look('replay');
      await dialog('analysis:continue');

      // The analysis panel's exact values (a 4x4 board is solved in a moment).
      await page.getByRole('checkbox', { name: text('analysis:exactValues'), exact: true }).check();
      await waitSettled(page); // the exact values solved and shown
      await look('analysis:exactValues');
    } finally {
      if (found.size) console.log(`${language}: ${[...found].map(([t, where]) => `${where}: ${t}`).join('\n')}`);
      await page.close();
    }
    expect([...found].map(([t, where]) => `${where}: ${t}`)).toEqual([]);
  });
});
