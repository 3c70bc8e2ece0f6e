/**
 * How bots get to tables over HTTP (docs/online.md, Bots over HTTP): challenges as on lichess (a
 * challenge to a player's id shows on their events, its acceptance brings `gameStart` with one
 * room code to both, whose streams then take their seats and play the round to `gameFinish`;
 * declined, canceled, waiting ones listed when the events open), quick play, the lobby's open
 * tables, TV with a key, and the bots kept apart on the leaderboard.
 */
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRequest, type Lines, newPlayer, openLines } from './botClient';
import { create, startTestServer, type TestServer, until } from './helpers';
import { whenReady } from './playerChecks';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ quickWaitSeconds: 1 });
});
afterAll(async () => {
  await server?.close();
});

/**
 * Plays random legal moves on a room stream until the round is over, from `first` (a state line the
 * test read already) or else the stream's next state line; the last state line. A stream sends a
 * state line only when the table changed, so the one giving a bot its turn is the last until it plays.
 */
async function playOut(stream: Lines, code: string, key: string, first: any = null): Promise<any> {
  const nextState = () => stream.next((l) => l.type === 'state', 30_000);
  let played = -1;
  for (let state = first ?? (await nextState()); ; state = await nextState()) {
    if (state.phase === 'over') return state;
    if (state.legalMoves.length > 0 && played !== state.moves.length) {
      played = state.moves.length;
      const move = state.legalMoves[Math.floor(Math.random() * state.legalMoves.length)];
      expect((await botRequest(server.endpoint, 'POST', `/bot/rooms/${code}/play`, key, { move })).status).toBe(202);
    }
  }
}

