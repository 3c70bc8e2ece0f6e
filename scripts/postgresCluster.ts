/**
 * A PostgreSQL cluster of its own for a measure script: Debian's postgresql package's programs
 * (not on PATH: /usr/lib/postgresql/<version>/bin, the newest installed), a cluster made in a
 * temporary directory on a free loopback port, as `nobody` when run as root (PostgreSQL refuses
 * root), without fsync (it is thrown away). Null when PostgreSQL is not installed.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { promisify } from 'node:util';

const VERSIONS = '/usr/lib/postgresql';

export async function postgresCluster(): Promise<{ url: string; stop(): Promise<void> } | null> {
  const version = (existsSync(VERSIONS) ? readdirSync(VERSIONS) : []).filter((v) => existsSync(joinPath(VERSIONS, v, 'bin', 'postgres'))).sort((x, y) => Number(x) - Number(y)).at(-1);
  if (version === undefined) return null;
  const bin = joinPath(VERSIONS, version, 'bin');
  const as = (program: string, args: string[]): [string, string[]] =>
    process.getuid?.() === 0 ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', joinPath(bin, program), ...args]] : [joinPath(bin, program), args];
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-pg-'));
  await chmod(dir, 0o700);
  if (process.getuid?.() === 0) chownSync(dir, 65534, 65534);
  await promisify(execFile)(...as('initdb', ['-D', joinPath(dir, 'cluster'), '-U', 'rolit', '--auth=trust', '-E', 'UTF8', '--no-locale']));
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const postgres: ChildProcess = spawn(...as('postgres', ['-D', joinPath(dir, 'cluster'), '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off']), { stdio: 'ignore' });
  for (let tries = 0; ; tries++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (tries > 400) throw new Error(`PostgreSQL did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `postgres://rolit@127.0.0.1:${port}/postgres`,
    async stop() {
      await new Promise((resolve) => {
        postgres.once('exit', resolve);
        postgres.kill('SIGTERM');
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
