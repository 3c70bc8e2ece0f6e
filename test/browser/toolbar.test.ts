/**
 * One calm table: the toolbar is one short row in every language on a laptop and on a phone held
 * upright, at most two in the right column of one held sideways (New
 * game, Undo, the Menu, and Pause and Step in a game no person plays), its Menu is a disclosure the keyboard
 * opens and closes (Escape puts the focus back on its button), an action of the menu that opens a
 * dialog closes it and the dialog's closing puts the focus back on the Menu button, and a notice at
 * the top keeps clear of the seats and the bar; a click on the Menu opens it while computers move,
 * and it stays open as they play on. Only boxes, texts and focus are looked at: the page runs
 * without WebGL (but for the computers' game, where the canvas lies under the menu), and each
 * language's two games are loaded once and resized to each screen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '../../src/i18n/index';
import { openApp, openRecordByPaste, screenshot, useControl, waitForScene } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();
const RECORD = readFileSync('test/fixtures/records/four-players.rolit', 'utf8');
const LAPTOP = { width: 1280, height: 800 };
const PHONE_UPRIGHT = { width: 390, height: 844 };
const PHONE_SIDEWAYS = { width: 844, height: 390 };
/** A phone held sideways: the width of the columns beside the board (hud.css's --side-column). */
const SIDE_COLUMN = 200;

async function openIn(language: string, search: string, viewport = LAPTOP) {
  const context = await app.browser.newContext({ viewport, locale: language });
  await context.addInitScript((l) => localStorage.setItem('rolit.language', l), language);
  const { page, errors } = await openApp(app.browser, app.served, search, viewport, { webgl: false, context });
  await page.locator('.toolbar .btn.primary').waitFor();
  return { page, errors, close: () => context.close() };
}

type Box = { left: number; top: number; right: number; bottom: number };
const boxOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Waits for two frames after a resize: the page's resize observers have run and it is laid out anew. */
const laidOut = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** The menu is closed: its button says so and its panel is hidden. */
async function expectMenuClosed(page: Page, where: string) {
  expect(await page.getByTestId('menu-button').getAttribute('aria-expanded'), `${where}: aria-expanded`).toBe('false');
  expect(await page.locator('#settings-menu').isVisible(), `${where}: panel hidden`).toBe(false);
}

/** The tops of the rows of the toolbar's shown controls (Skip, drawn beside the bar, apart), the bar's own box, and whether Skip, when shown, is wholly on screen. */
function toolbarRow(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.toolbar')!;
    const controls = [...bar.querySelectorAll<HTMLElement>('button, select, input')].filter((el) => el.checkVisibility() && !el.closest('#settings-menu'));
    const inRow = controls.filter((el) => !el.classList.contains('skip'));
    const skip = controls.find((el) => el.classList.contains('skip'))?.getBoundingClientRect();
    const skipOnScreen = !skip || (skip.left >= 0 && skip.top >= 0 && skip.right <= innerWidth && skip.bottom <= innerHeight);
    const r = bar.getBoundingClientRect();
    return { tops: [...new Set(inRow.map((el) => Math.round(el.getBoundingClientRect().top)))], names: controls.map((el) => el.textContent ?? ''), height: r.height, left: r.left, right: r.right, skipOnScreen };
  });
}

