/**
 * Quick play's waits with the server's default settings (prints figures, asserts nothing):
 *
 *   npx tsx scripts/measure-quick.ts [--runs N]
 *
 * Starts a game server on a free loopback port, then, N times (default 3): one player alone
 * presses Quick play; then two players, the second 5 s after the first. Prints, for each, the
 * seconds from the first press until every player of the group is seated in one room whose round
 * has started (computers on the other seats). The figures are the queue's wait (15 s for a group
 * short of four, in cycles of 1 s) plus the handshakes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, type Room } from '@colyseus/sdk';
import { NO_LIMITS } from '../src/server/front/limits';
import { startServer } from '../src/server/server';

const { runs } = parseArgs({ options: { runs: { type: 'string', default: '3' } } }).values;
const dataDir = await mkdtemp(join(tmpdir(), 'rolit-quick-'));
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, threads: 1, limits: NO_LIMITS, closingSeconds: 0 });
const endpoint = `http://127.0.0.1:${server.port}`;

/** One press of Quick play: resolves with the table's room once its round has started. */
async function press(name: string): Promise<Room<any>> {
  const client = new Client(endpoint);
  const queue = await client.joinOrCreate('quick', { name });
  const seat = await new Promise<unknown>((resolve) => {
    queue.onMessage('seat', resolve);
    queue.onMessage('clients', () => {});
  });
  queue.send('confirm');
  const room: Room<any> = await client.consumeSeatReservation(seat as never);
  room.onMessage('*', () => {});
  await new Promise<void>((resolve) => {
    const check = () => room.state?.phase === 'playing' && resolve();
    room.onStateChange(check);
    check();
  });
  return room;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (let run = 1; run <= Number(runs); run++) {
  let start = performance.now();
  const alone = await press('Solo');
  console.log(`run ${run}: one player alone seated, round started after ${((performance.now() - start) / 1000).toFixed(1)} s`);
  await alone.leave();
  start = performance.now();
  const first = press('Ann');
  await sleep(5000);
  const rooms = await Promise.all([first, press('Bob')]);
  const same = rooms[0].roomId === rooms[1].roomId;
  console.log(`run ${run}: two players 5 s apart ${same ? 'at one table' : 'at two tables'} after ${((performance.now() - start) / 1000).toFixed(1)} s`);
  await Promise.all(rooms.map((r) => r.leave()));
}
await server.stop();
await rm(dataDir, { recursive: true, force: true });
