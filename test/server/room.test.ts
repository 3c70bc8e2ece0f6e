/**
 * The `rolit` room against a real server and @colyseus/sdk clients: a four-player round to the
 * end, a spectator joining mid-round, and refused messages changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game, readRecord } from '../../src/engine';
import { create, gameOf, join, movesOf, next, playFirst, type Seen, startTestServer, type TestServer, until } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const COLOURS = ['red', 'yellow', 'green', 'blue'] as const;

async function fourPlayers(options: Record<string, unknown> = {}): Promise<Seen[]> {
  const host = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 6, ...options });
  const others = await Promise.all(
    (['yellow', 'green', 'blue'] as const).map((colour, i) => join(server.endpoint, host.room.roomId, { name: ['Bob', 'Cy', 'Di'][i], colour })),
  );
  const all = [host, ...others];
  await Promise.all(all.map((s) => until(s.room, (st) => st.seats.every((seat: any) => seat.name !== ''), 'all seats taken')));
  return all;
}

describe('rolit room', () => {
  it('plays a four-player round to the end: every client sees the same moves, which the engine replays to the same result', async () => {
    const clients = await fourPlayers();
    const [host] = clients;
    host.room.send('start');
    await Promise.all(clients.map((s) => until(s.room, (st) => st.phase === 'playing', 'playing')));
    // Each player plays the first legal move of its own colour, as the engine events it received say.
    for (let n = 0; host.room.state.phase === 'playing'; n++) {
      const toMove = host.room.state.toMove;
      const mover = clients[COLOURS.indexOf(toMove)];
      const move = gameOf(mover).legalMoves()[0];
      mover.room.send('play', { move });
      await Promise.all(clients.map((s) => until(s.room, (st) => st.moves.length === n + 1, `move ${n + 1}`)));
      expect(movesOf(mover)[n]).toBe(move);
    }
    await Promise.all(clients.map((s) => until(s.room, (st) => st.phase === 'over' && st.records.length === 1, 'round over and saved')));
    const moves = movesOf(host);
    expect(moves).toHaveLength(32);
    for (const s of clients) expect(movesOf(s)).toEqual(moves);
    // The engine alone, from the published seed and moves, reaches the same board, scores and result.
    const state = host.room.state;
    const replay = new Game({ size: 6, players: 4, seed: state.seed, takeBacks: false });
    expect([...state.throws]).toEqual(replay.state.throws);
    for (const move of moves) replay.play(move);
    expect(replay.state.over).toBe(true);
    for (const s of clients) expect(gameOf(s).state.board).toEqual(replay.state.board);
    expect(state.seats.map((seat: any) => seat.score)).toEqual(replay.state.result!.playerScores);
    const record = readRecord(await (await fetch(`${server.endpoint}/records/${state.records[0]}`)).text());
    expect(record.game.state.moves.map((m) => m.squares.join('+'))).toEqual(moves);
    expect(record.tags).toMatchObject({ Red: 'Ann', Yellow: 'Bob', Green: 'Cy', Blue: 'Di', Room: host.room.roomId });
    // The result as an object: the engine's, with its round, and no computer having played for anyone.
    const { round, scores, playerScores, winners, standInMoves } = state.results[0];
    expect({ round, scores: Object.fromEntries(scores.entries()), playerScores: [...playerScores], winners: [...winners], standInMoves: [...standInMoves] })
      .toEqual({ round: 0, ...replay.state.result, standInMoves: [0, 0, 0, 0] });
  });

  it('shows a spectator who joins mid-round the same board as the players', async () => {
    const clients = await fourPlayers();
    clients[0].room.send('start');
    await until(clients[0].room, (st) => st.phase === 'playing', 'playing');
    for (let n = 0; n < 5; n++) {
      // Every client has the move before the next: the mover plays from its own log, caught up.
      await playFirst(clients[COLOURS.indexOf(clients[0].room.state.toMove)]);
      await Promise.all(clients.map((s) => until(s.room, (st) => st.moves.length === n + 1, `move ${n + 1}`)));
    }
    const watcher = await join(server.endpoint, clients[0].room.roomId, { name: 'Eve', spectator: true });
    await until(watcher.room, (st) => st.moves.length === 5, 'the spectator has the moves');
    await Promise.all(clients.map((s) => until(s.room, (st) => st.spectators === 1, 'one spectator')));
    expect(movesOf(watcher)).toEqual(movesOf(clients[0]));
    expect(gameOf(watcher).state.board).toEqual(gameOf(clients[0]).state.board);
    expect((watcher.messages.you as any[])[0]).toEqual({ colour: '', host: false });
    watcher.room.send('play', { move: gameOf(watcher).legalMoves()[0] });
    expect(await next(watcher, 'error')).toMatchObject({ code: 'spectator' });
  });

  it('refuses out-of-turn, illegal, forged, malformed and unknown messages and changes nothing', async () => {
    const clients = await fourPlayers();
    const [host, second] = clients;
    second.room.send('start');
    expect(await next(second, 'error')).toMatchObject({ code: 'notHost' });
    host.room.send('start');
    await until(host.room, (st) => st.phase === 'playing', 'playing');
    const toMove = host.room.state.toMove;
    const mover = clients[COLOURS.indexOf(toMove)];
    const other = clients[(COLOURS.indexOf(toMove) + 1) % 4];
    const legal = gameOf(mover).legalMoves()[0];
    const tries: [Seen, string, unknown, string][] = [
      [other, 'play', { move: legal }, 'notYourTurn'],
      [mover, 'play', { move: 'a1' }, 'illegalMove'],
      [mover, 'play', { move: 'z9' }, 'illegalMove'],
      [mover, 'play', { move: legal, colour: toMove }, 'malformed'],
      [other, 'play', { move: legal, colour: toMove }, 'malformed'],
      [mover, 'play', { move: 42 }, 'malformed'],
      [mover, 'play', undefined, 'malformed'],
      [mover, 'play', { move: 'f'.repeat(500) }, 'malformed'],
      [mover, 'play', [legal], 'malformed'],
      [mover, 'teleport', { move: legal }, 'unknownMessage'],
      [mover, 'start', undefined, mover === host ? 'notWaiting' : 'notHost'],
      [mover, 'rematch', undefined, mover === host ? 'notOver' : 'notHost'],
      [mover, 'fill', { colour: 'red', level: 'beginner' }, mover === host ? 'notWaiting' : 'notHost'],
      [mover, 'fill', { colour: 'red', level: 'grandmaster' }, 'malformed'],
    ];
    for (const [client, type, message, code] of tries) {
      client.room.send(type, message);
      const error = await next(client, 'error');
      expect(error, `${type} ${JSON.stringify(message)}`).toMatchObject({ code });
      expect(typeof (error as any).text).toBe('string');
    }
    expect(((mover.messages.error as any[]).find((e) => e.text.includes('a1')))?.reason).toBeDefined();
    // Nothing changed, nobody else heard of it, and the room still plays.
    expect(movesOf(host)).toEqual([]);
    expect(host.room.state.toMove).toBe(toMove);
    const errorsSeen = clients.map((s) => (s.messages.error ?? []).length);
    expect(errorsSeen.reduce((a, b) => a + b)).toBe(tries.length + 1);
    mover.room.send('play', { move: legal });
    await until(host.room, (st) => st.moves.length === 1, 'the legal move');
    expect(clients.every((s) => s.room.connection.isOpen)).toBe(true);
  });

  it('refuses a taken colour, a colour not in play and a bad setup when joining or creating', async () => {
    const host = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 8, colours: ['red', 'blue'] });
    await expect(join(server.endpoint, host.room.roomId, { name: 'Bob', colour: 'red' })).rejects.toThrow(/colourTaken/);
    await expect(join(server.endpoint, host.room.roomId, { name: 'Bob', colour: 'green' })).rejects.toThrow(/notInPlay/);
    await expect(join(server.endpoint, host.room.roomId, { name: 'x'.repeat(40), colour: 'blue' })).rejects.toThrow(/badOptions.*24/);
    await expect(join(server.endpoint, host.room.roomId, { name: 'Bob\u0007', colour: 'blue' })).rejects.toThrow(/badOptions/);
    await expect(create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'yellow', 'green'] })).rejects.toThrow(/badSetup/);
    await expect(create(server.endpoint, { name: 'Ann', colour: 'red', size: 5 })).rejects.toThrow(/badOptions/);
    await expect(create(server.endpoint, { name: 'Ann', colour: 'red', seats: [{ kind: 'human' }] })).rejects.toThrow(/badSetup.*seats/);
    const bob = await join(server.endpoint, host.room.roomId, { name: ' Bob ', colour: 'blue' });
    await until(host.room, (st) => st.seats[1].name === 'Bob', 'Bob seated, his name trimmed');
    expect(bob.messages.you ?? (await next(bob, 'you'))).toBeDefined();
  });

  it('lets the host fill a free seat with a computer, which then plays its turns', async () => {
    const host = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 8, colours: ['red', 'green'] });
    host.room.send('start');
    expect(await next(host, 'error')).toMatchObject({ code: 'seatsFree' });
    host.room.send('fill', { colour: 'green', level: 'greedy' });
    await until(host.room, (st) => st.seats[1].kind === 'computer', 'green is a computer');
    host.room.send('start');
    await until(host.room, (st) => st.phase === 'playing', 'playing');
    // Ann plays whenever it is red's turn; the computer answers on its own.
    await until(host.room, (st) => st.toMove === 'red' || st.moves.length > 0, 'a turn');
    for (let n = 0; n < 3; n++) {
      await until(host.room, (st) => st.toMove === 'red', 'red to move');
      const count = host.room.state.moves.length;
      await playFirst(host);
      await until(host.room, (st) => st.moves.length >= count + 2, 'the computer answered', 15_000);
    }
    expect(gameOf(host).state.moves.filter((m) => m.colour === 'green').length).toBeGreaterThanOrEqual(3);
  });
});
