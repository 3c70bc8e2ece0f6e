/**
 * What the database costs the game (prints figures, asserts nothing):
 *
 *   npm run measure:database [-- --games 2000 --players 200 --waves 3 --moves 40 --limits SPEC --skip-storage --skip-lists]
 *
 * 1. Storage: bytes a kept game and a new player take in SQLite and, where Debian's postgresql
 *    package is installed, in PostgreSQL (a cluster of its own on a loopback port): `--games`
 *    rated rounds of four seats on 8x8 (two people with keys, two computers, a random round's
 *    record) among known players, then as many with two new players each, then as many of a
 *    farm's quickest (4x4, a person and a computer), the database's size measured after each
 *    (SQLite: the file after its last connection closed; PostgreSQL: every table's size with its
 *    indexes and TOAST, after VACUUM).
 * 2. Lists beside play: one server process (`npm run server`'s program, the default limits unless
 *    `--limits`, 127.0.0.1 a trusted proxy so the clients speak for several addresses in
 *    X-Forwarded-For) on a SQLite database of `--games` such rounds among `--players` players.
 *    Another address asks `GET /leaderboard?limit=1` and `GET /health` one after the other, and two
 *    players of a third address play a round (latency of a move: from sent to the other player
 *    having its events), first quietly, then while four addresses send waves of 400 list requests
 *    (100 each, all at once: `/records?limit=1000`, `/players/<id>/games?limit=100`,
 *    `/leaderboard?limit=100`, `/players/<id>`), until `--moves` moves are played.
 *
 * Medians, 99th percentiles and the worst of each. On a shared machine every figure includes
 * waiting for a core: the load average is printed.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { get } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { sql } from 'kysely';
import { mergeEvents } from '../src/app/online/remoteRound';
import { type Colour, Game, type GameEvent, toRecord } from '../src/engine';
import { openDatabase, SQLITE_FILE } from '../src/server/db/database';
import { type FinishedRound, GameStore } from '../src/server/db/store';
import { playerIdOf } from '../src/server/players/playerId';
import type { EventsMessage } from '../src/wire/contractCodes';
import { arg } from './args';
import { postgresCluster } from './postgresCluster';
import { startServerProcess } from './serverProcess';
import { until } from './until';

const GAMES = Number(arg('games', '2000'));
const PLAYERS = Number(arg('players', '200'));
const WAVES_AT_LEAST = Number(arg('waves', '3'));
const MOVES = Number(arg('moves', '40'));
const LOAD_ADDRESSES = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
const REQUESTS_EACH = 100;

console.log(`measure:database: ${GAMES} games, ${PLAYERS} players; machine load average ${loadavg()[0].toFixed(1)}`);

// ---------------------------------------------------------------- rounds to keep

const COLOURS: Colour[] = ['red', 'yellow', 'green', 'blue'];
const newKey = () => randomBytes(16).toString('base64url');

/** The rounds measured: a table of four on 8x8 (two people with keys, two computers), and a farm's quickest (4x4, a person and a computer). */
type Shape = 'table' | 'farm';

/** A rated round of `shape`, played at random, its people `people`' ids. */
function ratedRound(n: number, people: [string, string], shape: Shape = 'table'): FinishedRound {
  const colours = shape === 'table' ? COLOURS : (['red', 'green'] as Colour[]);
  const game = new Game({ size: shape === 'table' ? 8 : 4, colours, seed: n });
  while (!game.state.over) {
    const legal = game.legalMoves();
    game.play(legal[(n * 7919 + game.state.moves.length * 31) % legal.length]);
  }
  const room = `M${String(n).padStart(9, '0')}`;
  const names = shape === 'table' ? ['Ann', 'Bob', 'computer (tactician)', 'computer (master)'] : ['Ann', 'computer (beginner)'];
  const players = shape === 'table' ? [people[0], people[1], 'computer:tactician', 'computer:master'] : [people[0], 'computer:beginner'];
  const tags = Object.fromEntries(colours.map((c, i) => [c[0].toUpperCase() + c.slice(1), names[i]]));
  return {
    id: `${room}-round1.rolit`, room, round: 1, finishedAt: new Date(Date.now() - (GAMES * 4 - n) * 60_000), size: game.setup.size, variant: game.setup.variant, misere: false, rated: true,
    record: toRecord(game, { Room: room, Round: '1', ...tags }),
    seats: colours.map((colour, seat) => ({
      colours: [colour], player: players[seat], name: names[seat], kind: players[seat].startsWith('computer:') ? 'computer' : 'human',
      score: game.state.result!.playerScores[seat], forfeit: false, standInMoves: 0,
    })),
  };
}