describe('challenges', () => {
  it('shows a challenge to a player’s id on their events; its acceptance brings gameStart with one room code to both, whose streams take the seats and play the round to gameFinish', async () => {
    const ann = newPlayer();
    const bob = newPlayer();
    const [annEvents, bobEvents] = await Promise.all([openLines(server.endpoint, '/bot/events', ann.key), openLines(server.endpoint, '/bot/events', bob.key)]);
    const options = { name: 'Ann', size: 4, timeLimit: 30 };
    const posted = await botRequest(server.endpoint, 'POST', '/bot/challenges', ann.key, { to: bob.id, options });
    expect(posted.status).toBe(201);
    const { id } = posted.body;
    const heard = await bobEvents.next((l) => l.type === 'challenge');
    expect(heard).toMatchObject({ id, from: ann.id, to: bob.id, options: { name: 'Ann', size: 4, timeLimit: 30, variant: 'standard', misere: false } });
    expect(heard.expiresAt).toBeGreaterThan(heard.now);
    expect(await annEvents.next((l) => l.type === 'challenge')).toMatchObject({ id });
    const accepted = await botRequest(server.endpoint, 'POST', `/bot/challenges/${id}/accept`, bob.key);
    expect(accepted.status).toBe(200);
    const [toAnn, toBob] = await Promise.all([annEvents.next((l) => l.type === 'gameStart'), bobEvents.next((l) => l.type === 'gameStart')]);
    expect(toAnn).toMatchObject({ room: accepted.body.room, challenge: id });
    expect(toBob).toMatchObject({ room: accepted.body.room, challenge: id });
    // Answered once: a second answer finds no challenge.
    expect((await botRequest(server.endpoint, 'POST', `/bot/challenges/${id}/decline`, bob.key)).status).toBe(404);

    // Each takes their seat by their stream (no colour asked): the challenger red, the challenged green; the round starts by itself.
    const code = accepted.body.room;
    const [annStream, bobStream] = await Promise.all([ann, bob].map((p) => openLines(server.endpoint, `/bot/rooms/${code}/stream?name=${p === ann ? 'Ann' : 'Bob'}`, p.key)));
    expect(await annStream.next((l) => l.type === 'you')).toMatchObject({ colour: 'red' });
    expect(await bobStream.next((l) => l.type === 'you')).toMatchObject({ colour: 'green' });
    // Ann plays on from this line: it may be the one that gives her the first turn (no other comes until she plays).
    const playing = await annStream.next((l) => l.type === 'state' && l.phase === 'playing');
    expect(playing).toMatchObject({ size: 4, timeLimit: 30, seats: [{ colour: 'red', name: 'Ann', bot: true }, { colour: 'green', name: 'Bob', bot: true }] });
    const [over] = await Promise.all([playOut(annStream, code, ann.key, playing), playOut(bobStream, code, bob.key)]);
    expect(over.moves).toHaveLength(12);
    for (const events of [annEvents, bobEvents]) expect(await events.next((l) => l.type === 'gameFinish', 30_000)).toMatchObject({ room: code, round: 0 });

    // Both are bots now: apart on the leaderboard, listed with kind=bot only (provisional ones asked for: each has one rated round).
    await whenReady(`${server.endpoint}/players/${bob.id}`, (body, status) => status === 200 && body.ratedGames === 1, 'Bob rated');
    const bots = (await botRequest(server.endpoint, 'GET', '/leaderboard?kind=bot&provisional=include&limit=100', null)).body as { id: string; kind: string; ratedGames: number }[];
    expect(bots.map((b) => b.id).sort()).toEqual([ann.id, bob.id].sort());
    expect(bots.every((b) => b.kind === 'bot' && b.ratedGames === 1)).toBe(true);
    const board = (await botRequest(server.endpoint, 'GET', '/leaderboard?provisional=include&limit=100', null)).body as { id: string }[];
    expect(board.map((b) => b.id)).not.toContain(ann.id);
    for (const lines of [annEvents, bobEvents, annStream, bobStream]) lines.close();
  }, 90_000);

  it('tells a declined and a canceled challenge to both, and lists the waiting ones when the events stream opens', async () => {
    const ann = newPlayer();
    const bob = newPlayer();
    const first = await botRequest(server.endpoint, 'POST', '/bot/challenges', ann.key, { to: bob.id, options: { name: 'Ann' } });
    const second = await botRequest(server.endpoint, 'POST', '/bot/challenges', ann.key, { to: bob.id, options: { name: 'Ann', colour: 'green', size: 6 } });
    // Bob's events, opened after: both challenges wait, and are told first.
    const bobEvents = await openLines(server.endpoint, '/bot/events', bob.key);
    const waiting = [await bobEvents.next((l) => l.type === 'challenge'), await bobEvents.next((l) => l.type === 'challenge')];
    expect(waiting.map((c) => c.id).sort()).toEqual([first.body.id, second.body.id].sort());
    const annEvents = await openLines(server.endpoint, '/bot/events', ann.key);
    expect((await botRequest(server.endpoint, 'POST', `/bot/challenges/${first.body.id}/decline`, bob.key)).body).toEqual({ ok: true });
    for (const events of [annEvents, bobEvents]) expect(await events.next((l) => l.type === 'challengeDeclined')).toMatchObject({ id: first.body.id });
    expect((await botRequest(server.endpoint, 'POST', `/bot/challenges/${second.body.id}/cancel`, ann.key)).body).toEqual({ ok: true });
    for (const events of [annEvents, bobEvents]) expect(await events.next((l) => l.type === 'challengeCanceled')).toMatchObject({ id: second.body.id, reason: 'canceled' });
    // Nothing waits any more.
    const again = await openLines(server.endpoint, '/bot/events', bob.key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.seen.filter((l) => l?.type === 'challenge')).toEqual([]);
    for (const lines of [annEvents, bobEvents, again]) lines.close();
  });

  it('lets a page take its challenge seat by joining with its key, and a stranger only watch', async () => {
    const ann = newPlayer();
    const bob = newPlayer();
    const posted = await botRequest(server.endpoint, 'POST', '/bot/challenges', ann.key, { to: bob.id, options: { name: 'Ann', colour: 'green' } });
    const { room } = (await botRequest(server.endpoint, 'POST', `/bot/challenges/${posted.body.id}/accept`, bob.key)).body;
    // A stranger asking for a colour is refused; asking to watch, watches.
    await expect(new Client(server.endpoint).joinById(room, { name: 'Eve', colour: 'red' })).rejects.toThrow(/^started: the seats of a challenge table are its players'/);
    // Bob at a page: the page joins as it opens any room (watching, with its key), and gets the seat held for him.
    const page = await new Client(server.endpoint).joinById(room, { name: 'Bob', spectator: true, player: bob.key });
    page.onMessage('*', () => undefined);
    await until(page, (st) => st.seats.find((s: { colour: string }) => s.colour === 'red')?.name === 'Bob', 'Bob seated red');
    const annStream = await openLines(server.endpoint, `/bot/rooms/${room}/stream?name=Ann`, ann.key);
    expect(await annStream.next((l) => l.type === 'you')).toMatchObject({ colour: 'green' });
    await until(page, (st) => st.phase === 'playing', 'the round started by itself');
    annStream.close();
    await page.leave();
  });
});

describe('tables', () => {
  it('seats a bot through quick play (201 with the code, gameStart on its events), its stream taking the seat', async () => {
    const { key } = newPlayer();
    const events = await openLines(server.endpoint, '/bot/events', key);
    const quick = await botRequest(server.endpoint, 'POST', '/bot/quick', key, { name: 'Quickbot' });
    expect(quick.status).toBe(201);
    expect(await events.next((l) => l.type === 'gameStart')).toMatchObject({ room: quick.body.code });
    const stream = await openLines(server.endpoint, `/bot/rooms/${quick.body.code}/stream?name=Quickbot`, key);
    expect(await stream.next((l) => l.type === 'you')).toMatchObject({ colour: 'red' });
    const playing = await stream.next((l) => l.type === 'state' && l.phase === 'playing');
    expect(playing.seats.map((s: { name: string; kind: string }) => s.kind)).toEqual(['human', 'computer', 'computer', 'computer']);
    expect(playing.seats[0]).toMatchObject({ name: 'Quickbot', bot: true });
    stream.close();
    events.close();
  }, 60_000);

  it('lists the lobby’s open tables (a bot seated shown as one), and a bot joins one by a free colour', async () => {
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green', 'blue'], listed: true });
    const { key } = newPlayer();
    // The lobby asks for a key, as every bot request does.
    expect((await botRequest(server.endpoint, 'GET', '/bot/lobby', null)).status).toBe(401);
    const listed = await botRequest(server.endpoint, 'GET', '/bot/lobby', key);
    const table = (listed.body as { code: string; free: string[]; seated: unknown[] }[]).find((t) => t.code === ann.room.roomId);
    expect(table).toMatchObject({ host: 'Ann', free: ['green', 'blue'], seated: [{ colour: 'red', name: 'Ann', kind: 'human' }] });
    const stream = await openLines(server.endpoint, `/bot/rooms/${ann.room.roomId}/stream?name=Bot&colour=${table!.free[0]}`, key);
    expect(await stream.next((l) => l.type === 'you')).toMatchObject({ colour: 'green' });
    await until(ann.room, (st) => st.seats[1].bot === true, 'the bot seated, shown as one');
    const after = (await botRequest(server.endpoint, 'GET', '/bot/lobby', key)).body.find((t: { code: string }) => t.code === ann.room.roomId);
    expect(after.seated).toContainEqual({ colour: 'green', name: 'Bot', kind: 'human', bot: true });
    stream.close();
    await ann.room.leave();
  });

  it('lets a bot watch TV with its key', async () => {
    const { key, id } = newPlayer();
    const stream = await openLines(server.endpoint, '/bot/rooms/tv/stream?name=Watcher', key);
    expect(stream.status).toBe(200);
    expect(await stream.next((l) => l.type === 'you')).toMatchObject({ colour: '', player: id });
    const state = await stream.next((l) => l.type === 'state' && l.moves.length > 0, 30_000);
    expect(state.seats.every((s: { kind: string }) => s.kind === 'computer')).toBe(true);
    stream.close();
  }, 40_000);
});
