/**
 * `npm run serve` stops when told: SIGTERM to the npm process itself (what a container's first
 * process gets) reaches the server, which saves the round in play and exits within 10 s, leaving
 * nothing on the port; a create while it stops is refused with 503 and a JSON body with its code.
 * A second server on a port in use ends at once, non-zero, naming the port. Run as npm runs it: a
 * project directory with the package's `serve` script, the built server as dist-server/ and an app.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join as joinPath, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/serverProcess';
import { SQLITE_FILE } from '../../src/server/db/database';
import { buildServer, npmScripts } from './builtServer';
import { playFirst, twoPlayers, until } from './helpers';

let project = '';
let entry = '';
let npm: ChildProcess | null = null;

beforeAll(async () => {
  ({ entry, dir: project } = await buildServer('dist-server'));
  await writeFile(joinPath(project, 'package.json'), JSON.stringify({ name: 'rolit-serve', private: true, type: 'module', scripts: { serve: npmScripts().serve } }));
  await mkdir(joinPath(project, 'dist'));
  await writeFile(joinPath(project, 'dist', 'index.html'), '<!doctype html><title>Rolit</title>');
}, 60_000);

afterAll(async () => {
  if (npm && npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
  if (project) await rm(project, { recursive: true, force: true });
});

it('SIGTERM to the npm process of `npm run serve` saves the round in play and stops the server within 10 s; a second server on its port exits non-zero at once', async () => {
  const data = resolve(project, 'data');
  const child = (npm = spawn('npm', ['run', 'serve'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ROLIT_DATA: data, ROLIT_THREADS: '1', ROLIT_COMPUTER_DELAY: '0' },
  }));
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const port = await new Promise<number>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on port (\d+)/.exec(output);
      if (found) done(Number(found[1]));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => fail(new Error(`npm run serve exited (${code}):\n${output}`)));
  });
  const origin = `http://127.0.0.1:${port}`;

  // A port in use: the second process says which and ends, non-zero.
  const started = Date.now();
  await expect(startServerProcess([entry, '--port', String(port), '--host', '127.0.0.1', '--threads', '1'], { ROLIT_DATA: data })).rejects.toThrow(
    new RegExp(`exited \\(1\\)[^]*port ${port} of 127\\.0\\.0\\.1 is in use`),
  );
  const inUseMs = Date.now() - started;
  expect(inUseMs).toBeLessThan(10_000);

  const { ann, bob } = await twoPlayers(origin, { size: 6 });
  const mover = ann.room.state.toMove === 'red' ? ann : bob;
  await playFirst(mover);
  await until(ann.room, (st) => st.moves.length === 1, 'a move played');

  const signalled = Date.now();
  child.kill('SIGTERM');
  await until(ann.room, (st) => st.records.length === 1, 'the round in play saved', 9000);
  const refused = await fetch(`${origin}/matchmake/create/rolit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Dev","colour":"red"}' });
  expect(refused.status).toBe(503);
  expect(await refused.json()).toEqual({ code: 503, error: expect.stringMatching(/^closing: /) });

  expect(await exited).toBe(0);
  // The server itself is gone, not orphaned: nothing answers on its port.
  await expect(fetch(`${origin}/health`)).rejects.toThrow();
  const stoppedMs = Date.now() - signalled;
  expect(stoppedMs).toBeLessThan(10_000);
  console.log(`npm run serve: stopped ${stoppedMs} ms after SIGTERM to npm; a second server on its port exited after ${inUseMs} ms`);
  expect(output).toMatch(/stopping \(SIGTERM\)/);
  // Saved in the database of the data directory, where a restart serves it.
  const db = new DatabaseSync(joinPath(data, SQLITE_FILE), { readOnly: true });
  expect(db.prepare('select id from records where id = ?').get(`${ann.room.roomId}-round1-unfinished.rolit`)).toBeDefined();
  db.close();
}, 60_000);
