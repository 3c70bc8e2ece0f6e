/**
 * `npm start` (and `npm run dev`): vite's dev server runs the game server beside the app
 * (scripts/gameServerPlugin.ts) on the port the page looks on, and stops it when it closes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client } from '@colyseus/sdk';
import { createServer } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Game } from '../../src/engine';
import { gameServerPlugin } from '../../scripts/gameServerPlugin';
import { readOnlineParameters } from '../../src/app/online/onlineAddress';
import { DEFAULT_CLOSING_SECONDS } from '../../src/server/server';
import { eventually, gameOf, until, watch } from './helpers';

/** A port nobody listens on (taken and given back). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the dev server', () => {
  it('runs the game server on the page’s port while it runs, and stops it with itself', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(joinPath(tmpdir(), 'rolit-dev-'));
    // The plugin stays out of vitest's own vite server; this test is the dev server of `npm start`.
    delete process.env.VITEST;
    process.env.VITE_ROLIT_SERVER_PORT = String(port);
    process.env.ROLIT_DATA = dataDir;
    const vite = await createServer({ configFile: false, root: process.cwd(), logLevel: 'silent', plugins: [gameServerPlugin()], server: { host: '127.0.0.1', port: 0 }, optimizeDeps: { noDiscovery: true } });
    try {
      await vite.listen();
      const page = vite.resolvedUrls!.local[0];
      expect(await (await fetch(page)).text()).toContain('<div id="root">');
      // The page without a server parameter asks its host on that port.
      const { endpoint } = readOnlineParameters('', new URL(page), port);
      expect(endpoint).toBe(`http://127.0.0.1:${port}`);
      const room = watch(await eventuallyCreate(endpoint, { name: 'Ann', colour: 'red' })).room;
      expect(room.roomId).toMatch(/^[0-9A-Z]{10}$/);
      await room.leave();
      await computersThink(endpoint);
    } finally {
      await vite.close();
    }
    // The game server stops with it (its port refuses connections) once its rooms have had the
    // closing notice (a computers-only round may still be in play, a search under way ending first)
    // and saved their rounds: checked for stopping at all, not for its pace on a busy machine.
    const stopMs = (DEFAULT_CLOSING_SECONDS + 60) * 1000;
    await expect.poll(() => fetch(`http://127.0.0.1:${port}/records`).then(() => 'open', () => 'closed'), { timeout: stopMs }).toBe('closed');
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});

/**
 * Two master computers play under the dev server's game server (its search threads run the
 * TypeScript sources): no search fails (no log line, no `computerFallback`), and they do not play
 * the first legal move each time, as a search that never ran would.
 */
async function computersThink(endpoint: string): Promise<void> {
  const logged = vi.spyOn(console, 'error');
  const seen = watch(await eventuallyCreate(endpoint, { name: 'Eve', spectator: true, colours: ['red', 'green'], seats: [{ kind: 'computer', level: 'master' }, { kind: 'computer', level: 'master' }] }));
  seen.room.send('start');
  const MOVES = 6;
  await until(seen.room, (s) => s.moves.length >= MOVES, `${MOVES} moves of the masters`, 30_000);
  await eventually(() => gameOf(seen).state.moves.length >= MOVES, 'the events of those moves');
  await seen.room.leave();
  expect(seen.messages.computerFallback).toBeUndefined();
  expect(logged.mock.calls.map((c) => String(c[0])).filter((line) => line.includes('cannot search'))).toEqual([]);
  // The round replayed from its events: whether each move was the first legal one in its position.
  const played = gameOf(seen);
  const replay = Game.fromEvents(played.events.slice(0, played.events.findIndex((e) => e.type === 'ballPlaced')));
  const firsts = played.state.moves.slice(0, MOVES).map(({ squares }) => {
    const move = squares.join('+');
    const first = replay.legalMoves()[0] === move;
    replay.play(move);
    return first;
  });
  expect(firsts).toContain(false);
}

/** The game server starts a moment after vite listens: the first create may find nobody yet. */
async function eventuallyCreate(endpoint: string, options: Record<string, unknown>) {
  for (let i = 0; ; i++) {
    try {
      const room = await new Client(endpoint).create('rolit', options);
      return room;
    } catch (e) {
      if (i >= 100) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