/** `count` rounds of `shape` from number `from` on, among `pool` (or two new players each when `pool` is null). */
async function keepRounds(store: GameStore, from: number, count: number, pool: string[] | null, shape: Shape = 'table'): Promise<void> {
  for (let n = from; n < from + count; n++) {
    const people: [string, string] = pool ? [pool[n % pool.length], pool[(n * 7 + 1) % pool.length]] : [playerIdOf(newKey()), playerIdOf(newKey())];
    if (people[0] === people[1]) people[1] = pool![(n + 1) % pool!.length];
    await store.saveRound(ratedRound(n, people, shape));
  }
}

// ---------------------------------------------------------------- 1. storage

async function storage(kind: 'SQLite' | 'PostgreSQL', open: () => Promise<GameStore>, size: (store: GameStore | null) => Promise<number>): Promise<void> {
  let store = await open();
  const pool = Array.from({ length: PLAYERS }, () => playerIdOf(newKey()));
  await keepRounds(store, 0, PLAYERS, pool);
  const measured = async () => {
    if (kind === 'SQLite') await store.close();
    const bytes = await size(kind === 'SQLite' ? null : store);
    if (kind === 'SQLite') store = await open();
    return bytes;
  };
  const start = await measured();
  await keepRounds(store, PLAYERS, GAMES, pool);
  const known = await measured();
  await keepRounds(store, PLAYERS + GAMES, GAMES, null);
  const fresh = await measured();
  await keepRounds(store, PLAYERS + 2 * GAMES, GAMES, pool, 'farm');
  const farmed = await measured();
  await store.close();
  const perGame = (known - start) / GAMES;
  const perPlayer = (fresh - known - perGame * GAMES) / (2 * GAMES);
  const text = (shape: Shape) => `its record ${(ratedRound(1, ['a', 'b'], shape).record.length / 1024).toFixed(2)} KB of text`;
  console.log(`\n${kind}: ${(perGame / 1024).toFixed(2)} KB a kept game (8x8, four seats, ${text('table')}), ${((farmed - fresh) / GAMES / 1024).toFixed(2)} KB a farm's (4x4, two seats, ${text('farm')}), ${perPlayer.toFixed(0)} bytes a new player (with their rating)`);
  console.log(`  (${GAMES} games among ${PLAYERS} players: ${((known - start) / 1048576).toFixed(2)} MB; ${GAMES} more with ${2 * GAMES} new players: ${((fresh - known) / 1048576).toFixed(2)} MB; ${GAMES} farm games: ${((farmed - fresh) / 1048576).toFixed(2)} MB)`);
}

if (!process.argv.includes('--skip-storage')) {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-storage-'));
  await storage('SQLite', async () => GameStore.of(await openDatabase(dir)), async () => statSync(joinPath(dir, SQLITE_FILE)).size);
  await rm(dir, { recursive: true, force: true });
  const cluster = await postgresCluster();
  if (!cluster) console.log('\nPostgreSQL: not measured (no /usr/lib/postgresql/<version>/bin/postgres: Debian package postgresql)');
  else {
    try {
      await storage('PostgreSQL', async () => GameStore.of(await openDatabase(dir, cluster.url)), async (store) => {
        await sql`vacuum`.execute(store!.db);
        const { rows } = await sql<{ bytes: string }>`select sum(pg_total_relation_size(relid)) as bytes from pg_catalog.pg_statio_user_tables`.execute(store!.db);
        return Number(rows[0].bytes);
      });
    } finally {
      await cluster.stop();
    }
  }
}

