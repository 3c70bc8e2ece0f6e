/**
 * At an online table in real headless Chromium against the real game server (started here): a
 * friend arriving by an invite link (no rules over the room, the host's name, nothing of the local
 * game behind), a player's turn in the status line and the tab's title and seen from their own
 * side, reactions by the sender's seat, a spectator's win chance within seconds and its graph as the
 * round goes (and no Suggest), and a resignation the table is told of while the computer plays on
 * (the round-over table counts its moves for the player).
 * Screenshots of the table on a laptop (1280x800) and a phone upright (390x844), as a player and
 * as a spectator, in English, French and German: test-artifacts/table-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { alicePlays, alicesTable, gameOf, startTestServer, type TestServer, until } from '../server/helpers';
import { boardUnder, leaveGrid, openApp, playByGrid, rolitState, screenshot, type Served, waitForScene, waitSettled } from './harness';
import { useBuiltApp } from './builtApp';
import { audit } from './axe';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  // Computers move at about a person's quick pace: the spectator's win chance must keep up with them.
  server = await startTestServer({ computerDelayMs: 300, graceSeconds: 10 });
});
afterAll(async () => {
  await server?.close();
});

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** In the page: keeps the words of the resignation notice as it first shows (window.resignedNotice), however few frames the page draws. */
function watchResignedNotice(): void {
  const w = window as unknown as { resignedNotice?: string };
  w.resignedNotice = undefined;
  const look = () => {
    const words = document.querySelector('[data-testid="resigned-notice"]')?.textContent;
    if (!words) return;
    w.resignedNotice = words;
    observer.disconnect();
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
}

/** The page opened by the invite link of `room`, in `locale`. */
async function byLink(browser: Browser, served: Served, room: string, viewport: { width: number; height: number }, options: { locale?: string; firstVisit?: boolean; webgl?: boolean; speed?: string } = {}) {
  const context = await browser.newContext({ viewport, locale: options.locale ?? 'en-GB' });
  const speed = options.speed ? `&speed=${options.speed}` : '';
  return openApp(browser, served, `?room=${room}&server=127.0.0.1:${server.port}${speed}`, viewport, { context, firstVisit: options.firstVisit, webgl: options.webgl });
}

/**
 * Follows the start throw on `page` frame by frame until the first turn: the frames where the
 * status line (which holds the throw's caption) covers the thrown ball's centre.
 */
function throwCovered(page: Page): Promise<{ frames: number; covered: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ frames: number; covered: string[] }>((resolve) => {
        let frames = 0;
        const covered: string[] = [];
        const tick = () => {
          const ball = window.rolit.thrownBall();
          const bar = document.querySelector('[data-testid="throw-caption"]')?.closest('.bar')?.getBoundingClientRect();
          if (ball && bar) {
            frames++;
            if (ball.x > bar.left && ball.x < bar.right && ball.y > bar.top && ball.y < bar.bottom) covered.push(`${Math.round(ball.x)},${Math.round(ball.y)}`);
          }
          if (window.rolit.state().shown.toMove && frames > 0) resolve({ frames, covered });
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

const isVisible = (page: Page, selector: string) => page.locator(selector).first().isVisible();
const evaluationShown = (page: Page) => page.evaluate(() => [...document.querySelectorAll('[data-testid="evaluation"] .win')].some((cell) => /%/.test(cell.textContent ?? '')));

describe('at an online table', () => {
  it('an invited friend arrives at the host’s table: no rules over it, the host’s name, nothing of the local game behind', async () => {
    const alice = await alicesTable(server.endpoint);
    const { page, errors } = await byLink(app.browser, app.served, alice.room.roomId, LAPTOP, { firstVisit: true, webgl: false });
    await page.getByTestId('lobby').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('lobby-title').textContent()).toBe('Join Alice’s table');
    expect(await page.getByText('Invite friends').count()).toBe(0);
    // A first visit, but no rules dialog over the room; nor the local game's seats, moves or status behind it.
    expect(await page.getByTestId('rules').count()).toBe(0);
    for (const panel of ['.seats', '.moves', '.status-line']) expect(await isVisible(page, panel), panel).toBe(false);
    await screenshot(page, 'table-arrival-laptop');
    await audit(page, 'the lobby of an invited friend');
    // The rules are one click away, inside the room.
    await page.getByTestId('lobby-rules').click();
    await page.getByTestId('rules').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('rules').waitFor({ state: 'detached' });
    await page.getByTestId('lobby').waitFor();
    // The host sees the host's words.
    await page.setViewportSize(PHONE);
    await screenshot(page, 'table-arrival-phone');
    expect(errors).toEqual([]);
    await alice.room.leave();
  }, 180_000);

  it('a player’s turn is in the status line and the tab’s title; a spectator’s win chance comes at once, with its graph, and no Suggest; a resignation is told while the computer plays on', async () => {
    const alice = await alicesTable(server.endpoint);
    const code = alice.room.roomId;
    // Bob's board shows each move at once (the round's end comes sooner); the spectator's plays them out, the start throw too.
    const bob = await byLink(app.browser, app.served, code, LAPTOP, { speed: 'instant' });
    await bob.page.getByTestId('lobby').waitFor({ timeout: 90_000 });
    await bob.page.getByTestId('online-name').fill('Bob');
    await bob.page.getByTestId('take-yellow').click();
    await bob.page.waitForFunction(() => window.rolit.online()?.colour === 'yellow');
    // Seated, he is at Alice's table, no longer asked to join it.
    await expect.poll(() => bob.page.getByTestId('lobby-title').textContent()).toBe('At Alice’s table');
    const eve = await byLink(app.browser, app.served, code, PHONE, { locale: 'fr-FR' });
    await eve.page.getByTestId('lobby').waitFor({ timeout: 90_000 });
    const title = await bob.page.title();
    for (const p of [bob.page, eve.page]) await waitForScene(p, 120_000);
    const stop = alicePlays(alice);
    const thrown = throwCovered(eve.page);
    alice.room.send('start');
    try {
      // On the phone the throw's caption never covers the rolling ball.
      const { frames, covered } = await thrown;
      expect(frames).toBeGreaterThan(2); // a software-drawn page draws few frames of it
      expect(covered).toEqual([]);

      // Bob's turn: "Your turn" in the status line and the tab's title, his seat marked, the board seen from his side.
      await bob.page.waitForFunction(() => document.title.startsWith('Your turn · '), undefined, { timeout: 120_000, polling: 100 });
      expect(await bob.page.title()).toBe(`Your turn · ${title}`);
      expect(await bob.page.getByTestId('turn').textContent()).toContain('Your turn');
      expect(await bob.page.locator('.seat', { has: bob.page.getByTestId('you-mark') }).getAttribute('data-seat')).toBe('1');
      expect(await bob.page.evaluate(() => [...document.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.getAttribute('aria-label') ?? b.textContent))).toContainEqual(expect.stringContaining('yellow'));
      // The spectator, on the same turn: the win chance is there, and Suggest is not.
      await eve.page.waitForFunction(() => window.rolit.state().shown.toMove === 'yellow', undefined, { timeout: 60_000, polling: 100 });
      expect(await eve.page.getByRole('button', { name: 'Suggérer' }).count()).toBe(0);
      expect(await eve.page.getByTestId('turn').count()).toBe(1);
      // On the laptop the room's line lies clear of the board: none of its coordinates or sockets under it.
      expect(await boardUnder(bob.page, '[data-testid="online-bar"]')).toEqual([]);
      // A reaction, from the room's bar unfolded, shows by Bob's seat, on every page, by his name.
      await bob.page.getByTestId('online-bar').locator('> summary').click();
      await bob.page.getByRole('button', { name: 'Well played!' }).click();
      await eve.page.getByTestId('reaction').waitFor();
      expect(await eve.page.locator('.seat[data-seat="1"] [data-testid="reaction"]').textContent()).toBe('Bob : Bien joué !');
      await screenshot(bob.page, 'table-your-turn-laptop');
      await screenshot(eve.page, 'table-spectator-phone-fr');

      // Bob plays by the keyboard once his page has settled (the view turned to his side, the reaction shown); the title is the page's own again.
      await waitSettled(bob.page, 120_000);
      const move = parseRecord((await rolitState(bob.page)).record).legalMoves()[0];
      await playByGrid(bob.page, move);
      await leaveGrid(bob.page);
      // A loaded machine can take a while (as the other waits here allow); a time-out says what the page showed.
      await bob.page.waitForFunction((t) => window.rolit.state().shown.toMove !== 'yellow' && document.title === t, title, { timeout: 60_000, polling: 20 }).catch(async (error: Error) => {
        const seen = await bob.page
          .evaluate(() => ({
            toMove: window.rolit.state().shown.toMove, moves: window.rolit.state().moves.length, shown: window.rolit.state().shown.moves.length, title: document.title, online: window.rolit.online(),
            message: document.querySelector('[data-testid="message"]')?.textContent ?? null, focused: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
          }))
          .catch(() => '(the page did not answer)');
        const room = { toMove: alice.room.state.toMove, moves: alice.room.state.moves.length };
        throw new Error(`${error.message}; Bob's page after playing ${move}: ${JSON.stringify(seen)}; the room: ${JSON.stringify(room)}; Bob's errors: ${JSON.stringify(bob.errors)}`);
      });

      // The spectator gets the win chance while the round goes, not "estimating" to its end (it used
      // to be dropped at every move). How soon is printed; on a loaded machine it can take a while.
      await eve.page.waitForFunction(() => window.rolit.state().shown.moves.length >= 2, undefined, { timeout: 60_000, polling: 100 });
      const asked = Date.now();
      await eve.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="evaluation"] .win')].some((cell) => /%/.test(cell.textContent ?? '')), undefined, { timeout: 90_000, polling: 100 });
      console.log(`spectator's win chance shown ${Date.now() - asked} ms after the second move was on the board`);
      expect(await eve.page.evaluate(() => window.rolit.state().shown.over)).toBe(false);
      expect(await evaluationShown(eve.page)).toBe(true);

      // Bob resigns, confirmed: every page is told, and the computer plays yellow on.
      const resignedAt = alice.room.state.moves.length;
      await bob.page.getByTestId('resign').click();
      await bob.page.getByTestId('resign-confirm').waitFor();
      // The notice stays 8 s: both pages watch for it from before the confirmation, its words read as it shows.
      for (const p of [bob.page, eve.page]) await p.evaluate(watchResignedNotice);
      await bob.page.getByTestId('resign-confirmed').click();
      const notices = await Promise.all(
        [bob.page, eve.page].map((p) =>
          p.waitForFunction(() => (window as unknown as { resignedNotice?: string }).resignedNotice, undefined, { timeout: 60_000, polling: 100 }).then((h) => h.jsonValue()),
        ),
      ).catch(async (error: Error) => {
        const seats = [...alice.room.state.seats].map((seat) => `${seat.colour}${seat.resigned ? ' resigned' : ''}${seat.connected ? '' : ' disconnected'}`);
        const pages = await Promise.all([bob, eve].map((who) => who.page.evaluate(() => ({ online: window.rolit.online(), message: document.querySelector('[data-testid="message"]')?.textContent ?? null })).catch(() => '(no answer)')));
        throw new Error(`${error.message}; the room's seats: ${seats.join(', ')}; Bob's and Eve's pages: ${JSON.stringify(pages)}; errors: ${JSON.stringify([bob.errors, eve.errors])}`);
      });
      expect(notices).toEqual(['Bob resigned; the computer plays on', 'Bob a abandonné ; l’ordinateur joue à sa place']);
      expect(await bob.page.getByTestId('resign').count()).toBe(0);
      // His seat no longer reads "human": the computer plays on for him.
      expect(await bob.page.locator('.seat[data-seat="1"] .kind').textContent()).toMatch(/^Yellow · resigned · computer \(.+\)$/);
      await screenshot(bob.page, 'table-resigned-laptop');

      // The spectator's graph grows as the round goes, before its end is on the board.
      await eve.page.getByTestId('win-graph').waitFor({ timeout: 60_000 });
      expect(await eve.page.evaluate(() => window.rolit.state().shown.over)).toBe(false);
      await screenshot(eve.page, 'table-spectator-graph-phone-fr');
      await eve.page.setViewportSize(LAPTOP);
      await screenshot(eve.page, 'table-spectator-laptop-fr');
      // The spectator's part is over: her page, drawing every move, no longer slows the rest.
      await eve.page.close();

      // The computer played yellow's turns after the resignation, to the round's end; Bob's title never said it was his turn.
      await until(alice.room, (st) => st.phase === 'over', 'the round’s end', 120_000);
      expect(gameOf(alice).state.moves.slice(resignedAt).filter((m) => m.colour === 'yellow').length).toBeGreaterThan(3);
      expect(await bob.page.title()).toBe(title);

      // On the laptop, the whole round's move list stops short of the room's unfolded sheet above it.
      await bob.page.getByTestId('round-over').waitFor({ timeout: 240_000 });
      await bob.page.getByRole('button', { name: 'View board' }).click();
      await bob.page.waitForFunction(() => (document.querySelector('.moves ol')?.children.length ?? 0) >= 60, undefined, { timeout: 60_000 });
      expect(await bob.page.getByTestId('online-bar').getAttribute('open')).not.toBeNull();
      await bob.page.waitForFunction(() => {
        const [sheet, list] = ['.online-bar > .body', '.moves'].map((s) => document.querySelector(s)!.getBoundingClientRect());
        return sheet.height > 0 && list.top >= sheet.bottom;
      }, undefined, { timeout: 10_000 });
      await screenshot(bob.page, 'table-round-end-laptop');

      // The round's end on a phone (a page opening the link now): the round-over panel's buttons keep their words inside them.
      const carol = await byLink(app.browser, app.served, code, PHONE, { speed: 'instant', webgl: false });
      await carol.page.getByTestId('round-over').waitFor({ timeout: 120_000 });
      await screenshot(carol.page, 'table-round-over-phone');
      // Yellow's row says the computer played for Bob, and for how many moves.
      const standIn = gameOf(alice).state.moves.slice(resignedAt).filter((m) => m.colour === 'yellow').length;
      const roundTable = carol.page.getByTestId('round-over').locator('table').first();
      expect(await roundTable.locator('tr', { hasText: 'Bob' }).textContent()).toContain(`Bob, computer for ${standIn} moves`);
      const overflowing = await carol.page.evaluate(() => [...document.querySelectorAll('[data-testid="round-over"] .actions .btn')].filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent));
      expect(overflowing).toEqual([]);
      expect(carol.errors).toEqual([]);
      expect([bob.errors, eve.errors].flat()).toEqual([]);
    } finally {
      stop();
      await alice.room.leave();
    }
  }, 600_000);
});
