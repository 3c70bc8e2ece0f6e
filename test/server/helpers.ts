/** Helpers of the server tests: a server on a free loopback port, SDK clients, waiting on state. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { Game, type GameEvent } from '../../src/engine';
import { NO_LIMITS } from '../../src/server/front/limits';
import { type RunningServer, type ServerConfig, startServer } from '../../src/server/server';

export interface TestServer extends RunningServer {
  dataDir: string;
  endpoint: string;
  /** Stops the server and removes its data directory. */
  close(): Promise<void>;
}

/** A server on a free loopback port; without limits per address unless `config` sets them, since every test client has the same address. */
export async function startTestServer(config: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = config.dataDir ?? (await mkdtemp(joinPath(tmpdir(), 'rolit-server-')));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, graceSeconds: 60, computerDelayMs: 0, tvMoveMs: 0, threads: 1, closingSeconds: 0, limits: NO_LIMITS, ...config });
  return {
    ...server,
    dataDir,
    endpoint: `http://127.0.0.1:${server.port}`,
    async close() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a test client saw: the room, and every message it received by type. */
export interface Seen {
  room: Room;
  messages: Record<string, unknown[]>;
}

export function watch(room: Room): Seen {
  const seen: Seen = { room, messages: {} };
  room.onMessage('*', (type, payload) => (seen.messages[String(type)] ??= []).push(payload));
  return seen;
}

export async function create(endpoint: string, options: Record<string, unknown>): Promise<Seen> {
  return watch(await new Client(endpoint).create('rolit', options));
}

export async function join(endpoint: string, roomId: string, options: Record<string, unknown>): Promise<Seen> {
  return watch(await new Client(endpoint).joinById(roomId, options));
}

/** Resolves when `test` holds for the room's state (checked on every patch), or fails after `ms`. */
export function until<T = any>(room: Room, test: (state: T) => boolean, what: string, ms = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      try {
        return room.state && test(room.state as T);
      } catch {
        return false;
      }
    };
    if (check()) return resolve();
    const timer = setTimeout(() => {
      room.onStateChange.remove(listener);
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const listener = () => {
      if (!check()) return;
      clearTimeout(timer);
      room.onStateChange.remove(listener);
      resolve();
    };
    room.onStateChange(listener);
  });
}

/** Resolves when `test` holds, checked every few milliseconds (for what is not in the state: messages). */
export function eventually(test: () => boolean, what: string, ms = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const poll = setInterval(() => {
      if (!test()) return;
      clearTimeout(timer);
      clearInterval(poll);
      resolve();
    }, 5);
  });
}

/** Resolves with the next message of `type` the client gets (counting from now). */
export function next<T = any>(seen: Seen, type: string, ms = 5000): Promise<T> {
  return nth(seen, type, seen.messages[type]?.length ?? 0, ms);
}

/** Resolves with the first message of `type` the client got since `watch`, waiting for it if none yet. */
export function first<T = any>(seen: Seen, type: string, ms = 5000): Promise<T> {
  return nth(seen, type, 0, ms);
}

function nth<T>(seen: Seen, type: string, start: number, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`no "${type}" message`));
    }, ms);
    const poll = setInterval(() => {
      const list = seen.messages[type] ?? [];
      if (list.length > start) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(list[start] as T);
      }
    }, 5);
  });
}

/** The round as this client knows it from the engine events it received. */
export function eventsOf(seen: Seen): GameEvent[] {
  const all = (seen.messages.events ?? []) as { round: number; from: number; events: GameEvent[] }[];
  const round = Math.max(...all.map((m) => m.round));
  const log: GameEvent[] = [];
  for (const m of all.filter((m) => m.round === round)) log.splice(m.from, m.events.length, ...m.events);
  return log;
}

export function gameOf(seen: Seen): Game {
  return Game.fromEvents(eventsOf(seen));
}

/** Plays the first legal move for this client, once its event log has caught up with the state. */
export async function playFirst(seen: Seen): Promise<string> {
  await eventually(() => gameOf(seen).state.moves.length === seen.room.state.moves.length, 'the events of every move');
  const move = gameOf(seen).legalMoves()[0];
  seen.room.send('play', { move });
  return move;
}

export const movesOf = (seen: Seen): string[] => [...seen.room.state.moves];

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Two players in a round (8x8 unless `options` say otherwise), red against green, and a spectator. */
export async function twoPlayers(endpoint: string, options: Record<string, unknown> = {}): Promise<{ ann: Seen; bob: Seen; eve: Seen }> {
  const ann = await create(endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'], ...options });
  const bob = await join(endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
  const eve = await join(endpoint, ann.room.roomId, { name: 'Eve', spectator: true });
  await until(ann.room, (st) => st.seats[1].connected && st.spectators === 1, 'both seated, one watching');
  ann.room.send('start');
  await Promise.all([ann, bob, eve].map((s) => until(s.room, (st) => st.phase === 'playing' && st.toMove !== '', 'playing')));
  return { ann, bob, eve };
}

/** The state a refused message must leave as it was. */
export function snapshot(seen: Seen): string {
  const st = seen.room.state as any;
  return JSON.stringify({
    phase: st.phase, toMove: st.toMove, moves: [...st.moves], round: st.round, host: st.host, spectators: st.spectators,
    seats: st.seats.map((s: any) => [s.colour, s.name, s.kind, s.level, s.connected, s.standIn, s.score]),
  });
}

/** The first ```js block under a heading of docs/online.md (`## Example session`): the docs' example bots, run as written. */
export function onlineDocsExample(heading: string): string {
  const page = readFileSync('docs/online.md', 'utf8');
  const found = /```js\n([\s\S]*?)```/.exec(page.slice(page.indexOf(heading)));
  if (!found) throw new Error(`docs/online.md: no \`\`\`js block under "${heading}"`);
  return found[1];
}

/** A bot's stream (docs/online.md, Bots over HTTP) of the server at `origin` opened from `localAddress` (a new player key): held open when the join is let in (200, closed by `close`), else its status and error. */
export function botStream(origin: string, code: string, localAddress: string): Promise<{ status: number; error?: string; close(): void }> {
  const key = randomBytes(16).toString('base64url');
  return new Promise((resolve, reject) => {
    const path = `/bot/rooms/${code}/stream?name=Bot`;
    const { hostname: host, port } = new URL(origin);
    const req = request({ host, port, path, localAddress, headers: { authorization: `Bearer ${key}` } }, (res) => {
      const close = () => req.destroy();
      let text = '';
      res.on('data', (chunk: Buffer) => {
        // A stream let in starts with its first line (`you`): the bot watches from then on.
        if (res.statusCode === 200) resolve({ status: 200, close });
        else text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, error: (JSON.parse(text || '{}') as { error?: string }).error, close }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Alice's room, made by a client of the SDK: Alice red, a free seat for a person (yellow), two computers. */
export function alicesTable(endpoint: string): Promise<Seen> {
  return create(endpoint, {
    name: 'Alice', colour: 'red', size: 8,
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'computer', level: 'greedy' }, { kind: 'computer', level: 'greedy' }],
  });
}

/** Alice (red) plays her first legal move whenever it is her turn, until stopped. */
export function alicePlays(alice: Seen): () => void {
  let playedAt = -1;
  const timer = setInterval(() => {
    const state = alice.room.state;
    if (state.phase !== 'playing' || state.toMove !== 'red' || playedAt === state.moves.length) return;
    const game = gameOf(alice);
    if (game.state.moves.length !== state.moves.length) return;
    playedAt = state.moves.length;
    alice.room.send('play', { move: game.legalMoves()[0] });
  }, 50);
  return () => clearInterval(timer);
}
