/**
 * A hostile client against the real server process, started as `npm run serve` starts it: the
 * requests that used to end the process, then random HTTP requests (methods, headers, paths,
 * bodies, over raw TCP), random WebSocket upgrades and random frames from several sockets, in
 * batches. After each batch the server must still answer, and a round of computers in another
 * room must go on unchanged: its events a legal continuation of what its clients had, its seats
 * the same. Deterministic: fast-check runs from a fixed seed, which it prints on a failure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ServerProcess, startServerProcess } from '../../scripts/serverProcess';
import { Game, type GameEvent, playerInSeat } from '../../src/engine';
import { messages } from '../../src/wire/contract';
import { eventually, until } from './helpers';

const SEED = 35;
const BATCHES = 14;

let dir = '';
let server: ServerProcess | null = null;
let port = 0;
let origin = '';

beforeAll(async () => {
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-attack-'));
  // Every socket here comes from 127.0.0.1, the control room's too: the limits per address (tested
  // in clientLimits and flood) would shut it out with the attacker, so they are off.
  const args = ['src/server/main.ts', '--port', '0', '--host', '127.0.0.1', '--threads', '1', '--computer-delay', '30', '--limits', 'off'];
  server = await startServerProcess(['--import', 'tsx', ...args], { ROLIT_DATA: joinPath(dir, 'data') });
  ({ port, origin } = server);
}, 60_000);

afterAll(async () => {
  for (const room of rooms) room.reconnection.enabled = false;
  await Promise.all(rooms.map((room) => (room.connection.isOpen ? room.leave() : undefined)));
  await server?.kill();
  await rm(dir, { recursive: true, force: true });
});

/** Every SDK room the test opened, closed at the end. */
const rooms: Room[] = [];

// --- the victim: a round of computers in another room, watched by two SDK clients -------------

interface Watcher {
  room: Room;
  /** The round's event log as this client keeps it, by round. */
  logs: Map<number, GameEvent[]>;
  /** What was not a continuation of the log: an `events` message starting past its end. */
  breaks: string[];
}

function watcher(room: Room): Watcher {
  const w: Watcher = { room, logs: new Map(), breaks: [] };
  room.reconnection.enabled = false;
  room.onMessage('events', (m: { round: number; from: number; events: GameEvent[] }) => {
    const log = w.logs.get(m.round) ?? [];
    if (m.from > log.length) w.breaks.push(`round ${m.round}: events from ${m.from}, but ${log.length} known`);
    log.splice(m.from, m.events.length, ...m.events);
    w.logs.set(m.round, log);
  });
  room.onMessage('*', () => {});
  rooms.push(room);
  return w;
}

const victimPlayers = [
  { name: 'computer (beginner)', kind: 'computer', level: 'beginner' },
  { name: 'computer (greedy)', kind: 'computer', level: 'greedy' },
];
let host: Watcher;
let guest: Watcher;
/** Moves the victim room has played, over all its rounds, at the last check. */
let played = 0;

async function openVictim(): Promise<void> {
  host = watcher(
    await new Client(origin).create('rolit', {
      name: 'Host', spectator: true, colours: ['red', 'green'], timeLimit: 0,
      seats: victimPlayers.map((p) => ({ kind: p.kind, level: p.level })),
    }),
  );
  guest = watcher(await new Client(origin).joinById(host.room.roomId, { name: 'Guest', spectator: true }));
  // The host starts the match and a rematch after each round, so the room always plays.
  host.room.onStateChange((state: { phase: string }) => {
    if (state.phase === 'over') host.room.send('rematch');
  });
  await until(guest.room, (st) => st.spectators === 2, 'both watching');
  host.room.send('start');
  await until(guest.room, (st) => st.phase === 'playing', 'the victim plays');
}

