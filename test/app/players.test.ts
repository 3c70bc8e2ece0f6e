/**
 * The page's questions about its player (src/app/online/players.ts) against answers made here:
 * where a rating stands against the computer levels, answers of the wrong shape refused, a server
 * out of reach or answering an error said as such, 404 as "no such player", and Forget me sending
 * the key as a bearer token, lists paged by the cursor of their Link header. The real server's answers are in test/browser/profile.test.ts.
 */
import { expect, it } from 'vitest';
import { fetchGames, fetchLeaderboard, fetchLevelRatings, fetchProfile, forgetPlayer, PlayersError, standing } from '../../src/app/online/players';

const answering = (status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}, headers: Record<string, string> = {}): typeof fetch =>
  (async (url: string, init?: RequestInit) => {
    Object.assign(seen, { url, init });
    return new Response(JSON.stringify(body), { status, headers });
  }) as typeof fetch;

const profile = { id: 'a'.repeat(22), name: 'Ann', kind: 'human', rating: 1532, provisional: true, games: 3, ratedGames: 2, since: '2026-11-28' };

it('says where a rating stands: above the strongest level rated below it, else below the weakest', () => {
  const levels = [
    { level: 'beginner', rating: 1200 },
    { level: 'greedy', rating: 1400 },
    { level: 'tactician', rating: 1600 },
  ];
  expect(standing(1532, levels)).toEqual({ above: 'greedy' });
  expect(standing(1700, levels)).toEqual({ above: 'tactician' });
  expect(standing(1100, levels)).toEqual({ below: 'beginner' });
  expect(standing(1400, levels)).toEqual({ above: 'beginner' });
  expect(standing(1500, [])).toBeNull();
});

it('reads a profile, takes 404 as no player, and refuses answers of another shape', async () => {
  const seen: { url?: string } = {};
  expect(await fetchProfile('http://server:2567/', profile.id, answering(200, profile, seen))).toMatchObject({ name: 'Ann', rating: 1532 });
  expect(seen.url).toBe(`http://server:2567/players/${profile.id}`);
  expect(await fetchProfile('http://server:2567', profile.id, answering(404, { error: 'no player' }))).toBeNull();
  for (const odd of [{ ...profile, rating: '1532' }, { ...profile, kind: 'robot' }, [], null, 'text']) {
    await expect(fetchProfile('http://server:2567', profile.id, answering(200, odd))).rejects.toMatchObject({ code: 'answer' });
  }
  await expect(fetchGames('http://server:2567', profile.id, null, answering(200, [{ id: 'x' }]))).rejects.toBeInstanceOf(PlayersError);
  await expect(fetchGames('http://server:2567', profile.id, null, answering(200, { total: 0, offset: 0, items: [] }))).rejects.toMatchObject({ code: 'answer' });
  await expect(fetchGames('http://server:2567', profile.id, null, answering(500, { error: 'the database did not answer' }))).rejects.toMatchObject({ code: 'status', params: { status: 500 } });
  const down = (async () => {
    throw new TypeError('fetch failed');
  }) as typeof fetch;
  await expect(fetchProfile('http://server:2567', profile.id, down)).rejects.toMatchObject({ code: 'unreachable', params: { server: 'http://server:2567' } });
});

it('asks the levels’ ratings in one request and keeps the levels asked for, in their order', async () => {
  const seen: { url?: string } = {};
  const board = [
    { id: 'computer:tactician', name: 'computer (tactician)', kind: 'computer', rating: 1610, provisional: false, ratedGames: 40 },
    { id: 'computer:beginner', name: 'computer (beginner)', kind: 'computer', rating: 1210, provisional: false, ratedGames: 40 },
  ];
  expect(await fetchLevelRatings('http://server:2567', ['beginner', 'greedy', 'tactician'], answering(200, board, seen))).toEqual([
    { level: 'beginner', rating: 1210 },
    { level: 'tactician', rating: 1610 },
  ]);
  expect(seen.url).toBe('http://server:2567/leaderboard?kind=computer&limit=100');
});

it('pages a list by the cursor of its Link header, none on the last page', async () => {
  const seen: { url?: string } = {};
  const leader = { id: 'b'.repeat(22), name: 'Bo', kind: 'human', rating: 1500, provisional: true, ratedGames: 1 };
  const first = await fetchLeaderboard('http://server:2567', null, {}, answering(200, [leader], seen, { link: '</leaderboard?limit=10&cursor=WzE1MDAsImIiXQ>; rel="next"' }));
  expect(seen.url).toBe('http://server:2567/leaderboard?limit=10');
  expect(first).toEqual({ items: [leader], next: 'WzE1MDAsImIiXQ' });
  expect(await fetchLeaderboard('http://server:2567', first.next, {}, answering(200, [], seen))).toEqual({ items: [], next: null });
  expect(seen.url).toBe('http://server:2567/leaderboard?limit=10&cursor=WzE1MDAsImIiXQ');
  // Provisional players on request.
  await fetchLeaderboard('http://server:2567', null, { provisional: true }, answering(200, [], seen));
  expect(seen.url).toBe('http://server:2567/leaderboard?provisional=include&limit=10');
  // The bots, kept apart, asked for by kind.
  await fetchLeaderboard('http://server:2567', null, { kind: 'bot' }, answering(200, [{ ...leader, kind: 'bot' }], seen));
  expect(seen.url).toBe('http://server:2567/leaderboard?kind=bot&limit=10');
  const games = await fetchGames('http://server:2567', profile.id, null, answering(200, [], seen));
  expect(games.next).toBeNull();
  expect(seen.url).toBe(`http://server:2567/players/${profile.id}/games?limit=10`);
});

it('sends Forget me with the key as a bearer token, and says whether there was a player', async () => {
  const seen: { init?: RequestInit } = {};
  expect(await forgetPlayer('http://server:2567', 'k'.repeat(22), answering(200, { forgotten: true }, seen))).toBe(true);
  expect(seen.init).toMatchObject({ method: 'POST', headers: { authorization: `Bearer ${'k'.repeat(22)}` } });
  expect(await forgetPlayer('http://server:2567', 'k'.repeat(22), answering(200, { forgotten: false }))).toBe(false);
  await expect(forgetPlayer('http://server:2567', 'k'.repeat(22), answering(401, { error: 'send the player key' }))).rejects.toMatchObject({ code: 'status' });
});
