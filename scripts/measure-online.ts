/**
 * Load measurement (prints figures, asserts nothing): many rooms of scripted players against one
 * game server process, ramped until the process saturates.
 *
 *   npm run measure:online [-- --think 500 --steps 10,20,40,80,160,320,640 --seconds 6 --p50-limit 100 --p99-limit 2000 --budget 90]
 *
 * The server is `npm run server`'s program in a child process (one process, rooms in memory, no
 * computer seats, no limits per client address: every client here has the same one); the players are @colyseus/sdk clients in this process. A room has four
 * players (8x8, four colours) and a spectator: each player, on its turn, waits `think` ms and
 * plays a random legal move computed from the engine events it received, as the page does; at a
 * round's end the host starts a rematch. Each step adds rooms up to its count, lets them settle,
 * then measures for `seconds`: moves and messages per second, the time from a move sent to every
 * client of the room having its events (p50, p99), the server's CPU and its memory per room
 * (growth of its resident memory per room added). The ramp stops at the first step where the
 * server uses 90% of a core, p50 passes `p50-limit` ms, p99 `p99-limit` ms, the moves played a
 * second per room fall under 80% of the first step's, or clients lose their connection: one process saturates
 * between that step and the one before. The clients' own CPU is printed too: when it is near
 * 100% of a core the limit measured is this script's, not the server's. On a shared machine the
 * latencies include waiting for a core: the load average is printed at the start and the end.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { mergeEvents } from '../src/app/online/remoteRound';
import type { EventsMessage } from '../src/wire/contractCodes';
import { Game, type GameEvent } from '../src/engine';
import { arg } from './args';
import { startServerProcess } from './serverProcess';
import { until } from './until';

const THINK_MS = Number(arg('think', '500'));
const STEPS = arg('steps', '10,20,40,80,160,320,640').split(',').map(Number);
const MEASURE_S = Number(arg('seconds', '6'));
const SETTLE_S = 2;
const P50_LIMIT = Number(arg('p50-limit', '100'));
const P99_LIMIT = Number(arg('p99-limit', '2000'));
const BUDGET_S = Number(arg('budget', '90'));
const COLOURS = ['red', 'yellow', 'green', 'blue'] as const;

// ---------------------------------------------------------------- the server process
const dataDir = await mkdtemp(joinPath(tmpdir(), 'rolit-load-'));
const server = await startServerProcess(
  ['--import', 'tsx', 'src/server/main.ts', '--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--threads', '1', '--computer-delay', '0', '--limits', 'off'],
  {},
  false,
);
const endpoint = server.origin;

/** The server's resident memory (bytes) and CPU time (seconds), from /proc. */
function serverUsage(): { rss: number; cpu: number } {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = 100; // USER_HZ on Linux
  return { rss, cpu: (Number(fields[11]) + Number(fields[12])) / ticks };
}

// ---------------------------------------------------------------- counters
const stats = {
  movesSent: 0,
  movesDone: 0,
  received: 0,
  sent: 0,
  latencies: [] as number[],
  errors: 0,
  refusals: 0,
};
function resetStats(): void {
  stats.movesSent = stats.movesDone = stats.received = stats.sent = stats.errors = stats.refusals = 0;
  stats.latencies = [];
}

// ---------------------------------------------------------------- a room of scripted players
interface Player {
  room: Room;
  colour: string;
  log: { round: number; events: readonly GameEvent[] } | null;
  /** The move count this player last played at, so one turn gets one move. */
  playedAt: number;
}

interface LoadRoom {
  players: Player[];
  clients: Room[];
  /** The move on its way: when it was sent, and the clients that have not had its events yet. */
  pending: { sentAt: number; waiting: Set<Room> } | null;
  rematchAsked: number;
  closed: boolean;
}

const rooms: LoadRoom[] = [];