/** The victim room goes on unchanged: moves keep coming, each client's log is a legal round with the state's moves, the seats are the same. */
async function checkVictim(): Promise<void> {
  const progress = () => Number(host.room.state.round) * 1000 + host.room.state.moves.length;
  const before = played;
  await eventually(() => progress() > before, 'the victim room to play on', 10_000);
  played = progress();
  for (const w of [host, guest]) {
    expect(w.room.connection.isOpen, 'victim client connected').toBe(true);
    expect(w.breaks).toEqual([]);
    const state = w.room.state as { round: number; phase: string; moves: string[]; seats: { name: string; kind: string; level: string; connected: boolean; standIn: boolean }[] };
    const round = state.round;
    // The log catches up with the state (events and patches are separate messages).
    await eventually(() => (w.logs.get(w.room.state.round) ?? []).filter((e) => e.type === 'ballPlaced').length >= w.room.state.moves.length || w.room.state.round !== round, 'the log to catch up', 5000);
    if (w.room.state.round !== round) continue;
    const game = Game.fromEvents(w.logs.get(round)!);
    const moves = game.state.moves.map((m) => m.squares.join('+'));
    expect(moves.slice(0, state.moves.length)).toEqual([...state.moves]);
    state.seats.forEach((seat, i) => {
      const player = victimPlayers[playerInSeat(i, round, victimPlayers.length)];
      expect({ name: seat.name, kind: seat.kind, level: seat.level, connected: seat.connected, standIn: seat.standIn }).toEqual({ ...player, connected: true, standIn: false });
    });
  }
}

/** The process runs and answers, and its last line of defence (unhandled rejections logged) caught nothing. */
async function checkServer(): Promise<void> {
  expect(server!.child.exitCode, `the server exited:\n${server!.output()}`).toBeNull();
  expect(server!.output()).not.toContain('unhandled rejection');
  const response = await fetch(`${origin}/records`, { signal: AbortSignal.timeout(5000) });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

// --- raw HTTP ----------------------------------------------------------------------------------

/** Sends `request` on its own TCP connection and gives the response's status, 0 when the server closed it without one. */
function raw(request: Buffer | string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer in 10 s to ${JSON.stringify(String(request).slice(0, 200))}`));
    }, 10_000);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0));
    };
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (/^HTTP\/1\.[01] \d{3}/.test(data)) done();
    });
    socket.on('close', done);
    socket.on('error', () => {});
    socket.write(request);
  });
}

function requestText(method: string, path: string, headers: [string, string][], body = ''): string {
  const lines = [`${method} ${path} HTTP/1.1`, ...headers.map(([k, v]) => `${k}: ${v}`), 'connection: close'];
  if (body) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

const hostHeader = (): [string, string] => ['host', `127.0.0.1:${port}`];

// --- raw WebSocket upgrades --------------------------------------------------------------------

/** Opens a WebSocket to `path` and resolves when the server closed or refused it (or after its first answer). */
function upgrade(path: string): Promise<void> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    } catch {
      return resolve(); // a path the client library itself refuses
    }
    const timer = setTimeout(() => socket.terminate(), 3000);
    const end = () => {
      clearTimeout(timer);
      resolve();
    };
    socket.on('error', () => {});
    socket.on('close', end);
    socket.on('unexpected-response', () => socket.terminate());
    socket.on('open', () => socket.send(Buffer.from([13, 0xa4, 0x70, 0x6c, 0x61, 0x79, 0x80])));
  });
}

// --- attackers: SDK clients hosting rooms of their own -----------------------------------------

interface Attacker {
  room: Room;
}

async function openAttacker(): Promise<Attacker> {
  const room = await new Client(origin).create('rolit', { name: 'Mallory', colour: 'red', colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  room.reconnection.enabled = false;
  room.onMessage('*', () => {});
  rooms.push(room);
  return { room };
}

/** Resolves once the server handled everything the attacker sent (a ping's answer comes back after them), or closed it. */
function handled(attacker: Attacker): Promise<void> {
  return new Promise((resolve) => {
    if (!attacker.room.connection.isOpen) return resolve();
    const timer = setTimeout(resolve, 5000);
    attacker.room.onLeave(() => resolve());
    attacker.room.ping(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// --- arbitraries -------------------------------------------------------------------------------

const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 24 });
const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const token = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-!#$%&\'*+.^_`|~'.split('')), minLength: 1, maxLength: 12 });

const method = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS') },
  fc.constantFrom('PUT', 'DELETE', 'PATCH', 'TRACE', 'CONNECT', 'TRACK', 'PROPFIND', 'M-SEARCH', 'get', 'LINK'),
  token,
);
const path = fc.oneof(
  fc.constantFrom('/', '/records', '/records/x.rolit', '/matchmake/create/rolit', '/matchmake/joinById/0000000000', '/matchmake/join/rolit', '/matchmake/joinOrCreate/rolit', '/matchmake/reconnect/x', '/__healthcheck', '/index.html', '*', '//x', '/%zz', '/records/%2e%2e%2fpackage.json', '/?room=x'),
  printable.map((p) => `/${p}`),
  fc.tuple(fc.constantFrom('/records/', '/matchmake/create/', '/matchmake/joinById/'), printable).map(([a, b]) => a + b),
  fc.nat({ max: 400 }).map((n) => `/records/${'a'.repeat(n)}.rolit`),
);
/** A value the server takes (weight 3) or a random or broken one. */
const valueOf = (good: string[], bad: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...good) }, fc.constantFrom(...bad), printable);
const header = fc.oneof(
  fc.tuple(fc.constant('host'), valueOf(['localhost', 'example.com:8080', '[::1]:2567'], ['[', 'a b', '::1', 'x:99999', '', 'ex ample.com', 'a/b', '@', '%'])),
  fc.tuple(fc.constant('x-forwarded-proto'), valueOf(['http', 'https'], ['a b', 'https, http', 'ftp', '', 'javascript:'])),
  fc.tuple(fc.constant('x-forwarded-host'), valueOf(['example.com', 'a.example, b.example'], ['[', 'a b', ''])),
  fc.tuple(fc.constant('x-forwarded-for'), valueOf(['1.2.3.4', '1.2.3.4, ::1'], ['unknown', '999.1.1.1', ''])),
  fc.tuple(fc.constant('forwarded'), valueOf(['for=1.2.3.4;proto=https', 'for="[::1]", for=5.6.7.8'], ['for=', 'proto=a b', ';;'])),
  fc.tuple(fc.constant('content-type'), valueOf(['application/json', 'text/plain'], ['multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'])),
  fc.tuple(fc.constantFrom('accept-encoding', 'origin', 'authorization', 'cookie', 'expect', 'upgrade'), latin1.map((v) => v.trim() || 'x')),
  fc.tuple(token, latin1.map((v) => v.trim() || 'x')),
);
const body = fc.oneof(
  fc.constant(''),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
  fc.record({ name: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('x\uD800')), colour: fc.constantFrom('red', 'green'), size: fc.constantFrom(4, 8, 5) }).map((v) => JSON.stringify(v)),
  fc.nat({ max: 40_000 }).map((n) => 'x'.repeat(n)),
);
const httpRequest = fc
  .tuple(method, path, fc.array(header, { maxLength: 3 }), fc.nat({ max: 9 }), body)
  .map(([m, p, hs, host, b]) => requestText(m, p, host > 0 && !hs.some(([k]) => k === 'host') ? [hostHeader(), ...hs] : hs, b));

