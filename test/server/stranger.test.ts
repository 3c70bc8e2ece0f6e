/**
 * What a hostile stranger tries against the real server process (default limits, a short head
 * timeout), each from loopback addresses of its own (127.0.0.x) so that one attack's cool-down
 * or allowance never blocks the next: idle sockets by the hundred, undecodable frames, raw
 * upgrades and reconnection probes, spectators filling a table, options the docs refuse, and the
 * last person leaving a round against a computer. Figures in docs/online.md (Limits).
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ServerProcess, startServerProcess } from '../../scripts/serverProcess';
import { DEFAULT_LIMITS } from '../../src/server/front/limits';
import { SPECTATOR_PLACES } from '../../src/server/room/seating';
import { botStream, eventually, until } from './helpers';

/** Seconds a socket may take to send its request head here (the default is 10). */
const HEAD_SECONDS = 2;

let dir = '';
let server: ServerProcess;
let port = 0;
let origin = '';

beforeAll(async () => {
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-stranger-'));
  const args = ['src/server/main.ts', '--port', '0', '--host', '127.0.0.1', '--threads', '1', '--computer-delay', '20', '--head-timeout', String(HEAD_SECONDS)];
  server = await startServerProcess(['--import', 'tsx', ...args], { ROLIT_DATA: joinPath(dir, 'data') });
  ({ port, origin } = server);
}, 60_000);

afterAll(async () => {
  await server?.kill();
  await rm(dir, { recursive: true, force: true });
});

