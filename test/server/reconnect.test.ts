/**
 * Dropped players: the seat is kept through the grace (shown as disconnected with a deadline),
 * the reconnection token takes it back; after the grace a computer plays on, and the token still
 * gives the seat back to its player.
 */
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { create, eventually, first, gameOf, join, playFirst, type Seen, startTestServer, type TestServer, until, watch } from './helpers';

const GRACE = 0.6;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ graceSeconds: GRACE });
});
afterAll(async () => {
  await server?.close();
});

/** Closes the client's connection without leaving (a network drop); the SDK must not reconnect on its own. */
async function drop(seen: Seen): Promise<string> {
  const token = seen.room.reconnectionToken;
  seen.room.reconnection.enabled = false;
  await seen.room.leave(false);
  return token;
}

async function reconnect(token: string): Promise<Seen> {
  return watch(await new Client(server.endpoint).reconnect(token));
}

it('keeps a dropped player\'s seat through the grace and gives it back with the reconnection token', async () => {
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 8, colours: ['red', 'green'] });
  const bob = await join(server.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
  await until(ann.room, (st) => st.seats[1].connected, 'Bob seated');
  ann.room.send('start');
  await until(ann.room, (st) => st.phase === 'playing', 'playing');

  const before = Date.now();
  const token = await drop(bob);
  await until(ann.room, (st) => !st.seats[1].connected && st.seats[1].dropDeadline > 0, 'Bob shown as disconnected');
  const deadline = ann.room.state.seats[1].dropDeadline;
  expect(deadline).toBeGreaterThan(before);
  expect(deadline).toBeLessThanOrEqual(Date.now() + GRACE * 1000 + 50);
  expect(ann.room.state.seats[1].name).toBe('Bob');

  const back = await reconnect(token);
  await until(ann.room, (st) => st.seats[1].connected && st.seats[1].dropDeadline === 0, 'Bob back');
  expect(ann.room.state.seats[1].standIn).toBe(false);
  expect(await first(back, 'you')).toMatchObject({ colour: 'green', host: false });
  await until(back.room, (st) => st.phase === 'playing', 'Bob has the state');
  // He plays for green again.
  await until(ann.room, (st) => st.toMove !== '', 'a turn');
  if (ann.room.state.toMove === 'red') {
    await playFirst(ann);
    await until(back.room, (st) => st.toMove === 'green', 'green to move');
  }
  await playFirst(back);
  await until(ann.room, (st) => st.moves.length >= 1 && st.toMove === 'red', 'Bob moved');
});

it('has a computer play on after the grace, and the player takes the seat back on return', async () => {
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 8, colours: ['red', 'green'], standIn: 'beginner' });
  const bob = await join(server.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
  await until(ann.room, (st) => st.seats[1].connected, 'Bob seated');
  ann.room.send('start');
  await until(ann.room, (st) => st.phase === 'playing', 'playing');
  const token = await drop(bob);
  await until(ann.room, (st) => st.seats[1].standIn && !st.seats[1].connected, 'a computer stands in for Bob', 5000);
  // Ann plays; the stand-in answers for green.
  for (let n = 0; n < 2; n++) {
    await until(ann.room, (st) => st.toMove === 'red', 'red to move');
    const count = ann.room.state.moves.length;
    await playFirst(ann);
    await until(ann.room, (st) => st.moves.length >= count + 2 || (st.toMove === 'red' && st.moves.length > count), 'the stand-in answered');
  }
  expect(gameOf(ann).state.moves.some((m) => m.colour === 'green')).toBe(true);

  const back = await reconnect(token);
  await until(ann.room, (st) => st.seats[1].connected && !st.seats[1].standIn, 'Bob took his seat back');
  await until(ann.room, (st) => st.toMove === 'red', 'red to move');
  await playFirst(ann);
  await until(back.room, (st) => st.toMove === 'green', 'green to move');
  const count = back.room.state.moves.length;
  // Nobody answers for Bob now: the turn waits for him.
  await new Promise((r) => setTimeout(r, 300));
  expect(back.room.state.moves.length).toBe(count);
  await playFirst(back);
  await until(ann.room, (st) => st.moves.length === count + 1, 'Bob played');
});

it('frees a lobby seat whose player dropped for longer than the grace', async () => {
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 8, colours: ['red', 'green'] });
  const bob = await join(server.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
  await until(ann.room, (st) => st.seats[1].connected, 'Bob seated');
  const token = await drop(bob);
  await until(ann.room, (st) => st.seats[1].name === '', 'green free again', 5000);
  await expect(reconnect(token)).rejects.toThrow();
  await join(server.endpoint, ann.room.roomId, { name: 'Cy', colour: 'green' });
  await until(ann.room, (st) => st.seats[1].name === 'Cy' && st.seats[1].connected, 'Cy took green');
});

it('passes the host role to the player seated longest when the host stays away past the grace, so the rematch can start', async () => {
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 6, colours: ['red', 'green', 'blue'], standIn: 'beginner' });
  const bob = await join(server.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
  const cy = await join(server.endpoint, ann.room.roomId, { name: 'Cy', colour: 'blue' });
  await until(ann.room, (st) => st.seats[1].connected && st.seats[2].connected, 'Bob and Cy seated');
  ann.room.send('start');
  await until(bob.room, (st) => st.phase === 'playing', 'playing');
  await drop(ann);
  await until(bob.room, (st) => st.seats[0].standIn, 'a computer stands in for Ann');
  // Bob sat down before Cy: he hosts now, and both pages are told.
  await until(bob.room, (st) => st.host === 'green', 'Bob hosts');
  await eventually(() => (bob.messages.you ?? []).some((m) => (m as { host: boolean }).host), 'Bob told he hosts');
  expect((cy.messages.you ?? []).every((m) => !(m as { host: boolean }).host)).toBe(true);
  // Bob and Cy play on against Ann's stand-in to the end of the round, then Bob starts the next.
  while (bob.room.state.phase === 'playing') {
    const mover = bob.room.state.toMove === 'green' ? bob : bob.room.state.toMove === 'blue' ? cy : null;
    const count = bob.room.state.moves.length;
    if (mover) await playFirst(mover);
    await until(bob.room, (st) => st.moves.length > count || st.phase !== 'playing', 'a move', 5000);
  }
  await until(bob.room, (st) => st.phase === 'over', 'round over');
  bob.room.send('rematch');
  await until(bob.room, (st) => st.phase === 'playing' && st.round === 1, 'the next round started by Bob');
});
