/**
 * Vite plugin of `npm start` and `npm run dev`: the game server of online play (src/server, the
 * embedded default: one process, rooms in memory) runs inside vite's dev server, on the port the
 * page looks for it (VITE_ROLIT_SERVER_PORT, else 2567), and stops with it. Records go to ./data
 * (or ROLIT_DATA), and TV keeps the pace of ROLIT_TV_MOVE and ROLIT_TV_PAUSE, as with `npm run
 * server`. Not under vitest (its vite server is no app server), and not for `vite preview` (the
 * browser tests serve the build with it and start their own game servers).
 */
import { join as joinPath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { RunningServer } from '../src/server/server';
import { tvPaceFromEnv } from '../src/server/room/tvPace.js';

/** The port of the game server beside vite's dev server: the one the page looks on. */
export function devGameServerPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.VITE_ROLIT_SERVER_PORT) || 2567;
}

/**
 * One game server for the process: vite restarts its dev server (a config change) by making the
 * new one before closing the old, so the game server counts the dev servers using it.
 */
interface Shared {
  started: Promise<RunningServer | null>;
  users: number;
}
const KEY = Symbol.for('rolit.devGameServer');
const slot = globalThis as unknown as Record<symbol, Shared | undefined>;

export function gameServerPlugin(): Plugin {
  return {
    name: 'rolit-game-server',
    apply: (_config, env) => env.command === 'serve' && !env.isPreview && !process.env.VITEST,
    configureServer(server) {
      const http = server.httpServer;
      if (!http) return; // middleware mode: whoever embeds vite runs their own game server
      const logger = server.config.logger;
      const port = devGameServerPort();
      let shared = slot[KEY];
      if (!shared) {
        const entry = pathToFileURL(joinPath(server.config.root, 'src/server/server.ts')).href;
        const started = (async () => {
          const { tsImport } = await import('tsx/esm/api');
          const { startServer } = (await tsImport(entry, import.meta.url)) as typeof import('../src/server/server');
          try {
            const dataDir = process.env.ROLIT_DATA || joinPath(server.config.root, 'data');
            const game = await startServer({ port, dataDir, ...tvPaceFromEnv(process.env) });
            logger.info(`  ➜  Game server: port ${game.port} (online play; records and players in the database of ${dataDir})`);
            return game;
          } catch (e) {
            const text = e instanceof Error ? e.message : String(e);
            if (/EADDRINUSE/.test(text)) logger.warn(`  ➜  Game server: port ${port} is taken (another npm run server?); the page uses whatever listens there`);
            else logger.error(`  ➜  Game server did not start: ${text}`);
            return null;
          }
        })();
        shared = slot[KEY] = { started, users: 0 };
      }
      const mine = shared;
      mine.users++;
      http.once('close', () => {
        if (--mine.users > 0) return;
        if (slot[KEY] === mine) slot[KEY] = undefined;
        void mine.started.then((game) => game?.stop());
      });
    },
  };
}
