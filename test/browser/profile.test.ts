/**
 * The player across visits, in real headless Chromium against the real game server (started
 * here): a rated 4x4 round against a beginner computer played from the page to its end shows the
 * rating's change ("Your rating: +12 · 1,532"); the profile lists that round with the rating as the
 * server keeps it, and its Replay opens it on the 3D board (the engine's state and the balls drawn);
 * the leaderboard marks the player's row in words; the link to another device, opened in a new
 * browser context, takes the player after its question (the `you` message then names the same
 * player) and leaves the address bar; Forget me deletes the player on the server (404 after).
 * In French, German, Dutch and Italian the profile and the leaderboard say it all in the language,
 * numbers in its format. Screenshots: test-artifacts/profile-phone.png (390x844),
 * profile-phone-sideways.png (844x390), profile-replay.png, leaderboard-laptop.png,
 * profile-<language>-phone.png.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { playerIdOf } from '../../src/server/players/playerId';
import { groupedRoomCode } from '../../src/wire/contractCodes';
import { RESOURCES } from '../support/allTexts';
import { create, eventually, first, type Seen, startTestServer, type TestServer, until } from '../server/helpers';
import { audit } from './axe';
import { useBuiltApp } from './builtApp';
import { openApp, playByGrid, resizeTo, rolitState, screenshot, socketColour, useControl, waitForScene, waitIdle, waitSettled } from './harness';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ computerDelayMs: 50 });
});
afterAll(async () => {
  await server?.close();
});

const LAPTOP = { width: 1280, height: 800 };
const number = (n: number) => new Intl.NumberFormat('en').format(n);
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)}`;

/** Opens Play online from the toolbar's menu by the keyboard (its name in `language`), then one of its player buttons. */
async function openPlayerDialog(page: Page, which: 'profile' | 'leaderboard', language = 'en') {
  const playOnline = (RESOURCES[language].lobby as { playOnline: string }).playOnline;
  await useControl(page, page.getByRole('button', { name: playOnline, exact: true }), async (button) => {
    await button.focus();
    await page.keyboard.press('Enter');
  });
  const online = page.getByTestId('play-online-dialog');
  await online.getByTestId(`open-${which}`).focus();
  await page.keyboard.press('Enter');
  await online.waitFor({ state: 'detached' });
  const dialog = page.getByTestId(`${which}-dialog`);
  await dialog.waitFor({ timeout: 30_000 });
  return dialog;
}

/** The page plays its colour's first legal move at each of its turns, until the round is over. */
async function playToEnd(page: Page, colour: string): Promise<void> {
  for (;;) {
    await page.waitForFunction((c) => {
      const s = window.rolit.state();
      return s.over || (s.toMove === c && s.shown.toMove === c && !window.rolit.busy());
    }, colour, { timeout: 60_000, polling: 50 });
    const state = await rolitState(page);
    if (state.over) return;
    await playByGrid(page, parseRecord(state.record).legalMoves()[0]);
    await page.waitForFunction((n) => window.rolit.state().moves.length > n, state.moves.length, { timeout: 30_000, polling: 50 });
  }
}

