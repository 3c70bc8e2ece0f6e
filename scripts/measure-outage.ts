/**
 * A PostgreSQL outage under a game server with its default settings (prints figures, asserts
 * nothing; docs/online.md, Failures):
 *
 *   npm run measure:outage -- [--outage S]
 *
 * Starts a PostgreSQL of its own (Debian's postgresql package) and one server process on it
 * (`npm run server`'s program, default retries), seats two players at rated 4x4 tables against a
 * beginner, stops PostgreSQL, has both resign their rounds while it is down, starts it again
 * after S seconds (default 150), and prints the seconds from the stop to `/health` answering 503,
 * from the return to 200, and to both players told their new ratings and their games listed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg } from './args';
import { playerIdOf } from '../src/server/players/playerId';
import { create, next, type Seen, until } from '../test/server/helpers';
import { havePostgres, LocalPostgres, NO_POSTGRES } from '../test/server/localServices';
import { startServerProcess, stopProcess } from '../test/server/serverProcesses';

if (!havePostgres) {
  console.error(`measure-outage: ${NO_POSTGRES}`);
  process.exit(2);
}
const outageMs = Number(arg('outage', '150')) * 1000;
const dir = await mkdtemp(join(tmpdir(), 'rolit-outage-'));
const postgres = await LocalPostgres.create();
const server = await startServerProcess(['--database', postgres.url, '--data', join(dir, 'data')]);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Polls `/health` every 100 ms until its status is `status`; gives when. */
async function healthIs(status: number): Promise<number> {
  for (;;) {
    if ((await fetch(`${server.endpoint}/health`)).status === status) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A player at a rated 4x4 table against a beginner, seated. */
async function table(key: string, name: string): Promise<Seen> {
  const seen = await create(server.endpoint, { name, colour: 'red', size: 4, standIn: 'beginner', player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  await until(seen.room, (st) => st.seats[0]?.connected, 'seated');
  return seen;
}

try {
  const keys = [randomBytes(16).toString('base64url'), randomBytes(16).toString('base64url')];
  const tables = [await table(keys[0], 'Ann'), await table(keys[1], 'Bob')];
  await postgres.stop();
  const stopped = Date.now();
  const down = await healthIs(503);
  for (const t of tables) {
    t.room.send('start');
    await until(t.room, (st) => st.phase === 'playing', 'playing');
    t.room.send('resign');
    await until(t.room, (st) => st.phase === 'over', 'the round over', 60_000);
  }
  const waiting = (await (await fetch(`${server.endpoint}/health`)).json()) as { journal: { waiting: number } };
  console.log(`PostgreSQL stopped; /health 503 after ${seconds(down - stopped)}; ${waiting.journal.waiting} rated rounds finished while it is down wait in the journal`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, stopped + outageMs - Date.now())));
  await postgres.start();
  const back = Date.now();
  const rated = Promise.all(tables.map((t) => next(t, 'rated', outageMs + 120_000).then(() => Date.now())));
  const ok = await healthIs(200);
  const told = Math.max(...(await rated));
  const listed = Math.max(
    ...(await Promise.all(
      keys.map(async (key) => {
        for (;;) {
          const games = (await (await fetch(`${server.endpoint}/players/${playerIdOf(key)}/games`)).json()) as { rated: boolean }[];
          if (games.length === 1 && games[0].rated) return Date.now();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    )),
  );
  console.log(`PostgreSQL back after ${seconds(back - stopped)}: /health 200 after ${seconds(ok - back)}; both players told their ratings after ${seconds(told - back)}, both games rated and listed after ${seconds(listed - back)}`);
  await Promise.all(tables.map((t) => t.room.leave()));
} finally {
  await stopProcess(server.child);
  await postgres.remove();
  await rm(dir, { recursive: true, force: true });
}
