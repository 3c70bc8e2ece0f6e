/**
 * The game server stopping while a page watches a round (a page without the 3D view): the page
 * shows the notice with the seconds left and, once the round is saved, a button that plays it on
 * here, out of the room, at its last move. Its own server: stopping it ends Colyseus' match-maker
 * for the whole test process. Screenshot: test-artifacts/online-closing.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { movesOf, playFirst, startTestServer, type TestServer, twoPlayers, until } from '../server/helpers';
import { openApp, rolitState, screenshot } from './harness';
import { useBuiltApp } from './builtApp';
import { audit } from './axe';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  // A notice long enough to look at it; the room closes sooner once nobody is in it.
  server = await startTestServer({ closingSeconds: 30 });
});
afterAll(async () => {
  await server?.close();
});

it('shows the closing notice with its seconds, then plays the saved round on here', async () => {
  const { ann, bob, eve } = await twoPlayers(server.endpoint, { size: 6 });
  for (let n = 0; n < 2; n++) {
    await playFirst(ann.room.state.toMove === 'red' ? ann : bob);
    await until(ann.room, (st) => st.moves.length === n + 1, `move ${n + 1}`);
  }
  const { page, errors } = await openApp(app.browser, app.served, `?room=${ann.room.roomId}&speed=instant&server=127.0.0.1:${server.port}`, undefined, { webgl: false });
  await page.waitForFunction(() => window.rolit.state().moves.length === 2, undefined, { timeout: 90_000, polling: 100 });

  const stopped = server.stop();
  const notice = page.getByTestId('online-closing');
  await notice.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    // What the page had instead: its online status and the messages it showed.
    const seen = await page.evaluate(() => ({ online: window.rolit.online(), messages: [...document.querySelectorAll('[data-testid=message], [role=status], [role=alert]')].map((e) => e.textContent) }));
    throw new Error(`no closing notice; the page had ${JSON.stringify(seen)}; the room: ${JSON.stringify({ phase: ann.room.state.phase, moves: ann.room.state.moves.length })}`, { cause: error });
  });
  expect(await notice.getAttribute('role')).toBe('status');
  const text = (await notice.textContent()) ?? '';
  expect(text).toMatch(/^The game server is stopping: this room closes in \d+ seconds\. The round in play is saved\./);
  const seconds = Number(/in (\d+) seconds/.exec(text)![1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(30);
  const resume = page.getByTestId('continue-round-1');
  await resume.waitFor({ timeout: 30_000 });
  expect(await resume.textContent()).toBe('Continue round 1 on this device');
  await screenshot(page, 'online-closing');
  await audit(page, 'the closing notice');

  await resume.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.rolit.online() === null, undefined, { timeout: 30_000 });
  await page.getByTestId('replay-bar').waitFor({ timeout: 30_000 });
  expect((await rolitState(page)).moves).toEqual(movesOf(ann));
  expect(new URL(page.url()).searchParams.get('room')).toBeNull();
  expect(await notice.count()).toBe(0);

  for (const seen of [ann, bob, eve]) await seen.room.leave();
  await stopped;
  expect(errors).toEqual([]);
});
