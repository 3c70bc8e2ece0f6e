/**
 * Resigning (docs/online.md, `resign`): the stand-in computer plays the player's seat to the end of
 * the round although they stay connected, every client is told who resigned, and a rematch seats
 * the person again. Refusals: no round, a spectator, a second resignation.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, eventually, next, playFirst, snapshot, startTestServer, type TestServer, twoPlayers, until } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('hands the seat to the computer for the rest of the round, says so to everyone, and seats the player again at the rematch', async () => {
  const { ann, bob, eve } = await twoPlayers(server.endpoint, { size: 4, standIn: 'beginner' });
  // Bob resigns whether or not it is his turn: the computer takes green's turns from now on.
  bob.room.send('resign');
  const told = await Promise.all([ann, bob, eve].map((s) => next(s, 'resigned')));
  for (const message of told) expect(message).toEqual({ colour: 'green', name: 'Bob' });
  await until(ann.room, (st) => st.seats[1].standIn && st.seats[1].resigned && st.seats[1].connected, 'the stand-in plays for Bob, who is still here');
  // Ann plays her turns; green's are the computer's, to the round's end.
  while (ann.room.state.phase === 'playing') {
    await until(ann.room, (st) => st.toMove === 'red' || st.phase === 'over', 'red to move or the end', 10_000);
    if (ann.room.state.phase !== 'playing') break;
    const count = ann.room.state.moves.length;
    await playFirst(ann);
    await until(ann.room, (st) => st.moves.length > count, 'Ann’s move', 10_000);
  }
  expect(ann.room.state.seats[1].standIn).toBe(true);
  // With the round over there is nothing to resign from.
  bob.room.send('resign');
  expect((await next(bob, 'error')).code).toBe('notPlaying');

  await until(ann.room, (st) => st.records.length === 1, 'the round saved');
  ann.room.send('rematch');
  // Both clients in the new round before anyone plays: Ann's move comes from her own view of it.
  await Promise.all([ann, bob].map((s) => until(s.room, (st) => st.phase === 'playing' && st.round === 1 && st.toMove !== '', 'the rematch')));
  // Seats rotate between rounds: Bob's seat is found by his name.
  const seat = bob.room.state.seats.find((s: { name: string }) => s.name === 'Bob');
  expect(seat).toMatchObject({ standIn: false, resigned: false, connected: true });
  // Nobody plays for Bob now: when his colour is to move, the turn waits for him.
  if (bob.room.state.toMove !== seat.colour) {
    const count = ann.room.state.moves.length;
    await playFirst(ann);
    await until(bob.room, (st) => st.moves.length > count, 'Ann’s move in the rematch', 10_000);
  }
  const count = bob.room.state.moves.length;
  await playFirst(bob);
  await until(ann.room, (st) => st.moves.length === count + 1, 'Bob played himself');
  for (const s of [ann, bob, eve]) await s.room.leave();
}, 60_000);

it('refuses a resignation from a spectator, before the match, and a second one, changing nothing', async () => {
  const { ann, bob, eve } = await twoPlayers(server.endpoint, { size: 4 });
  const before = snapshot(ann);
  eve.room.send('resign');
  expect((await next(eve, 'error')).code).toBe('spectator');
  expect(snapshot(ann)).toBe(before);
  bob.room.send('resign');
  // Once red is to move, the stand-in for green waits for Ann, so nothing moves between the two snapshots.
  await until(ann.room, (st) => st.seats[1].resigned && st.toMove === 'red', 'Bob resigned, and red to move', 10_000);
  const resigned = snapshot(ann);
  bob.room.send('resign');
  expect((await next(bob, 'error')).code).toBe('resigned');
  expect(snapshot(ann)).toBe(resigned);
  expect((bob.messages.resigned ?? []).length).toBe(1);
  for (const s of [ann, bob, eve]) await s.room.leave();

  const host = await create(server.endpoint, { name: 'Cy', colour: 'red', size: 4 });
  await eventually(() => (host.messages.you ?? []).length > 0, 'welcomed');
  host.room.send('resign');
  expect((await next(host, 'error')).code).toBe('notPlaying');
  expect(host.room.state.phase).toBe('waiting');
  await host.room.leave();
});
