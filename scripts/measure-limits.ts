/**
 * What a room keeps of its pace under abuse (prints figures, asserts nothing):
 *
 *   npm run measure:limits [-- --replies 10 --level tactician --moves 40 --think 200 --retry MS --botnet --threads N --limits SPEC]
 *
 * One server process (`npm run server`'s program, default limits, 127.0.0.1 a trusted proxy so
 * the clients can speak for several addresses in X-Forwarded-For), and two measurements:
 *
 * 1. Computer replies beside a master-heavy neighbour: a person plays against a computer of
 *    `level` (replies: time from the person's move sent to the computer's move received, with the
 *    server's 600 ms pause before a computer moves), first alone, then while one other address
 *    has four rooms of four `master` computers searching.
 * 2. Moves under a flood: two scripted players and a spectator play (each player moves `think` ms
 *    after its turn comes; latency: from a move sent to all three clients having its events),
 *    first alone, then while 20 sockets in another process flood the room: each joins it as a
 *    spectator from a fresh address, sends messages as fast as it can until the server closes it,
 *    guesses room codes over HTTP meanwhile (100 at most), and tries to join again, refused or not,
 *    `retry` ms after each try (0: at once). With `--botnet` each comes back from a fresh
 *    address, which the limits per address cannot stop, only cut each socket short.
 *
 * Medians and 90th percentiles of each, and the ratio of the medians loaded to quiet. On a shared
 * machine every figure includes waiting for a core: the load average is printed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { mergeEvents } from '../src/app/online/remoteRound';
import type { EventsMessage } from '../src/wire/contractCodes';
import { Game, type GameEvent } from '../src/engine';
import { arg } from './args';
import { startServerProcess } from './serverProcess';
import { until } from './until';

if (process.argv[2] === '--flooder') await flood(process.argv[3], process.argv[4], Number(process.argv[5]), process.argv[6] === 'botnet', Number(process.argv[7]));

const REPLIES = Number(arg('replies', '10'));
const LEVEL = arg('level', 'tactician');
const MOVES = Number(arg('moves', '40'));
const THINK_MS = Number(arg('think', '200'));
const FLOODERS = 20;
/** Each flooding socket comes back from a fresh address (a botnet) rather than its own. */
const BOTNET = process.argv.includes('--botnet');
const RETRY_MS = Number(arg('retry', '0'));
/** Checks run on every `events` message any client receives (whenEvents). */
const eventChecks = new Set<() => void>();

// ---------------------------------------------------------------- the server process
const dataDir = await mkdtemp(joinPath(tmpdir(), 'rolit-limits-'));
const serverArgs = ['--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--trust-proxy', '127.0.0.1'];
if (process.argv.includes('--threads')) serverArgs.push('--threads', arg('threads', '2'));
if (process.argv.includes('--limits')) serverArgs.push('--limits', arg('limits', ''));
const server = await startServerProcess(['--import', 'tsx', 'src/server/main.ts', ...serverArgs], {}, false);
const endpoint = server.origin;
const from = (address: string) => new Client(endpoint, { headers: { 'x-forwarded-for': address } });

console.log(`measure:limits: server ${serverArgs.slice(6).join(' ')} (pid ${server.child.pid}); machine load average ${loadavg()[0].toFixed(1)}`);

// ---------------------------------------------------------------- 1. computer replies
{
  const quiet = await phase(() => computerReplies('198.51.100.10'));
  const masters: Room[] = [];
  for (let i = 0; i < 4; i++) {
    const room = await from('203.0.113.66').create('rolit', {
      name: 'Mallory', spectator: true, seats: Array.from({ length: 4 }, () => ({ kind: 'computer', level: 'master' })),
    });
    room.onMessage('*', () => {});
    room.send('start');
    masters.push(room);
  }
  await until(() => masters.every((r) => ((r.state as { moves?: string[] }).moves?.length ?? 0) >= 1), 'the masters playing', 60_000, 2);
  const loaded = await phase(() => computerReplies('198.51.100.11'));
  const masterMoves = masters.reduce((n, r) => n + (r.state as { moves: string[] }).moves.length, 0);
  await Promise.all(masters.map((r) => r.leave()));
  report(`computer (${LEVEL}) replies, ms`, quiet.times, loaded.times, `beside 4 rooms of 4 masters of one address (${masterMoves} master moves by then)`);
}

