/**
 * Challenges from a page (src/app/online/challenges.ts) against a real server: a page challenges
 * another player, who sees it wait in their profile and accepts it; both pages go to the one table
 * once; a declined challenge is said to its sender, whose page keeps following its events while a
 * challenge it sent waits, though no dialog watches.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createChallenges } from '../../src/app/online/challenges';
import { newPlayer } from './botClient';
import { eventually, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A page of the player of `key`: its challenges, and the tables it went to. */
function page(player: { key: string; id: string }) {
  const tables: string[] = [];
  const challenges = createChallenges({ endpoint: server.endpoint, key: () => player.key, id: async () => player.id, gameStart: (room) => tables.push(room), retryMs: 100 });
  return { challenges, tables, state: () => challenges.store.getState() };
}

it('sends a challenge from one page, accepted at the other: both go to the one table, once', async () => {
  const ann = newPlayer();
  const bob = newPlayer();
  const annPage = page(ann);
  const bobPage = page(bob);
  const stopWatching = [annPage.challenges.watch(), bobPage.challenges.watch()];
  await bobPage.challenges.send(ann.id, 'Bob');
  await eventually(() => annPage.state().waiting.length === 1 && bobPage.state().waiting.length === 1, 'the challenge waiting at both pages');
  const challenge = annPage.state().waiting[0];
  expect(challenge).toMatchObject({ from: bob.id, to: ann.id, options: { name: 'Bob' } });
  await annPage.challenges.answer(challenge.id, 'accept');
  await eventually(() => annPage.tables.length === 1 && bobPage.tables.length === 1, 'both pages at the table');
  expect(bobPage.tables).toEqual(annPage.tables);
  expect(annPage.state().waiting).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect([annPage.tables.length, bobPage.tables.length]).toEqual([1, 1]);
  for (const stop of stopWatching) stop();
});

it('tells a declined challenge to its sender, whose page follows its events while the challenge waits with no dialog open', async () => {
  const ann = newPlayer();
  const bob = newPlayer();
  const annPage = page(ann);
  const bobPage = page(bob);
  const stopAnn = annPage.challenges.watch();
  // Bob's dialog closes right after sending: his page still hears the answer.
  const stopBob = bobPage.challenges.watch();
  await bobPage.challenges.send(ann.id, 'Bob');
  stopBob();
  await eventually(() => annPage.state().waiting.length === 1, 'the challenge at Ann’s page');
  await annPage.challenges.answer(annPage.state().waiting[0].id, 'decline');
  await eventually(() => bobPage.state().outcome?.kind === 'declined', 'Bob told');
  expect(bobPage.state().waiting).toEqual([]);
  expect(annPage.state().waiting).toEqual([]);
  stopAnn();
});