describe('the toolbar and its menu', { timeout: 300_000 }, () => {
  it.each(Object.keys(LANGUAGES))('%s: one row at 1280x800 and on a phone upright, at most two in the right column sideways, playing and watching, clear of the seats', async (language) => {
    // Each game loads once and is looked at on each screen in turn, as a window resized or a phone turned.
    for (const search of ['?seats=human,ai:beginner', '?seats=ai,ai,ai,ai&speed=0.25']) {
      const { page, errors, close } = await openIn(language, search);
      try {
        for (const viewport of [LAPTOP, PHONE_UPRIGHT, PHONE_SIDEWAYS]) {
          await page.setViewportSize(viewport);
          await laidOut(page);
          const where = `${language} ${viewport.width}x${viewport.height} ${search}`;
          const row = await toolbarRow(page);
          if (viewport === PHONE_SIDEWAYS) {
            // Sideways, in the right column beside the board: at most two rows, within the column.
            expect(row.tops.length, `${where}: ${row.names.join(' | ')}`).toBeLessThanOrEqual(2);
            expect(row.height, where).toBeLessThan(100);
            expect(row.left, where).toBeGreaterThanOrEqual(viewport.width - 8 - SIDE_COLUMN - 1);
          } else {
            expect(row.tops, `${where}: ${row.names.join(' | ')}`).toHaveLength(1);
            expect(row.height, where).toBeLessThan(60);
          }
          expect(row.names.length, where).toBeLessThanOrEqual(6);
          expect(row.left >= 0 && row.right <= viewport.width, `${where}: on screen`).toBe(true);
          expect(row.skipOnScreen, `${where}: Skip on screen`).toBe(true);
          expect(overlap(await boxOf(page, '.toolbar'), await boxOf(page, '.seats')), where).toBe(false);
          if (search.includes('ai,ai') && viewport === LAPTOP) await screenshot(page, `toolbar-${language}-watch`, 60_000);
        }
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('the menu opens and closes by keyboard, labelled, and gives the focus back to its button', async () => {
    const { page, errors, close } = await openIn('en', '?seats=human,ai:beginner');
    try {
      const button = page.getByRole('button', { name: 'Menu' });
      const panel = page.getByRole('group', { name: 'Settings' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await panel.isVisible()).toBe(false);
      await button.focus();
      await page.keyboard.press('Enter');
      await panel.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await button.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
      // Tab goes from the button into the panel; its settings are named in words.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#settings-menu'))).toBe(true);
      const coordinates = panel.getByRole('checkbox', { name: 'Coordinates' });
      const on = await coordinates.isChecked();
      await coordinates.focus();
      await page.keyboard.press('Space');
      await page.waitForFunction((was) => JSON.parse(localStorage.getItem('rolit.settings.v1') ?? '{}').coordinates === !was, on);
      expect(await coordinates.isChecked()).toBe(!on);
      // Never by colour alone: every colour swatch shown (seats, views, win chances) carries its colour's symbol; the views are named.
      const plain = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.swatch')].filter((s) => s.checkVisibility() && !s.querySelector('.symbol')).map((s) => s.className));
      expect(plain).toEqual([]);
      for (const colour of ['Red', 'Green']) expect(await panel.getByRole('button', { name: new RegExp(`view from .*${colour}`, 'i') }).count()).toBe(1);
      // Opaque: the win-chance panel under it does not show through.
      expect(await panel.evaluate((menu) => getComputedStyle(menu).backgroundColor)).toMatch(/^rgb\(/);
      await screenshot(page, 'toolbar-menu-open', 60_000);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
      // Space opens it too; Keys closes it as its dialog opens, and the dialog's Escape puts the focus back on the Menu button.
      await page.keyboard.press('Space');
      await panel.waitFor();
      await (await useControl(page, page.getByRole('button', { name: 'Keys' }))).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      await expectMenuClosed(page, 'Keys open');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectMenuClosed(page, 'Keys closed');
      expect(await focusedTestId(page)).toBe('menu-button');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('an action of the menu closes it; its dialog closing (Escape, close button, its job done) puts the focus on the Menu button', async () => {
    const { page, errors, close } = await openIn('en', '?seats=human,human&seed=1&speed=instant');
    try {
      const menu = page.getByTestId('menu-button');
      /** Opens the menu by keyboard and chooses `button` with Enter; its dialog shows and the menu is closed. */
      const choose = async (button: string, title: string) => {
        await (await useControl(page, page.getByRole('button', { name: button, exact: true }))).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        await expectMenuClosed(page, `${button} chosen`);
        return dialog;
      };
      const closedTo = async (dialog: ReturnType<Page['getByRole']>, where: string) => {
        await dialog.waitFor({ state: 'detached' });
        await expectMenuClosed(page, where);
        expect(await focusedTestId(page), `${where}: focus on the Menu button`).toBe('menu-button');
      };
      // Rules, closed with its button.
      const rules = await choose('Rules', 'How to play Rolit');
      await rules.getByRole('button', { name: 'Play', exact: true }).click();
      await closedTo(rules, 'Rules closed by its button');
      // History, chosen with a click, closed with Escape.
      await useControl(page, page.getByRole('button', { name: 'History…' }), (c) => c.click());
      const history = page.getByRole('dialog', { name: 'Finished rounds' });
      await history.waitFor();
      await expectMenuClosed(page, 'History chosen');
      await page.keyboard.press('Escape');
      await closedTo(history, 'History closed by Escape');
      // Open…, closed with Escape.
      const open = await choose('Open…', 'Open a game record');
      await page.keyboard.press('Escape');
      await closedTo(open, 'Open closed by Escape');
      // Open…, its job done: a pasted record loaded into a replay.
      await openRecordByPaste(page, RECORD);
      await closedTo(page.getByRole('dialog', { name: 'Open a game record' }), 'Open after loading a record');
      // A setting leaves the menu open (a player adjusting several).
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.locator('#settings-menu').getByRole('checkbox', { name: 'Hints' }).click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('#settings-menu').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the menu opens at a click while computers move, and stays open as they play on', async () => {
    // The 3D view drawn (the canvas under the menu, the camera's controls on it), four computers at speed 1.
    const context = await app.browser.newContext({ viewport: LAPTOP, locale: 'en' });
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:beginner,ai:beginner,ai:beginner,ai:beginner&speed=1', LAPTOP, { context });
    try {
      page.setDefaultTimeout(120_000);
      await waitForScene(page, 120_000);
      const button = page.getByTestId('menu-button');
      const moves = () => page.evaluate(() => window.rolit.state().moves.length);
      for (let i = 0; i < 4; i++) {
        // A click with the mouse (pointerdown, pointerup, click) as a computer's move lands.
        const played = await moves();
        await page.waitForFunction((n) => window.rolit.state().moves.length > n, played);
        const box = (await button.boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        expect(await button.getAttribute('aria-expanded'), `click ${i + 1}`).toBe('true');
        // The next computer's move plays and animates: the menu stays open.
        const now = await moves();
        await page.waitForFunction((n) => window.rolit.state().moves.length > n, now);
        expect(await button.getAttribute('aria-expanded'), `click ${i + 1}, a move later`).toBe('true');
        expect(await page.locator('#settings-menu').isVisible()).toBe(true);
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        expect(await button.getAttribute('aria-expanded'), `click ${i + 1} again`).toBe('false');
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a notice at the top covers neither the seats nor the bar at 960x640', async () => {
    const { page, close } = await openIn('en', '?seats=human,ai,ai,ai&size=5', { width: 960, height: 640 });
    try {
      await page.getByTestId('problems').waitFor();
      const notice = await boxOf(page, '[data-testid="problems"]');
      expect(overlap(notice, await boxOf(page, '.seats'))).toBe(false);
      expect(overlap(notice, await boxOf(page, '.toolbar'))).toBe(false);
      await screenshot(page, 'toolbar-notice-960', 60_000);
    } finally {
      await close();
    }
  });
});
