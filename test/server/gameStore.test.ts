/**
 * The database on its own: the one-off import of a data directory's record files (finished rounds
 * kept once, a second start imports nothing again, unfinished and unreadable ones left out), and
 * the pace of a player's name changes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Game, toRecord } from '../../src/engine';
import { openDatabase } from '../../src/server/db/database';
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

it('imports the finished rounds of the data directory once, as unrated games naming their players', async () => {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-import-'));
  dirs.push(dir);
  const record = finishedRecord();
  await writeFile(joinPath(dir, 'ABCDE12345-round2.rolit'), record);
  await writeFile(joinPath(dir, 'ABCDE12345-round3-unfinished.rolit'), record);
  await writeFile(joinPath(dir, 'BROKEN0000-round1.rolit'), 'no record');
  let store = GameStore.of(await openDatabase(dir));
  expect(await importRecordFiles(store, dir)).toBe(1);
  const games = await store.db.selectFrom('games').selectAll().execute();
  expect(games).toEqual([expect.objectContaining({ id: 'ABCDE12345-round2.rolit', room: 'ABCDE12345', round: 2, rated: 0, record })]);
  const seats = await store.db.selectFrom('game_seats').select(['name', 'kind', 'player_id']).orderBy('seat').execute();
  expect(seats).toEqual([{ name: 'Ann', kind: 'human', player_id: null }, { name: 'computer (beginner)', kind: 'computer', player_id: null }]);
  await store.close();
  // A new record file after the import is the rooms' to keep, never imported again.
  await writeFile(joinPath(dir, 'FGHJK12345-round1.rolit'), record);
  store = GameStore.of(await openDatabase(dir));
  expect(await importRecordFiles(store, dir)).toBe(0);
  expect(await store.db.selectFrom('games').select('id').execute()).toHaveLength(1);
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
