/**
 * The database on its own: the one-off import of a data directory's record files (every record
 * kept once, finished rounds as games, a second start imports nothing again), the move of an
 * older database's games' records into their table, and the pace of a player's name changes.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Game, toRecord } from '../../src/engine';
import { openDatabase, SQLITE_FILE } from '../../src/server/db/database';
import { DatabaseRecords } from '../../src/server/db/recordTable';
import { importRecordFiles } from '../../src/server/db/importRecords';
import { GameStore } from '../../src/server/db/store';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function finishedRecord(): string {
  const game = new Game({ size: 4, colours: ['red', 'green'], seed: 7 });
  while (!game.state.over) game.play(game.legalMoves()[0]);
  return toRecord(game, { Room: 'ABCDE12345', Round: '2', Red: 'Ann', Green: 'computer (beginner)' });
}

it('imports the record files of the data directory once: every one as a record, the finished rounds of people as unrated games naming their players', async () => {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-import-'));
  dirs.push(dir);
  const record = finishedRecord();
  await writeFile(joinPath(dir, 'ABCDE12345-round2.rolit'), record);
  await writeFile(joinPath(dir, 'ABCDE12345-round3-unfinished.rolit'), record);
  await writeFile(joinPath(dir, 'tv-KLMNP12345-round1.rolit'), record);
  await writeFile(joinPath(dir, 'BROKEN0000-round1.rolit'), 'no record');
  await writeFile(joinPath(dir, 'notes.txt'), 'not a record');
  await utimes(joinPath(dir, 'ABCDE12345-round2.rolit'), 1_700_000_000, 1_700_000_000);
  let store = GameStore.of(await openDatabase(dir));
  expect(await importRecordFiles(store, dir)).toBe(4);
  const records = new DatabaseRecords(store.db);
  expect(await records.read('BROKEN0000-round1.rolit')).toBe('no record');
  expect((await records.list(10, null)).items.sort()).toEqual(['ABCDE12345-round2.rolit', 'ABCDE12345-round3-unfinished.rolit', 'BROKEN0000-round1.rolit', 'tv-KLMNP12345-round1.rolit']);
  // Dated by the file's time.
  expect((await records.list(10, null)).items.at(-1)).toBe('ABCDE12345-round2.rolit');
  const games = await store.db.selectFrom('games').selectAll().execute();
  expect(games).toEqual([expect.objectContaining({ id: 'ABCDE12345-round2.rolit', room: 'ABCDE12345', round: 2, rated: 0, finished_at: new Date(1_700_000_000_000).toISOString() })]);
  const seats = await store.db.selectFrom('game_seats').select(['name', 'kind', 'player_id']).orderBy('seat').execute();
  expect(seats).toEqual([{ name: 'Ann', kind: 'human', player_id: null }, { name: 'computer (beginner)', kind: 'computer', player_id: null }]);
  await store.close();
  // A record file written after the import is never imported: the server writes none, and reads records from the database only.
  await writeFile(joinPath(dir, 'FGHJK12345-round1.rolit'), record);
  store = GameStore.of(await openDatabase(dir));
  expect(await importRecordFiles(store, dir)).toBe(0);
  expect(await store.db.selectFrom('games').select('id').execute()).toHaveLength(1);
  expect(await new DatabaseRecords(store.db).read('FGHJK12345-round1.rolit')).toBeNull();
  await store.close();
});

it('moves the games of a database made before records had their table into it, and imports the record files again for the rest', async () => {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-migrate-'));
  dirs.push(dir);
  const record = finishedRecord();
  await writeFile(joinPath(dir, 'ABCDE12345-round2.rolit'), record);
  await writeFile(joinPath(dir, 'ABCDE12345-round3-unfinished.rolit'), record);
  // The schema and rows of the first migration, as a server of that time left them.
  const { Kysely } = await import('kysely');
  const { Migrator } = await import('kysely/migration');
  const { SqliteOnThreadDialect } = await import('../../src/server/db/sqliteOnThread');
  const { migrationProvider } = await import('../../src/server/db/migrations');
  const old = new Kysely<any>({ dialect: new SqliteOnThreadDialect(joinPath(dir, SQLITE_FILE)) });
  const first = { async getMigrations() { return { '0001-players-ratings-games': (await migrationProvider.getMigrations())['0001-players-ratings-games'] }; } };
  expect((await new Migrator({ db: old, provider: first }).migrateToLatest()).error).toBeUndefined();
  await old.insertInto('games').values({ id: 'ABCDE12345-round2.rolit', room: 'ABCDE12345', round: 2, finished_at: '2026-01-01T12:00:00.000Z', size: 4, variant: 'standard', misere: 0, rated: 0, record }).execute();
  await old.insertInto('meta').values({ key: 'record files imported', value: '2026-01-01T12:00:00.000Z' }).execute();
  await old.destroy();

  const store = GameStore.of(await openDatabase(dir));
  expect(await importRecordFiles(store, dir)).toBe(1);
  const records = new DatabaseRecords(store.db);
  expect((await records.list(10, null)).items).toEqual(['ABCDE12345-round3-unfinished.rolit', 'ABCDE12345-round2.rolit']);
  expect(await records.read('ABCDE12345-round2.rolit')).toBe(record);
  await store.close();
});

it('changes a player’s name to the one of their latest round at most once an hour', async () => {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-names-'));
  dirs.push(dir);
  const store = GameStore.of(await openDatabase(dir));
  const record = finishedRecord();
  const start = Date.parse('2026-01-01T12:00:00Z');
  const round = (n: number, minutes: number, name: string) =>
    store.saveRound({
      id: `ROOM${n}-round1.rolit`, room: `ROOM${n}`, round: 1, finishedAt: new Date(start + minutes * 60_000), size: 4, variant: 'standard', misere: false, rated: true, record,
      seats: [
        { colours: ['red'], player: 'p'.repeat(22), name, kind: 'human', score: 10, forfeit: false, standInMoves: 0 },
        { colours: ['green'], player: 'computer:beginner', name: 'computer (beginner)', kind: 'computer', score: 6, forfeit: false, standInMoves: 0 },
      ],
    });
  const name = async () => (await store.player('p'.repeat(22)))?.name;
  await round(1, 0, 'Ann');
  await round(2, 10, 'Anne');
  expect(await name()).toBe('Ann');
  await round(3, 61, 'Anne');
  expect(await name()).toBe('Anne');
  await round(4, 70, 'Annie');
  expect(await name()).toBe('Anne');
  // Each round's seat keeps the name it was played under.
  const seats = await store.db.selectFrom('game_seats').select('name').where('player_id', '=', 'p'.repeat(22)).orderBy('game_id').execute();
  expect(seats.map((s) => s.name)).toEqual(['Ann', 'Anne', 'Anne', 'Annie']);
  expect((await store.player('p'.repeat(22)))?.ratedGames).toBe(4);
  await store.close();
});
