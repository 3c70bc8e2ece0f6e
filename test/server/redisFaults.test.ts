/**
 * Redis failing under two game-server processes that share rooms through it (docs/online.md,
 * Failures), each part a real process: Redis stopped (a create or join answers at once with 503
 * `unavailable`, the round in play goes on and is kept, `/health` names Redis, all is back when it
 * returns), and one process killed with SIGKILL (its rooms leave `/players/<id>/playing` as their
 * presence expires, `--presence 3` here; the other process plays on).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerIdOf } from '../../src/server/players/playerId';
import { create, gameOf, join, type Seen, until } from './helpers';
import { healthWhen, killHard } from './faultChecks';
import { haveRedis, LocalRedis, NO_REDIS } from './localServices';
import { whenReady } from './playerChecks';
import { startServerProcess, stopProcess } from './serverProcesses';

if (!haveRedis) console.warn(`redisFaults.test.ts skipped: ${NO_REDIS}`);

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
let dir = '';
let redis: LocalRedis | null = null;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!haveRedis) return;
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-redis-faults-'));
  // Its data kept across a stop, as a production Redis keeps it (the rooms' registry lives there).
  redis = await LocalRedis.create(joinPath(dir, 'redis'), true);
  // One after the other: on a busy machine two starting at once may each miss the start's bound.
  for (const name of ['a', 'b']) servers.push(await startServerProcess(['--data', joinPath(dir, name), '--redis', redis!.url, '--presence', '3']));
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => stopProcess(s.child)));
  await redis?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The process holding a client's room (Colyseus creates a room on the process it chooses, whichever the client asked): the one its connection went to. */
function holder(seen: Seen): ServerProcess {
  const url = new URL((seen.room as unknown as { connection: { url: string } }).connection.url);
  const held = servers.find((s) => new URL(s.endpoint).host === url.host);
  if (!held) throw new Error(`no process of the test holds ${url.host}`);
  return held;
}

/** What a create through `endpoint` answers within 10 s: the room's code, or the SDK's error (code and text). */
async function tryCreate(endpoint: string): Promise<{ roomId?: string; code?: number; message?: string }> {
  const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`a create through ${endpoint} did not answer in 10 s`)), 10_000));
  try {
    const room = await Promise.race([new Client(endpoint).create('rolit', { name: 'Dee', colour: 'red', size: 4 }), late]);
    await room.leave();
    return { roomId: room.roomId };
  } catch (e) {
    const { code, message } = e as { code?: number; message: string };
    if (code === undefined) throw e;
    return { code, message };
  }
}

it.skipIf(!haveRedis)('Redis stopped: creates and joins are refused at once with 503 unavailable, the round in play goes on to its end and is kept, /health names Redis; all back when it returns', async () => {
  const [a, b] = servers;
  const ann = await create(a.endpoint, { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'] });
  const bob = await join(b.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
  await until(ann.room, (st) => st.seats[1].connected, 'Bob seated');
  ann.room.send('start');
  await until(ann.room, (st) => st.phase === 'playing', 'playing');
  await redis!.stop();
  for (const { endpoint } of servers) {
    const down = await healthWhen(endpoint, (status, body) => status === 503 && body.down.redis !== undefined, '503, Redis down', 15_000);
    expect(down.down.redis).toMatch(/^the connection to Redis is (connecting|reconnecting|closed)/);
    // At once, with the code the page and bots read, never a hang or a driver's message.
    const refused = await tryCreate(endpoint);
    expect(refused).toMatchObject({ code: 503, message: expect.stringMatching(/^unavailable: rooms cannot be created or joined now \(the connection to Redis is /) });
  }
  await expect(new Client(b.endpoint).joinById(ann.room.roomId, { name: 'Eve', spectator: true })).rejects.toMatchObject({ code: 503 });
  // The round in play goes on to its end, and its record is kept (each process keeps its own in SQLite here).
  while (ann.room.state.phase === 'playing') {
    const n = ann.room.state.moves.length;
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    await until(mover.room, (st) => st.moves.length === n && gameOf(mover).state.moves.length === n, 'the mover has the position');
    mover.room.send('play', { move: gameOf(mover).legalMoves()[0] });
    await until(ann.room, (st) => st.moves.length === n + 1 || st.phase === 'over', `move ${n + 1}`);
  }
  await until(ann.room, (st) => st.records.length === 1, 'the round kept');
  // Each process keeps its rooms' records in its own SQLite here.
  expect((await fetch(`${holder(ann).endpoint}/records/${ann.room.state.records[0]}`)).status).toBe(200);
  // Redis back: both processes take players again, and a room of one is joined through the other.
  await redis!.start();
  for (const { endpoint } of servers) await healthWhen(endpoint, (status) => status === 200, '200 again', 20_000);
  const created = await tryCreate(a.endpoint);
  expect(created.roomId).toEqual(expect.any(String));
  const eve = await join(b.endpoint, ann.room.roomId, { name: 'Eve', spectator: true });
  await until(ann.room, (st) => st.spectators === 1, 'Eve watching');
  await Promise.all([ann, bob, eve].map((s) => s.room.leave()));
}, 90_000);

it.skipIf(!haveRedis)('one of two processes killed: its rooms leave /players/<id>/playing and the presence within the presence time; the other plays on', async () => {
  const key = randomBytes(16).toString('base64url');
  const id = playerIdOf(key);
  const ann = await create(servers[0].endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'], player: key });
  const roomId = ann.room.roomId;
  // The process holding the room dies; the other is asked.
  const a = holder(ann);
  const b = servers.find((s) => s !== a)!;
  const playing = `${b.endpoint}/players/${id}/playing`;
  // Asked as the player (the key's holder), who is told every room of theirs.
  const asAnn = { headers: { authorization: `Bearer ${key}` } };
  await whenReady(playing, (body) => body.rooms?.includes(roomId), 'the room listed by the other process', asAnn, 10_000);
  await killHard(a.child);
  const killedAt = Date.now();
  // Within the presence's 3 s (and a renewal's lateness), never a dead room offered after.
  await whenReady(playing, (body, status) => status === 200 && body.rooms.length === 0, 'the dead room gone', asAnn, 60_000);
  expect(Date.now() - killedAt).toBeLessThan(60_000);
  expect(await (await fetch(playing, asAnn)).json()).toEqual({ rooms: [], phases: {}, standInLeft: {} });
  const direct = new Redis(redis!.url);
  try {
    expect(await direct.exists(`rolit:room:${roomId}`, `rolit:playing:${id}`)).toBe(0);
  } finally {
    direct.disconnect();
  }
  // The living process plays on.
  expect((await tryCreate(b.endpoint)).roomId).toEqual(expect.any(String));
  servers.splice(servers.indexOf(a), 1);
}, 90_000);