// ---------------------------------------------------------------- 2. lists beside play
if (process.argv.includes('--skip-lists')) process.exit(0);

const dataDir = await mkdtemp(joinPath(tmpdir(), 'rolit-lists-'));
const pool = Array.from({ length: PLAYERS }, () => playerIdOf(newKey()));
{
  const store = GameStore.of(await openDatabase(dataDir));
  await keepRounds(store, 0, GAMES, pool);
  await store.close();
}
const serverArgs = ['--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--trust-proxy', '127.0.0.1', '--threads', '1', '--computer-delay', '0'];
if (process.argv.includes('--limits')) serverArgs.push('--limits', arg('limits', ''));
const server = await startServerProcess(['--import', 'tsx', 'src/server/main.ts', ...serverArgs], {}, false);
const endpoint = server.origin;
// Whatever ends this script ends its server too.
process.once('exit', () => server.child.kill('SIGKILL'));
console.log(`\nserver ${serverArgs.slice(8).join(' ')} (pid ${server.child.pid}) on ${GAMES} games among ${PLAYERS} players`);

const quiet = await phase(false);
const loaded = await phase(true);
for (const what of ['leaderboard', 'health', 'moves'] as const) {
  console.log(`\n${{ leaderboard: 'GET /leaderboard?limit=1 from another address', health: 'GET /health from another address', moves: 'a move to the other player of a room' }[what]}, ms`);
  console.log(`  quiet:  ${figures(quiet[what])}`);
  console.log(`  loaded: ${figures(loaded[what])}`);
}
for (const [name, { failed }] of Object.entries({ quiet, loaded })) for (const [why, n] of Object.entries(failed)) console.log(`${name}: a probe failed ${n} times: ${why}`);
console.log(`\nload: ${loaded.waves} waves of ${LOAD_ADDRESSES.length * REQUESTS_EACH} list requests, each wave over in ${figures(loaded.waveMs)} ms; answers ${Object.entries(loaded.statuses).map(([s, n]) => `${n} × ${s}`).join(', ')}`);
console.log(`machine load average at the end ${loadavg()[0].toFixed(1)}`);
await server.kill();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);

// ---------------------------------------------------------------- measurements

interface Phase {
  leaderboard: number[];
  health: number[];
  moves: number[];
  waves: number;
  waveMs: number[];
  /** Answers of the load's requests by status, `failed` for a request that got none (its connection closed). */
  statuses: Record<string, number>;
  /** Probes that got no answer or an error, by what failed. */
  failed: Record<string, number>;
}

/** Probes and a room's moves, quietly or beside waves of list requests, until MOVES moves are played (and WAVES_AT_LEAST waves sent). */
async function phase(load: boolean): Promise<Phase> {
  const result: Phase = { leaderboard: [], health: [], moves: [], waves: 0, waveMs: [], statuses: {}, failed: {} };
  let moving = true;
  const probe = async (what: 'leaderboard' | 'health', path: string) => {
    try {
      result[what].push(await timed(path, '198.51.100.50'));
    } catch (e) {
      const why = `${path}: ${e instanceof Error ? e.message : String(e)}`;
      result.failed[why] = (result.failed[why] ?? 0) + 1;
    }
  };
  const probes = (async () => {
    while (moving || (load && result.waves < WAVES_AT_LEAST)) {
      await probe('leaderboard', '/leaderboard?limit=1');
      await probe('health', '/health');
    }
  })();
  const waves = (async () => {
    while (load && (moving || result.waves < WAVES_AT_LEAST)) {
      const started = performance.now();
      await Promise.all(LOAD_ADDRESSES.flatMap((address) => Array.from({ length: REQUESTS_EACH }, async (_, i) => {
        const paths = ['/records?limit=1000', `/players/${pool[i % pool.length]}/games?limit=100`, '/leaderboard?limit=100', `/players/${pool[(i * 3) % pool.length]}`];
        const status = await loadRequest(paths[i % paths.length], address);
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      })));
      result.waveMs.push(performance.now() - started);
      result.waves++;
    }
  })();
  result.moves = await roomMoves();
  moving = false;
  await Promise.all([probes, waves]);
  return result;
}