function watch(load: LoadRoom, room: Room, player: Player | null): void {
  room.onMessage('events', (message: EventsMessage) => {
    stats.received++;
    if (player) player.log = mergeEvents(player.log, message);
    const pending = load.pending;
    if (pending && message.events.some((e) => e.type === 'ballPlaced') && pending.waiting.delete(room) && pending.waiting.size === 0) {
      stats.latencies.push(performance.now() - pending.sentAt);
      stats.movesDone++;
      load.pending = null;
    }
    if (player) think(load, player);
  });
  room.onMessage('you', (m: { colour: string }) => {
    stats.received++;
    if (player) player.colour = m.colour;
  });
  room.onMessage('error', () => {
    stats.received++;
    stats.refusals++;
  });
  room.onMessage('*', () => void stats.received++);
  room.onStateChange(() => {
    stats.received++;
    if (player) think(load, player);
  });
  room.onLeave(() => {
    if (!load.closed) stats.errors++;
  });
}

/** On this player's turn (its event log caught up with the state), plays a random legal move after the think time. */
function think(load: LoadRoom, player: Player): void {
  const state = player.room.state as { phase: string; toMove: string; moves: string[]; round: number } | undefined;
  if (!state || load.closed) return;
  const host = load.players[0] === player;
  if (state.phase === 'over' && host && load.rematchAsked !== state.round) {
    load.rematchAsked = state.round;
    setTimeout(() => {
      if (load.closed) return;
      player.room.send('rematch');
      stats.sent++;
    }, THINK_MS);
    return;
  }
  const count = state.moves.length;
  if (state.phase !== 'playing' || state.toMove !== player.colour || player.playedAt === count) return;
  const log = player.log;
  if (!log || log.round !== state.round) return;
  const game = Game.fromEvents(log.events);
  if (game.state.moves.length !== count || game.state.toMove !== player.colour) return;
  player.playedAt = count;
  const legal = game.legalMoves();
  const move = legal[Math.floor(Math.random() * legal.length)];
  setTimeout(() => {
    if (load.closed) return;
    load.pending = { sentAt: performance.now(), waiting: new Set(load.clients) };
    player.room.send('play', { move });
    stats.sent++;
    stats.movesSent++;
  }, THINK_MS);
}

