/**
 * What players see (built app, Chromium): no empty status bubble; a watch link, the demo and a
 * shared link start at once on a first visit (the rules panel is offered only to a person about
 * to play); replays open where the link points and can be left.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { leaveGrid, openApp, playByGrid, rolitState, screenshot, waitForScene, waitIdle, useControl } from './harness';
import { readRecord } from '../../src/engine/index';
import { useBuiltApp } from './builtApp';
import { linkPosition, recordFromFragment, shareLink } from '../../src/app/replay/shareLink';

/** Plays the first legal move `count` times (people's turns) through the accessible grid, waiting for each. */
async function playFirstLegalMoves(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    const move = readRecord((await rolitState(page)).record).game.legalMoves()[0];
    await playByGrid(page, move);
    await page.waitForFunction((n) => window.rolit.state().moves.length === n, i + 1);
    await waitIdle(page);
  }
}

const app = useBuiltApp();
const RECORD = readFileSync('test/fixtures/records/four-players.rolit', 'utf8');

describe('what players see', { timeout: 300_000 }, () => {
  it('the status line never shows an empty bubble', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=3&speed=instant');
    // Watch every frame of the page's life from here: a status bubble drawn with nothing in it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { emptyBubbles: string[] }).emptyBubbles = seen;
      const check = () => {
        for (const bar of document.querySelectorAll<HTMLElement>('.status .bar')) if (bar.innerText.trim() === '') seen.push(bar.outerHTML);
      };
      check();
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await waitForScene(page);
    await page.waitForFunction(() => window.rolit.state().shown.toMove !== null);
    await page.evaluate(() => window.rolit.settled());
    expect(await page.locator('.status .bar').first().innerText()).not.toBe('');
    expect(await page.evaluate(() => (window as unknown as { emptyBubbles: string[] }).emptyBubbles)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  describe('a first visit', () => {
    const rulesShown = (page: import('playwright-core').Page) => page.getByTestId('rules').count();

    it('offers the rules to a person about to play, and the game waits', async () => {
      const { page } = await openApp(app.browser, app.served, '?seats=human,ai&seed=3&speed=instant', undefined, { firstVisit: true });
      await waitForScene(page);
      await page.getByTestId('rules').waitFor();
      expect((await rolitState(page)).moves).toEqual([]);
      await page.close();
    });

    for (const [what, search] of [
      ['a watch link', '?seats=ai,ai,ai,ai&speed=instant'],
      ['the demo', '?demo&speed=instant'],
    ] as const) {
      it(`${what} starts playing at once, without the rules panel`, async () => {
        const { page, errors } = await openApp(app.browser, app.served, search, undefined, { firstVisit: true, webgl: false });
        await page.waitForFunction(() => window.rolit.state().moves.length >= 2, undefined, { timeout: 120_000 });
        expect(await rulesShown(page)).toBe(0);
        expect(errors).toEqual([]);
        await page.close();
      });
    }

    it('on a phone the rules panel opens scrolled to its top, on the first visit and from Rules, sideways and upright', async () => {
      const { page, errors } = await openApp(app.browser, app.served, '?seats=human,ai&seed=3&speed=instant', { width: 844, height: 390 }, { firstVisit: true, webgl: false });
      /** The panel's scrolling card once drawn: how far it is scrolled, whether it has more to scroll, whether its first rule is in sight. */
      const opened = async (shot: string) => {
        await page.getByTestId('rules').waitFor();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await screenshot(page, shot);
        return page.evaluate(() => {
          const card = document.querySelector<HTMLElement>('[data-testid=rules] .card')!;
          const first = card.querySelector('li')!.getBoundingClientRect();
          const box = card.getBoundingClientRect();
          return { top: card.scrollTop, scrolls: card.scrollHeight > card.clientHeight + 1, firstInSight: first.top >= box.top && first.bottom <= box.bottom };
        });
      };
      const close = () => page.getByTestId('rules').getByRole('button', { name: 'Play', exact: true }).click();
      const rules = () => useControl(page, page.getByRole('button', { name: 'Rules', exact: true }), (c) => c.click());
      // Sideways the rules are taller than the screen: they open at their first rule, not at the Play button.
      expect(await opened('rules-phone-sideways-first-visit')).toEqual({ top: 0, scrolls: true, firstInSight: true });
      await close();
      await rules();
      expect(await opened('rules-phone-sideways-asked')).toEqual({ top: 0, scrolls: true, firstInSight: true });
      await close();
      await page.setViewportSize({ width: 390, height: 844 });
      await rules();
      expect(await opened('rules-phone-upright-asked')).toMatchObject({ top: 0, firstInSight: true });
      expect(errors).toEqual([]);
      await page.close();
    });

    it('a shared link opens its replay without the rules panel', async () => {
      const link = await shareLink(app.served.url, RECORD);
      const { page, errors } = await openApp(app.browser, app.served, link.slice(app.served.url.length), undefined, { firstVisit: true, webgl: false });
      await page.getByTestId('replay-bar').waitFor();
      await page.evaluate(() => window.rolit.settled());
      expect(await rulesShown(page)).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  });

  it('the live move list looks back in replay; a share link from there carries the whole game and opens at that move; Leave returns', async () => {
    // Texts and state only: pages without the 3D view, the moves played through the accessible grid.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=5&speed=instant', { width: 1280, height: 800 }, { webgl: false });
    await playFirstLegalMoves(page, 4);
    await leaveGrid(page);
    const live = (await rolitState(page)).moves;
    await page.getByRole('list', { name: 'Moves played' }).getByRole('button').nth(1).click();
    await page.getByTestId('replay-bar').waitFor();
    await page.waitForFunction(() => window.rolit.state().moves.length === 2);
    // The replay's move list shows the position's move, in view.
    const current = page.getByTestId('replay-moves').locator('[aria-current="step"]');
    expect(await current.textContent()).toContain(`2. ${live[1]}`);
    expect(await current.isVisible()).toBe(true);

    await (await useControl(page, page.getByRole('button', { name: 'Share…' }))).click();
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('[data-testid="share-link"]')?.value ?? '').includes('#record=1.'));
    const link = await page.getByTestId('share-link').inputValue();
    const hash = link.slice(link.indexOf('#'));
    expect(linkPosition(hash)).toBe(2);
    expect(readRecord(await recordFromFragment(hash)).game.state.moves.map((m) => m.squares.join('+'))).toEqual(live);
    await page.keyboard.press('Escape');

    await page.getByTestId('leave-replay').click();
    await page.getByTestId('replay-bar').waitFor({ state: 'detached' });
    expect((await rolitState(page)).moves).toEqual(live); // the game goes on where it stood

    const friend = await openApp(app.browser, app.served, link.slice(app.served.url.length), undefined, { webgl: false });
    await friend.page.getByTestId('replay-bar').waitFor();
    await friend.page.waitForFunction(() => window.rolit.state().moves.length === 2);
    expect(await friend.page.getByTestId('replay-position').textContent()).toMatch(/2\D+4/);
    expect([...errors, ...friend.errors]).toEqual([]);
    await friend.page.close();
    await page.close();
  });

  it('a finished replay opens at its end and offers a way out, not a next round (French laptop)', async () => {
    // French from the page's start: one load of the 3D view.
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => localStorage.setItem('rolit.language', 'fr'));
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=instant', { width: 1280, height: 800 }, { context });
    await waitForScene(page);
    await (await useControl(page, page.getByRole('button', { name: 'Ouvrir…' }))).click();
    await page.getByLabel('Coller une partie').fill(RECORD);
    await page.getByRole('button', { name: 'Ouvrir en relecture' }).click();
    await page.getByTestId('replay-bar').waitFor();
    await page.evaluate(() => window.rolit.settled());
    expect((await rolitState(page)).moves).toHaveLength(60);
    const end = page.getByTestId('round-over');
    await end.waitFor();
    expect(await end.getByRole('button', { name: 'Manche suivante' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manche suivante' }).count()).toBe(0);
    await screenshot(page, 'replay-fr-1280x800');
    await end.getByRole('button', { name: 'Quitter la relecture' }).click();
    await page.getByTestId('replay-bar').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
