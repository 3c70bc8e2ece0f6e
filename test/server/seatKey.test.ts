/**
 * Seat keys: each person's `you` message carries a secret that takes their seat back from any
 * device. The earlier connection is told why and closed, a computer standing in hands back at once,
 * and a wrong key takes nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEAT_TAKEN_BACK, type YouMessage } from '../../src/wire/contract';
import { eventually, first, gameOf, join, playFirst, snapshot, startTestServer, type TestServer, twoPlayers, until } from './helpers';

let server: TestServer;
beforeAll(async () => {
  // A short grace, and a stand-in slower than any test step: it never answers before the person is back.
  server = await startTestServer({ graceSeconds: 0.2, computerDelayMs: 10_000 });
});
afterAll(async () => {
  await server?.close();
});

it('gives each person a key of 128 bits or more, and takes the seat back with it from a second client, closing the first', async () => {
  const { ann, bob, eve } = await twoPlayers(server.endpoint);
  const [annYou, bobYou, eveYou] = await Promise.all([first<YouMessage>(ann, 'you'), first<YouMessage>(bob, 'you'), first<YouMessage>(eve, 'you')]);
  expect(Buffer.from(bobYou.seatKey!, 'base64url').length).toBeGreaterThanOrEqual(16);
  expect(annYou.seatKey).not.toBe(bobYou.seatKey);
  expect(eveYou.seatKey).toBeUndefined();

  let closed: number | null = null;
  bob.room.onLeave((code) => (closed = code));
  const bob2 = await join(server.endpoint, ann.room.roomId, { name: 'Bob', seatKey: bobYou.seatKey });
  expect(await first<YouMessage>(bob2, 'you')).toEqual({ colour: 'green', host: false, seatKey: bobYou.seatKey });
  await eventually(() => closed === SEAT_TAKEN_BACK, 'the first connection closed with its reason');
  await until(ann.room, (st) => st.seats[1].name === 'Bob' && st.seats[1].connected, 'Bob still seated');
  // The second client plays for green.
  if (ann.room.state.toMove === 'red') {
    await playFirst(ann);
    await until(bob2.room, (st) => st.toMove === 'green', 'green to move');
  }
  const count = bob2.room.state.moves.length;
  await eventually(() => gameOf(bob2).state.moves.length === count, 'Bob’s events caught up');
  await playFirst(bob2);
  await until(ann.room, (st) => st.moves.length === count + 1, 'Bob played from his second client');
});

it('refuses a wrong key, taking nothing', async () => {
  const { ann } = await twoPlayers(server.endpoint);
  const before = snapshot(ann);
  await expect(join(server.endpoint, ann.room.roomId, { name: 'Mallory', seatKey: 'A'.repeat(22) })).rejects.toThrow(/badSeatKey/);
  await expect(join(server.endpoint, ann.room.roomId, { name: 'Mallory', seatKey: 'x'.repeat(65) })).rejects.toThrow(/badOptions/);
  expect(snapshot(ann)).toBe(before);
});

it('takes the seat back from a computer standing in, on the player’s turn, with the deadline unchanged', async () => {
  const { ann, bob } = await twoPlayers(server.endpoint, { timeLimit: 600 });
  const key = (await first<YouMessage>(bob, 'you')).seatKey!;
  if (ann.room.state.toMove === 'red') {
    await playFirst(ann);
    await until(ann.room, (st) => st.toMove === 'green', 'green to move');
  }
  const deadline = ann.room.state.moveDeadline;
  bob.room.reconnection.enabled = false;
  await bob.room.leave(false);
  await until(ann.room, (st) => st.seats[1].standIn, 'a computer stands in for Bob');
  const bob2 = await join(server.endpoint, ann.room.roomId, { name: 'Bob', seatKey: key });
  await until(ann.room, (st) => st.seats[1].connected && !st.seats[1].standIn, 'Bob took his seat back');
  expect(ann.room.state.moveDeadline).toBe(deadline);
  const count = ann.room.state.moves.length;
  await eventually(() => gameOf(bob2).state.moves.length === count, 'Bob’s events caught up');
  await playFirst(bob2);
  await until(ann.room, (st) => st.moves.length === count + 1 && st.toMove === 'red', 'Bob played his turn himself');
});
