/**
 * A flood from 20 sockets while a victim room plays: the flooders join the victim's room (they
 * have its code) and send messages as fast as they can, and guess room codes over HTTP. Each is
 * closed (4002) and shut out for the cool-down, its guesses refused; the victim's round goes on,
 * every move reaching every client of the room. How long the moves take under the flood is a
 * timing: `npm run measure:limits` measures it against the quiet figure (docs/online.md, Limits).
 */
import { Client, type Room } from '@colyseus/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/front/limits';
import { eventually, gameOf, type Seen, startTestServer, type TestServer, until, watch } from './helpers';

const FLOODERS = 20;
const MOVES = 12;

let server: TestServer;
beforeAll(async () => {
  // Default limits; clients name their address in X-Forwarded-For through 127.0.0.1, a trusted proxy.
  server = await startTestServer({ limits: DEFAULT_LIMITS, trustProxy: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

const from = (address: string) => new Client(server.endpoint, { headers: { 'x-forwarded-for': address } });

interface Flooder {
  address: string;
  room: Room;
  closedWith: Promise<number>;
  /** Statuses of its wrong room-code guesses over HTTP. */
  guesses: number[];
}

/** The HTTP status of a joinById of `code` from `address`. */
async function guess(address: string, code: string): Promise<number> {
  const response = await fetch(`${server.endpoint}/matchmake/joinById/${code}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: '{"name":"M","spectator":true}',
  });
  await response.arrayBuffer();
  return response.status;
}

it('closes and shuts out 20 flooding sockets while the victim room plays on, every move reaching every client', async () => {
  const ann = watch(await from('198.51.100.1').create('rolit', { name: 'Ann', colour: 'red', colours: ['red', 'green'] }));
  const bob = watch(await from('198.51.100.2').joinById(ann.room.roomId, { name: 'Bob', colour: 'green' }));
  const eve = watch(await from('198.51.100.3').joinById(ann.room.roomId, { name: 'Eve', spectator: true }));
  const victims = [ann, bob, eve];
  for (const s of victims) s.room.reconnection.enabled = false;
  await until(ann.room, (st) => st.seats[1].connected && st.spectators === 1, 'both seated, one watching');
  ann.room.send('start');
  await Promise.all(victims.map((s) => until(s.room, (st) => st.phase === 'playing' && st.toMove !== '', 'playing')));

  const flooders: Flooder[] = await Promise.all(
    Array.from({ length: FLOODERS }, async (_, i) => {
      const address = `203.0.113.${i + 1}`;
      const room = await from(address).joinById(ann.room.roomId, { name: `Flood ${i}`, spectator: true });
      room.reconnection.enabled = false;
      room.onMessage('*', () => {});
      const closedWith = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
      return { address, room, closedWith, guesses: [] };
    }),
  );
  await until(ann.room, (st) => st.spectators === 1 + FLOODERS, 'the flooders in the room');

  // The flood: every socket sends messages of every kind as fast as it can, and guesses codes,
  // while the players play.
  const flood = flooders.map(async (f, i) => {
    for (let n = 0; n < 400 && f.room.connection.isOpen; n++) {
      f.room.send(['emote', 'play', 'start', 'nonsense'][n % 4], n % 4 === 1 ? { move: 'a1' } : { emote: 'hello' });
      if (n % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // All at once: a refusal to an address cooling down is held a second (admission.ts).
    f.guesses = await Promise.all(Array.from({ length: DEFAULT_LIMITS.guessesPerMinute + 5 }, (_, n) => guess(f.address, `${String(i).padStart(2, '0')}${String(n).padStart(8, '0')}`)));
  });
  const startMoves = gameOf(ann).state.moves.length;
  for (let move = 0; move < MOVES; move++) {
    const game = gameOf(ann);
    const count = game.state.moves.length;
    const mover = game.state.toMove === 'red' ? ann : bob;
    await eventually(() => gameOf(mover).state.moves.length === count, 'the mover has every event');
    mover.room.send('play', { move: gameOf(mover).legalMoves()[0] });
    await Promise.all(victims.map((s) => eventually(() => gameOf(s).state.moves.length === count + 1, 'every client has the move', 15_000)));
  }
  await Promise.all(flood);

  // Every flooder was closed for flooding, and is shut out: no rejoin, no reconnection.
  expect(await Promise.all(flooders.map((f) => f.closedWith))).toEqual(Array(FLOODERS).fill(4002));
  await Promise.all(flooders.map(async (f) => {
    const [back, reconnected] = await Promise.all([
      from(f.address).joinById(ann.room.roomId, { name: 'Again', spectator: true }).then(() => 'joined', (e: Error) => e.message),
      from(f.address).reconnect(f.room.reconnectionToken).then(() => 'reconnected', (e: Error) => e.message),
    ]);
    expect(back).toMatch(/^coolingDown: /);
    expect(reconnected).toMatch(/^coolingDown: /);
    // Its guesses were refused: not found at most `guessesPerMinute` times, then 429 (cool-down or guesses spent).
    expect(f.guesses.filter((s) => s === 522).length).toBeLessThanOrEqual(DEFAULT_LIMITS.guessesPerMinute);
    expect(f.guesses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  }));

  // The victim's round went on: the moves were played, every client has them all, nobody dropped.
  await until(ann.room, (st) => st.spectators === 1, 'the flooders gone');
  await Promise.all(victims.map((s) => until(s.room, (st) => st.moves.length === startMoves + MOVES, 'the state has every move')));
  const moves = [...ann.room.state.moves];
  expect(moves.length - startMoves).toBe(MOVES);
  for (const s of victims) {
    expect([...s.room.state.moves]).toEqual(moves);
    expect(gameOf(s).state.moves.length).toBe(moves.length);
    expect(s.room.connection.isOpen).toBe(true);
    expect((s.messages.error ?? []) as unknown[]).toEqual([]);
  }
  expect(ann.room.state.seats.map((seat: { connected: boolean }) => seat.connected)).toEqual([true, true]);
  await Promise.all(victims.map((s: Seen) => s.room.leave()));
}, 120_000);
