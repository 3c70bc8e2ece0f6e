/**
 * Scale out: two server processes share rooms through one Redis. A room created through one
 * process is joined and played to the end by a client that asked the other; the lobby and quick
 * play span both processes, and so do challenges and their events.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TableListing } from '../../src/wire/contract';
import { create, eventually, first, gameOf, join, movesOf, until, watch } from './helpers';
import { accepting, freePort, startServerProcess, stopProcess } from './serverProcesses';
import { botRequest, newPlayer, openLines } from './botClient';

const REDIS = '/usr/bin/redis-server';
const haveRedis = existsSync(REDIS);
if (!haveRedis) console.warn(`redis.test.ts skipped: ${REDIS} is not installed (Debian package redis-server)`);

const children: ChildProcess[] = [];
let dataDir = '';
let redisPort = 0;
const endpoints: string[] = [];

/**
 * Starts `npm run server`'s program, sharing rooms through the test's Redis. Each process keeps
 * its records and SQLite file in a folder of its own, as separate machines do (processes share
 * players through PostgreSQL: postgres.test.ts).
 */
async function startProcess(folder: string): Promise<void> {
  const { child, endpoint } = await startServerProcess(['--data', joinPath(dataDir, folder), '--redis', `redis://127.0.0.1:${redisPort}`, '--quick-wait', '1']);
  children.push(child);
  endpoints.push(endpoint);
}

beforeAll(async () => {
  if (!haveRedis) return;
  dataDir = await mkdtemp(joinPath(tmpdir(), 'rolit-redis-'));
  redisPort = await freePort();
  children.push(spawn(REDIS, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }));
  await accepting(redisPort);
  await Promise.all([startProcess('a'), startProcess('b')]);
}, 60_000);

afterAll(async () => {
  // The game servers first, then the Redis they use.
  await Promise.all(children.slice(1).map(stopProcess));
  if (children[0]) await stopProcess(children[0]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it.skipIf(!haveRedis)('plays a room created through one process with a client that joined through the other', async () => {
  const [first, second] = endpoints;
  const ann = await create(first, { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'] });
  const bob = await join(second, ann.room.roomId, { name: 'Bob', colour: 'green' });
  await until(ann.room, (st) => st.seats[1].name === 'Bob' && st.seats[1].connected, 'Bob seated');
  ann.room.send('start');
  const players = [ann, bob];
  await Promise.all(players.map((s) => until(s.room, (st) => st.phase === 'playing', 'playing')));
  while (ann.room.state.phase === 'playing') {
    const n = ann.room.state.moves.length;
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    await until(mover.room, (st) => st.moves.length === n && gameOf(mover).state.moves.length === n, 'the mover has the position');
    mover.room.send('play', { move: gameOf(mover).legalMoves()[0] });
    await Promise.all(players.map((s) => until(s.room, (st) => st.moves.length === n + 1 || st.phase === 'over', `move ${n + 1}`)));
  }
  await Promise.all(players.map((s) => until(s.room, (st) => st.phase === 'over' && st.records.length === 1, 'over and saved')));
  expect(movesOf(bob)).toEqual(movesOf(ann));
  expect(movesOf(ann).length).toBe(12);
  expect(gameOf(bob).state.board).toEqual(gameOf(ann).state.board);
}, 60_000);

it.skipIf(!haveRedis)('lists in a lobby of one process a table of the other, its free colours kept current', async () => {
  const [first, second] = endpoints;
  const lobby = await new Client(first).joinOrCreate('lobby');
  const tables = new Map<string, TableListing>();
  lobby.onMessage('rooms', (rooms: { roomId: string; metadata: TableListing }[]) => rooms.forEach((r) => tables.set(r.roomId, r.metadata)));
  lobby.onMessage('+', ([roomId, r]: [string, { metadata: TableListing }]) => tables.set(roomId, r.metadata));
  lobby.onMessage('-', (roomId: string) => tables.delete(roomId));
  const ann = await create(second, { name: 'Ann', colour: 'red', colours: ['red', 'green'], listed: true });
  const id = ann.room.roomId;
  await eventually(() => tables.get(id)?.free.join() === 'green', 'the table listed, green free');
  const bob = await join(first, id, { name: 'Bob', colour: 'green' });
  await eventually(() => tables.get(id)?.free.length === 0, 'green taken');
  await Promise.all([ann.room.leave(), bob.room.leave()]);
  await eventually(() => !tables.has(id), 'the closed table gone');
  await lobby.leave();
}, 30_000);

it.skipIf(!haveRedis)('puts two quick-play players who asked different processes at one table', async () => {
  const players = [];
  // One after the other, so the second finds the queue the first opened (on the other process).
  for (const [endpoint, name] of [[endpoints[0], 'Ann'], [endpoints[1], 'Bob']]) {
    const client = new Client(endpoint);
    players.push({ client, seen: watch(await client.joinOrCreate('quick', { name })) });
  }
  expect(players[1].seen.room.roomId).toBe(players[0].seen.room.roomId);
  const tables = await Promise.all(
    players.map(async ({ client, seen }) => {
      const seat = await first(seen, 'seat', 10_000);
      seen.room.send('confirm');
      return watch(await client.consumeSeatReservation(seat));
    }),
  );
  expect(tables[1].room.roomId).toBe(tables[0].room.roomId);
  await until(tables[0].room, (st) => st.phase === 'playing', 'their round started');
  expect(tables[0].room.state.seats.filter((s: any) => s.kind === 'human').map((s: any) => s.name).sort()).toEqual(['Ann', 'Bob']);
  await Promise.all(tables.map((t) => t.room.leave()));
}, 30_000);

it.skipIf(!haveRedis)('sends a challenge through one process to a player whose events stream is on the other; the acceptance there brings gameStart with one room to both, and both streams take their seats', async () => {
  const [first, second] = endpoints;
  const ann = newPlayer();
  const bob = newPlayer();
  const annEvents = await openLines(first, '/bot/events', ann.key);
  const bobEvents = await openLines(second, '/bot/events', bob.key);
  const posted = await botRequest(first, 'POST', '/bot/challenges', ann.key, { to: bob.id, options: { name: 'Ann', size: 4 } });
  expect(posted.status).toBe(201);
  expect(await bobEvents.next((l) => l.type === 'challenge')).toMatchObject({ id: posted.body.id, from: ann.id });
  const accepted = await botRequest(second, 'POST', `/bot/challenges/${posted.body.id}/accept`, bob.key);
  expect(accepted.status).toBe(200);
  const starts = await Promise.all([annEvents.next((l) => l.type === 'gameStart'), bobEvents.next((l) => l.type === 'gameStart')]);
  expect(starts.map((s) => s.room)).toEqual([accepted.body.room, accepted.body.room]);
  // Ann's stream on the first process reaches the table the second holds.
  const annStream = await openLines(first, `/bot/rooms/${accepted.body.room}/stream?name=Ann`, ann.key);
  const bobStream = await openLines(second, `/bot/rooms/${accepted.body.room}/stream?name=Bob`, bob.key);
  expect(await annStream.next((l) => l.type === 'you')).toMatchObject({ colour: 'red' });
  expect(await bobStream.next((l) => l.type === 'you')).toMatchObject({ colour: 'green' });
  expect(await annStream.next((l) => l.type === 'state' && l.phase === 'playing')).toMatchObject({ size: 4 });
  for (const lines of [annEvents, bobEvents, annStream, bobStream]) lines.close();
}, 30_000);
