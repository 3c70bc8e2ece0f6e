/**
 * Players, ratings and kept games on the default SQLite database (docs/online.md, Players and
 * ratings): a player who resigns a rated 4x4 round against a beginner computer is rated and has
 * the game; their key brings their seat back; a restart keeps everything; every request's
 * parameters and the `player` option are checked.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerIdOf } from '../../src/server/players/playerId';
import { create, eventually, first, join, next, startTestServer, type TestServer, until } from './helpers';
import { farmOverRooms, hostileRequests, resignedRatedRound, stillKnown, whenReady } from './playerChecks';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const newKey = () => randomBytes(16).toString('base64url');
const holding = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

it('rates a player who resigns a rated 4x4 round against a beginner, keeps the game, and keeps both across a restart', async () => {
  const played = await resignedRatedRound(server.endpoint, newKey());
  // The same answers from a new process on the same data directory.
  const { dataDir } = server;
  await server.stop();
  server = await startTestServer({ dataDir });
  await stillKnown(server.endpoint, played);
}, 60_000);

it('gives the seat back to a new client joining with the key of the player holding it, and lists where the player plays', async () => {
  const key = newKey();
  const id = playerIdOf(key);
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'green', colours: ['red', 'green'], player: key });
  expect(await first(ann, 'you')).toMatchObject({ colour: 'green', player: id });
  expect(JSON.stringify(ann.messages.you)).not.toContain(key);
  const playing = await (await fetch(`${server.endpoint}/players/${id}/playing`, holding(key))).json();
  expect(playing).toEqual({ rooms: [ann.room.roomId], phases: { [ann.room.roomId]: 'waiting' }, standInLeft: {} });
  // Another device (no token, no seat key) asking to watch, or for a colour, with the key gets its seat.
  const again = await join(server.endpoint, ann.room.roomId, { name: 'Ann', spectator: true, player: key });
  expect(await first(again, 'you')).toMatchObject({ colour: 'green', player: id });
  await until(again.room, (st) => st.seats[1].connected && st.spectators === 0, 'the seat taken back, nobody watching');
  // Someone else's key is a spectator's.
  const other = newKey();
  const eve = await join(server.endpoint, ann.room.roomId, { name: 'Eve', spectator: true, player: other });
  expect(await first(eve, 'you')).toMatchObject({ colour: '', player: playerIdOf(other) });
  await again.room.leave();
  await eve.room.leave();
  // The seat is free again once its player left the table before the match: the room is no longer theirs.
  const after = await (await fetch(`${server.endpoint}/players/${id}/playing`, holding(key))).json();
  expect(after.rooms).not.toContain(ann.room.roomId);
}, 30_000);

it('tells where a player plays to the holder of their key only: a stranger learns no room code, with no key, another key or a malformed one', async () => {
  const key = newKey();
  const id = playerIdOf(key);
  // A private table (not listed): its code is its only lock.
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'], player: key });
  await first(ann, 'you');
  const code = ann.room.roomId;
  const url = `${server.endpoint}/players/${id}/playing`;
  const strangers: [string, RequestInit, number][] = [
    ['no key', {}, 401],
    ['another player\'s key', holding(newKey()), 403],
    ['a malformed header', { headers: { authorization: `Basic ${key}` } }, 401],
    ['a key of the wrong shape', holding('short'), 401],
    ['the public id as the key', holding(id), 403],
  ];
  for (const [who, init, status] of strangers) {
    const answer = await fetch(url, init);
    const text = await answer.text();
    expect({ who, status: answer.status }).toEqual({ who, status });
    expect(JSON.parse(text).error, who).toMatch(/^only the player sees where they play/);
    expect(text, who).not.toContain(code);
    expect(text, who).not.toMatch(/rooms|phases/);
  }
  expect((await fetch(url)).headers.get('www-authenticate')).toBe('Bearer');
  // The holder, from any device holding the key.
  expect(await (await fetch(url, holding(key))).json()).toEqual({ rooms: [code], phases: { [code]: 'waiting' }, standInLeft: {} });
  await ann.room.leave();
}, 30_000);

it('says the phase of each room where the player holds a seat: in play, then the round over, still theirs once they left a table that stays open', async () => {
  const key = newKey();
  const id = playerIdOf(key);
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'], player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  const eve = await join(server.endpoint, ann.room.roomId, { name: 'Eve', spectator: true });
  const code = ann.room.roomId;
  const phases = async () => ((await (await fetch(`${server.endpoint}/players/${id}/playing`, holding(key))).json()) as { phases: Record<string, string> }).phases;
  await until(ann.room, (st) => st.spectators === 1, 'Eve watching');
  expect(await phases()).toEqual({ [code]: 'waiting' });
  ann.room.send('start');
  await until(ann.room, (st) => st.phase === 'playing', 'the round in play');
  expect(await phases()).toEqual({ [code]: 'playing' });
  // Ann resigns: the computer plays her seat to the round's end; she leaves, Eve keeps the table open.
  ann.room.send('resign');
  await until(eve.room, (st) => st.phase === 'over', 'the round over', 30_000);
  await ann.room.leave();
  await until(eve.room, (st) => !st.seats[0].connected, 'Ann gone');
  expect(await phases()).toEqual({ [code]: 'over' });
  await eve.room.leave();
}, 60_000);

it('refuses a player key of the wrong shape with badOptions, on create and on join', async () => {
  for (const player of ['short', 'x'.repeat(65), 'has space in it for sure ok', 'plus+signs+are+not+base64url', 42, null]) {
    await expect(create(server.endpoint, { name: 'Ann', colour: 'red', player })).rejects.toThrow(/badOptions/);
  }
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
  await expect(join(server.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green', player: 'é'.repeat(22) })).rejects.toThrow(/badOptions/);
  await expect(create(server.endpoint, { name: 'Ann', colour: 'red', rated: 'yes' })).rejects.toThrow(/badOptions/);
  await ann.room.leave();
});

it('answers hostile requests with 400 saying what is wrong, and unknown players with 404', async () => {
  await hostileRequests(server.endpoint);
});

it('keeps an unrated table’s game without rating it', async () => {
  const key = newKey();
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, standIn: 'beginner', rated: false, player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  await until(ann.room, (st) => st.seats.length === 2, 'seated');
  ann.room.send('start');
  await until(ann.room, (st) => st.phase === 'playing', 'playing');
  ann.room.send('resign');
  await next(ann, 'resigned');
  await until(ann.room, (st) => st.phase === 'over' && st.records.length === 1, 'the round over', 30_000);
  const id = playerIdOf(key);
  // Kept at the round's end, after its record: wait for the game to be listed.
  let profile: { rating: number | null; games: number } | null = null;
  for (let i = 0; i < 200 && !profile?.games; i++) {
    const answer = await fetch(`${server.endpoint}/players/${id}`);
    profile = answer.status === 200 ? await answer.json() : null;
  }
  expect(profile).toMatchObject({ rating: null, games: 1, ratedGames: 0 });
  const games = await (await fetch(`${server.endpoint}/players/${id}/games`)).json();
  expect(games[0]).toMatchObject({ room: ann.room.roomId, rated: false });
  await ann.room.leave();
}, 60_000);

it('forgets a player on their key: the player, their rating, and their name in kept rounds go; the rounds stay', async () => {
  const key = newKey();
  const played = await resignedRatedRound(server.endpoint, key, 'Zed');
  const forget = (headers: Record<string, string>) => fetch(`${server.endpoint}/players/forget`, { method: 'POST', headers });
  expect((await forget({})).status).toBe(401);
  expect((await forget({ authorization: 'Bearer not-a-key' })).status).toBe(401);
  expect(await (await forget({ authorization: `Bearer ${key}` })).json()).toEqual({ forgotten: true });
  expect((await fetch(`${server.endpoint}/players/${played.id}`)).status).toBe(404);
  const board = await (await fetch(`${server.endpoint}/leaderboard?limit=100`)).json();
  expect(board.map((e: { id: string }) => e.id)).not.toContain(played.id);
  // The computer's side of the round is kept, without Zed.
  const games = await (await fetch(`${server.endpoint}/players/computer:beginner/games?limit=100`)).json();
  const game = games.find((g: { room: string }) => g.room === played.room);
  expect(game.seats[0]).toMatchObject({ player: null, name: '?' });
  expect(game.record).toContain('[Red "?"]');
  expect(JSON.stringify(game)).not.toContain('Zed');
  // Records are kept in one place: the one GET /records serves is the one forgotten.
  const served = await (await fetch(`${server.endpoint}/records/${played.room}-round1.rolit`)).text();
  expect(served).toContain('[Red "?"]');
  expect(served).not.toContain('Zed');
  // A second time, nothing is left to forget.
  expect(await (await forget({ authorization: `Bearer ${key}` })).json()).toEqual({ forgotten: false });
}, 60_000);

it('lets neither of the two puppet farms buy a rating: one puppet resigning at a private 4x4 table with instant rematch, or a fresh puppet and table every round, gain at most +100 over 20 rounds', async () => {
  for (const puppets of ['one', 'fresh'] as const) {
    const key = newKey();
    const gained = await farmOverRooms([server.endpoint], puppets, key);
    expect(gained, `${puppets} puppet(s)`).toBeLessThanOrEqual(100);
    const profile = await (await fetch(`${server.endpoint}/players/${playerIdOf(key)}`)).json();
    expect(profile).toMatchObject({ ratedGames: 20, provisional: true });
    expect(profile.rating - 1500).toBeLessThanOrEqual(100);
  }
}, 240_000);

it('forgets a player holding a seat for good: the seat is given up at once and goes on unnamed, and once the round is kept the id still answers 404', async () => {
  const key = newKey();
  const id = playerIdOf(key);
  const zed = await create(server.endpoint, { name: 'Zed', colour: 'red', size: 4, standIn: 'beginner', player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  await until(zed.room, (st) => st.seats[0].connected, 'seated');
  zed.room.send('start');
  await until(zed.room, (st) => st.phase === 'playing', 'playing');
  expect((await (await fetch(`${server.endpoint}/players/${id}/playing`, holding(key))).json()).rooms).toEqual([zed.room.roomId]);
  const forgotten = await fetch(`${server.endpoint}/players/forget`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
  expect(await forgotten.json()).toEqual({ forgotten: false });
  // Given up at once: the stand-in plays the seat, unnamed; the client is told who it is without the id.
  await until(zed.room, (st) => st.seats[0].reason === 'resigned' && st.seats[0].name === '?', 'the seat given up, unnamed');
  await eventually(() => (zed.messages.you ?? []).some((you: any) => you.player === undefined && you.colour === 'red'), 'told without the id');
  expect((await (await fetch(`${server.endpoint}/players/${id}/playing`, holding(key))).json()).rooms).toEqual([]);
  await until(zed.room, (st) => st.phase === 'over' && st.records.length === 1, 'the round over and saved', 30_000);
  // The round is kept (the beginner's game), without the player.
  const game = await whenReady(`${server.endpoint}/players/computer:beginner/games?limit=100`, (body) => Array.isArray(body) && body.some((g: { room: string }) => g.room === zed.room.roomId), 'the round kept');
  const kept = game.find((g: { room: string }) => g.room === zed.room.roomId);
  expect(kept.seats[0]).toMatchObject({ player: null, name: '?', forfeit: true });
  expect(JSON.stringify(kept)).not.toContain('Zed');
  expect((await fetch(`${server.endpoint}/players/${id}`)).status).toBe(404);
  // After the table closes too.
  await zed.room.leave();
  await new Promise((r) => setTimeout(r, 200));
  expect((await fetch(`${server.endpoint}/players/${id}`)).status).toBe(404);
}, 60_000);

it('tells a player who left a round in play how many of their moves a computer may still play, and the round given up reads the same in the room, the kept game and the record', async () => {
  const key = newKey();
  const id = playerIdOf(key);
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, standIn: 'beginner', player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  const eve = await join(server.endpoint, ann.room.roomId, { name: 'Eve', spectator: true });
  await until(ann.room, (st) => st.spectators === 1, 'Eve watching');
  ann.room.send('start');
  await until(ann.room, (st) => st.phase === 'playing', 'playing');
  // 4x4, two colours: 6 moves a seat, given up once a stand-in played 4 of them.
  expect(ann.room.state.seats[0]).toMatchObject({ standInLeft: 4, gaveUp: false });
  const playing = await whenReady(`${server.endpoint}/players/${id}/playing`, (body) => body.standInLeft?.[ann.room.roomId] !== undefined, 'the moves left shared', holding(key));
  expect(playing.standInLeft[ann.room.roomId]).toBeLessThanOrEqual(4);
  await ann.room.leave();
  await until(eve.room, (st) => st.phase === 'over' && st.records.length === 1, 'the round over', 30_000);
  const result = eve.room.state.results[0];
  expect([...result.gaveUp]).toEqual([true, false]);
  expect([...result.winners]).toEqual([1]);
  expect(eve.room.state.seats[0]).toMatchObject({ gaveUp: true, standInLeft: 0 });
  const record = await (await fetch(`${server.endpoint}/records/${eve.room.state.records[0]}`)).text();
  expect(record).toContain('[GaveUp "red"]');
  expect(record).toContain('[GreenLevel "beginner"]');
  const games = await whenReady(`${server.endpoint}/players/${id}/games`, (body) => Array.isArray(body) && body.length === 1, 'the game kept');
  expect(games[0].seats.map((s: { forfeit: boolean }) => s.forfeit)).toEqual([true, false]);
  expect((await (await fetch(`${server.endpoint}/players/${id}/playing`, holding(key))).json()).standInLeft).toEqual({});
  await eve.room.leave();
}, 60_000);