/** An HTTP request from `localAddress`: its status and body. */
function http(method: string, path: string, localAddress: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, localAddress, headers: body === undefined ? {} : { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A room's connection from `localAddress`, as the SDK makes one: the matchmaker's seat reservation, then the WebSocket, its JOIN_ROOM answered. */
async function rawJoin(method: 'create' | 'joinById', target: string, options: object, localAddress: string): Promise<{ ws: WebSocket; roomId: string; closed: Promise<number> } | { refused: string }> {
  const answer = await http('POST', `/matchmake/${method}/${target}`, localAddress, JSON.stringify(options));
  const reservation = JSON.parse(answer.body) as { sessionId?: string; roomId: string; processId: string; error?: string };
  if (!reservation.sessionId) return { refused: reservation.error ?? answer.body };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/${reservation.processId}/${reservation.roomId}?sessionId=${reservation.sessionId}`, { localAddress });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => {
      ws.send(new Uint8Array([10]));
      resolve();
    });
    ws.once('error', reject);
  });
  return { ws, roomId: reservation.roomId, closed };
}

describe('connections per address', () => {
  it(`400 idle sockets from one address: all past ${DEFAULT_LIMITS.sockets} closed at once, the rest after the head timeout; /health from another address answers in under 1 s throughout`, async () => {
    let worst = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const start = performance.now();
        expect((await http('GET', '/health', '127.0.0.2')).status).toBe(200);
        worst = Math.max(worst, performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const sockets: Socket[] = [];
    let open = 0;
    await Promise.all(
      Array.from({ length: 400 }, () => new Promise<void>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.6' });
        sockets.push(socket);
        socket.on('connect', () => {
          open++;
          resolve();
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          open--;
          resolve();
        });
      })),
    );
    // Refused at once: the socket opens, then closes before a byte is read.
    await eventually(() => open <= DEFAULT_LIMITS.sockets, `at most ${DEFAULT_LIMITS.sockets} open`, 2000);
    const held = open;
    expect(held).toBe(DEFAULT_LIMITS.sockets);
    // None of them sent a request head: all closed after the head timeout.
    await eventually(() => open === 0, 'every idle socket closed', (HEAD_SECONDS + 2) * 1000);
    polling = false;
    await poll;
    expect(worst).toBeLessThan(1000);
    console.log(`idle sockets: ${held} of 400 held until the head timeout (${HEAD_SECONDS} s), /health from another address at worst ${worst.toFixed(0)} ms`);
  }, 20_000);
});

describe('bounded logs', () => {
  it('closes a socket sending an undecodable frame (4002) and cools its address down; 300 such frames, 100 raw upgrades and 100 reconnection probes grow the log by a few KB', async () => {
    const before = server.outputBytes();
    const attacker = await rawJoin('create', 'rolit', { name: 'Mallory', colour: 'red' }, '127.0.0.3');
    if ('refused' in attacker) throw new Error(attacker.refused);
    // A request frame whose msgpack payload claims 4 G elements.
    const frame = new Uint8Array([0x15, 0x01, 0xa4, ...Buffer.from('play'), 0xdd, 0xff, 0xff, 0xff, 0xff]);
    for (let i = 0; i < 300 && attacker.ws.readyState === WebSocket.OPEN; i++) attacker.ws.send(frame);
    expect(await attacker.closed).toBe(4002);
    const again = await http('POST', '/matchmake/create/rolit', '127.0.0.3', JSON.stringify({ name: 'Mallory', colour: 'red' }));
    expect([again.status, again.body]).toEqual([429, expect.stringContaining('coolingDown')]);

    // Upgrades holding no seat reservation count as joins: refused (429) once the minute's are spent
    // (the allowance refills as they go: one join a second, one guess every 3 s).
    const refills = (since: number, perMinute: number) => Math.ceil(((performance.now() - since) / 60_000) * perMinute);
    let since = performance.now();
    const upgrades = await Promise.all(Array.from({ length: 100 }, () => new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/process/NOROOM?sessionId=nobody`, { localAddress: '127.0.0.4' });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('close', () => resolve(0));
      ws.on('error', () => undefined);
    })));
    const refusedUpgrades = upgrades.filter((status) => status === 429).length;
    expect(refusedUpgrades).toBeLessThanOrEqual(100 - DEFAULT_LIMITS.joinsPerMinute);
    expect(refusedUpgrades).toBeGreaterThanOrEqual(100 - DEFAULT_LIMITS.joinsPerMinute - refills(since, DEFAULT_LIMITS.joinsPerMinute));
    since = performance.now();
    // Reconnection probes count as code guesses.
    const probes: number[] = [];
    for (let i = 0; i < 100; i++) probes.push((await http('POST', '/matchmake/reconnect/NOROOM', '127.0.0.5', JSON.stringify({ reconnectionToken: `guess${i}` }))).status);
    const refusedProbes = probes.filter((status) => status === 429).length;
    expect(refusedProbes).toBeLessThanOrEqual(100 - DEFAULT_LIMITS.guessesPerMinute);
    expect(refusedProbes).toBeGreaterThanOrEqual(100 - DEFAULT_LIMITS.guessesPerMinute - refills(since, DEFAULT_LIMITS.guessesPerMinute));

    const grown = server.outputBytes() - before;
    console.log(`log: ${grown} bytes for 300 undecodable frames, 100 raw upgrades and 100 reconnection probes`);
    expect(grown).toBeLessThan(8 * 1024);
  });
});

describe('seats first', () => {
  it(`after 70 spectators from 70 addresses (${SPECTATOR_PLACES} let in) and an address claiming a colour it never takes, a player takes the free colour`, async () => {
    const host = await new Client(origin).create('rolit', { name: 'Ann', colour: 'red', colours: ['red', 'green'], listed: true });
    host.onMessage('*', () => undefined);
    const results = await Promise.all(Array.from({ length: 70 }, (_, i) => rawJoin('joinById', host.roomId, { name: `Eve ${i}`, spectator: true }, `127.0.0.${10 + i}`)));
    const refused = results.flatMap((r) => ('refused' in r ? [r.refused] : []));
    expect(refused).toHaveLength(70 - SPECTATOR_PLACES);
    for (const text of refused) expect(text).toMatch(/^spectatorsFull: /);
    await until(host, (st) => st.spectators === SPECTATOR_PLACES, 'the spectators in');
    // One address asking for the free colour again and again, never coming: as many of its claims wait as the room has seats.
    const claims = await Promise.all(Array.from({ length: 10 }, () => http('POST', `/matchmake/joinById/${host.roomId}`, '127.0.0.90', JSON.stringify({ name: 'Hog', colour: 'green' }))));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(2);
    const bob = await new Client(origin).joinById(host.roomId, { name: 'Bob', colour: 'green' });
    bob.onMessage('*', () => undefined);
    await until(host, (st) => st.seats[1].name === 'Bob', 'Bob seated');
    for (const r of results) if ('ws' in r) r.ws.close();
    await Promise.all([host.leave(), bob.leave()]);
  });
});

