/**
 * The production server as `npm run serve` runs it: the bundle `npm run build` makes (its server
 * part, scripts/server.vite.config.ts, built here into a temporary directory so it is never stale)
 * run by plain Node, no TypeScript loader.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join as joinPath } from 'node:path';
import { type ServerProcess, startServerProcess } from '../../scripts/serverProcess';

/** The npm scripts that build the server and run it, as package.json has them. */
export const npmScripts = (): { build: string; serve: string } => JSON.parse(readFileSync('package.json', 'utf8')).scripts;

/**
 * Builds the server bundle into a new directory under node_modules/.cache (inside the project, so
 * the bundle finds its packages as dist-server/ does), or into its folder `sub`; returns its entry
 * (main.js) and the directory.
 */
export async function buildServer(sub = ''): Promise<{ entry: string; dir: string }> {
  const cache = joinPath('node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(joinPath(cache, 'rolit-server-'));
  const out = joinPath(dir, sub);
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'scripts/server.vite.config.ts', '--outDir', out], { stdio: 'pipe' });
  return { entry: joinPath(out, 'main.js'), dir };
}

export type BuiltServer = ServerProcess;

/** Runs the built `entry` with `args` and environment `env` (PORT 0 and 127.0.0.1 unless given), until it says its port. */
export function startBuiltServer(entry: string, args: string[], env: Record<string, string>): Promise<BuiltServer> {
  return startServerProcess([entry, ...args], { PORT: '0', HOST: '127.0.0.1', ...env });
}
