/**
 * Finished rounds: saved as record files the room lists, served over HTTP, and still there after
 * the server restarts on the same data directory.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../src/engine';
import { DirectoryRecords, keepRecord, type RecordStore } from '../../src/server/records';
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

it('lists a long list of records a page at a time, newest first, following the Link header; refuses bad parameters with 400', async () => {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-records-many-'));
  const names = Array.from({ length: 3000 }, (_, i) => `7KQ2M9XB4T-round${i + 1}.rolit`);
  await Promise.all(names.map((name) => writeFile(joinPath(dir, name), '[Event "x"]\n')));
  // Newest first: the file times say which.
  await Promise.all(names.map((name, i) => utimes(joinPath(dir, name), 1_700_000_000 + i, 1_700_000_000 + i)));
  const many = await startTestServer({ dataDir: dir });
  try {
    const first = await fetch(`${many.endpoint}/records`, { headers: { 'accept-encoding': 'gzip' }, signal: AbortSignal.timeout(10_000) });
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toEqual(names.slice(-100).reverse());
    const listed: string[] = [];
    let next: string | null = '/records?limit=1000';
    while (next) {
      const page: Response = await fetch(many.endpoint + next, { headers: { 'accept-encoding': 'gzip' } });
      // Larger than a socket buffer, gzipped to a client that takes it.
      expect(page.headers.get('content-encoding')).toBe('gzip');
      const got = (await page.json()) as string[];
      expect(got.length).toBeLessThanOrEqual(1000);
      listed.push(...got);
      next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(listed).toEqual([...names].reverse());
    for (const query of ['limit=0', 'limit=1001', 'limit=x', 'limit=1&limit=2', 'cursor=nothing', 'page=2', `cursor=${'9'.repeat(20)}.a.rolit`]) {
      const refused = await fetch(`${many.endpoint}/records?${query}`);
      expect(refused.status, query).toBe(400);
      expect(await refused.text(), query).toMatch(/limit|cursor|parameter/);
    }
  } finally {
    await many.close();
  }
});

describe('DirectoryRecords', () => {
  it('indexes a directory once, pages newest first, adds what it writes and deletes passing rounds past their time', async () => {
    const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-store-'));
    try {
      const clock = { ms: 2_000_000_000_000 };
      for (const [name, s] of [['A-round1.rolit', 10], ['tv-B-round1.rolit', 20], ['quick-C-round1.rolit', 30], ['.x.rolit', 40], ['notes.txt', 50]] as const) {
        await writeFile(joinPath(dir, name), name);
        await utimes(joinPath(dir, name), s, s);
      }
      const store = await DirectoryRecords.open(dir, () => clock.ms);
      expect(store.list(10)).toEqual({ names: ['quick-C-round1.rolit', 'tv-B-round1.rolit', 'A-round1.rolit'], next: null });
      await store.write('D-round1.rolit', 'd');
      const first = store.list(2);
      expect(first.names).toEqual(['D-round1.rolit', 'quick-C-round1.rolit']);
      expect(store.list(2, first.next!)).toEqual({ names: ['tv-B-round1.rolit', 'A-round1.rolit'], next: null });
      expect(await store.read('D-round1.rolit')).toBe('d');
      expect(await store.read('../notes.txt')).toBeNull();
      // Rounds nobody keeps (TV's, quick play's) older than a day go; people's rooms' stay.
      expect(await store.expire(86_400_000)).toBe(2);
      expect(store.list(10).names).toEqual(['D-round1.rolit', 'A-round1.rolit']);
      expect(await readdir(dir)).not.toContain('tv-B-round1.rolit');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('tries a write again after a passing failure (too many open files, a full disk), reporting each; after the last the text goes to the log', async () => {
    const failure = (code: string) => Object.assign(new Error(`${code}: failed`), { code });
    const lines: string[] = [];
    let tries = 0;
    const flaky: RecordStore = {
      list: () => ({ names: [], next: null }),
      read: async () => null,
      write: async () => {
        if (++tries < 3) throw failure(tries === 1 ? 'EMFILE' : 'ENOSPC');
      },
    };
    expect(await keepRecord(flaky, 'A-round1.rolit', 'text', (l) => lines.push(l), [1, 1, 1])).toBe('A-round1.rolit');
    expect(tries).toBe(3);
    expect(lines).toEqual([expect.stringContaining('EMFILE: failed; trying again'), expect.stringContaining('ENOSPC: failed; trying again')]);

    lines.length = 0;
    const full: RecordStore = { ...flaky, write: async () => Promise.reject(failure('ENOSPC')) };
    await expect(keepRecord(full, 'B-round1.rolit', '[Event "B"]', (l) => lines.push(l), [1, 1])).rejects.toThrow('ENOSPC');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/B-round1\.rolit could not be saved .*its text follows:\n\[Event "B"\]/s);
    // Any other failure is not tried again.
    lines.length = 0;
    await expect(keepRecord({ ...flaky, write: async () => Promise.reject(failure('EACCES')) }, 'C.rolit', 'c', (l) => lines.push(l), [1])).rejects.toThrow('EACCES');
    expect(lines).toHaveLength(1);
  });
});
