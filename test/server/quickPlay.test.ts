/**
 * Quick play (docs/online.md, Quick play) against a real server: the queue groups players into
 * one `rolit` room, seated in the order they arrive, computers on the other seats, started by
 * itself; a lone player gets a table too; odd options and messages are refused.
 */
import { Client, type Room } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_COMPUTER } from '../../src/server/room/serverTable';
import { first, next, type Seen, startTestServer, type TestServer, until, watch } from './helpers';

/** Seconds a group short of four waits here (the server's default is 15). */
const WAIT = 1;
/** Seconds a seat reservation holds here (the server's default is 15). */
const RESERVATION = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ quickWaitSeconds: WAIT, seatReservationSeconds: RESERVATION });
});
afterAll(async () => {
  await server?.close();
});

/** A player in the queue: the queue room, and the seat reservation once the queue gives one. */
async function queue(name: string): Promise<{ client: Client; seen: Seen }> {
  const client = new Client(server.endpoint);
  return { client, seen: watch(await client.joinOrCreate('quick', { name })) };
}

/** Confirms the seat the queue gave and takes it: the player's room at its table. */
async function takeSeat({ client, seen }: { client: Client; seen: Seen }): Promise<Seen> {
  const seat = await first(seen, 'seat', (WAIT + 10) * 1000);
  seen.room.send('confirm');
  return watch(await client.consumeSeatReservation(seat));
}

const humans = (room: Room) => room.state.seats.filter((s: any) => s.kind === 'human').map((s: any) => s.name);

describe('quick play', () => {
  it('puts two players at one table, in the order they arrive, with computers on the free seats, and starts', async () => {
    const [ann, bob] = await Promise.all([queue('Ann'), queue(' Bob ')]);
    // Ann takes her seat first, then Bob.
    const annAt = await takeSeat(ann);
    await until(annAt.room, (st) => st.seats[0].name === 'Ann', 'Ann on the first seat');
    const bobAt = await takeSeat(bob);
    expect(bobAt.room.roomId).toBe(annAt.room.roomId);
    await Promise.all([annAt, bobAt].map((s) => until(s.room, (st) => st.phase === 'playing' && st.toMove !== '', 'the round started by itself')));
    const seats = annAt.room.state.seats.map((s: any) => [s.colour, s.kind, s.kind === 'human' ? s.name : s.level]);
    expect(seats).toEqual([
      ['red', 'human', 'Ann'], ['yellow', 'human', 'Bob'],
      ['green', 'computer', QUICK_COMPUTER], ['blue', 'computer', QUICK_COMPUTER],
    ]);
    const st = annAt.room.state;
    expect([st.size, st.variant, st.misere, st.timeLimit]).toEqual([8, 'standard', false, 0]);
    expect((await first(annAt, 'you')).colour).toBe('red');
    expect((bobAt.messages.you as any[]).at(-1).colour).toBe('yellow');
    // The queue let them go (confirm): each is in its table's room only.
    await until(annAt.room, (s) => s.moves.length > 0 || s.toMove === 'red' || s.toMove === 'yellow', 'a turn');
    expect(ann.seen.room.connection.isOpen).toBe(false);
    // The table is no one's to join by colour: watchers only.
    await expect(new Client(server.endpoint).joinById(annAt.room.roomId, { name: 'Cy', colour: 'green' })).rejects.toThrow(/started/);
    await Promise.all([annAt.room.leave(), bobAt.room.leave()]);
  });

  it('gives a lone player a table with three computers', async () => {
    const start = Date.now();
    const queued = await queue('Solo');
    const alone = await takeSeat(queued);
    await until(alone.room, (st) => st.phase === 'playing', 'the round started');
    // `clients` is sent when the group changes: once for a lone player, however many cycles it waited.
    expect(queued.seen.messages.clients).toEqual([1]);
    // On joining, the queue says how long it waits for others at most: the server's --quick-wait.
    expect(queued.seen.messages.wait).toEqual([WAIT]);
    expect(humans(alone.room)).toEqual(['Solo']);
    expect(alone.room.state.seats.filter((s: any) => s.kind === 'computer').length).toBe(3);
    // The wait is the queue's cycles (one a second): WAIT of them, and a cycle or two to be sure of everyone's.
    expect(Date.now() - start).toBeLessThan((WAIT + 3) * 1000);
    await alone.room.leave();
  });

  it('starts without a player who never takes the seat, once the reservation runs out, a computer on it', async () => {
    const [ann, bob] = await Promise.all([queue('Ann'), queue('Bob')]);
    const annAt = await takeSeat(ann);
    // Bob got his seat but never takes it.
    await first(bob.seen, 'seat');
    await until(annAt.room, (st) => st.phase === 'playing', 'the round started without Bob', (RESERVATION + 5) * 1000);
    expect(humans(annAt.room)).toEqual(['Ann']);
    expect(annAt.room.state.seats[1]).toMatchObject({ kind: 'computer', level: QUICK_COMPUTER });
    await Promise.all([annAt.room.leave(), bob.seen.room.leave()]);
  }, 30_000);

  it('refuses odd options and messages, and the queue goes on', async () => {
    for (const options of [{}, { name: '' }, { name: 'A', rank: 5 }, { name: 'A', maxPlayers: 1 }, { name: 'x'.repeat(40) }]) {
      await expect(new Client(server.endpoint).joinOrCreate('quick', options), JSON.stringify(options)).rejects.toThrow(/badOptions/);
    }
    const one = await queue('Una');
    for (const [type, payload] of [['play', { move: 'f4' }], ['seat', 1], ['', null]] as const) {
      one.seen.room.send(type, payload);
      expect(await next(one.seen, 'error'), type).toMatchObject({ code: 'unknownMessage' });
    }
    // create('quick') joins the one queue rather than opening another.
    const two = { client: new Client(server.endpoint), seen: null as unknown as Seen };
    two.seen = watch(await two.client.create('quick', { name: 'Dos' }));
    expect(two.seen.room.roomId).toBe(one.seen.room.roomId);
    const [unaAt, dosAt] = await Promise.all([takeSeat(one), takeSeat(two)]);
    expect(dosAt.room.roomId).toBe(unaAt.room.roomId);
    await until(unaAt.room, (st) => st.phase === 'playing', 'their round');
    expect(humans(unaAt.room).sort()).toEqual(['Dos', 'Una']);
    await Promise.all([unaAt.room.leave(), dosAt.room.leave()]);
  });
});
