/**
 * The production server as `npm run serve` runs it: the bundle `npm run build` makes (its server
 * part, scripts/server.vite.config.ts, built here into a temporary directory so it is never stale)
 * run by plain Node, no TypeScript loader.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join as joinPath } from 'node:path';

/** The npm scripts that build the server and run it, as package.json has them. */
export const npmScripts = (): { build: string; serve: string } => JSON.parse(readFileSync('package.json', 'utf8')).scripts;

/**
 * Builds the server bundle into a new directory under node_modules/.cache (inside the project, so
 * the bundle finds its packages as dist-server/ does); returns its entry (main.js) and the directory.
 */
export async function buildServer(): Promise<{ entry: string; dir: string }> {
  const cache = joinPath('node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(joinPath(cache, 'rolit-server-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'scripts/server.vite.config.ts', '--outDir', dir], { stdio: 'pipe' });
  return { entry: joinPath(dir, 'main.js'), dir };
}

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** Ends the process (SIGKILL after 10 s) if it still runs. */
  kill(): Promise<void>;
}

/** Runs the built `entry` with `args` and environment `env` (PORT 0 and 127.0.0.1 unless given), until it says its port. */
export async function startBuiltServer(entry: string, args: string[], env: Record<string, string>): Promise<BuiltServer> {
  const child = spawn(process.execPath, [entry, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the built server did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on port (\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the built server exited (${code}):\n${output}`)));
  });
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}
