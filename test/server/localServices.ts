/**
 * PostgreSQL and Redis for the tests of several processes (postgres.test.ts, faults.test.ts):
 * each a server of its own on a loopback port, its data in the test's directory, stopped and
 * started again on the same port and data as an operator's restart or outage would.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { promisify } from 'node:util';
import { accepting, freePort } from './serverProcesses';

/** Debian's PostgreSQL programs, where its package puts them (not on PATH): the newest major version installed. */
const PG_VERSIONS = '/usr/lib/postgresql';
const PG_BIN = joinPath(
  PG_VERSIONS,
  (existsSync(PG_VERSIONS) ? readdirSync(PG_VERSIONS) : []).filter((v) => existsSync(joinPath(PG_VERSIONS, v, 'bin', 'postgres'))).sort((x, y) => Number(x) - Number(y)).at(-1) ?? 'none',
  'bin',
);
const REDIS = '/usr/bin/redis-server';

export const havePostgres = existsSync(joinPath(PG_BIN, 'postgres'));
export const haveRedis = existsSync(REDIS);
/** Why a test of PostgreSQL is skipped here. */
export const NO_POSTGRES = `no ${PG_VERSIONS}/<version>/bin/postgres (Debian package postgresql)`;
/** Why a test of Redis is skipped here. */
export const NO_REDIS = `${REDIS} is not installed (Debian package redis-server)`;

/** Sends `signal` to a server (none: nothing), resolving once it has ended. */
async function stopServer(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await ended;
}

/** PostgreSQL refuses to run as root: as root, its programs run as `nobody`, owning the cluster's directory. */
function asPostgresUser(program: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [joinPath(PG_BIN, program), args];
  return ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', joinPath(PG_BIN, program), ...args]];
}

/** A PostgreSQL server of the test's own: a cluster in a directory of its own, a database `postgres` its user `rolit` may use without a password. */
export class LocalPostgres {
  private child: ChildProcess | null = null;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** The URL game servers are given (--database). */
  get url(): string {
    return `postgres://rolit@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<LocalPostgres> {
    const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-postgres-'));
    await chmod(dir, 0o700);
    if (process.getuid?.() === 0) chownSync(dir, 65534, 65534);
    await promisify(execFile)(...asPostgresUser('initdb', ['-D', joinPath(dir, 'cluster'), '-U', 'rolit', '--auth=trust', '-E', 'UTF8', '--no-locale']));
    const postgres = new LocalPostgres(dir, await freePort());
    await postgres.start();
    return postgres;
  }

  /** Starts the server (again), resolving once it takes connections. */
  async start(): Promise<void> {
    // No fsync: the test's cluster is thrown away; sockets in its own directory only.
    this.child = spawn(...asPostgresUser('postgres', ['-D', joinPath(this.dir, 'cluster'), '-p', String(this.port), '-h', '127.0.0.1', '-k', this.dir, '-c', 'fsync=off']), { stdio: 'ignore' });
    await accepting(this.port);
  }

  /** Stops the server and removes its cluster. */
  async remove(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Stops the server as an operator's restart does (SIGINT, PostgreSQL's fast shutdown: every session is ended), resolving once it has. */
  async stop(): Promise<void> {
    await stopServer(this.child, 'SIGINT');
    this.child = null;
  }
}

/** A Redis server of the test's own; with `persist`, its data kept in `dir` across a stop (appendonly), as a production Redis keeps it. */
export class LocalRedis {
  private child: ChildProcess | null = null;

  private constructor(
    private readonly dir: string,
    private readonly persist: boolean,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async create(dir: string, persist = false): Promise<LocalRedis> {
    await mkdir(dir, { recursive: true });
    const redis = new LocalRedis(dir, persist, await freePort());
    await redis.start();
    return redis;
  }

  async start(): Promise<void> {
    const data = this.persist ? ['--dir', this.dir, '--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
    this.child = spawn(REDIS, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...data], { stdio: 'ignore' });
    await accepting(this.port);
  }

  /** Stops the server (SIGTERM: Redis's own shutdown), resolving once it has. */
  async stop(): Promise<void> {
    await stopServer(this.child, 'SIGTERM');
    this.child = null;
  }
}
