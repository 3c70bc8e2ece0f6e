/**
 * Stopping the server without loss: the production process (`npm run serve`'s built JavaScript)
 * gets SIGTERM with a round in play; it takes no more rooms, tells every client `closing` with the
 * seconds left, saves the round as an unfinished record, closes the rooms and exits within 10 s.
 * Restarted on the same data directory, it lists and serves that record. Also `GET /health`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRecord } from '../../src/engine';
import { type BuiltServer, buildServer, startBuiltServer } from './builtServer';
import { create, eventually, first, movesOf, playFirst, type Seen, twoPlayers, until } from './helpers';

let dir = '';
let bundle = '';
let entry = '';
const servers: BuiltServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-shutdown-'));
  ({ entry, dir: bundle } = await buildServer());
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.kill();
  await rm(dir, { recursive: true, force: true });
  if (bundle) await rm(bundle, { recursive: true, force: true });
});

async function start(): Promise<BuiltServer> {
  const server = await startBuiltServer(entry, ['--threads', '1'], { ROLIT_DATA: joinPath(dir, 'data'), ROLIT_COMPUTER_DELAY: '0' });
  servers.push(server);
  return server;
}

const health = async (origin: string) => {
  const response = await fetch(`${origin}/health`);
  return { status: response.status, body: await response.json() };
};

/** The close code each client's connection ends with. */
function closeCodes(clients: Seen[]): Promise<number>[] {
  return clients.map((c) => new Promise<number>((resolve) => c.room.onLeave((code) => resolve(code))));
}

it('on SIGTERM tells every client, saves the round in play unfinished, exits within 10 s; restarted, it lists and serves the round', async () => {
  const server = await start();
  expect(await health(server.origin)).toEqual({ status: 200, body: { status: 'ok', rooms: 0, clients: 0, down: {}, journal: { waiting: 0, setAside: 0 } } });

  const { ann, bob, eve } = await twoPlayers(server.origin, { size: 6 });
  const played: string[] = [];
  for (let i = 0; i < 3; i++) {
    const n = ann.room.state.moves.length;
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    played.push(await playFirst(mover));
    await until(ann.room, (st) => st.moves.length === n + 1, `move ${n + 1}`);
  }
  // A second room, in its lobby: nothing to save, but its client is told too.
  const lobby = await create(server.origin, { name: 'Cleo', colour: 'red', colours: ['red', 'green'] });
  await until(lobby.room, (st) => st.seats.length === 2, 'the lobby');
  expect(await health(server.origin)).toEqual({ status: 200, body: { status: 'ok', rooms: 2, clients: 4, down: {}, journal: { waiting: 0, setAside: 0 } } });

  const clients = [ann, bob, eve, lobby];
  const closed = closeCodes(clients);
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  for (const client of clients) expect(await first(client, 'closing')).toEqual({ seconds: 5 });

  // While the rooms close: no new rooms, no moves, and the load balancer is told to look elsewhere.
  expect((await health(server.origin)).body).toMatchObject({ status: 'closing' });
  expect((await fetch(`${server.origin}/health`)).status).toBe(503);
  await expect(new Client(server.origin).create('rolit', { name: 'Dev', colour: 'red' })).rejects.toThrow();
  const mover = ann.room.state.toMove === 'red' ? ann : bob;
  const refusals = (mover.messages.error ?? []).length;
  await playFirst(mover);
  await eventually(() => (mover.messages.error ?? []).length > refusals, 'the move refused');
  expect(mover.messages.error!.at(-1)).toMatchObject({ code: 'closing' });

  const file = `${ann.room.roomId}-round1-unfinished.rolit`;
  await until(eve.room, (st) => st.records.includes(file), 'the unfinished record listed');
  expect(await Promise.all(closed)).toEqual([4001, 4001, 4001, 4001]);
  expect(await server.exited).toBe(0);
  const stoppedIn = Date.now() - signalled;
  expect(stoppedIn).toBeLessThan(10_000);
  expect(server.output()).toMatch(/stopping \(SIGTERM\)/);

  const restarted = await start();
  expect(await (await fetch(`${restarted.origin}/records`)).json()).toEqual([file]);
  const record = readRecord(await (await fetch(`${restarted.origin}/records/${file}`)).text());
  expect(record.game.state.over).toBe(false);
  expect(record.game.state.moves.map((m) => m.squares.join('+'))).toEqual(played);
  expect(movesOf(ann)).toEqual(played);
  expect(record.tags).toMatchObject({ Room: ann.room.roomId, Round: '1', Red: 'Ann', Green: 'Bob' });
  expect(await (await fetch(`${restarted.origin}/records/${file}`)).text()).toMatch(/\[Result "\*"\]/);
}, 60_000);