const upgradePath = fc.oneof(
  fc.constantFrom('/', '/x', '/x/y', '/x/y?sessionId=z', '/?reconnectionToken=x:y', '/a/b?skipHandshake=1'),
  printable.map((p) => `/${p}`),
  fc.tuple(printable, printable).map(([a, b]) => `/${a}/${b}?sessionId=${a}`),
);

const roomType = fc.oneof(fc.constantFrom(...Object.keys(messages), '', '*', '__proto__'), fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 300 }));
const payload = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ move: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('d3', 'c4', 'f5', 'e6', 'f4', 'e3+e6')) }),
  fc.record({ colour: fc.constantFrom('red', 'green', 'blue'), level: fc.constantFrom('beginner', 'master', 'random') }),
  fc.constant(undefined),
);
/** A frame: a message (type and payload) through the SDK, or bytes as they are (no PING, whose answer marks the batch's end). */
const frame = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(roomType, payload).map(([type, p]) => ({ type, payload: p }) as const) },
  { weight: 2, arbitrary: fc.uint8Array({ minLength: 0, maxLength: 64 }).filter((b) => b.length === 0 || (b[0] & 31) !== 18).map((bytes) => ({ bytes })) },
  { weight: 1, arbitrary: fc.nat({ max: 6000 }).map((n) => ({ bytes: new Uint8Array(n).fill(13) })) },
);

const ATTACKERS = 4;
const batch = fc.record({
  requests: fc.array(httpRequest, { minLength: 100, maxLength: 100 }),
  upgrades: fc.array(upgradePath, { minLength: 8, maxLength: 8 }),
  frames: fc.array(fc.array(frame, { minLength: 15, maxLength: 15 }), { minLength: ATTACKERS, maxLength: ATTACKERS }),
});

