/** Checks of players, ratings and kept games shared by the SQLite and the PostgreSQL tests. */
import { expect } from 'vitest';
import { cursorOf } from '../../src/server/front/pages';
import { playerIdOf } from '../../src/server/players/playerId';
import { randomBytes } from 'node:crypto';
import { create, join, next, playFirst, type Seen, until } from './helpers';

export interface Played {
  id: string;
  room: string;
  rating: number;
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const answer = await fetch(url, init);
  return { status: answer.status, body: await answer.json() };
}

/** Every item of a list, page after page, following each page's `Link: <…>; rel="next"` from `first`. */
export async function allPages(endpoint: string, first: string): Promise<any[]> {
  const items: any[] = [];
  for (let path: string | null = first; path; ) {
    const answer: Response = await fetch(endpoint + path);
    expect(answer.status, path).toBe(200);
    items.push(...((await answer.json()) as any[]));
    path = /^<([^>]+)>; rel="next"$/.exec(answer.headers.get('link') ?? '')?.[1] ?? null;
  }
  return items;
}

/** Polls `url` (asked with `init`) until `ready` holds for its JSON answer (the database is written after the round's end shows), for at most `ms`. */
export async function whenReady(url: string, ready: (body: any, status: number) => boolean, what: string, init?: RequestInit, ms = 10_000): Promise<any> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    const { status, body } = await getJson(url, init);
    if (ready(body, status)) return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A player with `key` at a rated 4x4 table against a beginner computer, seated; the round not started. */
export async function ratedTable(endpoint: string, key: string, name = 'Ann'): Promise<Seen> {
  const ann = await create(endpoint, { name, colour: 'red', size: 4, standIn: 'beginner', player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  await until(ann.room, (st) => st.seats.length === 2 && st.seats[0].connected, 'seated');
  return ann;
}

/** The player at `table` starts the round and resigns it; resolves once the computers have finished it (the room's state says so). */
export async function resignRound(table: Seen): Promise<void> {
  table.room.send('start');
  await until(table.room, (st) => st.phase === 'playing', 'playing');
  table.room.send('resign');
  await next(table, 'resigned');
  await until(table.room, (st) => st.phase === 'over', 'the round over', 30_000);
}

/** A player with `key` resigns a rated 4x4 round against a beginner computer: rated, their game listed, on the leaderboard. */
export async function resignedRatedRound(endpoint: string, key: string, name = 'Ann'): Promise<Played> {
  const id = playerIdOf(key);
  const ann = await ratedTable(endpoint, key, name);
  const rating = next<{ round: number; seats: { colour: string; player: string; rating: number; change: number; provisional: boolean; weight: number }[] }>(ann, 'rated', 30_000);
  await resignRound(ann);
  const rated = await rating;
  const mine = rated.seats.find((s) => s.player === id)!;
  expect(mine).toMatchObject({ colour: 'red', provisional: true });
  // Resigned: placed last, so the rating goes down whatever the board says: a round against a computer level counts in full.
  expect(mine.change).toBeLessThan(0);
  expect(mine.weight).toBe(1);
  // The level, an anchor, is not moved by a player whose rating is new (their certainty is 0).
  expect(rated.seats.find((s) => s.player === 'computer:beginner')).toMatchObject({ change: 0, weight: 0 });
  const room = ann.room.roomId;
  await ann.room.leave();
  const played = { id, room, rating: mine.rating };
  await stillKnown(endpoint, played, name);
  return played;
}

/** The answers a rated player's requests give, the same from any process sharing the database. */
export async function stillKnown(endpoint: string, played: Played, name = 'Ann'): Promise<void> {
  const profile = await getJson(`${endpoint}/players/${played.id}`);
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ id: played.id, name, rating: played.rating, provisional: true });
  expect(profile.body.games).toBeGreaterThanOrEqual(1);
  expect(JSON.stringify(profile.body)).not.toMatch(/key/i);
  const games = await getJson(`${endpoint}/players/${played.id}/games`);
  expect(games.status).toBe(200);
  const game = games.body.find((g: { room: string }) => g.room === played.room);
  expect(game).toMatchObject({ id: `${played.room}-round1.rolit`, rated: true });
  expect(game.seats[0]).toMatchObject({ player: played.id, name, forfeit: true, rank: 2, ratingAfter: played.rating });
  expect(game.record).toContain(`[Room "${played.room}"]`);
  // Page by page, one game a page, the same list.
  expect(await allPages(endpoint, `/players/${played.id}/games?limit=1`)).toEqual(games.body);
  // Settled players only, by default: the computer levels, not the new player.
  const settled = await getJson(`${endpoint}/leaderboard?limit=100`);
  expect(settled.body.map((e: { id: string }) => e.id)).toContain('computer:beginner');
  expect(settled.body.map((e: { id: string }) => e.id)).not.toContain(played.id);
  const board = await getJson(`${endpoint}/leaderboard?provisional=include&limit=100`);
  expect(board.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: played.id, rating: played.rating, provisional: true }), expect.objectContaining({ id: 'computer:beginner', provisional: false })]));
  // Best first.
  const ratings = board.body.map((e: { rating: number }) => e.rating);
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  // Page by page (the cursor holds a rating and an id), the same board.
  expect(await allPages(endpoint, '/leaderboard?provisional=include&limit=1')).toEqual(board.body);
  // Narrowed to one kind: the computer levels (where a page says where a player stands), or people.
  const levels = await getJson(`${endpoint}/leaderboard?kind=computer&provisional=include&limit=100`);
  expect(levels.body.map((e: { id: string }) => e.id)).toContain('computer:beginner');
  expect(levels.body.every((e: { kind: string }) => e.kind === 'computer')).toBe(true);
  const people = await getJson(`${endpoint}/leaderboard?kind=human&provisional=include&limit=100`);
  expect(people.body.map((e: { id: string }) => e.id)).toContain(played.id);
  expect(people.body.every((e: { kind: string }) => e.kind === 'human')).toBe(true);
  expect(people.body.length + levels.body.length).toBe(board.body.length);
  // The filter stays in the next page's address.
  expect(await allPages(endpoint, '/leaderboard?kind=computer&provisional=include&limit=1')).toEqual(levels.body);
  expect((await getJson(`${endpoint}/players/computer:beginner`)).body).toMatchObject({ kind: 'computer', name: 'computer (beginner)' });
}

