/**
 * TV (docs/online.md, TV) against a real server: one room of four computers plays rounds back to
 * back for every watcher, refuses any watcher's move or start with `spectator`, and closes when
 * nobody watches.
 */
import { matchMaker } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, first, gameOf, next, type Seen, startTestServer, type TestServer, until, watch } from './helpers';

let server: TestServer;
beforeAll(async () => {
  // Quick levels and a short pause, so rounds follow each other within the test's time.
  server = await startTestServer({ tvLevels: ['beginner', 'greedy', 'beginner', 'greedy'], tvPauseMs: 50 });
});
afterAll(async () => {
  await server?.close();
});

async function tune(name: string): Promise<Seen> {
  return watch(await new Client(server.endpoint).joinOrCreate('tv', { name }));
}

describe('tv', () => {
  it('plays rounds of four computers back to back for every watcher, and refuses their moves with spectator', async () => {
    const tia = await tune('Tia');
    expect(await first(tia, 'you')).toEqual({ colour: '', host: false });
    await until(tia.room, (st) => st.phase === 'playing' && st.moves.length > 0, 'computers playing');
    const st = tia.room.state;
    expect(st.seats.map((s: any) => s.kind)).toEqual(['computer', 'computer', 'computer', 'computer']);
    expect(st.seats.map((s: any) => s.level).sort()).toEqual(['beginner', 'beginner', 'greedy', 'greedy']);
    // A second watcher lands in the same room.
    const ugo = await tune('Ugo');
    expect(ugo.room.roomId).toBe(tia.room.roomId);
    await until(tia.room, (s) => s.spectators === 2, 'two watching');

    // Every message a watcher may send is refused, whatever the phase.
    await first(ugo, 'events');
    const move = gameOf(ugo).legalMoves()[0] ?? 'a1';
    for (const [type, payload] of [['play', { move }], ['start', undefined], ['fill', { colour: 'red', level: 'master' }], ['rematch', undefined], ['emote', { emote: 'hello' }]] as const) {
      ugo.room.send(type, payload);
      expect(await next(ugo, 'error'), type).toMatchObject({ code: 'spectator' });
    }
    ugo.room.send('teleport', {});
    expect(await next(ugo, 'error')).toMatchObject({ code: 'unknownMessage' });

    // The round ends and the next follows, its events reaching the watchers; the engine agrees with the moves.
    await until(tia.room, (s) => s.round >= 1 && s.phase === 'playing', 'the next round', 30_000);
    expect(tia.room.state.results.length).toBeGreaterThanOrEqual(1);
    await eventually(() => gameOf(ugo).state.moves.length === ugo.room.state.moves.length, 'the events of the new round');
    expect(gameOf(ugo).state.moves.map((m) => m.squares.join('+'))).toEqual([...ugo.room.state.moves]);

    // Nobody watching: the room closes.
    const id = tia.room.roomId;
    await Promise.all([tia.room.leave(), ugo.room.leave()]);
    await eventually(() => matchMaker.getLocalRoomById(id) === undefined, 'the TV room closed');
  });

  it('refuses odd options, and a new watcher later gets a new TV', async () => {
    for (const options of [{}, { name: 'Eve', colour: 'red' }, { name: 'Eve', seatKey: 'x' }, { name: 'Eve', spectator: false }]) {
      await expect(new Client(server.endpoint).joinOrCreate('tv', options), JSON.stringify(options)).rejects.toThrow(/badOptions/);
    }
    const eve = await tune('Eve');
    await until(eve.room, (st) => st.moves.length > 0, 'computers playing');
    await eve.room.leave();
  });
});
