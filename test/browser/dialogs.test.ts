/**
 * The modal dialogs in Chromium (Share, History, Open, Clip): Tab stays inside, Escape closes and
 * gives focus back to the button that opened it (the Menu button for one of the menu, which its
 * action closed), axe-core finds no serious or critical violation,
 * and the game waits while Share, History or Open is open in a game of computers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, rolitState, screenshot, waitForScene, waitIdle, waitSettled, useControl } from './harness';
import { audit } from './axe';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();
const RECORD = readFileSync('test/fixtures/records/four-players.rolit', 'utf8');

const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

/** Opens the dialog from its button with the keyboard, checks the focus contract and axe, closes it with Escape. */
async function checkDialog(page: Page, button: string, title: string) {
  const control = await useControl(page, page.getByRole('button', { name: button, exact: true }));
  const inMenu = await control.evaluate((el) => el.closest('#settings-menu') !== null);
  await control.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  expect(await focusInDialog(page), `${title}: focus moves into the dialog`).toBe(true);
  const seen = new Set<string>();
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
    expect(await focusInDialog(page), `${title}: Tab ${i + 1} stays inside`).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 80)));
  }
  expect(seen.size, `${title}: Tab reaches several controls`).toBeGreaterThan(1);
  await screenshot(page, `dialog-${button.replace(/\W/g, '').toLowerCase()}`, 120_000);
  await audit(page, title);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  if (inMenu) expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), `${title}: focus back on the Menu button`).toBe('menu-button');
  else expect(await focusedText(page), `${title}: focus back on its button`).toBe(button);
}

describe('modal dialogs', { timeout: 300_000 }, () => {
  it('on a phone held sideways the first visit’s rules scroll inside, their Play button held on screen', async () => {
    const viewport = { width: 844, height: 390 };
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', viewport, { firstVisit: true, webgl: false });
    const rules = page.getByTestId('rules');
    await rules.waitFor();
    const seen = await rules.evaluate((overlay) => {
      const card = overlay.querySelector('.dialog')!;
      const play = [...card.querySelectorAll('button')].find((b) => b.textContent === 'Play')!.getBoundingClientRect();
      return { scrolls: card.scrollHeight > card.clientHeight, playTop: play.top, playBottom: play.bottom };
    });
    await screenshot(page, 'dialog-rules-phone-sideways');
    expect(seen.scrolls).toBe(true); // the case in question: more words than the screen's height
    expect(seen.playTop).toBeGreaterThanOrEqual(0);
    expect(seen.playBottom).toBeLessThanOrEqual(viewport.height);
    await rules.getByRole('button', { name: 'Play', exact: true }).click();
    await rules.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Share, History and Open keep Tab inside, close on Escape, give focus back, pass axe', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', undefined, { webgl: false });
    await waitSettled(page);
    await checkDialog(page, 'Share…', 'Share this game');
    await checkDialog(page, 'History…', 'Finished rounds');
    await checkDialog(page, 'Open…', 'Open a game record');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Clip dialog of a replay keeps Tab inside, closes on Escape, gives focus back, passes axe', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant');
    await waitForScene(page);
    // Keys rather than clicks: under load the toolbar's button may not count as "stable" for a click.
    await (await useControl(page, page.getByRole('button', { name: 'Open…' }))).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Paste a record').fill(RECORD);
    await page.getByRole('button', { name: 'Open in replay' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('replay-bar').waitFor();
    await waitIdle(page);
    // A replay opens at the round's end (the results panel up): back to the start first.
    await page.keyboard.press('Home');
    await waitIdle(page);
    await checkDialog(page, 'Clip…', 'Video clip of the replay');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a game of computers waits while Share, History or Open is open, and goes on once it closes', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:beginner,ai:beginner,ai:beginner,ai:beginner&seed=2&speed=1', undefined, { webgl: false, engineHelp: false });
    await page.waitForFunction(() => window.rolit.state().moves.length >= 2, undefined, { timeout: 60_000 });
    for (const [button, title] of [['Share…', 'Share this game'], ['History…', 'Finished rounds'], ['Open…', 'Open a game record']]) {
      await (await useControl(page, page.getByRole('button', { name: button, exact: true }))).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: title }).waitFor();
      // Settled with the dialog open: no computer move is asked for while it is open (a move already
      // on its way may still land first).
      const before = (await rolitState(page)).moves.length;
      await waitSettled(page);
      const during = (await rolitState(page)).moves.length;
      expect(during - before, `${title}: no move while it is open`).toBeLessThanOrEqual(1);
      await waitSettled(page);
      expect((await rolitState(page)).moves.length, `${title}: no move while it is open`).toBe(during);
      await page.keyboard.press('Escape');
      await page.waitForFunction((n) => window.rolit.state().moves.length > n, during, { timeout: 60_000 });
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
