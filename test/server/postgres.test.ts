/**
 * Players, ratings and kept games on a real PostgreSQL server (Debian's postgresql package), its
 * own cluster made by the test on a loopback port: two game-server processes sharing it (and one
 * Redis, when redis-server is installed) list each other's players and games, a restart keeps
 * everything, hostile requests are refused as on SQLite, and no farm of puppet keys buys a rating
 * (ratingFarms.test.ts's farms on PostgreSQL, and the fresh-puppet farm over both processes).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerIdOf } from '../../src/server/players/playerId';
import { create, first, join, until } from './helpers';
import { havePostgres, haveRedis, LocalPostgres, LocalRedis, NO_POSTGRES } from './localServices';
import { allPages, farmOverRooms, hostileRequests, resignedRatedRound, stillKnown, whenReady } from './playerChecks';
import { openDatabase } from '../../src/server/db/database';
import { GameStore } from '../../src/server/db/store';
import { farmsGainLittle, repeatsCountLess } from './farmChecks';
import { startServerProcess, stopProcess } from './serverProcesses';

if (!havePostgres) console.warn(`postgres.test.ts skipped: ${NO_POSTGRES}`);

let dir = '';
let postgres: LocalPostgres | null = null;
let redis: LocalRedis | null = null;
const servers: { child: ChildProcess; endpoint: string }[] = [];
const serverArgs: string[][] = [];

async function startGameServer(args: string[]): Promise<{ child: ChildProcess; endpoint: string }> {
  const server = await startServerProcess(args);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  if (!havePostgres) return;
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-postgres-'));
  postgres = await LocalPostgres.create();
  const shared = ['--database', postgres.url];
  if (haveRedis) {
    redis = await LocalRedis.create(joinPath(dir, 'redis'));
    shared.push('--redis', redis.url);
  }
  for (const name of ['a', 'b']) {
    const args = [...shared, '--data', joinPath(dir, `data-${name}`)];
    serverArgs.push(args);
    await startGameServer(args);
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => stopProcess(s.child)));
  await redis?.stop();
  await postgres?.remove();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const newKey = () => randomBytes(16).toString('base64url');

it.skipIf(!havePostgres)('shares players, ratings and games between two processes, and keeps them across a restart', async () => {
  const [a, b] = servers;
  // Each process rates a player; each lists the other's.
  const ann = await resignedRatedRound(a.endpoint, newKey(), 'Ann');
  const bob = await resignedRatedRound(b.endpoint, newKey(), 'Bob');
  await stillKnown(b.endpoint, ann, 'Ann');
  await stillKnown(a.endpoint, bob, 'Bob');
  // Records are listed and served from the database: each process lists and serves the other's round, newest first.
  const names = [`${bob.room}-round1.rolit`, `${ann.room}-round1.rolit`];
  for (const { endpoint } of [a, b]) {
    expect(await allPages(endpoint, '/records?limit=1')).toEqual(names);
    for (const [name, played] of [[names[0], bob], [names[1], ann]] as const) {
      const served = await fetch(`${endpoint}/records/${name}`);
      expect(served.status).toBe(200);
      expect(await served.text()).toContain(`[Room "${played.room}"]`);
    }
  }
  // The beginner played both rounds: two rated games, its rating moved by each (no change lost between processes).
  const beginner = await (await fetch(`${a.endpoint}/players/computer:beginner`)).json();
  expect(beginner.ratedGames).toBe(2);
  // A restart of one process: the same answers.
  await stopProcess(a.child);
  servers.splice(0, 1, await startGameServer(serverArgs[0]));
  await stillKnown(servers[0].endpoint, ann, 'Ann');
  await stillKnown(servers[0].endpoint, bob, 'Bob');
}, 120_000);

it.skipIf(!havePostgres || !haveRedis)('lists where a player plays from any process, and gives the seat back to the key through another', async () => {
  const [a, b] = servers;
  const key = newKey();
  const id = playerIdOf(key);
  const ann = await create(a.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'], player: key });
  await first(ann, 'you');
  await whenReady(`${b.endpoint}/players/${id}/playing`, (body) => body.rooms?.includes(ann.room.roomId), 'the room listed by the other process', { headers: { authorization: `Bearer ${key}` } });
  const again = await join(b.endpoint, ann.room.roomId, { name: 'Ann', spectator: true, player: key });
  expect(await first(again, 'you')).toMatchObject({ colour: 'red', player: id });
  await until(again.room, (st) => st.seats[0].connected && st.spectators === 0, 'the seat taken back');
  await again.room.leave();
}, 60_000);

it.skipIf(!havePostgres)('answers hostile requests with 400 and unknown players with 404', async () => {
  await hostileRequests(servers[1].endpoint);
});

it.skipIf(!havePostgres)('lets no farm of puppet keys buy a rating on PostgreSQL, and counts repeated pairings ever less', async () => {
  const store = GameStore.of(await openDatabase(joinPath(dir, 'farms'), postgres!.url));
  try {
    await farmsGainLittle(store);
    await repeatsCountLess(store);
  } finally {
    await store.close();
  }
}, 120_000);

it.skipIf(!havePostgres)('lets a fresh puppet key at a fresh table every round, on either process, gain at most +100 over 20 rounds', async () => {
  const key = newKey();
  const gained = await farmOverRooms(servers.map((s) => s.endpoint), 'fresh', key);
  expect(gained).toBeLessThanOrEqual(100);
  expect((await (await fetch(`${servers[0].endpoint}/players/${playerIdOf(key)}`)).json()).ratedGames).toBe(20);
}, 180_000);
