/**
 * What players see (built app, Chromium): no empty status bubble; a watch link, the demo and a
 * shared link start at once on a first visit (the rules panel is offered only to a person about
 * to play); replays open where the link points and can be left.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApp, rolitState, waitForScene } from './harness';
import { useBuiltApp } from './builtApp';
import { shareLink } from '../../src/app/replay/shareLink';

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
      const { page } = await openApp(app.browser, app.served, '?seats=human,ai&seed=3&speed=instant', undefined, true);
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
        const { page, errors } = await openApp(app.browser, app.served, search, undefined, true);
        await waitForScene(page);
        await page.waitForFunction(() => window.rolit.state().moves.length >= 2, undefined, { timeout: 120_000 });
        expect(await rulesShown(page)).toBe(0);
        expect(errors).toEqual([]);
        await page.close();
      });
    }

    it('a shared link opens its replay without the rules panel', async () => {
      const link = await shareLink(app.served.url, RECORD);
      const { page, errors } = await openApp(app.browser, app.served, link.slice(app.served.url.length), undefined, true);
      await page.getByTestId('replay-bar').waitFor();
      await waitForScene(page);
      await page.evaluate(() => window.rolit.settled());
      expect(await rulesShown(page)).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  });
});
