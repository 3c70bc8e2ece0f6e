/**
 * PostgreSQL failing under running game servers (docs/online.md, Failures), each part a real
 * process as in production: two server processes (`npm run server`'s program) on one PostgreSQL of
 * the test's own, their retries shortened by `--db-retry 500` so that an outage longer than any
 * of them lasts seconds. A restart ends no process and no room; rounds finished while it is down,
 * even by a process killed meanwhile, are rated and listed after its return; `/health` says so.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerIdOf } from '../../src/server/players/playerId';
import { first, until } from './helpers';
import { healthWhen, killHard } from './faultChecks';
import { havePostgres, LocalPostgres, NO_POSTGRES } from './localServices';
import { ratedTable, resignRound, whenReady } from './playerChecks';
import { startServerProcess, stopProcess } from './serverProcesses';

if (!havePostgres) console.warn(`postgresFaults.test.ts skipped: ${NO_POSTGRES}`);

/** The least time PostgreSQL stays down in the outage: longer than every pause of a write's tries at --db-retry 500 together, many times over. */
const OUTAGE_MS = 8000;

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
let dir = '';
let postgres: LocalPostgres | null = null;
const servers: Record<'a' | 'b', ServerProcess | null> = { a: null, b: null };
const args = (name: string) => ['--database', postgres!.url, '--data', joinPath(dir, name), '--db-retry', '500'];
const newKey = () => randomBytes(16).toString('base64url');

beforeAll(async () => {
  if (!havePostgres) return;
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-pg-faults-'));
  postgres = await LocalPostgres.create();
  // One after the other: on a busy machine two starting at once may each miss the start's bound.
  servers.a = await startServerProcess(args('a'));
  servers.b = await startServerProcess(args('b'));
}, 90_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s && stopProcess(s.child)));
  await postgres?.remove();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A player's profile and games, as any process sharing the database answers them. */
async function ratedAndListed(endpoint: string, key: string, room: string): Promise<void> {
  const id = playerIdOf(key);
  await whenReady(`${endpoint}/players/${id}`, (body, status) => status === 200 && body.ratedGames === 1, `${id} rated`, undefined, 20_000);
  const games = await whenReady(`${endpoint}/players/${id}/games`, (body, status) => status === 200 && body.length === 1, `${id}'s game listed`);
  expect(games[0]).toMatchObject({ room, rated: true, seats: [expect.objectContaining({ player: id, forfeit: true }), expect.objectContaining({ player: 'computer:beginner' })] });
  expect(games[0].seats[0].ratingAfter).toEqual(expect.any(Number));
  expect(games[0].record).toContain(`[Room "${room}"]`);
}

it.skipIf(!havePostgres)('lives through a PostgreSQL restart: the process and its room stay, and a round finished after the restart is rated and kept', async () => {
  const a = servers.a!;
  const key = newKey();
  const table = await ratedTable(a.endpoint, key);
  // The process holds pooled connections (its health checks use them every half second): the restart ends them.
  await postgres!.stop();
  await postgres!.start();
  await healthWhen(a.endpoint, (status) => status === 200, 'ok after the restart', 20_000);
  expect(a.child.exitCode).toBeNull();
  expect(a.output()).toMatch(/rolit database: a connection to PostgreSQL failed: the database server is shutting down or starting \(terminating connection due to administrator command/);
  expect(a.output()).not.toMatch(/Unhandled 'error' event/);
  // The room made before the restart plays a rated round after it.
  await resignRound(table);
  const rated = await first<{ seats: { player: string }[] }>(table, 'rated', 20_000);
  expect(rated.seats.map((s) => s.player)).toEqual([playerIdOf(key), 'computer:beginner']);
  await ratedAndListed(a.endpoint, key, table.room.roomId);
  await table.room.leave();
}, 90_000);

it.skipIf(!havePostgres)(
  'keeps the rated rounds finished while PostgreSQL is down, by a live process and by one killed meanwhile: rated and listed after its return; /health says 503, the part and the backlog, then 200',
  async () => {
    const a = servers.a!;
    const [ann, bob, cyd] = [newKey(), newKey(), newKey()];
    const beginnerBefore = (await (await fetch(`${a.endpoint}/players/computer:beginner`)).json()).ratedGames as number;
    const tables = { ann: await ratedTable(a.endpoint, ann, 'Ann'), bob: await ratedTable(a.endpoint, bob, 'Bob'), cyd: await ratedTable(servers.b!.endpoint, cyd, 'Cyd') };
    await postgres!.stop();
    const stoppedAt = Date.now();
    const down = await healthWhen(a.endpoint, (status, body) => status === 503 && body.down.database !== undefined, '503, the database down', 15_000);
    // Seen as it shuts down, or once it is down.
    expect(down).toMatchObject({ status: 'down', down: { database: expect.stringMatching(/^the database (server is shutting down or starting|refuses connections)/) }, journal: { waiting: 0 } });
    // Two rated rounds through one process, one through the other, while the database is down.
    await Promise.all(Object.values(tables).map(resignRound));
    const waiting = await healthWhen(a.endpoint, (_status, body) => body.journal.waiting === 2, 'two rounds waiting', 15_000);
    expect(waiting).toMatchObject({ status: 'down', down: { database: expect.any(String) } });
    // Neither named in the room nor rated while only the journal has them.
    expect([tables.ann.room.state.records.length, tables.ann.messages.rated]).toEqual([0, undefined]);
    // The other process dies with its round in its journal only.
    await healthWhen(servers.b!.endpoint, (_status, body) => body.journal.waiting === 1, 'one round waiting', 15_000);
    await killHard(servers.b!.child);
    servers.b = null;
    // Down for longer than every try once given up on, together.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stoppedAt + OUTAGE_MS - Date.now())));
    expect(a.output()).toMatch(/rolit journal: the database refuses connections \(connect ECONNREFUSED [^)]*\): \d+ rounds wait for the database, trying again in 0.5 s/);
    await postgres!.start();
    await healthWhen(a.endpoint, (status, body) => status === 200 && body.journal.waiting === 0, '200 and nothing waiting', 20_000);
    // Ann and Bob are told their new ratings, their rounds named in their rooms, rated and listed.
    for (const [key, table] of [[ann, tables.ann], [bob, tables.bob]] as const) {
      const rated = await first<{ seats: { player: string; change: number }[] }>(table, 'rated', 20_000);
      expect(rated.seats[0]).toMatchObject({ player: playerIdOf(key), change: expect.any(Number) });
      // The message goes out at once, the state's patch at the next patch interval.
      await until<{ records: string[] }>(table.room, (state) => state.records.length > 0, `${table.room.roomId}'s record named`);
      expect([...table.room.state.records]).toEqual([`${table.room.roomId}-round1.rolit`]);
      await ratedAndListed(a.endpoint, key, table.room.roomId);
    }
    // The killed process, started again on its data directory, writes what its journal kept.
    servers.b = await startServerProcess(args('b'));
    await ratedAndListed(a.endpoint, cyd, tables.cyd.room.roomId);
    expect(servers.b.output()).toMatch(/rolit journal: 1 round left in rounds-\d+\.journal go to the database/);
    // Each round rated the beginner once: none lost, none twice.
    await whenReady(`${a.endpoint}/players/computer:beginner`, (body) => body.ratedGames === beginnerBefore + 3, 'the beginner rated three times more');
    await Promise.all([tables.ann.room.leave(), tables.bob.room.leave()]);
  },
  120_000,
);
