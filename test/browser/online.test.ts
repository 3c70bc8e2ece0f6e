/**
 * Online play in real headless Chromium against the real game server (started here on a free
 * loopback port): one page creates a room, a second opens the invite link and takes a seat, the
 * host starts, each plays a move (the guest by the accessible grid, on a page without the 3D view),
 * and all three pages (the spectator's too) show the same board in their state, the host's and the
 * spectator's in their pixels, and the room's line lies over none of the board's coordinates. Also: a link to a room that does not exist, a time-out said, and phones.
 * Screenshots go to test-artifacts/online-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { matchMaker } from '@colyseus/core';
import { create, eventually, movesOf, playFirst, startTestServer, type TestServer, twoPlayers, until } from '../server/helpers';
import { boardUnder, cameraView, countBallColours, openApp, rolitState, screenshot, socketPosition, waitForScene } from './harness';
import { useBuiltApp } from './builtApp';
import { audit } from './axe';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  // One server for the file: Colyseus' match-maker is one per process, so a second server here
  // would take over the room's definition (and its computer players stop with it). A short grace,
  // for the lost-connection test.
  server = await startTestServer({ computerDelayMs: 0, graceSeconds: 10 });
});
afterAll(async () => {
  await server?.close();
});

const online = (page: Page) => page.evaluate(() => window.rolit.online());
const settled = (page: Page) => page.evaluate(() => window.rolit.settled());
const moves = async (page: Page) => (await rolitState(page)).moves;

/** Waits until the room's bar on `page` shows the presence of `name`'s seat matching `presence` (folded or not). */
async function seatShows(page: Page, name: string, presence: RegExp, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    ([who, source, flags]) =>
      [...document.querySelectorAll('[data-testid="online-bar"] .online-seat')].some(
        (seat) => seat.querySelector('.who')?.textContent === who && new RegExp(source, flags).test(seat.querySelector('.presence')?.textContent ?? ''),
      ),
    [name, presence.source, presence.flags] as const,
    { timeout, polling: 100 },
  );
}

/** The network under a player's connection breaks (test hook on the in-process server): the socket closes without a word, as a lost connection does. */
function breakConnection(roomId: string, name: string): void {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as {
    clients: { sessionId: string; ref: { terminate(): void } }[];
    flow: { players: number; player(player: number): { name: string } };
    people: { sessionId: string | null }[];
  };
  const player = Array.from({ length: room.flow.players }, (_, i) => i).find((i) => room.flow.player(i).name === name);
  const sessionId = player === undefined ? undefined : room.people[player].sessionId;
  room.clients.find((c) => c.sessionId === sessionId)?.ref.terminate();
}

/** Waits until the page's board shows `count` moves and nothing is moving any more. */
async function showsMoves(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => window.rolit.state().shown.moves.length === n, count, { timeout: 60_000, polling: 100 });
  await settled(page);
}

/**
 * The player to move misclicks first, an occupied socket and then one that touches no ball, by the
 * mouse on the 3D board or by Enter on the accessible grid: each is refused at once with the
 * engine's words, and the legal move after them is played.
 */
async function misclickThenPlay(page: Page, by: 'mouse' | 'grid'): Promise<string> {
  const game = parseRecord((await rolitState(page)).record);
  const occupied = Object.keys(game.state.board)[0];
  const files = 'abcdefgh'.slice(0, game.setup.size);
  const squares = [...files].flatMap((f) => Array.from({ length: game.setup.size }, (_, r) => `${f}${r + 1}`));
  const lonely = squares.find((sq) => { const c = game.check(sq); return !c.ok && c.refusal.code === 'touchesNoBall'; })!;
  const press = async (square: string) => {
    if (by === 'grid') {
      await page.locator(`[data-testid="board-grid"] [data-square="${square}"]`).focus();
      await page.keyboard.press('Enter');
    } else {
      const { x, y } = await socketPosition(page, square);
      await page.mouse.click(x, y);
    }
  };
  for (const [square, words] of [[occupied, `${occupied} is occupied`], [lonely, `${lonely} touches no ball`]]) {
    await press(square);
    await page.waitForFunction((w) => document.querySelector('[data-testid="message"]')?.textContent?.includes(w) ?? false, words, { timeout: 10_000 });
  }
  const move = game.legalMoves()[0];
  await press(move);
  return move;
}

