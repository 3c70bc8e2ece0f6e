/**
 * Storage with a bound (docs/online.md, Per client address; Records): what one address or key may
 * add to the database on a real server (player keys an hour, rated rounds an hour by key and by
 * address, refused clearly), its database reads counted and taking turns, and the rounds nobody
 * will look at (unrated, keyless, unfinished, TV's) deleted after their days while rated games
 * stay. Clients of different addresses come through 127.0.0.1 as a trusted proxy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { matchMaker } from '@colyseus/core';
import { Client, type Room } from '@colyseus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { DatabaseRecords } from '../../src/server/db/recordTable';
import { type FinishedRound, GameStore } from '../../src/server/db/store';
import { DEFAULT_LIMITS, type ClientLimits } from '../../src/server/front/limits';
import { READS_AT_ONCE, TurnsByKey } from '../../src/server/front/reads';
import { playerIdOf } from '../../src/server/players/playerId';
import { first, type Seen, startTestServer, type TestServer, until, watch } from './helpers';

let server: TestServer | null = null;
const open: Room[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).filter((r) => r.connection.isOpen).map((r) => r.leave()));
  await server?.close();
  server = null;
});

async function serve(limits: Partial<ClientLimits>, extra = {}): Promise<TestServer> {
  server = await startTestServer({ limits: { ...DEFAULT_LIMITS, ...limits }, trustProxy: '127.0.0.1', ...extra });
  return server;
}

const from = (address: string) => new Client(server!.endpoint, { headers: { 'x-forwarded-for': address } });
const newKey = () => randomBytes(16).toString('base64url');

async function created(address: string, options: Record<string, unknown>): Promise<Seen> {
  const room = await from(address).create('rolit', options);
  open.push(room);
  return watch(room);
}

/** A rated table of a person with `key` and a beginner computer, its person seated. */
async function ratedTable(address: string, name: string, key: string): Promise<Seen> {
  const seen = await created(address, { name, colour: 'red', size: 4, colours: ['red', 'green'], player: key, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  await until(seen.room, (st) => st.seats[0].connected, `${name} seated`);
  return seen;
}

/** The host's start: the round in play, or the refusal it got. */
async function started(seen: Seen): Promise<'playing' | { code: string; text: string }> {
  const refusals = seen.messages.error?.length ?? 0;
  seen.room.send('start');
  for (let i = 0; i < 500; i++) {
    if (seen.room.state.phase === 'playing') return 'playing';
    const refusal = seen.messages.error?.[refusals] as { code: string; text: string } | undefined;
    if (refusal) return refusal;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('neither started nor refused');
}

describe('what one address or key may add', () => {
  it('refuses a player key past the hour\'s keys of an address (429 tooManyKeys), while keys it used this hour and other addresses go on', async () => {
    await serve({ keysPerHour: 2 });
    const [k1, k2, k3] = [newKey(), newKey(), newKey()];
    await created('198.51.100.1', { name: 'Ann', colour: 'red', player: k1 });
    await created('198.51.100.1', { name: 'Bob', colour: 'red', player: k2 });
    // The same key again (a second table, a seat taken back) is no new player.
    await created('198.51.100.1', { name: 'Ann', colour: 'red', player: k1 });
    const refused = await from('198.51.100.1').create('rolit', { name: 'Cara', colour: 'red', player: k3 }).then(() => null, (e: { code: number; message: string }) => e);
    expect(refused).toMatchObject({ code: 429, message: 'tooManyKeys: at most 2 player keys an hour from one address' });
    // Without a key, or from another address, it goes on.
    await created('198.51.100.1', { name: 'Dan', colour: 'red' });
    await created('198.51.100.2', { name: 'Cara', colour: 'red', player: k3 });
  }, 30_000);

  it('refuses the start of a rated round past a key\'s rated rounds of the hour, from any address, and starts an unrated table', async () => {
    await serve({ keyRatedPerHour: 1, ratedPerHour: Infinity });
    const key = newKey();
    expect(await started(await ratedTable('198.51.100.1', 'Ann', key))).toBe('playing');
    const again = await ratedTable('198.51.100.2', 'Ann', key);
    expect(await started(again)).toEqual({ code: 'tooManyRatedRounds', text: expect.stringMatching(/^Ann has played 1 rated rounds in the last hour: the next rated round in \d+ min/) });
    expect(again.room.state.phase).toBe('waiting');
    // Nothing was taken by the refusal: another key starts; an unrated table starts.
    expect(await started(await ratedTable('198.51.100.2', 'Bob', newKey()))).toBe('playing');
    const unrated = await created('198.51.100.2', { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'], player: key, rated: false, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
    await until(unrated.room, (st) => st.seats[0].connected, 'Ann seated');
    expect(await started(unrated)).toBe('playing');
  }, 30_000);

  it('refuses the start of a rated round past the rated rounds of its players\' address, whatever their keys; a rematch too', async () => {
    await serve({ ratedPerHour: 1, keyRatedPerHour: Infinity });
    const ann = await ratedTable('198.51.100.1', 'Ann', newKey());
    expect(await started(ann)).toBe('playing');
    const bob = await ratedTable('198.51.100.1', 'Bob', newKey());
    expect(await started(bob)).toMatchObject({ code: 'tooManyRatedRounds', text: expect.stringContaining('the players of one address have started 1 rated rounds in the last hour') });
    expect(await started(await ratedTable('198.51.100.2', 'Cara', newKey()))).toBe('playing');
    // Ann's round over (she resigns; the computer plays it out): her rematch is refused too.
    ann.room.send('resign');
    await until(ann.room, (st) => st.phase === 'over', 'the round over', 30_000);
    const refusals = ann.messages.error?.length ?? 0;
    ann.room.send('rematch');
    for (let i = 0; i < 500 && (ann.messages.error?.length ?? 0) === refusals; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ann.messages.error?.[refusals]).toMatchObject({ code: 'tooManyRatedRounds' });
    expect(ann.room.state.phase).toBe('over');
  }, 60_000);
});

describe('quick play', () => {
  it('counts a quick-play table\'s first round as a host\'s start; past a key\'s rated rounds the table plays unrated', async () => {
    await serve({ keyRatedPerHour: 1 }, { quickWaitSeconds: 1 });
    const key = newKey();
    /** A lone player's quick-play table, started by itself: whether it rates its rounds. */
    const table = async (address: string) => {
      const client = from(address);
      const queued = watch(await client.joinOrCreate('quick', { name: 'Ann', player: key }));
      const seat = await first(queued, 'seat', 15_000);
      queued.room.send('confirm');
      const room = await client.consumeSeatReservation(seat);
      open.push(room);
      await until(room, (st) => st.phase === 'playing', 'the round started by itself');
      return (matchMaker.getLocalRoomById(room.roomId) as unknown as { options: { rated?: boolean } }).options.rated !== false;
    };
    expect(await table('198.51.100.1')).toBe(true);
    expect(await table('198.51.100.2')).toBe(false);
  }, 60_000);
});

describe('rounds an hour', () => {
  it('refuses the host\'s start past the rounds of the hour at the tables of its address, rated or not; other addresses go on', async () => {
    await serve({ roundsPerHour: 1 });
    const computers = [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }];
    const ann = await created('198.51.100.1', { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'], rated: false, seats: computers });
    await until(ann.room, (st) => st.seats[0].connected, 'Ann seated');
    expect(await started(ann)).toBe('playing');
    const again = await created('198.51.100.1', { name: 'Ann', colour: 'red', size: 4, colours: ['red', 'green'], rated: false, seats: computers });
    await until(again.room, (st) => st.seats[0].connected, 'Ann seated');
    expect(await started(again)).toEqual({ code: 'tooManyRounds', text: expect.stringMatching(/^at most 1 rounds an hour at the tables of one address: the next in \d+ min$/) });
    const bob = await created('198.51.100.2', { name: 'Bob', colour: 'red', size: 4, colours: ['red', 'green'], rated: false, seats: computers });
    await until(bob.room, (st) => st.seats[0].connected, 'Bob seated');
    expect(await started(bob)).toBe('playing');
  }, 30_000);
});

describe('database reads over HTTP', () => {
  it('counts list and player requests against their address: past its reads a minute, 429 tooManyReads with Retry-After; other addresses and /health go on', async () => {
    await serve({ readsPerMinute: 3 });
    const get = (path: string, address: string) => fetch(`${server!.endpoint}${path}`, { headers: { 'x-forwarded-for': address } });
    for (const path of ['/records', '/leaderboard', `/players/${playerIdOf(newKey())}`]) expect((await get(path, '198.51.100.1')).status).not.toBe(429);
    const refused = await get('/records/A-round1.rolit', '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ error: 'tooManyReads: at most 3 list and player requests a minute from one address' });
    expect((await get('/health', '198.51.100.1')).status).toBe(200);
    expect((await get('/leaderboard', '198.51.100.2')).status).toBe(200);
  }, 30_000);

  it('runs at most READS_AT_ONCE reads of one address at once, the others waiting their turn in order, other addresses beside them', async () => {
    const turns = new TurnsByKey(READS_AT_ONCE);
    const running: string[] = [];
    const order: string[] = [];
    const gates = new Map<string, () => void>();
    const work = (key: string, name: string) =>
      turns.run(key, async () => {
        running.push(name);
        order.push(name);
        await new Promise<void>((resolve) => gates.set(name, resolve));
        running.splice(running.indexOf(name), 1);
      });
    const all = [1, 2, 3, 4].map((n) => work('a', `a${n}`));
    all.push(work('b', 'b1'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(running).toEqual(['a1', 'a2', 'b1']);
    gates.get('a2')!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(running).toEqual(['a1', 'b1', 'a3']);
    for (const name of ['a1', 'b1', 'a3']) gates.get(name)!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gates.get('a4')!();
    await Promise.all(all);
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    expect(turns.size).toBe(0);
  });
});

describe('retention', () => {
  it('deletes the unrated, keyless and unfinished rounds and TV\'s past their days, with their seats and records; rated games and people\'s records stay', async () => {
    const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-retention-'));
    const store = GameStore.of(await openDatabase(dir));
    try {
      const day = 86_400_000;
      const clock = { ms: Date.parse('2026-03-01T12:00:00Z') };
      const records = new DatabaseRecords(store.db, () => clock.ms);
      const ann = 'a'.repeat(22);
      const round = (id: string, rated: boolean, player: string | null, daysAgo: number): FinishedRound => ({
        id, room: id.split('-')[0], round: 1, finishedAt: new Date(clock.ms - daysAgo * day), size: 4, variant: 'standard', misere: false, rated, record: `record of ${id}`,
        seats: [
          { colours: ['red'], player, name: 'Ann', kind: 'human', score: 10, forfeit: false, standInMoves: 0 },
          { colours: ['green'], player: 'computer:beginner', name: 'computer (beginner)', kind: 'computer', score: 6, forfeit: false, standInMoves: 0 },
        ],
      });
      await store.saveRound(round('RATED-round1.rolit', true, ann, 40));
      await store.saveRound(round('UNRATED-round1.rolit', false, ann, 40));
      await store.saveRound(round('KEYLESS-round1.rolit', true, null, 40));
      await store.saveRound(round('YOUNG-round1.rolit', false, ann, 10));
      clock.ms -= 40 * day;
      for (const name of ['ROOM-round1.rolit', 'ROOM-round2-unfinished.rolit', 'tv-TV-round1.rolit']) await records.write(name, name);
      clock.ms += 30 * day;
      await records.write('ROOM-round3-unfinished.rolit', 'young');
      clock.ms += 10 * day;
      expect((await store.player(ann))?.games).toBe(3);

      expect(await records.expire(30 * day)).toBe(2 * 2 + 2);
      const games = (await store.db.selectFrom('games').select(['id', 'rated']).orderBy('id').execute()).map((g) => g.id);
      expect(games).toEqual(['RATED-round1.rolit', 'YOUNG-round1.rolit']);
      expect(await store.db.selectFrom('game_seats').select('game_id').where('game_id', 'not in', games).execute()).toEqual([]);
      expect((await records.list(10, null)).items.sort()).toEqual(['RATED-round1.rolit', 'ROOM-round1.rolit', 'ROOM-round3-unfinished.rolit', 'YOUNG-round1.rolit']);
      expect((await store.player(ann))?.games).toBe(2);
      expect((await store.player(ann))?.ratedGames).toBe(1);
      // Nothing more to delete.
      expect(await records.expire(30 * day)).toBe(0);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
