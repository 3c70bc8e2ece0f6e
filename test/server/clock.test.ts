/** Clocks run on the server: with a time limit, the mover's time runs out there and the engine's time-out move is played. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventsOf, startTestServer, type TestServer, twoPlayers, until } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('plays the time-out move for a player whose time ran out, with the deadline in the state', async () => {
  const started = Date.now();
  const { ann, eve } = await twoPlayers(server.endpoint, { timeLimit: 1 });
  const mover = ann.room.state.toMove;
  const deadline = ann.room.state.moveDeadline;
  expect(deadline).toBeGreaterThan(started);
  expect(deadline).toBeLessThanOrEqual(Date.now() + 1000 + 50);
  // Nobody plays: the server's clock does.
  await until(eve.room, (st) => st.moves.length === 1 && st.toMove !== mover, 'the time-out move', 5000);
  expect(eventsOf(eve).some((e) => e.type === 'timeExpired' && e.colour === mover)).toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(deadline);
  expect(eve.room.state.moveDeadline).toBeGreaterThan(deadline);
});
