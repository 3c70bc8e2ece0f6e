/**
 * A full disk under SQLite (docs/online.md, Failures), on a file system the test mounts: an 8 MB
 * tmpfs holding two server processes' data directories, filled to the last byte while rated
 * rounds finish. The process whose journal shares the full disk keeps its rounds in memory; the
 * one whose journal (`--journal`) is on another disk keeps them there, and is killed. `/health`
 * names the full disk; the log says so once, never "cannot rollback"; once there is room every
 * round is rated and listed, the killed process's at its next start. Mounting needs root (as
 * tests run in CI); where it is refused the test is skipped, saying why, and journal.test.ts fills
 * an SQLite database in-process instead (max_page_count: the same SQLITE_FULL).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerIdOf } from '../../src/server/players/playerId';
import { first } from './helpers';
import { healthWhen, killHard } from './faultChecks';
import { ratedTable, resignRound, whenReady } from './playerChecks';
import { startServerProcess, stopProcess } from './serverProcesses';

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** A small file system of the test's own, or why there is none. */
async function mountSmallDisk(): Promise<{ path: string } | { why: string }> {
  if (process.platform !== 'linux') return { why: 'not Linux' };
  if (process.getuid?.() !== 0) return { why: 'not root (mounting a file system needs it)' };
  const path = await mkdtemp(joinPath(tmpdir(), 'rolit-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0755', 'tmpfs', path], { stdio: 'pipe' });
    return { path };
  } catch (e) {
    await rm(path, { recursive: true, force: true });
    return { why: `mount -t tmpfs was refused (${String((e as { stderr?: Buffer }).stderr ?? e).trim()})` };
  }
}

const disk = await mountSmallDisk();
const mounted = 'path' in disk;
if (!mounted) console.warn(`diskFull.test.ts skipped: ${disk.why}; journal.test.ts fills an SQLite database in-process instead`);

let otherDisk = '';
const servers: Record<'a' | 'b', ServerProcess | null> = { a: null, b: null };
const args = {
  // Its journal on the full disk, beside its database (the default).
  a: () => ['--data', joinPath((disk as { path: string }).path, 'a'), '--db-retry', '500'],
  // Its journal on another disk.
  b: () => ['--data', joinPath((disk as { path: string }).path, 'b'), '--journal', otherDisk, '--db-retry', '500'],
};
const FILLER = () => joinPath((disk as { path: string }).path, 'filler');

beforeAll(async () => {
  if (!mounted) return;
  otherDisk = await mkdtemp(joinPath(tmpdir(), 'rolit-journal-elsewhere-'));
  // One after the other: on a busy machine two starting at once may each miss the start's bound.
  servers.a = await startServerProcess(args.a());
  servers.b = await startServerProcess(args.b());
}, 90_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s && stopProcess(s.child)));
  if (!mounted) return;
  execFileSync('umount', [disk.path]);
  await rm(disk.path, { recursive: true, force: true });
  await rm(otherDisk, { recursive: true, force: true });
});

/** Fills the disk to its last byte. */
async function fill(path: string): Promise<void> {
  const file = await open(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await file.write(chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
    // The last bytes, a page cut short.
    for (let size = 32 * 1024; size >= 1; size >>= 1) await file.write(chunk.subarray(0, size)).catch(() => {});
  } finally {
    await file.close();
  }
}

async function ratedAndListed(endpoint: string, key: string, room: string): Promise<void> {
  const id = playerIdOf(key);
  await whenReady(`${endpoint}/players/${id}`, (body, status) => status === 200 && body.ratedGames === 1, `${id} rated`, undefined, 20_000);
  const [game] = await whenReady(`${endpoint}/players/${id}/games`, (body, status) => status === 200 && body.length === 1, `${id}'s game listed`);
  expect(game).toMatchObject({ room, rated: true });
  expect(game.seats[0].ratingAfter).toEqual(expect.any(Number));
}

it.skipIf(!mounted)('keeps the rated rounds finished on a full disk: /health names it, the log says so once, and every round is rated and listed once there is room', async () => {
  const [a, b] = [servers.a!, servers.b!];
  const [ann, bob, cyd] = [0, 0, 0].map(() => randomBytes(16).toString('base64url'));
  const tables = { ann: await ratedTable(a.endpoint, ann, 'Ann'), bob: await ratedTable(a.endpoint, bob, 'Bob'), cyd: await ratedTable(b.endpoint, cyd, 'Cyd') };
  await fill(FILLER());
  await Promise.all(Object.values(tables).map(resignRound));
  const full = await healthWhen(a.endpoint, (status, body) => status === 503 && body.journal.waiting === 2, '503 and two rounds waiting', 15_000);
  expect(full.down.database).toMatch(/^the disk is full \(database or disk is full\)/);
  // Once a cause a minute: one line for the database's failures, one for the journal's own file.
  const lines = a.output().split('\n');
  expect(lines.filter((l) => l.startsWith('rolit journal: the disk is full (database or disk is full)'))).toHaveLength(1);
  expect(lines.filter((l) => /^rolit journal: the disk is full \(ENOSPC[^)]*\): cannot write .*rounds-\d+\.journal; the round waits in memory/.test(l))).toHaveLength(1);
  expect(a.output()).not.toMatch(/cannot rollback/);
  // The other process's journal took its round on its own disk; the process dies.
  await healthWhen(b.endpoint, (_status, body) => body.journal.waiting === 1, 'its round waiting', 15_000);
  await killHard(b.child);
  servers.b = null;
  // Room again: the waiting rounds go to the database, the players are told.
  await rm(FILLER());
  await healthWhen(a.endpoint, (status, body) => status === 200 && body.journal.waiting === 0, '200 and nothing waiting', 20_000);
  for (const [key, table] of [[ann, tables.ann], [bob, tables.bob]] as const) {
    await first(table, 'rated', 20_000);
    await ratedAndListed(a.endpoint, key, table.room.roomId);
  }
  servers.b = await startServerProcess(args.b());
  await ratedAndListed(servers.b.endpoint, cyd, tables.cyd.room.roomId);
  await Promise.all([tables.ann.room.leave(), tables.bob.room.leave()]);
}, 120_000);