/**
 * A load request on a connection of its own (closed after it): a wave's connections kept alive
 * would sit idle until the next wave and meet the server closing them (its keep-alive timeout),
 * failing requests for a reason that is the measurement's. Its status, or `failed`.
 */
function loadRequest(path: string, address: string): Promise<string> {
  return new Promise((resolve) => {
    const request = get(endpoint + path, { agent: false, headers: { 'x-forwarded-for': address } }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve(String(answer.statusCode)));
      answer.once('error', () => resolve('failed'));
    });
    request.once('error', () => resolve('failed'));
  });
}

/** Milliseconds of a GET of `path` from `address`, its body read. */
async function timed(path: string, address: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(endpoint + path, { headers: { 'x-forwarded-for': address } });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`answered ${answer.status}`);
  return performance.now() - started;
}

/** Two players of one address play MOVES moves of a round (a rematch when it ends): each move's latency. */
async function roomMoves(): Promise<number[]> {
  const from = new Client(endpoint, { headers: { 'x-forwarded-for': '198.51.100.60' } });
  const ann = await from.create('rolit', { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
  const bob = await from.joinById(ann.roomId, { name: 'Bob', colour: 'green' });
  const logs = [keepLog(ann), keepLog(bob)];
  await until(() => (ann.state as { seats?: { connected: boolean }[] }).seats?.every((s) => s.connected) === true, 'seated', 60_000, 1);
  ann.send('start');
  const times: number[] = [];
  while (times.length < MOVES) {
    // Both players up to date (a player may have its own move before the other has the one before).
    const same = () => logs.every((log) => log.value !== null && log.value.round === logs[0].value!.round && game(log).state.moves.length === game(logs[0]).state.moves.length);
    await until(same, 'both players up to date', 60_000, 1);
    const current = game(logs[0]);
    if (current.state.over) {
      const round = logs[0].value!.round;
      ann.send('rematch');
      await until(() => logs.every((log) => log.value!.round > round && !game(log).state.over), 'the rematch', 60_000, 1);
      continue;
    }
    const count = current.state.moves.length;
    const mover = current.state.toMove === 'red' ? 0 : 1;
    const legal = game(logs[mover]).legalMoves();
    const sent = performance.now();
    [ann, bob][mover].send('play', { move: legal[Math.floor(Math.random() * legal.length)] });
    await until(() => game(logs[1 - mover]).state.moves.length > count, 'the move at the other player', 60_000, 1);
    times.push(performance.now() - sent);
  }
  await Promise.all([ann.leave(), bob.leave()]);
  return times;
}

interface Log {
  value: { round: number; events: readonly GameEvent[] } | null;
  game: Game | null;
}

/** The round as a client has it, replayed once per `events` message. */
function keepLog(room: Room): Log {
  const log: Log = { value: null, game: null };
  room.reconnection.enabled = false;
  room.onMessage('events', (message: EventsMessage) => {
    log.value = mergeEvents(log.value, message);
    log.game = Game.fromEvents(log.value.events);
  });
  room.onMessage('*', () => {});
  return log;
}

function game(log: Log): Game {
  return log.game!;
}

function figures(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return `n ${sorted.length}, median ${p(0.5).toFixed(1)}, p99 ${p(0.99).toFixed(1)}, worst ${(sorted.at(-1) ?? NaN).toFixed(1)}`;
}