describe('online play between browsers', () => {
  it('a room made on one page is joined by its invite link, played on both, and watched', async () => {
    const serverParam = `server=127.0.0.1:${server.port}`;
    const host = await openApp(app.browser, app.served, `?seats=human,human&speed=instant&${serverParam}`);
    await waitForScene(host.page);
    await host.page.getByRole('button', { name: 'New game' }).click();
    await host.page.getByTestId('create-room').click();
    await host.page.getByTestId('lobby').waitFor({ timeout: 90_000 });
    await host.page.waitForFunction(() => window.rolit.online()?.host === true);
    const link = await host.page.getByTestId('invite-link').inputValue();
    const code = (await online(host.page))!.room!;
    expect(link).toContain(`?room=${code}`);
    expect(await host.page.getByTestId('room-code').textContent()).toBe(`${code.slice(0, 5)} ${code.slice(5)}`); // grouped for reading aloud
    // The host's page address is the room's, so a reload comes back to it.
    expect(new URL(host.page.url()).searchParams.get('room')).toBe(code);
    await screenshot(host.page, 'online-lobby-host');
    await audit(host.page, 'the host’s lobby');

    // The guest's page runs without the 3D view (its board is checked by state; the host's and the
    // spectator's by pixels): a software-rendered page load costs seconds.
    const guest = await openApp(app.browser, app.served, new URL(link).search + '&speed=instant', undefined, { webgl: false });
    await guest.page.getByTestId('lobby').waitFor({ timeout: 90_000 });
    await host.page.waitForFunction(() => window.rolit.online()?.spectators === 1);
    const hostColour = (await online(host.page))!.colour;
    const free = await guest.page.locator('[data-testid^="take-"]').first();
    const freeColour = (await free.getAttribute('data-testid'))!.slice('take-'.length);
    expect(freeColour).not.toBe(hostColour);
    await guest.page.getByTestId('online-name').fill('Bob');
    await audit(guest.page, 'the lobby of a link');
    // From the keyboard: the seat's button focused and pressed.
    await free.focus();
    await guest.page.keyboard.press('Enter');
    await guest.page.waitForFunction((c) => window.rolit.online()?.colour === c, freeColour);
    await host.page.getByText('Bob', { exact: true }).waitFor();
    await screenshot(guest.page, 'online-lobby-guest');

    await host.page.getByTestId('start-online').click();
    for (const p of [host.page, guest.page]) await p.getByTestId('online-bar').waitFor({ timeout: 90_000 });
    await waitForScene(host.page);
    for (const p of [host.page, guest.page]) await showsMoves(p, 0);
    // At 960x640 the room's line lies clear of the board: none of its coordinates or sockets under it.
    expect(await boardUnder(host.page, '[data-testid="online-bar"]')).toEqual([]);
    // Each plays two moves, the one to move first; before each, a misclick on an occupied socket and
    // one on a socket touching no ball are refused at once and stop no later move.
    const first = (await rolitState(host.page)).toMove === hostColour ? [host.page, guest.page] : [guest.page, host.page];
    const played: string[] = [];
    for (const [i, mover] of [...first, ...first].entries()) {
      played.push(await misclickThenPlay(mover, mover === host.page ? 'mouse' : 'grid'));
      for (const p of [host.page, guest.page]) await showsMoves(p, i + 1);
    }
    expect(await moves(host.page)).toEqual(played);
    await audit(guest.page, 'the room in play');

    // A reload of the guest's page comes back to the same seat (the tab keeps the reconnection token).
    await guest.page.reload();
    await guest.page.waitForFunction((c) => window.rolit?.online?.()?.colour === c, freeColour, { timeout: 60_000 });
    await showsMoves(guest.page, played.length);
    expect(await moves(guest.page)).toEqual(played);
    await host.page.waitForFunction(() => document.querySelector('[data-testid="online-bar"]')?.textContent?.includes('2 players connected') ?? false);
    expect(await moves(guest.page)).toEqual(played);
    expect((await rolitState(guest.page)).scores).toEqual((await rolitState(host.page)).scores);

    // A spectator opens the link and sees the same board; a click of theirs changes nothing.
    const watcher = await openApp(app.browser, app.served, new URL(link).search + '&speed=instant');
    await watcher.page.getByTestId('online-bar').waitFor({ timeout: 90_000 });
    await waitForScene(watcher.page);
    await showsMoves(watcher.page, played.length);
    expect((await online(watcher.page))!.colour).toBe('');
    // The host allowed no engine help: players have no evaluation, the spectator has it.
    await watcher.page.getByTestId('evaluation').waitFor();
    for (const p of [host.page, guest.page]) {
      expect(await p.getByTestId('evaluation').count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Strongest move' }).count()).toBe(0);
    }
    expect(await moves(watcher.page)).toEqual(played);
    const legal = parseRecord((await rolitState(watcher.page)).record).legalMoves()[0];
    const at = await socketPosition(watcher.page, legal);
    await watcher.page.mouse.click(at.x, at.y);
    await watcher.page.getByTestId('message').waitFor();
    expect(await moves(watcher.page)).toEqual(played);

    // The pixels: the host's and the spectator's pages, seen from above, show the same balls on the board.
    const counts = [];
    for (const [name, p] of [['host', host.page], ['spectator', watcher.page]] as const) {
      await cameraView(p, 'View from above');
      await settled(p);
      const shot = await screenshot(p, `online-game-${name}`);
      const [a8, h1] = [await socketPosition(p, 'a8'), await socketPosition(p, 'h1')];
      const pad = Math.abs(h1.x - a8.x) / 14;
      const region = { x: Math.round(Math.min(a8.x, h1.x) - pad), y: Math.round(Math.min(a8.y, h1.y) - pad), w: Math.round(Math.abs(h1.x - a8.x) + 2 * pad), h: Math.round(Math.abs(h1.y - a8.y) + 2 * pad) };
      counts.push(countBallColours(shot, region));
    }
    const state = await rolitState(host.page);
    for (const count of counts) {
      for (const colour of Object.keys(state.scores) as (keyof typeof count)[]) {
        // Balls showing a colour cover pixels in proportion to their number on every page.
        expect(count[colour] > 0).toBe(state.scores[colour]! > 0);
      }
      for (const colour of Object.keys(count) as (keyof typeof count)[]) {
        const ratio = (count[colour] + 50) / (counts[0][colour] + 50);
        expect(ratio, `${colour}: ${count[colour]} pixels against the host's ${counts[0][colour]}`).toBeGreaterThan(0.7);
        expect(ratio).toBeLessThan(1.4);
      }
    }
    expect([host.errors, guest.errors, watcher.errors].flat()).toEqual([]);
    for (const p of [host.page, guest.page, watcher.page]) await p.close();
  }, 600_000);

  it('a link to a room that does not exist says so and leads back to local play', async () => {
    const { page } = await openApp(app.browser, app.served, `?room=abcde-fghjk&speed=instant&server=127.0.0.1:${server.port}`, { width: 390, height: 844 }, { webgl: false });
    const failure = page.getByTestId('online-failure');
    await failure.waitFor({ timeout: 90_000 });
    expect(await failure.getAttribute('data-kind')).toBe('unknownRoom');
    // The server's own words (English) as details, on an English page only.
    expect(await page.getByTestId('online-failure-detail').textContent()).toMatch(/^Details: .+/);
    await screenshot(page, 'online-bad-link-phone');
    await audit(page, 'a bad link');
    await page.getByTestId('play-locally').click();
    await page.waitForFunction(() => window.rolit.online() === null);
    expect(new URL(page.url()).searchParams.get('room')).toBeNull();
    // In French: the failure in French, without the server's English.
    await page.evaluate(() => localStorage.setItem('rolit.language', 'fr'));
    await page.goto(`${app.served.url}?room=abcde-fghjk&speed=instant&server=127.0.0.1:${server.port}`);
    await failure.waitFor({ timeout: 90_000 });
    expect(await failure.textContent()).toBe('Cette salle n’existe pas ou elle est fermée. Vérifiez le code ou demandez un nouveau lien.');
    expect(await page.getByTestId('online-failure-detail').count()).toBe(0);
    await page.close();
  });

  it('a room code read aloud joins from Play online, reached from the new-game dialog (any case, grouped); a wrong code says why and joins nothing', async () => {
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'] });
    const { page, errors } = await openApp(app.browser, app.served, `?seats=human,human&speed=instant&server=127.0.0.1:${server.port}`, undefined, { webgl: false });
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Play online' }).click();
    const dialog = page.getByTestId('play-online-dialog');
    const field = dialog.getByTestId('room-code-input');
    await field.fill('nope');
    await field.press('Enter');
    await expect(dialog.getByRole('alert').textContent()).resolves.toContain('“nope” is not a room code');
    expect(await online(page)).toBeNull();
    const code = ann.room.roomId;
    await field.fill(`${code.slice(0, 5).toLowerCase()} ${code.slice(5).toLowerCase()}`);
    await field.press('Enter'); // joins, and the dialog steps aside
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction((id) => window.rolit.online()?.room === id && window.rolit.online()?.phase === 'waiting', code, { timeout: 90_000 });
    expect(new URL(page.url()).searchParams.get('room')).toBe(code);
    expect(errors).toEqual([]);
    await page.close();
    await ann.room.leave();
  }, 120_000);

  it('lists the room’s finished rounds and opens one in replay from the keyboard while the room plays on', async () => {
    // Two clients play a 4x4 round to its end and the host starts a rematch.
    const { ann, bob, eve } = await twoPlayers(server.endpoint, { size: 4 });
    while (ann.room.state.phase === 'playing') {
      const count = ann.room.state.moves.length;
      await playFirst(ann.room.state.toMove === 'red' ? ann : bob);
      await until(ann.room, (st) => st.moves.length > count || st.phase === 'over', 'the move');
    }
    const firstRound = movesOf(ann);
    await until(ann.room, (st) => st.records.length === 1, 'the round’s record');
    ann.room.send('rematch');
    await until(ann.room, (st) => st.phase === 'playing' && st.round === 1 && st.toMove !== '', 'the rematch');

    const { page, errors } = await openApp(app.browser, app.served, `?room=${ann.room.roomId}&speed=instant&server=127.0.0.1:${server.port}`, undefined, { webgl: false });
    const replayRound = page.getByTestId('replay-round-1');
    await replayRound.waitFor({ state: 'attached', timeout: 90_000 });
    // On a short screen the room's bar starts folded: unfolded from the keyboard.
    await page.locator('[data-testid="online-bar"] > summary').focus();
    await page.keyboard.press('Enter');
    await replayRound.waitFor();
    await page.waitForFunction(() => window.rolit.state().moves.length === 0);
    await audit(page, 'the room’s finished rounds');
    await replayRound.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('leave-replay').waitFor();
    await page.waitForFunction((n) => window.rolit.state().moves.length === n, firstRound.length);
    expect((await rolitState(page)).moves).toEqual(firstRound);
    await screenshot(page, 'online-finished-round-replay');

    // The room plays on meanwhile; leaving the replay shows its round as it stands.
    // Seats rotate in a rematch: the mover is the client whose seat now has the colour to move.
    const seatColour = (seen: typeof ann) => (seen.messages.you as { colour: string }[]).at(-1)!.colour;
    await eventually(() => (ann.messages.you?.length ?? 0) >= 2 && (bob.messages.you?.length ?? 0) >= 2, 'the rematch’s seats');
    const mover = seatColour(ann) === ann.room.state.toMove ? ann : bob;
    const played = await playFirst(mover);
    await until(ann.room, (st) => st.moves.length === 1, 'the rematch’s first move');
    expect((await rolitState(page)).moves).toEqual(firstRound);
    await page.getByTestId('leave-replay').click();
    await page.waitForFunction((m) => window.rolit.state().moves.join() === m, played);
    expect(errors).toEqual([]);
    await page.close();
    for (const s of [ann, bob, eve]) await s.room.leave();
  }, 300_000);

  it('says when the room’s clock plays a move, in the words of local play', async () => {
    // A timed room whose players never move: at each deadline the server plays the engine's time-out move.
    const { ann, bob, eve } = await twoPlayers(server.endpoint, { size: 6, timeLimit: 1 });
    const { page, errors } = await openApp(app.browser, app.served, `?room=${ann.room.roomId}&speed=instant&server=127.0.0.1:${server.port}`, undefined, { webgl: false });
    const notice = page.getByTestId('message').filter({ hasText: /time ran out: \S+ was played/ });
    await notice.waitFor({ timeout: 30_000 });
    const move = /time ran out: (\S+) was played/.exec(await notice.innerText())![1];
    expect([...ann.room.state.moves]).toContain(move);
    expect(errors).toEqual([]);
    await page.close();
    for (const seen of [ann, bob, eve]) await seen.room.leave();
  }, 120_000);

  it('continues on another device: a second browser takes the seat with its link, the first is told why and takes it back', async () => {
    const search = (code: string) => `?room=${code}&speed=instant&server=127.0.0.1:${server.port}`;
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 8, colours: ['red', 'green'] });
    const code = ann.room.roomId;
    const laptop = await openApp(app.browser, app.served, search(code), undefined, { webgl: false });
    await laptop.page.getByTestId('take-green').waitFor({ timeout: 90_000 });
    await laptop.page.getByTestId('online-name').fill('Bob');
    await laptop.page.getByTestId('take-green').click();
    await until(ann.room, (st) => st.seats[1].connected && st.seats[1].name === 'Bob', 'Bob seated');
    ann.room.send('start');
    await laptop.page.getByTestId('online-bar').waitFor({ timeout: 90_000 });
    await laptop.page.waitForFunction(() => window.rolit.state().moves.length === 0 && window.rolit.online()?.phase === 'playing');
    // The room's bar may start folded on a short screen: unfolded, then the seat's link unfolded.
    const bar = laptop.page.locator('[data-testid="online-bar"]');
    if ((await bar.getAttribute('open')) === null) await bar.locator('> summary').click();
    await laptop.page.locator('[data-testid="another-device"] > summary').click();
    await audit(laptop.page, 'continue on another device');
    await screenshot(laptop.page, 'online-another-device');
    const link = await laptop.page.getByTestId('seat-link').inputValue();
    expect(new URL(link).searchParams.get('room')).toBe(code);

    // A second browser (its own context: another device) opens the link and plays green.
    const phone = await openApp(app.browser, app.served, new URL(link).search + '&speed=instant', undefined, { webgl: false });
    await phone.page.waitForFunction(() => window.rolit.online()?.colour === 'green', undefined, { timeout: 90_000 });
    expect(new URL(phone.page.url()).searchParams.get('seat')).toBeNull();
    await laptop.page.getByTestId('online-failure').waitFor({ timeout: 30_000 });
    expect(await laptop.page.getByTestId('online-failure').getAttribute('data-kind')).toBe('seatMoved');
    await until(ann.room, (st) => st.seats[1].connected && st.seats[1].name === 'Bob', 'Bob still seated');
    // Try again on the laptop takes the seat back.
    await laptop.page.getByRole('button', { name: 'Try again' }).click();
    await laptop.page.waitForFunction(() => window.rolit.online()?.colour === 'green', undefined, { timeout: 30_000 });
    await phone.page.getByTestId('online-failure').waitFor({ timeout: 30_000 });
    expect([laptop.errors, phone.errors].flat()).toEqual([]);
    for (const p of [laptop.page, phone.page]) await p.close();
    await ann.room.leave();
  }, 300_000);

  it('a player’s lost connection: the others see the seat disconnected with a countdown, the player’s page reconnects by itself; a page gone for good is played by the computer after the grace', async () => {
    const search = (code: string) => `?room=${code}&speed=instant&server=127.0.0.1:${server.port}`;
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'], standIn: 'greedy' });
    const code = ann.room.roomId;
    const bob = await openApp(app.browser, app.served, search(code), undefined, { webgl: false });
    await bob.page.getByTestId('take-green').waitFor({ timeout: 90_000 });
    await bob.page.getByTestId('online-name').fill('Bob');
    await bob.page.getByTestId('take-green').click();
    await until(ann.room, (st) => st.seats[1].connected && st.seats[1].name === 'Bob', 'Bob seated');
    const eve = await openApp(app.browser, app.served, search(code), undefined, { webgl: false });
    await until(ann.room, (st) => st.spectators === 1, 'Eve watching');
    ann.room.send('start');
    for (const p of [bob.page, eve.page]) await p.getByTestId('online-bar').waitFor({ timeout: 90_000 });
    await seatShows(eve.page, 'Bob', /connected/);

    // Bob's network goes: his connection breaks and new ones fail until it is back.
    await bob.page.context().setOffline(true);
    // (Chromium may close the socket itself when it goes offline; if not, the server's side breaks it.)
    breakConnection(code, 'Bob');
    await until(ann.room, (st) => !st.seats[1].connected && st.seats[1].dropDeadline > 0, 'Bob shown as disconnected');
    const dropped = bob.page.getByTestId('online-dropped');
    await dropped.waitFor();
    // The browser knows its network is gone: the banner says it waits for the network, not for the server.
    expect(await dropped.textContent()).toBe('No network: reconnecting when it returns…');
    expect(await dropped.getAttribute('role')).toBe('status');
    // It covers none of the page's controls.
    const covered = await bob.page.evaluate(() => {
      const banner = document.querySelector('[data-testid="online-dropped"]')!.getBoundingClientRect();
      return [...document.querySelectorAll('button, select, input, summary')]
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 0 && r.left < banner.right && r.right > banner.left && r.top < banner.bottom && r.bottom > banner.top;
        })
        .map((c) => c.textContent);
    });
    expect(covered).toEqual([]);
    await seatShows(eve.page, 'Bob', /^disconnected: the computer takes over in \d+ seconds?$/);
    // Eve's bar is folded on this short screen: its line says so too.
    await eve.page.getByTestId('dropped-summary').filter({ hasText: /^ · Bob: disconnected: the computer takes over in \d+ seconds?$/ }).waitFor();
    await screenshot(eve.page, 'online-drop-countdown');
    await screenshot(bob.page, 'online-drop-reconnecting');
    // Back online: the page reconnects by itself, to the same seat.
    await bob.page.context().setOffline(false);
    await dropped.waitFor({ state: 'detached', timeout: 90_000 });
    await bob.page.waitForFunction(() => window.rolit.online()?.status === 'open' && window.rolit.online()?.colour === 'green');
    await seatShows(eve.page, 'Bob', /^connected$/);
    await eve.page.getByTestId('dropped-summary').waitFor({ state: 'detached' });
    expect(ann.room.state.seats[1].standIn).toBe(false);

    // Bob's page closes: a countdown, then the computer plays on for him.
    await bob.page.close();
    await seatShows(eve.page, 'Bob', /^disconnected: the computer takes over in \d+ seconds?$/);
    await seatShows(eve.page, 'Bob', /^away, the computer \(.+\) plays on$/, 30_000);
    expect(ann.room.state.seats[1].standIn).toBe(true);
    // The browser logs each reconnection attempt made while offline; nothing else went wrong.
    expect([bob.errors, eve.errors].flat().filter((e) => !/WebSocket connection .* failed: .*ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await eve.page.close();
    await ann.room.leave();
  }, 300_000);

  it('fits a phone: the lobby and the room in play at 390x844', async () => {
    const serverParam = `server=127.0.0.1:${server.port}`;
    const phone = { width: 390, height: 844 };
    const host = await openApp(app.browser, app.served, `?seats=human,ai&speed=instant&${serverParam}`, phone);
    await waitForScene(host.page);
    await host.page.getByRole('button', { name: 'New game' }).click();
    await host.page.getByTestId('create-room').click();
    await host.page.getByTestId('lobby').waitFor({ timeout: 90_000 });
    await screenshot(host.page, 'online-lobby-phone');
    const overflow = await host.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await host.page.getByTestId('start-online').click();
    await host.page.getByTestId('online-bar').waitFor({ timeout: 90_000 });
    await settled(host.page);
    await screenshot(host.page, 'online-game-phone');
    expect(await boardUnder(host.page, '[data-testid="online-bar"]')).toEqual([]);
    await host.page.close();
  }, 300_000);
});