// ---------------------------------------------------------------- 2. moves under a flood
{
  const quiet = await phase(() => victimMoves(null));
  let flooderPid = 0;
  const loaded = await phase(() => victimMoves(async (roomId) => {
    const flooder = spawn(process.execPath, ['--import', 'tsx', 'scripts/measure-limits.ts', '--flooder', endpoint, roomId, String(FLOODERS), BOTNET ? 'botnet' : 'own', String(RETRY_MS)], { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    flooder.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => output.includes('flooding'), 'the flood', 30_000, 2);
    flooderPid = flooder.pid!;
    const flooderStart = cpuSeconds(flooderPid);
    const started = performance.now();
    return async () => {
      const flooderCpu = (cpuSeconds(flooderPid) - flooderStart) / ((performance.now() - started) / 1000);
      console.log(`  the flooders' process used ${(flooderCpu * 100).toFixed(0)}% of a core`);
      flooder.kill('SIGTERM');
      await new Promise((resolve) => flooder.once('exit', resolve));
      return output.trim().split('\n').pop()!;
    };
  }));
  report('move to every client of the room, ms', quiet.times, loaded.times, `under a flood from ${FLOODERS} sockets, ${BOTNET ? 'each back from a fresh address after every kick' : 'each from its own address'}, trying again ${RETRY_MS ? `${RETRY_MS} ms after each try` : 'at once'}`);
}

console.log(`\nmachine load average at the end ${loadavg()[0].toFixed(1)}; the server printed ${server.outputBytes()} bytes`);
await server.kill();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);

// ---------------------------------------------------------------- measurements

/** A measurement, with the server's CPU meanwhile (share of a core, its worker threads included). */
async function phase(measure: () => Promise<number[]>): Promise<{ times: number[]; serverCpu: number }> {
  const cpu = cpuSeconds(server.child.pid!);
  const started = performance.now();
  const times = await measure();
  const serverCpu = (cpuSeconds(server.child.pid!) - cpu) / ((performance.now() - started) / 1000);
  console.log(`  server CPU ${(serverCpu * 100).toFixed(0)}% of a core`);
  return { times, serverCpu };
}

/** A process's CPU time so far (user + system, seconds), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A person (red) against a computer (green): the time of each of its replies. */
async function computerReplies(address: string): Promise<number[]> {
  const room = await from(address).create('rolit', {
    name: 'Ann', colour: 'red', colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: LEVEL }],
  });
  const log = keepLog(room);
  room.send('start');
  const times: number[] = [];
  while (times.length < REPLIES) {
    await until(() => game(log)?.state.toMove === 'red' || game(log)?.state.over === true, 'red to move', 30_000, 2);
    const current = game(log)!;
    if (current.state.over) break;
    const count = current.state.moves.length;
    const legal = current.legalMoves();
    const sent = performance.now();
    room.send('play', { move: legal[Math.floor(Math.random() * legal.length)] });
    await until(() => (game(log)?.state.moves.length ?? 0) >= count + 2 || game(log)?.state.over === true, 'the reply', 60_000, 2);
    if (game(log)!.state.moves.length >= count + 2) times.push(performance.now() - sent);
  }
  await room.leave();
  return times;
}

