/**
 * A timed turn ends by its deadline whoever holds the seat meanwhile: a player who drops on their
 * turn, is stood in for by a computer and comes back before it answers is still timed out on time.
 */
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventsOf, startTestServer, type TestServer, twoPlayers, until, watch } from './helpers';

let server: TestServer;
beforeAll(async () => {
  // A short grace, and a computer slower than the time limit: the stand-in never answers first.
  server = await startTestServer({ graceSeconds: 0.2, computerDelayMs: 10_000 });
});
afterAll(async () => {
  await server?.close();
});

it('keeps the deadline of a turn whose player dropped, was stood in for and came back', async () => {
  const { ann, bob, eve } = await twoPlayers(server.endpoint, { timeLimit: 2 });
  // Green's turn: red plays first if red is to move.
  if (ann.room.state.toMove === 'red') {
    await until(ann.room, (st) => st.toMove === 'green', 'green to move (after red timed out)', 5000);
  }
  const deadline = ann.room.state.moveDeadline;
  const moves = ann.room.state.moves.length;
  const token = bob.room.reconnectionToken;
  bob.room.reconnection.enabled = false;
  await bob.room.leave(false);
  await until(ann.room, (st) => st.seats[1].standIn, 'a computer stands in for Bob');
  const back = watch(await new Client(server.endpoint).reconnect(token));
  await until(ann.room, (st) => st.seats[1].connected && !st.seats[1].standIn, 'Bob back in his seat');
  expect(ann.room.state.moveDeadline).toBe(deadline);
  // Nobody plays: the server's clock ends green's turn by the deadline it showed.
  await until(eve.room, (st) => st.moves.length === moves + 1, 'green timed out', deadline - Date.now() + 2000);
  expect(Date.now()).toBeGreaterThanOrEqual(deadline);
  expect(eventsOf(eve).some((e) => e.type === 'timeExpired' && e.colour === 'green')).toBe(true);
  await back.room.leave();
});
