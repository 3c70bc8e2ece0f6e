/**
 * TV on the page, in headless Chromium against the real game server (started here on a free
 * loopback port, TV moving every 250 ms: faster than the board animates a move at speed 1): a
 * page opened at `?tv` watches at once as a spectator, keeps `?tv` in its address, and its board
 * never falls more than MOST_MOVES_BEHIND moves behind the room (it skips animations to catch up),
 * as `rolit.online()` reports (`movesPlayed`, `movesShown`); its room bar says four computers play,
 * and the win chance's graph in its move list is drawn at its own size (readable).
 * No 3D view: the director's clock runs without it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MOST_MOVES_BEHIND } from '../../src/director/link';
import { startTestServer, type TestServer } from '../server/helpers';
import { openApp, screenshot } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ tvMoveMs: 250, tvLevels: ['beginner', 'beginner', 'beginner', 'beginner'] });
});
afterAll(async () => {
  await server?.close();
});

it('?tv opens TV at once, and the board never falls more than two moves behind the room', async () => {
  const { page, errors } = await openApp(app.browser, app.served, `?tv&server=127.0.0.1:${server.port}`, { width: 1280, height: 800 }, { webgl: false });
  await page.waitForFunction(() => window.rolit.online()?.colour === '' && window.rolit.online()?.phase === 'playing', undefined, { timeout: 30_000 });
  expect(new URLSearchParams(await page.evaluate(() => location.search)).has('tv')).toBe(true);
  // Until the room has played 24 moves (6 s at its pace), the largest lag seen at every 50 ms.
  await page.waitForFunction(
    () => {
      const online = window.rolit.online();
      if (!online) return false;
      const seen = window as unknown as { lag?: number; shown?: number };
      seen.lag = Math.max(seen.lag ?? 0, online.movesPlayed - online.movesShown);
      seen.shown = Math.max(seen.shown ?? 0, online.movesShown);
      return online.movesPlayed >= 24;
    },
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  const { lag, shown } = await page.evaluate(() => {
    const seen = window as unknown as { lag: number; shown: number };
    return { lag: seen.lag, shown: seen.shown };
  });
  expect(lag).toBeLessThanOrEqual(MOST_MOVES_BEHIND);
  expect(shown).toBeGreaterThanOrEqual(24 - MOST_MOVES_BEHIND);
  // The room's bar says its four computers play, not that nobody is connected.
  const line = await page.getByTestId('online-bar').locator('> summary').innerText();
  expect(line).toContain('4 computers playing');
  expect(line).not.toMatch(/connected/);
  // The win chance over the round, in the move list, at its own size (196x64): readable, not squeezed to a few pixels.
  const graph = page.getByTestId('win-graph');
  await graph.waitFor({ timeout: 60_000 });
  const box = (await graph.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(60);
  expect(box.width).toBeGreaterThanOrEqual(190);
  await screenshot(page, 'tv-laptop', 60_000);
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);
