import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ComputerPool } from '../../src/server/computers/computerPool';
import { onlineTexts } from '../../src/app/online/onlineTexts';
import { createOnlineRoom, seatKeyKey, tokenKey } from '../../src/app/online/onlineRoom';
import { newPlayerKey } from '../../src/app/online/playerKey';
import { inviteLink, readOnlineParameters } from '../../src/app/online/onlineAddress';
import { Game } from '../../src/engine/index';
import { fetchRecord, finishedRounds } from '../../src/app/online/roomRecords';
import { openReplay } from '../../src/app/replay/replay';
import { startTestServer, type TestServer } from '../server/helpers';
import { until } from './storeUntil';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}


describe('the page’s room connection against the real server', () => {
  it('hears the player’s new rating at the end of a rated round', async () => {
    const key = newPlayerKey();
    const page = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage(), playerKey: () => key });
    await page.getState().create({ name: 'Ann', colour: 'red', size: 4, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
    await until(page, (s) => s.you?.host === true && s.room?.seats.length === 2, 'seated', 5000);
    page.getState().send('start');
    await until(page, (s) => s.room?.phase === 'playing', 'playing', 5000);
    page.getState().send('resign');
    await until(page, (s) => s.rated !== null, 'the ratings', 30_000);
    const { rated, you } = page.getState();
    expect(rated!.round).toBe(0);
    expect(rated!.seats.find((s) => s.player === you!.player)).toMatchObject({ colour: 'red', provisional: true, change: expect.any(Number), rating: expect.any(Number) });
    await page.getState().leave();
  });

  it('takes the player’s seat back on a page opened anew with the same player key (a new tab, another device)', async () => {
    const playerKey = newPlayerKey();
    const first = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage(), playerKey: () => playerKey });
    await first.getState().create({ name: 'Ann', colour: 'green', size: 8, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, colours: ['red', 'green'] });
    await until(first, (s) => s.you?.colour === 'green', 'Ann seated', 5000);
    const code = first.getState().roomId!;
    // No reconnection token, no seat key: only the player's key.
    const other = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage(), playerKey: () => playerKey });
    await other.getState().open(code, 'Ann');
    await until(other, (s) => s.you?.colour === 'green' && s.you.player === first.getState().you?.player, 'the seat back', 5000);
    await until(first, (s) => s.failure?.kind === 'seatMoved', 'the first page told its seat moved', 5000);
    await other.getState().leave();
  });

  it('creates, opens a link as a spectator, takes a seat, plays; a reload rejoins the seat', async () => {
    const hostTab = memoryStorage();
    const host = createOnlineRoom({ endpoint: server.endpoint, tabStorage: hostTab });
    await host.getState().create({ name: 'Ann', colour: 'red', size: 8, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, colours: ['red', 'green'] });
    expect(host.getState().failure).toBeNull();
    const code = host.getState().roomId!;
    expect(hostTab.getItem(tokenKey(code))).toBeTruthy();
    await until(host, (s) => s.you?.host === true && s.room?.seats.length === 2, 'the host’s welcome', 5000);

    const guestTab = memoryStorage();
    const guest = createOnlineRoom({ endpoint: server.endpoint, tabStorage: guestTab });
    await guest.getState().open(code, 'Bob');
    await until(guest, (s) => s.you?.colour === '' && s.room?.spectators === 1, 'watching', 5000);
    await guest.getState().takeSeat('green', 'Bob');
    await until(host, (s) => s.room?.seats.find((x) => x.colour === 'green')?.name === 'Bob' && s.room.spectators === 0, 'Bob seated', 5000);

    host.getState().send('start');
    for (const s of [host, guest]) await until(s, (x) => x.room?.phase === 'playing' && x.log !== null, 'the round', 5000);
    const mover = guest.getState().room!.toMove === 'green' ? guest : host;
    const move = Game.fromEvents(mover.getState().log!.events).legalMoves()[0];
    mover.getState().send('play', { move });
    for (const s of [host, guest]) await until(s, (x) => x.room?.moves.length === 1 && Game.fromEvents(x.log!.events).state.moves.length === 1, 'the move everywhere', 5000);
    expect(Game.fromEvents(guest.getState().log!.events).state.board).toEqual(Game.fromEvents(host.getState().log!.events).state.board);

    // A page reload: a new connection from the same tab takes the same seat back.
    const reloaded = createOnlineRoom({ endpoint: server.endpoint, tabStorage: guestTab });
    await reloaded.getState().open(code, 'Bob');
    await until(reloaded, (s) => s.you?.colour === 'green', 'Bob back in his seat', 5000);

    // Refused intents come back as refusals.
    host.getState().send('start');
    await until(host, (s) => s.refusal?.code === 'notWaiting', 'a refusal', 5000);
    for (const s of [host, guest, reloaded]) await s.getState().leave();
  });

  it('plays a small round to its end, sends emotes, and the host starts a rematch', async () => {
    const host = createOnlineRoom({ endpoint: server.endpoint, tabStorage: null });
    await host.getState().create({ name: 'Ann', colour: 'red', size: 4, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: true, colours: ['red', 'green'] });
    const guest = createOnlineRoom({ endpoint: server.endpoint, tabStorage: null });
    await guest.getState().open(host.getState().roomId!, 'Bob');
    await guest.getState().takeSeat('green', 'Bob');
    await until(host, (s) => s.room?.seats[1]?.name === 'Bob', 'Bob seated', 5000);
    expect(host.getState().room!.help).toBe(true);
    host.getState().send('start');
    await until(host, (s) => s.room?.phase === 'playing' && s.log !== null, 'the round', 5000);
    guest.getState().send('emote', { emote: 'hello' });
    await until(host, (s) => s.emote?.emote === 'hello' && s.emote.colour === 'green', 'Bob’s hello', 5000);
    for (let n = 0; host.getState().room!.phase === 'playing'; n++) {
      const toMove = host.getState().room!.toMove;
      const mover = toMove === 'red' ? host : guest;
      await until(mover, (s) => s.log !== null && Game.fromEvents(s.log.events).state.moves.length === n, `move ${n + 1} known`, 5000);
      mover.getState().send('play', { move: Game.fromEvents(mover.getState().log!.events).legalMoves()[0] });
      await until(host, (s) => s.room!.moves.length === n + 1 || s.room!.phase === 'over', `move ${n + 1} played`, 5000);
    }
    await until(guest, (s) => s.room?.phase === 'over' && s.room.results.length === 1, 'the round over', 5000);
    expect(Game.fromEvents(guest.getState().log!.events).state.over).toBe(true);
    // The finished round is listed in the room and its record served by the server: the same moves.
    await until(guest, (s) => s.room!.records.length === 1, 'the round’s record', 5000);
    const [finished] = finishedRounds(guest.getState().room!.records, guest.getState().room!.results);
    expect(finished.round).toBe(1);
    expect(finished.balls.map(([c]) => c).sort()).toEqual(['green', 'red']);
    const replay = openReplay(await fetchRecord(server.endpoint, finished.name));
    expect(replay.lines[0].map((m) => m.text)).toEqual(guest.getState().room!.moves);
    expect(replay.players?.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    // Only the host starts the rematch; the new round comes with a new log.
    guest.getState().send('rematch');
    await until(guest, (s) => s.refusal?.code === 'notHost', 'the guest refused', 5000);
    host.getState().send('rematch');
    await until(guest, (s) => s.room?.phase === 'playing' && s.room.round === 1 && s.log?.round === 1, 'the rematch', 5000);
    expect(Game.fromEvents(guest.getState().log!.events).state.moves).toHaveLength(0);
    for (const s of [host, guest]) await s.getState().leave();
  });

  it('continues on another device with the seat’s link: the first page is told, and takes the seat back with Try again', async () => {
    const host = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage() });
    await host.getState().create({ name: 'Ann', colour: 'red', size: 8, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, colours: ['red', 'green'] });
    const code = host.getState().roomId!;
    const laptopTab = memoryStorage();
    const laptop = createOnlineRoom({ endpoint: server.endpoint, tabStorage: laptopTab });
    await laptop.getState().open(code, 'Bob');
    await laptop.getState().takeSeat('green', 'Bob');
    await until(laptop, (s) => s.you?.colour === 'green' && !!s.you.seatKey, 'Bob seated, with his seat’s key', 5000);
    const key = laptop.getState().you!.seatKey!;
    expect(laptopTab.getItem(seatKeyKey(code))).toBe(key);
    host.getState().send('start');
    await until(laptop, (s) => s.room?.phase === 'playing', 'playing', 5000);

    // The link's parameters, as the phone's page reads them.
    const link = new URL(inviteLink({ origin: 'http://127.0.0.1', pathname: '/', search: '' }, code, key));
    const { room, seatKey } = readOnlineParameters(link.search, link);
    const phone = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage() });
    await phone.getState().open(room!, 'Bob', seatKey);
    await until(phone, (s) => s.you?.colour === 'green', 'Bob’s seat on the phone', 5000);
    await until(laptop, (s) => s.status === 'failed' && s.failure?.kind === 'seatMoved', 'the laptop told why', 5000);
    expect(laptopTab.getItem(tokenKey(code))).toBeNull();
    // Try again on the laptop takes the seat back with the key this tab kept.
    await laptop.getState().open(code, 'Bob');
    await until(laptop, (s) => s.you?.colour === 'green', 'Bob’s seat back on the laptop', 5000);
    await until(phone, (s) => s.failure?.kind === 'seatMoved', 'the phone told why', 5000);

    // A link whose key takes no seat: the page watches, and says why.
    const stranger = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage() });
    await stranger.getState().open(code, 'Eve', 'A'.repeat(22));
    await until(stranger, (s) => s.status === 'open' && s.you?.colour === '', 'watching', 5000);
    expect(stranger.getState().failure?.code).toBe('badSeatKey');
    for (const s of [host, laptop, phone, stranger]) await s.getState().leave();
  });

  it('says so when the room fails on the server, and lists the round it saved to play on here', async () => {
    const page = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage() });
    await page.getState().create({ name: 'Ann', colour: 'red', size: 8, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A computer's move that fails to play: a fault of the room's own code (one the rules refuse plays the fallback instead).
    const choose = vi.spyOn(ComputerPool.prototype, 'choose').mockImplementation(async (events) => Game.fromEvents(events).legalMoves()[0]);
    const play = Game.prototype.play;
    const failing = vi.spyOn(Game.prototype, 'play').mockImplementation(function (this: Game, move: string) {
      if (this.state.toMove === 'green') throw new Error('injected');
      return play.call(this, move);
    });
    try {
      page.getState().send('start');
      await until(page, (s) => s.room?.phase === 'playing' && s.log !== null, 'the round', 5000);
      if (page.getState().room!.toMove === 'red') page.getState().send('play', { move: Game.fromEvents(page.getState().log!.events).legalMoves()[0] });
      await until(page, (s) => s.status === 'failed' && s.failure?.kind === 'faulted', 'the room failed', 5000);
      const saved = finishedRounds(page.getState().room!.records, []);
      expect(saved).toHaveLength(1);
      expect(saved[0].unfinished).toBe(true);
      expect(onlineTexts.failure(page.getState().failure!, server.endpoint)).toMatch(/failed on the game server/);
    } finally {
      failing.mockRestore();
      choose.mockRestore();
      logged.mockRestore();
    }
    await page.getState().leave();
  });

  it('hears when a computer cannot search: the level, and the fallback level it plays at', async () => {
    const page = createOnlineRoom({ endpoint: server.endpoint, tabStorage: memoryStorage() });
    await page.getState().create({ name: 'Ann', colour: 'red', size: 8, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'master' }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const choose = vi.spyOn(ComputerPool.prototype, 'choose').mockRejectedValue(new Error('no search thread'));
    try {
      page.getState().send('start');
      await until(page, (s) => s.room?.phase === 'playing' && s.log !== null, 'the round', 5000);
      if (page.getState().room!.toMove === 'red') page.getState().send('play', { move: Game.fromEvents(page.getState().log!.events).legalMoves()[0] });
      await until(page, (s) => s.fallback !== null, 'the fallback told', 5000);
      expect(page.getState().fallback).toMatchObject({ colour: 'green', level: 'master', fallback: 'greedy' });
      // The round goes on: the computer's move was played.
      await until(page, (s) => s.room?.toMove === 'red', 'red to move again', 5000);
      expect(page.getState().status).toBe('open');
    } finally {
      choose.mockRestore();
      logged.mockRestore();
    }
    await page.getState().leave();
  });

  it('opens a room by its code typed in lower case, grouped', async () => {
    const host = createOnlineRoom({ endpoint: server.endpoint, tabStorage: null });
    await host.getState().create({ name: 'Ann', colour: 'red', size: 8, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, colours: ['red', 'green'] });
    const code = host.getState().roomId!;
    const guest = createOnlineRoom({ endpoint: server.endpoint, tabStorage: null });
    await guest.getState().open(`${code.slice(0, 5)} ${code.slice(5)}`.toLowerCase(), 'Bob');
    await until(guest, (s) => s.status === 'open' && s.room?.spectators === 1, 'watching', 5000);
    expect(guest.getState().roomId).toBe(code);
    for (const s of [host, guest]) await s.getState().leave();
  });

  it('says why a link fails: unknown room, server down', async () => {
    const page = createOnlineRoom({ endpoint: server.endpoint, tabStorage: null });
    await page.getState().open('nosuchroom', 'Ann');
    expect(page.getState().failure?.kind).toBe('unknownRoom');
    const down = createOnlineRoom({ endpoint: 'http://127.0.0.1:9', tabStorage: null });
    await down.getState().open('abc', 'Ann');
    expect(down.getState().failure?.kind).toBe('serverDown');
  });
});
