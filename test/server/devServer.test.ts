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
import { afterEach, describe, expect, it } from 'vitest';
import { gameServerPlugin } from '../../scripts/gameServerPlugin';
import { readOnlineParameters } from '../../src/app/online/onlineAddress';

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
      const room = await eventuallyCreate(endpoint);
      expect(room.roomId).toMatch(/^[0-9A-Z]{10}$/);
      await room.leave();
    } finally {
      await vite.close();
    }
    // The game server stops with it (its port refuses connections).
    await expect.poll(() => fetch(`http://127.0.0.1:${port}/records`).then(() => 'open', () => 'closed'), { timeout: 5000 }).toBe('closed');
    await rm(dataDir, { recursive: true, force: true });
  });
});

/** The game server starts a moment after vite listens: the first create may find nobody yet. */
async function eventuallyCreate(endpoint: string) {
  for (let i = 0; ; i++) {
    try {
      const room = await new Client(endpoint).create('rolit', { name: 'Ann', colour: 'red' });
      room.onMessage('*', () => undefined);
      return room;
    } catch (e) {
      if (i >= 100) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