/** Every players' request refuses a bad parameter with 400 and its reason, and answers an unknown player 404. */
export async function hostileRequests(endpoint: string): Promise<void> {
  const bad: [string, RegExp][] = [
    ['/players/nope', /not a player id/],
    ['/players/%27%3B%20DROP%20TABLE%20players%3B--', /not a player id/],
    [`/players/${'a'.repeat(23)}`, /not a player id/],
    ['/players/computer:../../etc', /not a player id/],
    [`/players/${'a'.repeat(22)}?x=1`, /unknown parameter "x"/],
    [`/players/${'a'.repeat(22)}/games?limit=0`, /limit: expected a whole number from 1 to 100/],
    [`/players/${'a'.repeat(22)}/games?limit=101`, /limit/],
    [`/players/${'a'.repeat(22)}/games?offset=20`, /offset: lists are paged by cursor: follow the Link header/],
    [`/players/${'a'.repeat(22)}/games?cursor=-1`, /cursor: expected one a Link header of this list gave/],
    [`/players/${'a'.repeat(22)}/games?cursor=${cursorOf([1500, 'computer:master'])}`, /cursor/],
    [`/players/${'a'.repeat(22)}/games?cursor=a&cursor=b`, /cursor given more than once/],
    [`/players/${'a'.repeat(22)}/games?sort=name`, /unknown parameter "sort"/],
    [`/players/${'a'.repeat(22)}/playing?all=1`, /unknown parameter "all"/],
    ['/leaderboard?limit=abc', /limit/],
    ['/leaderboard?offset=', /offset: lists are paged by cursor/],
    [`/leaderboard?cursor=${cursorOf(['2026-01-01T00:00:00.000Z', 'A-round1.rolit'])}`, /cursor/],
    [`/leaderboard?cursor=${cursorOf([1, 'computer:master', 'more'])}`, /cursor/],
    [`/leaderboard?cursor=${Buffer.from('{"mu":1}').toString('base64url')}`, /cursor/],
    ['/leaderboard?limit=10&limit=1000', /limit/],
    ['/leaderboard?kind=robot', /kind: expected one of human, bot, computer/],
    ['/leaderboard?kind=human&kind=computer', /kind/],
    ['/leaderboard?provisional=yes', /provisional: expected one of include/],
    [`/players/${'a'.repeat(22)}/games?kind=human`, /unknown parameter "kind"/],
  ];
  for (const [path, reason] of bad) {
    const { status, body } = await getJson(`${endpoint}${path}`);
    expect({ path, status }).toEqual({ path, status: 400 });
    expect(body.error).toMatch(reason);
  }
  for (const path of [`/players/${'a'.repeat(22)}`, `/players/${'a'.repeat(22)}/games`, '/players/computer:master', `/players/${'a'.repeat(22)}/elsewhere`]) {
    const { status, body } = await getJson(`${endpoint}${path}`);
    expect({ path, status }).toEqual({ path, status: 404 });
    expect(body.error).toBeTruthy();
  }
  // Where a player plays answers their key's holder only; a player who plays nowhere is no error.
  const key = 'k'.repeat(22);
  expect((await getJson(`${endpoint}/players/${playerIdOf(key)}/playing`, { headers: { authorization: `Bearer ${key}` } })).body).toEqual({ rooms: [], phases: {}, standInLeft: {} });
  // A cursor past the last player: an empty last page.
  const past = await fetch(`${endpoint}/leaderboard?limit=1&cursor=${cursorOf([-1e9, 'computer:master'])}`);
  expect({ status: past.status, link: past.headers.get('link'), body: await past.json() }).toEqual({ status: 200, link: null, body: [] });
}

