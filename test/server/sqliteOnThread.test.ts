/**
 * SQLite on its own thread (src/server/db/sqliteOnThread.ts): the rooms' thread goes on while a
 * query runs; transactions keep their statements together and in order (concurrent rated rounds
 * of the same players lose no update), a failed one leaves nothing; a failure keeps SQLite's codes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { isPassingFailure } from '../../src/server/db/failures';
import { GameStore } from '../../src/server/db/store';

let dir = '';
let store: GameStore;
beforeAll(async () => {
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-thread-'));
  store = GameStore.of(await openDatabase(dir));
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

it('answers a long query while the rooms\' thread goes on: a timer set after it fires before its answer', async () => {
  let ticked = false;
  const query = sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`.execute(store.db);
  setTimeout(() => (ticked = true), 0);
  const { rows } = await query;
  expect(rows).toEqual([{ n: 3_000_000 }]);
  expect(ticked, 'the timer waited for the query: the query ran on this thread').toBe(true);
});

it('keeps each transaction\'s statements together: 20 rated rounds of the same two players at once lose no update', async () => {
  const ann = 'a'.repeat(22);
  await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      store.saveRound({
        id: `R${n}-round1.rolit`, room: `R${n}`, round: 1, finishedAt: new Date(Date.UTC(2026, 0, 1, 12, n)), size: 4, variant: 'standard', misere: false, rated: true, record: `record ${n}`,
        seats: [
          { colours: ['red'], player: ann, name: 'Ann', kind: 'human', score: n % 2 ? 10 : 6, forfeit: false, standInMoves: 0 },
          { colours: ['green'], player: 'computer:beginner', name: 'computer (beginner)', kind: 'computer', score: n % 2 ? 6 : 10, forfeit: false, standInMoves: 0 },
        ],
      }),
    ),
  );
  // Each round read the rated rounds the one before wrote and counted one more (read, then written, in one transaction).
  expect((await store.player(ann))?.ratedGames).toBe(20);
  expect((await store.player('computer:beginner'))?.ratedGames).toBe(20);
  expect(await store.db.selectFrom('game_seats').select('game_id').where('player_id', '=', ann).execute()).toHaveLength(20);
});

it('leaves nothing of a failed transaction, and goes on after it', async () => {
  await expect(
    store.db.transaction().execute(async (tx) => {
      await tx.insertInto('meta').values({ key: 'half-done', value: 'x' }).execute();
      throw new Error('the round could not be kept');
    }),
  ).rejects.toThrow('the round could not be kept');
  expect(await store.db.selectFrom('meta').select('key').where('key', '=', 'half-done').execute()).toEqual([]);
  await store.db.insertInto('meta').values({ key: 'after', value: 'y' }).execute();
  expect(await store.db.selectFrom('meta').select('value').where('key', '=', 'after').executeTakeFirst()).toEqual({ value: 'y' });
});

it('fails with SQLite\'s own message and codes, which the retries read', async () => {
  const failure = await store.db.insertInto('meta').values({ key: 'after', value: 'again' }).execute().then(() => null, (e: unknown) => e);
  expect(failure).toBeInstanceOf(Error);
  expect(failure).toMatchObject({ message: expect.stringContaining('UNIQUE constraint failed: meta.key'), code: 'ERR_SQLITE_ERROR', errcode: 1555, errstr: 'constraint failed' });
  expect(isPassingFailure(failure)).toBe(false);
  expect(isPassingFailure(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }))).toBe(true);
});