async function openRoom(): Promise<void> {
  const load: LoadRoom = { players: [], clients: [], pending: null, rematchAsked: -1, closed: false };
  // Each client is watched as soon as it is in: the server greets it (you, events) at once.
  const enter = (room: Room, colour: string | null): Room => {
    room.reconnection.enabled = false;
    load.clients.push(room);
    const player = colour === null ? null : { room, colour, log: null, playedAt: -1 };
    if (player) load.players.push(player);
    watch(load, room, player);
    return room;
  };
  const hostRoom = enter(await new Client(endpoint).create('rolit', { name: 'Host', colour: 'red' }), 'red');
  for (const colour of COLOURS.slice(1)) enter(await new Client(endpoint).joinById(hostRoom.roomId, { name: `P ${colour}`, colour }), colour);
  enter(await new Client(endpoint).joinById(hostRoom.roomId, { name: 'Watcher', spectator: true }), null);
  await until(() => (hostRoom.state as any)?.seats?.every((s: any) => s.connected) === true, 'the room to fill', 10_000, 10);
  hostRoom.send('start');
  stats.sent++;
  rooms.push(load);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ---------------------------------------------------------------- the ramp
const started = Date.now();
await sleep(500);
const idle = serverUsage();
console.log(`measure:online: one server process (pid ${server.child.pid}, port ${server.port}), ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`);
console.log(`rooms of 4 scripted players + 1 spectator, 8x8 four colours; a player thinks ${THINK_MS} ms before each move; ${MEASURE_S} s per step`);
console.log(`idle server: ${(idle.rss / 2 ** 20).toFixed(0)} MiB resident; machine load average ${loadavg()[0].toFixed(1)} (others' work slows every figure)\n`);
const header = ['rooms', 'clients', 'moves/s', 'msgs/s in', 'msgs/s out', 'p50 ms', 'p99 ms', 'srv CPU', 'ms/move', 'cli CPU', 'KiB/room', 'errors'];
console.log(header.map((h) => h.padStart(11)).join(''));
let lastGood: number | null = null;
let previous = { rooms: 0, rss: idle.rss };
/** Server CPU ms per move at each step within limits (the last is the steadiest: warmed up, many moves). */
const cpuPerMove: number[] = [];
/** Moves a second per room at the first step: later steps are held to most of it. */
let firstRate: number | null = null;
let saturatedAt: number | null = null;
let why = '';
for (const target of STEPS) {
  if ((Date.now() - started) / 1000 > BUDGET_S) {
    why = `time budget (${BUDGET_S} s) spent`;
    break;
  }
  try {
    // Rooms open some at a time: a burst of hundreds of joins at once is a different measurement.
    const batch = Math.max(10, Math.ceil(target / 8));
    while (rooms.length < target) await Promise.all(Array.from({ length: Math.min(batch, target - rooms.length) }, openRoom));
  } catch (e) {
    saturatedAt = target;
    why = `rooms could not be opened (${e instanceof Error ? e.message : String(e)})`;
    break;
  }
  await sleep(SETTLE_S * 1000);
  resetStats();
  const before = serverUsage();
  const clientBefore = process.cpuUsage();
  const t0 = performance.now();
  await sleep(MEASURE_S * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const after = serverUsage();
  const clientCpu = process.cpuUsage(clientBefore);
  const movesPerS = stats.movesDone / seconds;
  const serverCpu = (after.cpu - before.cpu) / seconds;
  // Resident memory is noisy (the collector runs when it likes): growth since the step before, per room added.
  const perRoom = (after.rss - previous.rss) / (target - previous.rooms);
  previous = { rooms: target, rss: after.rss };
  const p50 = percentile(stats.latencies, 50);
  const p99 = percentile(stats.latencies, 99);
  const row = [
    String(target),
    String(target * 5),
    movesPerS.toFixed(0),
    (stats.sent / seconds).toFixed(0),
    (stats.received / seconds).toFixed(0),
    p50.toFixed(1),
    p99.toFixed(1),
    `${(serverCpu * 100).toFixed(0)}%`,
    stats.movesDone > 0 ? (((after.cpu - before.cpu) * 1000) / stats.movesDone).toFixed(2) : '-',
    `${(((clientCpu.user + clientCpu.system) / 1e6 / seconds) * 100).toFixed(0)}%`,
    (perRoom / 1024).toFixed(0),
    String(stats.errors + stats.refusals),
  ];
  console.log(row.map((c) => c.padStart(11)).join(''));
  // Each room plays as fast as at the first step unless the process (or the machine) cannot keep up.
  firstRate ??= movesPerS / target;
  const expected = firstRate * target;
  const broken = [
    serverCpu >= 0.9 && `the server uses ${(serverCpu * 100).toFixed(0)}% of a core`,
    p50 > P50_LIMIT && `p50 ${p50.toFixed(0)} ms > ${P50_LIMIT} ms`,
    p99 > P99_LIMIT && `p99 ${p99.toFixed(0)} ms > ${P99_LIMIT} ms`,
    movesPerS < 0.8 * expected && `${movesPerS.toFixed(0)} moves/s, under 80% of the ${expected.toFixed(0)} these rooms played at the first step's pace`,
    stats.errors > 0 && `${stats.errors} clients lost their connection`,
  ].filter(Boolean);
  if (broken.length > 0) {
    saturatedAt = target;
    why = broken.join('; ');
    break;
  }
  lastGood = target;
  if (stats.movesDone > 0) cpuPerMove.push(((after.cpu - before.cpu) * 1000) / stats.movesDone);
}

console.log('');
if (saturatedAt !== null) console.log(`saturated at ${saturatedAt} rooms (${why}); last step within limits: ${lastGood ?? 'none'} rooms`);
else console.log(`not saturated up to ${lastGood} rooms${why ? ` (${why})` : ''}`);
if (cpuPerMove.length > 0) {
  const ms = cpuPerMove[cpuPerMove.length - 1];
  console.log(`server CPU per move at ${lastGood} rooms (every client's messages included): ${ms.toFixed(2)} ms: one core of its own would play about ${(1000 / ms).toFixed(0)} moves/s, ${((1000 / ms) * (THINK_MS / 1000)).toFixed(0)} rooms at this pace`);
}
console.log(`machine load average at the end ${loadavg()[0].toFixed(1)}; ${((Date.now() - started) / 1000).toFixed(0)} s`);

for (const load of rooms) load.closed = true;
await Promise.all(rooms.flatMap((r) => r.clients.map((c) => c.leave(true).catch(() => undefined))));
await server.kill();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