/** Main's seat this round in a room where main plays red at the start (seats rotate between rounds). */
function mainPlays(seen: Seen): boolean {
  const st = seen.room.state as { toMove: string; seats: { colour: string; name: string }[] };
  return st.seats.some((s) => s.name === 'Main' && s.colour === st.toMove);
}

/** Plays one round in `main`'s room: the puppet resigns at once, main plays its first legal move each turn; gives main's rating change. */
async function farmedRound(main: Seen, puppet: Seen, mainId: string): Promise<number> {
  await Promise.all([main, puppet].map((seen) => until(seen.room, (st) => st.phase === 'playing', 'the round in play')));
  puppet.room.send('resign');
  const rated = next<{ seats: { player: string; change: number }[] }>(main, 'rated', 30_000);
  const state = () => main.room.state as { phase: string; moves: string[] };
  while (state().phase === 'playing') {
    if (mainPlays(main)) {
      const played = state().moves.length;
      await playFirst(main);
      await until(main.room, (st) => st.phase !== 'playing' || st.moves.length > played, 'main\'s move played', 30_000);
    } else await until(main.room, (st) => st.phase !== 'playing' || mainPlays(main), 'main to move or the round over', 30_000);
  }
  return (await rated).seats.find((s) => s.player === mainId)!.change;
}

/**
 * The two farms over real rooms: a player and a puppet key at a private 4x4 table, the
 * puppet resigning each round, 20 rounds, either with the host's instant `rematch` at one table
 * (`one`) or a fresh puppet key at a fresh table every round, on the endpoints in turn (`fresh`).
 * Gives the player's rating gained in all.
 */
export async function farmOverRooms(endpoints: string[], puppets: 'one' | 'fresh', mainKey: string): Promise<number> {
  const mainId = playerIdOf(mainKey);
  const table = async (endpoint: string) => {
    const main = await create(endpoint, { name: 'Main', colour: 'red', size: 4, standIn: 'beginner', player: mainKey });
    const puppet = await join(endpoint, main.room.roomId, { name: 'Puppet', colour: 'green', player: randomBytes(16).toString('base64url') });
    await until(main.room, (st) => st.seats.every((s: { connected: boolean }) => s.connected), 'both seated');
    main.room.send('start');
    return { main, puppet };
  };
  let gained = 0;
  let at = await table(endpoints[0]);
  for (let i = 0; i < 20; i++) {
    gained += await farmedRound(at.main, at.puppet, mainId);
    if (puppets === 'one') {
      await until(at.main.room, (st) => st.phase === 'over', 'the round over');
      at.main.room.send('rematch');
    } else {
      await Promise.all([at.main.room.leave(), at.puppet.room.leave()]);
      at = await table(endpoints[(i + 1) % endpoints.length]);
    }
  }
  await Promise.all([at.main.room.leave(), at.puppet.room.leave()]);
  return gained;
}
