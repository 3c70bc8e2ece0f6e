/**
 * Challenges at the page, in real headless Chromium against the real game server (started here):
 * the leaderboard lists the bots apart ("Bob (bot)"); the page challenges one from its row, the
 * bot accepts over HTTP and the page goes to the table, seated, the round started by itself; a
 * challenge from the bot waits in the page's profile, and Accept takes the page to that table.
 * Screenshots: test-artifacts/challenge-sent.png, challenge-incoming.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { botRequest, newPlayer, openLines } from '../server/botClient';
import { startTestServer, type TestServer } from '../server/helpers';
import { audit } from './axe';
import { useBuiltApp } from './builtApp';
import { openApp, screenshot, useControl } from './harness';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const LAPTOP = { width: 1280, height: 800 };

it('challenges a bot from the leaderboard’s bots and goes to the table it accepts; accepts the bot’s challenge from the profile', async () => {
  // Bob, a bot, rated once: he resigns a round of his own against a beginner.
  const bob = newPlayer();
  const made = await botRequest(server.endpoint, 'POST', '/bot/rooms', bob.key, { name: 'Bob', colour: 'red', size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  const own = await openLines(server.endpoint, `/bot/rooms/${made.body.code}/stream?name=Bob`, bob.key);
  await own.next((l) => l.type === 'state');
  await botRequest(server.endpoint, 'POST', `/bot/rooms/${made.body.code}/start`, bob.key, {});
  await own.next((l) => l.type === 'state' && l.phase === 'playing');
  await botRequest(server.endpoint, 'POST', `/bot/rooms/${made.body.code}/resign`, bob.key, {});
  await own.next((l) => l.type === 'rated', 30_000);
  own.close();
  const bobEvents = await openLines(server.endpoint, '/bot/events', bob.key);

  // Ann's page, with a player of its own.
  const ann = newPlayer();
  const context = await app.browser.newContext({ viewport: LAPTOP, locale: 'en-GB' });
  await context.addInitScript((key) => {
    localStorage.setItem('rolit.player.key', key);
    localStorage.setItem('rolit.online.name', 'Ann');
  }, ann.key);
  const { page, errors } = await openApp(app.browser, app.served, `?server=127.0.0.1:${server.port}&speed=instant`, LAPTOP, { context, webgl: false });
  const openDialog = async (which: 'profile' | 'leaderboard') => {
    await useControl(page, page.getByRole('button', { name: 'Play online', exact: true }), (button) => button.click());
    await page.getByTestId('play-online-dialog').getByTestId(`open-${which}`).click();
    const dialog = page.getByTestId(`${which}-dialog`);
    await dialog.waitFor({ timeout: 30_000 });
    return dialog;
  };

  // The leaderboard keeps the bots apart: Bob is not among people, and is with the bots, said to be one.
  const board = await openDialog('leaderboard');
  await board.getByTestId('leaderboard').waitFor({ timeout: 30_000 });
  expect(await board.locator(`[data-player="${bob.id}"]`).count()).toBe(0);
  await board.getByTestId('leaders-bots').click();
  const row = board.locator(`[data-testid="leader"][data-player="${bob.id}"]`);
  await row.waitFor({ timeout: 30_000 });
  expect(await row.innerText()).toContain('Bob (bot)');
  await row.getByRole('button', { name: 'Challenge Bob' }).click();
  await row.getByText('Challenge sent').waitFor();
  const waiting = board.getByTestId('challenge');
  await waiting.waitFor({ timeout: 30_000 });
  expect(await waiting.innerText()).toContain('You challenged Bob: waiting for an answer');
  await audit(page, 'the leaderboard with a challenge sent');
  await screenshot(page, 'challenge-sent');

  // Bob accepts over HTTP: the page goes to the table (the dialog closes), seated red; Bob's stream takes green, and the round starts.
  const challenge = await bobEvents.next((l) => l.type === 'challenge' && l.from === ann.id);
  const accepted = await botRequest(server.endpoint, 'POST', `/bot/challenges/${challenge.id}/accept`, bob.key);
  expect(accepted.status).toBe(200);
  await board.waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForFunction((room) => window.rolit.online()?.room === room && window.rolit.online()?.colour === 'red', accepted.body.room, { timeout: 30_000, polling: 50 });
  const bobAtTable = await openLines(server.endpoint, `/bot/rooms/${accepted.body.room}/stream?name=Bob`, bob.key);
  expect(await bobAtTable.next((l) => l.type === 'you')).toMatchObject({ colour: 'green' });
  await page.waitForFunction(() => window.rolit.online()?.phase === 'playing', undefined, { timeout: 30_000, polling: 50 });
  bobAtTable.close();

  // Bob challenges Ann: it waits in her profile; Accept takes her to its table.
  const sent = await botRequest(server.endpoint, 'POST', '/bot/challenges', bob.key, { to: ann.id, options: { name: 'Bob', size: 6 } });
  expect(sent.status).toBe(201);
  const profile = await openDialog('profile');
  const incoming = profile.locator(`[data-testid="challenge"][data-challenge="${sent.body.id}"]`);
  await incoming.waitFor({ timeout: 30_000 });
  expect(await incoming.innerText()).toContain('Bob challenges you to a round of two, 6×6.');
  await audit(page, 'a challenge waiting in the profile');
  await screenshot(page, 'challenge-incoming');
  await incoming.getByTestId('challenge-accept').click();
  const start = await bobEvents.next((l) => l.type === 'gameStart' && l.challenge === sent.body.id);
  await profile.waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForFunction((room) => window.rolit.online()?.room === room && window.rolit.online()?.colour === 'green', start.room, { timeout: 30_000, polling: 50 });
  // Ann has no kept round yet: her profile and rounds are answered 404 (no such player), which the browser logs.
  expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  bobEvents.close();
  await context.close();
}, 300_000);
