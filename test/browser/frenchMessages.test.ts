/**
 * No English left in French: a bad URL parameter, a bad pasted record and the default player names,
 * in the built app in Chromium (without WebGL: only texts are looked at). The expected sentences
 * are written out here in French.
 */
import { describe, expect, it } from 'vitest';
import { openApp, screenshot, waitSettled, useControl, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

const BAD_RECORD = '[Game "Chess"]\n[Size "8"]\n[Colours "red green"]\n[First "red"]\n[Result "*"]\n';

describe('messages in French', { timeout: 300_000 }, () => {
  it('a bad URL parameter and a bad pasted record are explained in French', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '', undefined, { webgl: false });
    await page.evaluate(() => localStorage.setItem('rolit.language', 'fr'));
    // Game parameters leave the address once the game started, so they come with a fresh load.
    await page.goto(`${app.served.url}?seats=human,robot&speed=100&size=5`);
    await waitForHandle(page);
    const problems = await page.getByTestId('problems').innerText();
    expect(problems).toContain('size=5: 8, 6 ou 4');
    expect(problems).toContain('speed=100: un multiplicateur de 0,25 à 8, ou instant');
    expect(problems).toContain('seats=human,robot: chaque place est human, ai ou ai:<niveau> ; "robot" n’est rien de tout cela');
    expect(problems).not.toMatch(/\b(not|neither|multiplier|seats lists|known)\b/);
    await waitSettled(page);
    await (await useControl(page, page.getByRole('button', { name: 'Ouvrir…' }))).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Coller une partie').fill(BAD_RECORD);
    await page.getByRole('button', { name: 'Ouvrir en relecture' }).focus();
    await page.keyboard.press('Enter');
    const error = await page.getByTestId('open-error').innerText();
    expect(error).toBe('Cette partie ne peut pas être ouverte : ligne 1, colonne 8 : [Game] doit valoir "Rolit", pas "Chess". Rien n’a été changé.');
    await screenshot(page, 'french-bad-record');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a refused click is said once, in its message: not again by the status line or the analysis panel', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', undefined, { webgl: false });
    await page.evaluate(() => localStorage.setItem('rolit.language', 'fr'));
    await page.reload();
    await waitSettled(page);
    const places = '[data-testid="message"], [data-testid="preview"], [data-testid="analysis-preview"]';
    const sayings = () => page.evaluate((selector) => [...document.querySelectorAll(selector)].map((e) => `${e.getAttribute('data-testid')}: ${e.textContent}`).filter((t) => t.includes('a1 ne touche aucune boule')), places);
    // Pointing at a1 (the grid's focus, as a hover): the status line says why it cannot be played.
    await page.locator('.board-grid button[data-square="a1"]').focus();
    await expect.poll(sayings).toEqual(['preview: a1 ne touche aucune boule']);
    // Clicking it: its message says so, alone.
    await page.keyboard.press('Enter');
    await expect.poll(sayings).toEqual(['message: a1 ne touche aucune boule']);
    expect(await page.evaluate(() => window.rolit.state().moves)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('default player names follow a switch of language', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,ai:beginner&seed=4', undefined, { webgl: false });
    const seatNames = () => page.locator('.seats .name').allInnerTexts();
    await page.waitForFunction(() => document.querySelectorAll('.seats .name').length === 2);
    expect(await seatNames()).toEqual(['You', 'Beginner 2']);
    await useControl(page, page.getByLabel('Language'), (c) => c.selectOption('fr'));
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect(await seatNames()).toEqual(['Vous', 'Débutant 2']);
    await useControl(page, page.getByLabel('Langue'), (c) => c.selectOption('de'));
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await seatNames()).toEqual(['Du', 'Anfänger 2']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