it('plays a rated round, finds it in the profile and replays it, sees the leaderboard, moves to another device and forgets the player', async () => {
  // A table made by a watching host: a seat for a person (red), a beginner computer (green), 4x4.
  const host: Seen = await create(server.endpoint, { name: 'Host', spectator: true, size: 4, colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  const code = host.room.roomId;
  const context = await app.browser.newContext({ viewport: LAPTOP, locale: 'en-GB' });
  const { page, errors } = await openApp(app.browser, app.served, `?room=${code}&server=127.0.0.1:${server.port}&speed=instant`, LAPTOP, { context });
  await page.getByTestId('lobby').waitFor({ timeout: 90_000 });
  await page.getByTestId('online-name').fill('Ann');
  await page.getByTestId('take-red').focus();
  await page.keyboard.press('Enter');
  await until(host.room, (st) => st.seats[0].name === 'Ann' && st.seats[0].connected, 'Ann seated', 30_000);
  const key = await page.evaluate(() => localStorage.getItem('rolit.player.key'));
  expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const id = playerIdOf(key!);
  host.room.send('start');
  await waitForScene(page);
  await playToEnd(page, 'red');

  // The round's end: the rating's change and the new rating, as the server rated them, in English's format.
  const rated = await first<{ seats: { colour: string; player: string; rating: number; change: number; provisional: boolean }[] }>(host, 'rated', 30_000);
  const mine = rated.seats.find((s) => s.colour === 'red')!;
  expect(mine.player).toBe(id);
  const change = page.getByTestId('rating-change');
  await change.waitFor({ state: 'attached', timeout: 30_000 });
  expect(await change.textContent()).toBe(`Your rating: ${signed(mine.change)} · ${number(mine.rating)} (provisional)`);
  await until(host.room, (st) => st.records.length === 1, 'the record saved', 30_000);
  const recordName: string = host.room.state.records[0];
  await page.getByTestId('online-bar').locator('> summary').click();
  await page.getByTestId('leave-room').click();
  await page.waitForFunction(() => window.rolit.online() === null);
  // The table is still open for a rematch, so the page offers to go back to it, saying its round is over (nothing is in play): not now.
  const offer = page.getByTestId('return-to-game');
  await offer.waitFor({ timeout: 30_000 });
  expect(await offer.textContent()).toContain(`The round at table ${groupedRoomCode(code)} is over; the table is still open.`);
  await screenshot(page, 'return-to-table-round-over');
  await offer.getByRole('button', { name: 'Not now' }).click();

  // The profile: name, rating (provisional), rounds, standing against the computer levels, the round.
  const profile = await openPlayerDialog(page, 'profile');
  const summary = profile.getByTestId('profile-summary');
  await summary.waitFor({ timeout: 30_000 });
  expect(await summary.innerText()).toContain('Ann');
  expect(await profile.getByTestId('profile-rating').textContent()).toBe(`Rating: ${number(mine.rating)} (provisional until 10 rounds played to the end against the computer levels or settled players)`);
  expect(await summary.innerText()).toContain('Rounds played: 1 (1 rated)');
  const beginner = (await (await fetch(`${server.endpoint}/players/computer:beginner`)).json()) as { rating: number };
  expect(await profile.getByTestId('profile-standing').textContent()).toBe(mine.rating > beginner.rating ? 'Rated above beginner' : 'Rated below beginner');
  const listed = (await (await fetch(`${server.endpoint}/players/${id}/games`)).json()) as { seats: { colours: string[]; score: number }[] }[];
  const game = listed[0];
  const games = profile.getByTestId('profile-game');
  await games.first().waitFor();
  expect(await games.count()).toBe(1);
  expect(await games.first().getAttribute('data-record')).toBe(recordName);
  expect(await games.first().innerText()).toContain(`${number(mine.rating - mine.change)} → ${number(mine.rating)}`);
  await audit(page, 'the profile');

  // On a phone, upright and sideways: the dialog fits and scrolls.
  await resizeTo(page, { width: 390, height: 844 });
  await screenshot(page, 'profile-phone');
  await resizeTo(page, { width: 844, height: 390 });
  await screenshot(page, 'profile-phone-sideways');
  await resizeTo(page, LAPTOP);

  // Replay: the page's replay of the record, on the board.
  await profile.getByTestId('profile-replay').focus();
  await page.keyboard.press('Enter');
  await profile.waitFor({ state: 'detached' });
  const record = parseRecord(await (await fetch(`${server.endpoint}/records/${recordName}`)).text());
  await page.waitForFunction((n) => window.rolit.state().moves.length === n && window.rolit.state().shown.moves.length === n, record.state.moves.length, { timeout: 60_000 });
  const replayed = await rolitState(page);
  expect(replayed.moves).toEqual(record.state.moves.map((m) => m.squares.join('+')));
  expect(replayed.over).toBe(true);
  expect(replayed.scores).toEqual({ red: game.seats.find((s) => s.colours[0] === 'red')!.score, green: game.seats.find((s) => s.colours[0] === 'green')!.score });
  // The board drawn: every socket shows the colour the record's last position has there.
  await page.getByRole('button', { name: 'View board', exact: true }).click();
  await waitIdle(page);
  await waitSettled(page);
  const shot = await screenshot(page, 'profile-replay');
  for (const [square, colour] of Object.entries(record.state.board)) expect(await socketColour(page, shot, square), square).toBe(colour);

  // The leaderboard: the player and the computer level, the player's row marked in words.
  const board = await openPlayerDialog(page, 'leaderboard');
  // Settled players by default: the computer level, not the new player; the provisional ones on request.
  await board.locator('[data-testid="leader"][data-player="computer:beginner"]').waitFor({ timeout: 30_000 });
  expect(await board.locator(`[data-testid="leader"][data-player="${id}"]`).count()).toBe(0);
  await board.getByTestId('leaders-provisional').check();
  const own = board.locator(`[data-testid="leader"][data-player="${id}"]`);
  await own.waitFor({ timeout: 30_000 });
  expect(await own.getAttribute('aria-current')).toBe('true');
  expect(await own.innerText()).toContain('Ann (you)');
  expect(await board.locator('[data-testid="leader"][data-player="computer:beginner"]').count()).toBe(1);
  await screenshot(page, 'leaderboard-laptop');
  await page.keyboard.press('Escape');
  await board.waitFor({ state: 'detached' });

  // Another device: the link (the key in its fragment) and its QR code, under the warning.
  const again = await openPlayerDialog(page, 'profile');
  await again.getByTestId('move-show').click();
  const link = await again.getByTestId('move-link').inputValue();
  expect(new URL(link).hash).toBe(`#player=${key}`);
  expect(new URL(link).search).toBe(`?server=${encodeURIComponent(`127.0.0.1:${server.port}`)}`);
  await again.getByTestId('move-qr').waitFor();
  expect(await again.getByText('Anyone with this link plays as you.').count()).toBe(1);
  await page.keyboard.press('Escape');

  // Opened in a new context (another device, a player of its own already): asked first, then taken.
  const phone = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  await phone.addInitScript(() => {
    if (!localStorage.getItem('rolit.player.key')) localStorage.setItem('rolit.player.key', 'anOtherDevicesOwnKey_0123');
  });
  // A first visit of this browser to the page: the question comes alone, the rules after its answer.
  const other = await openApp(app.browser, app.served, new URL(link).search + new URL(link).hash, { width: 390, height: 844 }, { context: phone, webgl: false, firstVisit: true });
  const ask = other.page.getByTestId('adopt-dialog');
  await ask.waitFor({ timeout: 30_000 });
  expect(await other.page.evaluate(() => localStorage.getItem('rolit.player.key'))).toBe('anOtherDevicesOwnKey_0123');
  expect(await other.page.getByRole('dialog').count()).toBe(1);
  // It says whose player the link carries, by name and rating.
  await ask.getByTestId('adopt-theirs').getByText('Ann').waitFor({ timeout: 30_000 });
  expect(await ask.getByTestId('adopt-theirs').innerText()).toContain(`Rating: ${number(mine.rating)}`);
  await screenshot(other.page, 'profile-adopt-question-phone');
  await audit(other.page, 'the question of a link to another device');
  await ask.getByTestId('adopt-yes').focus();
  await other.page.keyboard.press('Enter');
  await ask.waitFor({ state: 'detached' });
  await other.page.getByTestId('rules').waitFor({ timeout: 30_000 });
  await other.page.keyboard.press('Escape');
  expect(await other.page.evaluate(() => [localStorage.getItem('rolit.player.key'), location.hash])).toEqual([key, '']);
  // The server knows the device as the player: the `you` of a room it opens names the same id.
  const table = await create(server.endpoint, { name: 'Bob', colour: 'red', colours: ['red', 'green'] });
  // Adopted with its public id (the next visit asks where that player holds a seat); taken out again, so that the room's `you` must write it.
  await other.page.waitForFunction((expected) => localStorage.getItem('rolit.player.id') === expected, id, { timeout: 30_000 });
  await other.page.evaluate(() => localStorage.removeItem('rolit.player.id'));
  await other.page.goto(`${app.served.url}?room=${table.room.roomId}&server=127.0.0.1:${server.port}`);
  await other.page.waitForFunction((expected) => localStorage.getItem('rolit.player.id') === expected, id, { timeout: 30_000 });
  await table.room.leave();

  // Forget me, after its confirmation: the server no longer knows the player; this device drops the key.
  const last = await openPlayerDialog(page, 'profile');
  await last.getByTestId('forget-start').focus();
  await page.keyboard.press('Enter');
  await last.getByTestId('forget-confirm').focus();
  await page.keyboard.press('Enter');
  const result = last.getByTestId('forget-result');
  await result.waitFor({ timeout: 30_000 });
  expect(await result.textContent()).toContain('the server has forgotten you');
  expect((await fetch(`${server.endpoint}/players/${id}`)).status).toBe(404);
  expect(await page.evaluate(() => localStorage.getItem('rolit.player.key'))).toBeNull();
  expect(errors).toEqual([]);
  expect(other.errors).toEqual([]);
  await host.room.leave();
  await phone.close();
  await context.close();
}, 400_000);

it.each(['fr', 'de', 'nl', 'it'])('%s: the profile and the leaderboard in the language, numbers in its format', async (language) => {
  // Rated rounds resigned against a beginner, played by a client with the page's key: in French,
  // more than a page of them (11), so the list turns a page.
  const rounds = language === 'fr' ? 11 : 1;
  const key = randomBytes(16).toString('base64url');
  const id = playerIdOf(key);
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  await until(ann.room, (st) => st.seats[0].connected, 'Ann seated');
  for (let round = 0; round < rounds; round++) {
    ann.room.send(round === 0 ? 'start' : 'rematch');
    await until(ann.room, (st) => st.phase === 'playing' && st.round === round, `round ${round + 1} playing`);
    ann.room.send('resign');
    await eventually(() => (ann.messages.rated?.length ?? 0) === round + 1, `round ${round + 1} rated`, 30_000);
  }
  const rated = ann.messages.rated!.at(-1) as { seats: { player: string; rating: number; provisional: boolean }[] };
  const { rating, provisional } = rated.seats.find((s) => s.player === id)!;
  // Provisional still: rounds given up settle nothing (docs/online.md, Players and ratings).
  expect(provisional).toBe(true);
  const newest = `${ann.room.roomId}-round${rounds}.rolit`;
  await ann.room.leave();
  const texts = RESOURCES[language].profile as { rating: string; ratingProvisional: string; you: string; gaveUp: string; range: string };
  const range = (from: number, to: number) => texts.range.replace('{{from, number}}', String(from)).replace('{{to, number}}', String(to)).replace('{{total, number}}', String(rounds));
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(([k, lang]) => {
    localStorage.setItem('rolit.player.key', k);
    localStorage.setItem('rolit.language', lang);
  }, [key, language]);
  const { page, errors } = await openApp(app.browser, app.served, `?server=127.0.0.1:${server.port}`, { width: 390, height: 844 }, { context, webgl: false });
  const profile = await openPlayerDialog(page, 'profile', language);
  await profile.getByTestId('profile-game').first().waitFor({ timeout: 30_000 });
  expect(await profile.getByTestId('profile-rating').textContent()).toBe((provisional ? texts.ratingProvisional : texts.rating).replace('{{rating, number}}', new Intl.NumberFormat(language).format(rating)));
  expect(await profile.getByTestId('profile-game').first().innerText()).toContain(texts.gaveUp);
  // Newest first, ten at a time.
  expect(await profile.getByTestId('profile-game').first().getAttribute('data-record')).toBe(newest);
  if (rounds > 10) {
    expect(await profile.getByTestId('profile-game').count()).toBe(10);
    expect(await profile.getByTestId('profile-games').innerText()).toContain(range(1, 10));
    await profile.getByTestId('page-next').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => profile.getByTestId('profile-games').innerText()).toContain(range(11, 11));
    expect(await profile.getByTestId('profile-game').count()).toBe(1);
    expect(await profile.getByTestId('profile-game').first().getAttribute('data-record')).toBe(`${ann.room.roomId}-round1.rolit`);
  }
  await profile.getByTestId('move-show').click();
  await profile.getByTestId('move-qr').waitFor();
  expect(await page.locator('body').innerText()).not.toContain('⟦');
  await screenshot(page, `profile-${language}-phone`);
  await profile.getByTestId('open-leaderboard').click();
  // Settled players first: the provisional ones on request.
  await page.getByTestId('leaders-provisional').check();
  const own = page.getByTestId('leaderboard-dialog').locator(`[data-testid="leader"][data-player="${id}"]`);
  await own.waitFor({ timeout: 30_000 });
  expect(await own.innerText()).toContain(`Ann ${texts.you}`);
  expect(await page.locator('body').innerText()).not.toContain('⟦');
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
