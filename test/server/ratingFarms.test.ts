/**
 * Ratings nobody can buy, on SQLite (docs/online.md, Players and ratings): farms of puppet keys
 * gain at most +100 in 20 rounds whichever way the puppets lose, repeated pairings count ever
 * less within a day, the leaderboard lists settled players (provisional ones on request), and the
 * rule's pieces say their figures. The same farms run on PostgreSQL in postgres.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { GameStore } from '../../src/server/db/store';
import { certainty, firstSkill, rateRound, repeatWeight, roundWeight } from '../../src/server/players/ratings';
import { farmsGainLittle, repeatsCountLess } from './farmChecks';

let dir = '';
let store: GameStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rolit-farms-'));
  store = GameStore.of(await openDatabase(dir));
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

it('weighs an opponent by the certainty of their rating and by how often the two met within the day', () => {
  expect([0, 1, 5, 10, 30].map((settled) => Math.round(certainty('human', settled) * 1000) / 1000)).toEqual([0, 0.01, 0.25, 1, 1]);
  expect(certainty('computer', 0)).toBe(1);
  expect([0, 1, 2, 3, 4, 5].map(repeatWeight)).toEqual([1, 1, 1, 0.5, 0.25, 0.125]);
  // Three seats: the mean of the two opponents'.
  const parties = [{ id: 'a' }, { id: 'b' }, { id: 'computer:master' }];
  expect(roundWeight(parties, 0, (_, o) => (o.startsWith('computer:') ? 1 : 0))).toBe(0.5);
  // A round of weight 0 moves nothing; of weight 1, what OpenSkill moves.
  const before = firstSkill();
  const still = rateRound([{ id: 'a', rank: 1, before }, { id: 'b', rank: 2, before }], () => 0);
  expect(still.get('a')).toEqual({ ...before, weight: 0 });
  const full = rateRound([{ id: 'a', rank: 1, before }, { id: 'b', rank: 2, before }]);
  expect(full.get('a')!.mu).toBeGreaterThan(before.mu);
  expect(full.get('a')!.sigma).toBeLessThan(before.sigma);
});

it('lets no farm of puppet keys gain more than +100 in 20 rounds, whichever way they lose, while a round against a computer moves a rating', async () => {
  await farmsGainLittle(store);
}, 60_000);

it('counts repeated pairings ever less within a day, and lists settled players first', async () => {
  await repeatsCountLess(store);
}, 60_000);
