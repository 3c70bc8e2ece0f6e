/**
 * A new player's first online room, started while the page's 3D view is still loading, with the
 * start throw's file never coming (a request that stalls): the round does not wait for it for good.
 * The page says the throw could not be loaded, shows the ball at rest and the start balls in their
 * sockets, and the player's click on a legal socket plays the move.
 * Screenshot: test-artifacts/first-room-throw-missing.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/engine/index';
import { alicePlays, alicesTable, startTestServer, type TestServer } from '../server/helpers';
import { openApp, rolitState, screenshot, socketColour, socketPosition, waitSettled } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ computerDelayMs: 300, graceSeconds: 10 });
});
afterAll(async () => {
  await server?.close();
});

const LAPTOP = { width: 1280, height: 800 };

/** In the page: keeps every message the status line shows (window.messages), however few frames the page draws. */
function keepMessages(): void {
  const w = window as unknown as { messages: string[] };
  w.messages = [];
  const look = () => {
    const words = document.querySelector('[data-testid="message"]')?.textContent;
    if (words && w.messages.at(-1) !== words) w.messages.push(words);
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
}

describe('the first online room with the start throw’s file stalled', () => {
  it('plays on: the page says the throw could not be loaded, the start balls are in their sockets, and a click on a legal socket plays', async () => {
    const alice = await alicesTable(server.endpoint);
    const context = await app.browser.newContext({ viewport: LAPTOP, locale: 'en-GB' });
    // Every throw's request stays unanswered (neither served nor failed).
    await context.route(/\/throws\/throw-\d+\.json$/, () => undefined);
    const stop = alicePlays(alice);
    try {
      const { page, errors } = await openApp(app.browser, app.served, `?room=${alice.room.roomId}&server=127.0.0.1:${server.port}`, LAPTOP, { context, firstVisit: true });
      page.setDefaultTimeout(120_000);
      await page.getByTestId('lobby').waitFor({ timeout: 90_000 });
      await page.getByTestId('online-name').fill('Bob');
      await page.getByTestId('take-yellow').click();
      await page.waitForFunction(() => window.rolit.online()?.colour === 'yellow', undefined, { polling: 100 });
      await page.evaluate(keepMessages);
      // The room starts at once, its 3D view perhaps still loading.
      alice.room.send('start');
      // The round goes on past its throw to the first turn, and on to Bob's.
      await page.waitForFunction(() => window.rolit.state().shown.toMove === 'yellow', undefined, { timeout: 150_000, polling: 100 }).catch(async (error: Error) => {
        const seen = await page.evaluate(() => ({ shown: window.rolit.state().shown, unsettled: window.rolit.unsettled(), online: window.rolit.online() })).catch(() => '(the page did not answer)');
        throw new Error(`${error.message}; the page showed ${JSON.stringify(seen)}`);
      });
      // The page said why the ball did not fly.
      expect(await page.evaluate(() => (window as unknown as { messages: string[] }).messages)).toContainEqual(expect.stringContaining('The start throw could not be loaded'));
      await waitSettled(page, 120_000);
      const shot = await screenshot(page, 'first-room-throw-missing', 120_000);
      // The board shows the balls of the round as played so far, the start balls among them, each in its colour.
      const game = parseRecord((await rolitState(page)).record);
      for (const square of ['d4', 'e4', 'd5', 'e5']) expect({ square, colour: await socketColour(page, shot, square) }).toEqual({ square, colour: game.state.board[square] });
      // Before the first move the thrown ball lies at rest (the first move puts it back into the box).
      if (game.state.moves.length === 0) expect(await page.evaluate(() => window.rolit.thrownBall())).not.toBeNull();
      // Bob's click on a legal socket plays the move: the room has it.
      const move = game.legalMoves().find((m) => !m.includes('+'))!;
      const before = alice.room.state.moves.length;
      const { x, y } = await socketPosition(page, move);
      await page.mouse.click(x, y);
      await page.waitForFunction((n) => (window.rolit.online()?.movesPlayed ?? 0) > n, before, { timeout: 60_000, polling: 100 });
      expect(alice.room.state.moves[before]).toBe(move);
      // Only the throw's own failure is in the console (said for the operator too).
      expect(errors.filter((e) => !e.includes('the start throw could not be loaded'))).toEqual([]);
    } finally {
      stop();
      await context.close();
      await alice.room.leave();
    }
  }, 400_000);
});
