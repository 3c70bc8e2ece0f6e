/**
 * Saved rounds: kept in the database, listed by the room, served over HTTP a page at a time, still
 * there after the server restarts on the same data directory; older record files imported once;
 * passing rounds expired in the database. (A save that fails: journal.test.ts.)
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../src/engine';
import { openDatabase } from '../../src/server/db/database';
import { DatabaseRecords } from '../../src/server/db/recordTable';
import { GameStore } from '../../src/server/db/store';
import { cursorOf } from '../../src/server/front/pages';
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

  // The database is the one place it is kept: no record file is written.
  expect((await readdir(dataDir)).filter((f) => f.endsWith('.rolit'))).toEqual([]);

  await server.stop();
  server = await startTestServer({ dataDir });
  expect(await (await fetch(`${server.endpoint}/records`)).json()).toEqual([file]);
  expect(readRecord(await (await fetch(`${server.endpoint}/records/${file}`)).text()).game.state.moves).toHaveLength(12);
});

it('imports the record files of the data directory, then lists them a page at a time, newest first, following the Link header; refuses bad parameters with 400', async () => {
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
    const cursors = ['nothing', `${'9'.repeat(20)}.a.rolit`, cursorOf(['2026-01-01T00:00:00.000Z']), cursorOf(['yesterday', 'A-round1.rolit']), cursorOf(['2026-01-01T00:00:00.000Z', '../x'])];
    for (const query of ['limit=0', 'limit=1001', 'limit=x', 'limit=1&limit=2', 'page=2', ...cursors.map((c) => `cursor=${c}`)]) {
      const refused = await fetch(`${many.endpoint}/records?${query}`);
      expect(refused.status, query).toBe(400);
      expect(((await refused.json()) as { error: string }).error, query).toMatch(/limit|cursor|parameter/);
    }
    // An offset, which lists once took, is refused with the way to page now.
    const offset = await fetch(`${many.endpoint}/records?offset=100`);
    expect(offset.status).toBe(400);
    expect(await offset.json()).toEqual({ error: expect.stringMatching(/^offset: lists are paged by cursor: follow the Link header/) });
  } finally {
    await many.close();
  }
});

describe('DatabaseRecords', () => {
  it('pages newest first, replaces a record written again, and deletes passing rounds past their time but those kept as rated games', async () => {
    const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-store-'));
    const store = GameStore.of(await openDatabase(dir));
    try {
      const clock = { ms: 2_000_000_000_000 };
      const records = new DatabaseRecords(store.db, () => clock.ms);
      for (const name of ['A-round1.rolit', 'tv-B-round1.rolit', 'quick-C-round1.rolit', 'quick-E-round1.rolit']) {
        await records.write(name, name);
        clock.ms += 1000;
      }
      // quick-E is someone's rated game: kept as long as the game is.
      await store.saveRound({
        id: 'quick-E-round1.rolit', room: 'E', round: 1, finishedAt: new Date(clock.ms), size: 4, variant: 'standard', misere: false, rated: true, record: 'other text',
        seats: [
          { colours: ['red'], player: 'a'.repeat(22), name: 'Ann', kind: 'human', score: 10, forfeit: false, standInMoves: 0 },
          { colours: ['green'], player: 'computer:beginner', name: 'computer (beginner)', kind: 'computer', score: 6, forfeit: false, standInMoves: 0 },
        ],
      });
      expect(await records.read('quick-E-round1.rolit')).toBe('quick-E-round1.rolit');
      await records.write('D-round1.rolit', 'd');
      const first = await records.list(2, null);
      expect(first.items).toEqual(['D-round1.rolit', 'quick-E-round1.rolit']);
      expect(await records.list(2, first.next)).toEqual({ items: ['quick-C-round1.rolit', 'tv-B-round1.rolit'], next: expect.anything() });
      clock.ms += 1000;
      await records.write('A-round1.rolit', 'a again');
      expect(await records.read('A-round1.rolit')).toBe('a again');
      expect((await records.list(10, null)).items[0]).toBe('A-round1.rolit');
      expect(await records.read('../notes.txt')).toBeNull();
      expect(await records.read('nothing.rolit')).toBeNull();
      // Rounds nobody keeps (TV's, quick play's) older than a day go; people's rooms' and games' stay.
      clock.ms += 86_400_000 + 2000;
      expect(await records.expire(86_400_000)).toBe(2);
      expect((await records.list(10, null)).items).toEqual(['A-round1.rolit', 'D-round1.rolit', 'quick-E-round1.rolit']);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
