/**
 * A page opened anew while its player holds a seat (their key and id kept in localStorage): it
 * says "Your game at table X is in play" and Return, from the keyboard, takes the seat back (the
 * other connection holding it is let go); a dialog opened meanwhile lies over it. Screenshot:
 * test-artifacts/return-to-game.png. The offer says within how many of the player's moves they must be
 * back before the round counts as given up, and so does Leave's question (leave-confirm.png).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerIdOf } from '../../src/server/players/playerId';
import { groupedRoomCode } from '../../src/wire/contractCodes';
import { create, eventually, startTestServer, type TestServer, until } from '../server/helpers';
import { audit } from './axe';
import { useBuiltApp } from './builtApp';
import { openApp, screenshot } from './harness';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('offers to return to the player’s game in play, and Return takes their seat back', async () => {
  const key = randomBytes(16).toString('base64url');
  // A round in play, on Ann's turn after the computer's: it waits for her.
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'green', colours: ['red', 'green'], player: key, seats: [{ kind: 'computer', level: 'beginner' }, { kind: 'human' }] });
  await until(ann.room, (st) => st.seats[1].connected, 'Ann seated');
  ann.room.send('start');
  await until(ann.room, (st) => st.phase === 'playing' && st.toMove === 'green', 'Ann to move');
  let left = 0;
  ann.room.onLeave((code) => (left = code));
  const context = await app.browser.newContext({ viewport: { width: 960, height: 640 } });
  await context.addInitScript(([k, id]) => {
    localStorage.setItem('rolit.player.key', k);
    localStorage.setItem('rolit.player.id', id);
  }, [key, playerIdOf(key)]);
  const { page, errors } = await openApp(app.browser, app.served, `?speed=instant&server=127.0.0.1:${server.port}`, undefined, { webgl: false, context });
  const offer = page.getByTestId('return-to-game');
  await offer.waitFor({ timeout: 60_000 });
  expect(await offer.textContent()).toContain(`Your game at table ${groupedRoomCode(ann.room.roomId)} is in play.`);
  // Told before it costs: 8x8, two seats of 30 moves, given up once a computer played 16 of them.
  expect(await offer.textContent()).toContain('A computer plays your seat; return within 16 of your moves or the round counts as given up.');
  await audit(page, 'the offer to return to a game');
  await screenshot(page, 'return-to-game');
  // A dialog opened meanwhile lies over the offer, which waits under it.
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('dialog', { name: 'New game' }).waitFor();
  const onTop = await offer.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop, 'the offer painted over the open dialog').toBe(false);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'New game' }).waitFor({ state: 'hidden' });
  await page.getByTestId('return-to-game-button').focus();
  await page.keyboard.press('Enter');
  // The room's bar starts folded on this short screen: its role line is there, not shown.
  await page.getByTestId('online-role').filter({ hasText: 'Your seat: Green' }).waitFor({ state: 'attached', timeout: 30_000 });
  // The seat moved: the connection that held it was let go with "taken back".
  await eventually(() => left === 4100, 'the other connection let go');
  // Leave asks first, saying what leaving costs; Stay keeps the seat.
  await page.getByTestId('online-bar').locator('> summary').click();
  await page.getByTestId('leave-room').click();
  const confirm = page.getByTestId('leave-confirm');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain('A computer plays your seat; return within 16 of your moves or the round counts as given up: placed last, and rated so.');
  await screenshot(page, 'leave-confirm');
  await confirm.getByRole('button', { name: 'Stay' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => window.rolit.online() !== null)).toBe(true);
  expect(await offer.count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