describe('bots over HTTP count by their own address', () => {
  it(`each bot's stream counts against the address that opened it: one address's ${DEFAULT_LIMITS.watchers} watchers and ${DEFAULT_LIMITS.guessesPerMinute} code guesses are its own, another's are whole`, async () => {
    const host = await new Client(origin).create('rolit', { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    host.onMessage('*', () => undefined);
    const streams = [];
    for (let i = 0; i < DEFAULT_LIMITS.watchers; i++) streams.push(await botStream(origin, host.roomId, '127.0.0.101'));
    expect(streams.map((s) => s.status)).toEqual(Array(DEFAULT_LIMITS.watchers).fill(200));
    await until(host, (st) => st.spectators === DEFAULT_LIMITS.watchers, 'the bots watching');
    // One more from that address is refused, and says why; a bot of another address still gets in.
    expect(await botStream(origin, host.roomId, '127.0.0.101')).toMatchObject({ status: 409, error: expect.stringMatching(/spectatorsFull: .*address/) });
    const other = await botStream(origin, host.roomId, '127.0.0.102');
    expect(other.status).toBe(200);
    await until(host, (st) => st.spectators === DEFAULT_LIMITS.watchers + 1, 'the other address’s bot watching');

    // Wrong codes: one address spends its guesses and is refused 429; the next address's first wrong code is only not found.
    const guesses = [];
    for (let i = 0; i <= DEFAULT_LIMITS.guessesPerMinute; i++) guesses.push(await botStream(origin, '0000000000', '127.0.0.103'));
    expect(guesses.slice(0, -1).map((g) => g.status)).toEqual(Array(DEFAULT_LIMITS.guessesPerMinute).fill(409));
    expect(guesses.at(-1)).toMatchObject({ status: 429, error: expect.stringMatching(/^tooManyGuesses: /) });
    expect(await botStream(origin, '0000000000', '127.0.0.104')).toMatchObject({ status: 409, error: expect.stringMatching(/not found/) });
    // Hung up: each a dropped spectator, held for the grace.
    for (const stream of [...streams, other]) stream.close();
    await host.leave();
  });
});

describe('what the docs refuse', () => {
  it('refuses the create keys config and __proto__ as unknown keys', async () => {
    for (const body of ['{"name":"Ann","colour":"red","config":{}}', '{"name":"Ann","colour":"red","__proto__":{"listed":true}}']) {
      const answer = await http('POST', '/matchmake/create/rolit', '127.0.0.7', body);
      expect(answer.body, body).toMatch(/badOptions: .*(config|__proto__)/);
    }
  });
});

describe('no round lost', () => {
  it('a round left by its only person against a computer is played to its end by the stand-in and listed by GET /records', async () => {
    const solo = await new Client(origin).create('rolit', { name: 'Solo', colour: 'red', size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
    solo.onMessage('*', () => undefined);
    solo.send('start');
    await until(solo, (st) => st.phase === 'playing', 'playing');
    const roomId = solo.roomId;
    await solo.leave();
    // The room closes once the round is saved: nobody is left to see it, only the records.
    await expect.poll(async () => (await fetch(`${origin}/records`)).json(), { timeout: 60_000, interval: 100 }).toContain(`${roomId}-round1.rolit`);
  }, 70_000);
});
