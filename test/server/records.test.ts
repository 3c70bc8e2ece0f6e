/**
 * Finished rounds: saved as record files the room lists, served over HTTP, and still there after
 * the server restarts on the same data directory.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readRecord } from '../../src/engine';
import { gameOf, movesOf, startTestServer, type TestServer, twoPlayers, until } from './helpers';

let server: TestServer | undefined;
let dataDir = '';
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('keeps a finished round as a record the room lists, served over HTTP, and after a restart', async () => {
  dataDir = await mkdtemp(joinPath(tmpdir(), 'rolit-records-'));
  server = await startTestServer({ dataDir });
  const { ann, bob } = await twoPlayers(server.endpoint, { size: 4 });
  while (ann.room.state.phase === 'playing') {
    const n = ann.room.state.moves.length;
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    await until(mover.room, () => gameOf(mover).state.moves.length === n, 'the mover has the position');
    mover.room.send('play', { move: gameOf(mover).legalMoves()[0] });
    await until(ann.room, (st) => st.moves.length === n + 1, `move ${n + 1}`);
  }
  await until(ann.room, (st) => st.records.length === 1, 'the record listed');
  const file = ann.room.state.records[0];
  expect(file).toBe(`${ann.room.roomId}-round1.rolit`);
  const served = await fetch(`${server.endpoint}/records/${file}`);
  expect(served.status).toBe(200);
  const record = readRecord(await served.text());
  expect(record.game.state.moves.map((m) => m.squares.join('+'))).toEqual(movesOf(ann));
  expect(record.tags).toMatchObject({ Red: 'Ann', Green: 'Bob', Room: ann.room.roomId, Round: '1' });

  // Only plain record names are served.
  for (const bad of ['..%2Fpackage.json', '%2Fetc%2Fpasswd', 'nothing.rolit', '.hidden.rolit']) {
    expect((await fetch(`${server.endpoint}/records/${bad}`)).status, bad).toBe(404);
  }

  await server.stop();
  server = await startTestServer({ dataDir });
  expect(await (await fetch(`${server.endpoint}/records`)).json()).toEqual([file]);
  expect(readRecord(await (await fetch(`${server.endpoint}/records/${file}`)).text()).game.state.moves).toHaveLength(12);
});

it('serves a long list of records whole (larger than a socket buffer, gzipped to a client that takes it), readable from any origin', async () => {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-records-many-'));
  const names = Array.from({ length: 3000 }, (_, i) => `7KQ2M9XB4T-round${i + 1}.rolit`).sort();
  await Promise.all(names.map((name) => writeFile(joinPath(dir, name), '[Event "x"]\n')));
  const many = await startTestServer({ dataDir: dir });
  try {
    const response = await fetch(`${many.endpoint}/records`, { headers: { 'accept-encoding': 'gzip' }, signal: AbortSignal.timeout(10_000) });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.json()).toEqual(names);
  } finally {
    await many.close();
  }
});