describe('a hostile client against the server process', () => {
  it('answers each request of issue 35 without ending the process or touching another room', async () => {
    await openVictim();
    await checkServer();
    const known: [string, string, number][] = [
      ['TRACE', requestText('TRACE', '/', [hostHeader()]), 405],
      ['TRACE on matchmaking', requestText('TRACE', '/matchmake/create/rolit', [hostHeader()]), 405],
      ['CONNECT', requestText('CONNECT', '/', [hostHeader()]), 405],
      ['Host: [', requestText('GET', '/', [['host', '[']]), 400],
      ['Host: [ on matchmaking', requestText('POST', '/matchmake/create/rolit', [['host', '['], ['content-type', 'application/json']], '{}'), 400],
      ['X-Forwarded-Proto: a b', requestText('GET', '/', [hostHeader(), ['x-forwarded-proto', 'a b']]), 400],
      ['X-Forwarded-Proto: a b on create', requestText('POST', '/matchmake/create/rolit', [hostHeader(), ['x-forwarded-proto', 'a b'], ['content-type', 'application/json']], '{"name":"A","colour":"red"}'), 400],
      ['X-Forwarded-Host: [', requestText('GET', '/records', [hostHeader(), ['x-forwarded-host', '[']]), 400],
      ['X-Forwarded-For: not an address', requestText('GET', '/records', [hostHeader(), ['x-forwarded-for', 'nobody']]), 400],
      ['Forwarded: for=', requestText('GET', '/records', [hostHeader(), ['forwarded', 'for=']]), 400],
      ['a body that is no JSON', requestText('POST', '/matchmake/joinById/x', [hostHeader(), ['content-type', 'multipart/form-data; boundary=x']]), 415],
      ['a record name of 300 characters', requestText('GET', `/records/${'a'.repeat(300)}.rolit`, [hostHeader()]), 404],
      ['a body of 30 MB announced', `POST /matchmake/create/rolit HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 30000000\r\n\r\n{"name":`, 413],
      ['a chunked body over 16 KB', `POST /matchmake/create/rolit HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${'4000\r\n' + ' '.repeat(0x4000) + '\r\n'}${'10\r\n' + ' '.repeat(16) + '\r\n'}0\r\n\r\n`, 413],
    ];
    for (const [what, request, status] of known) expect(await raw(request), what).toBe(status);
    // A lone surrogate in a name is refused; a request target WebSockets cannot parse too.
    const refused = await fetch(`${origin}/matchmake/create/rolit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x\uD800', colour: 'red' }) });
    expect(await refused.text()).toContain('badOptions: name: not well-formed Unicode');
    expect(await raw(`GET :99999 HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: websocket\r\nconnection: upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n`)).toBe(400);
    // Frames Colyseus cannot decode, and a frame over 4096 bytes.
    const attacker = await openAttacker();
    for (const type of ['', 128, 200]) attacker.room.send(type as string, {});
    attacker.room.connection.send(new Uint8Array([]));
    attacker.room.connection.send(new Uint8Array([255]));
    await handled(attacker);
    expect(attacker.room.connection.isOpen).toBe(true);
    const closed = new Promise<number>((resolve) => attacker.room.onLeave((code) => resolve(code)));
    attacker.room.connection.send(new Uint8Array(5000));
    expect(await closed).toBe(1009);
    await checkServer();
    await checkVictim();
  });

  it('survives random requests, upgrades and frames from several sockets: after each batch it answers and the other room plays on unchanged', async () => {
    const attackers = await Promise.all(Array.from({ length: ATTACKERS }, openAttacker));
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(batch, async ({ requests, upgrades, frames }) => {
        // At once: random requests eight at a time, random upgrades, and each attacker its frames
        // (one cut off is replaced for the next batch).
        const requesting = (async () => {
          for (let i = 0; i < requests.length; i += 8) {
            const statuses = await Promise.all(requests.slice(i, i + 8).map(raw));
            // An answer to each, ours or Colyseus' (its matchmaking codes 520 to 526 among them), never a fault.
            statuses.forEach((status, j) => {
              if (status === 0 || status === 500) throw new Error(`answered ${status || 'nothing'} to ${JSON.stringify(requests[i + j].slice(0, 300))}`);
            });
          }
        })();
        const framing = attackers.map(async (attacker, i) => {
          for (const f of frames[i]) {
            if (!attacker.room.connection.isOpen) break;
            if ('type' in f) attacker.room.send(f.type as string, f.payload);
            else attacker.room.connection.send(f.bytes);
          }
          await handled(attacker);
          if (!attacker.room.connection.isOpen) attackers[i] = await openAttacker();
        });
        await Promise.all([requesting, ...upgrades.map(upgrade), ...framing]);
        sent += requests.length + upgrades.length + frames.flat().length;
        await checkServer();
        await checkVictim();
      }),
      { seed: SEED, numRuns: BATCHES, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(2000);
  }, 120_000);
});