/** Two players and a spectator; `load` starts a flood on the room and gives its stop. The latency of each move. */
async function victimMoves(load: ((roomId: string) => Promise<() => Promise<string>>) | null): Promise<number[]> {
  const ann = await from('198.51.100.1').create('rolit', { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
  const bob = await from('198.51.100.2').joinById(ann.roomId, { name: 'Bob', colour: 'green' });
  const eve = await from('198.51.100.3').joinById(ann.roomId, { name: 'Eve', spectator: true });
  const clients = [ann, bob, eve];
  const logs = clients.map(keepLog);
  await until(() => (ann.state as { seats?: { connected: boolean }[] }).seats?.every((s) => s.connected) === true, 'seated', 10_000, 2);
  ann.send('start');
  await until(() => game(logs[0]) !== null, 'the round', 10_000, 2);
  const stop = load ? await load(ann.roomId) : null;
  const times: number[] = [];
  while (times.length < MOVES) {
    const current = game(logs[0])!;
    if (current.state.over) break;
    const count = current.state.moves.length;
    const mover = current.state.toMove === 'red' ? 0 : 1;
    await until(() => game(logs[mover])!.state.moves.length === count, 'the mover up to date', 30_000, 2);
    await sleep(THINK_MS);
    const legal = game(logs[mover])!.legalMoves();
    const sent = performance.now();
    clients[mover].send('play', { move: legal[Math.floor(Math.random() * legal.length)] });
    times.push((await whenEvents(() => logs.every((log) => log.placed > count), 'every client has the move')) - sent);
  }
  if (stop) console.log(`  flood: ${await stop()}`);
  await Promise.all(clients.map((c) => c.leave()));
  return times;
}

// ---------------------------------------------------------------- the flooders (another process)

/**
 * `sockets` sockets flooding room `roomId` until SIGTERM, each trying again at once when closed or
 * refused: from its own address, or with `botnet` from a fresh one each time. Prints what the
 * server did to them.
 */
async function flood(target: string, roomId: string, sockets: number, botnet: boolean, retryMs: number): Promise<never> {
  const counts = { joins: 0, sent: 0, closed: 0, refusedJoins: 0, guesses: 0, refusedGuesses: 0 };
  let running = true;
  let next = 0;
  const fresh = () => `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next++ & 255}`;
  process.once('SIGTERM', () => {
    running = false;
    console.log(`${counts.joins} joins (${counts.refusedJoins} refused), ${counts.sent} messages sent, ${counts.closed} sockets closed by the server, ${counts.guesses} code guesses (${counts.refusedGuesses} refused with 429)`);
    process.exit(0);
  });
  const socket = async (): Promise<void> => {
    const own = fresh();
    while (running) {
      const from = botnet ? fresh() : own;
      let room: Room;
      try {
        room = await new Client(target, { headers: { 'x-forwarded-for': from } }).joinById(roomId, { name: 'Flood', spectator: true });
        counts.joins++;
      } catch {
        counts.refusedJoins++;
        await sleep(retryMs);
        continue;
      }
      room.reconnection.enabled = false;
      room.onMessage('*', () => {});
      void guesses(target, from);
      for (let n = 0; room.connection.isOpen; n++) {
        room.send(['emote', 'play', 'start', 'nonsense'][n % 4], n % 4 === 1 ? { move: 'a1' } : { emote: 'hello' });
        counts.sent++;
        if (n % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
      }
      counts.closed++;
    }
  };
  const guesses = async (target: string, from: string) => {
    for (let n = 0; running && n < 100; n++) {
      const response = await fetch(`${target}/matchmake/joinById/${String(n).padStart(10, '0')}`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: '{"name":"M","spectator":true}',
      }).catch(() => null);
      await response?.arrayBuffer();
      counts.guesses++;
      if (response?.status === 429) counts.refusedGuesses++;
      await sleep(retryMs);
    }
  };
  for (let i = 0; i < sockets; i++) void socket();
  console.log('flooding');
  return new Promise<never>(() => {});
}

// ---------------------------------------------------------------- helpers

interface Log {
  value: { round: number; events: readonly GameEvent[] } | null;
  /** Moves (balls placed) in the log. */
  placed: number;
}

function keepLog(room: Room): Log {
  const log: Log = { value: null, placed: 0 };
  room.reconnection.enabled = false;
  room.onMessage('events', (message: EventsMessage) => {
    log.value = mergeEvents(log.value, message);
    log.placed = log.value.events.filter((e) => e.type === 'ballPlaced').length;
    for (const check of eventChecks) check();
  });
  room.onMessage('*', () => {});
  return log;
}

/** Resolves with the time (performance.now) of the `events` message after which `test` holds. */
function whenEvents(test: () => boolean, what: string, ms = 60_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      eventChecks.delete(check);
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const check = () => {
      if (!test()) return;
      const at = performance.now();
      clearTimeout(timer);
      eventChecks.delete(check);
      resolve(at);
    };
    eventChecks.add(check);
  });
}

function game(log: Log): Game | null {
  return log.value ? Game.fromEvents(log.value.events) : null;
}

function report(what: string, quiet: number[], loaded: number[], how: string): void {
  const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
  console.log(`\n${what}`);
  console.log(`  quiet:  n ${quiet.length}, median ${p(quiet, 0.5).toFixed(0)}, p90 ${p(quiet, 0.9).toFixed(0)}`);
  console.log(`  loaded: n ${loaded.length}, median ${p(loaded, 0.5).toFixed(0)}, p90 ${p(loaded, 0.9).toFixed(0)}   (${how})`);
  console.log(`  median loaded / quiet: ${(p(loaded, 0.5) / p(quiet, 0.5)).toFixed(2)}`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
