/**
 * Rating farms (docs/online.md, Players and ratings), played straight into a GameStore, shared by
 * the SQLite and the PostgreSQL tests: a player's second keys (puppets) lose to them round after
 * round, each way a puppet can lose, and the player's rating hardly moves; a round against a
 * computer level still moves it.
 */
import { expect } from 'vitest';
import type { GameStore, SeatOutcome } from '../../src/server/db/store';

/** How a puppet loses: resigning (given up), walking out (given up: a stand-in played most of its moves), or playing to lose (played to the end). */
export type LosingWay = 'resigns' | 'walksOut' | 'playsToLose';

let rounds = 0;
const start = Date.UTC(2026, 0, 1);

/** Keeps one rated 4x4 round of `seats` (first seat first by balls) finished at `at`; gives each player's change. */
export async function keepRound(store: GameStore, seats: Pick<SeatOutcome, 'player' | 'kind' | 'forfeit'>[], at: Date): Promise<Map<string, { change: number; rating: number; weight: number; provisional: boolean }>> {
  const id = `FARM${String(++rounds).padStart(6, '0')}-round1.rolit`;
  const ratings = await store.saveRound({
    id, room: id.slice(0, 10), round: 1, finishedAt: at, size: 4, variant: 'standard', misere: false, rated: true, record: '[Game "Rolit"]',
    seats: seats.map((s, i) => ({ ...s, colours: [i === 0 ? 'red' : 'green'], name: s.kind === 'computer' ? 'computer (beginner)' : `P${i}`, score: i === 0 ? 14 : 2, standInMoves: s.forfeit ? 6 : 0 })),
  });
  return new Map((ratings ?? []).map((r) => [r.player, r]));
}

const puppetSeat = (player: string, way: LosingWay): Pick<SeatOutcome, 'player' | 'kind' | 'forfeit'> => ({ player, kind: 'human', forfeit: way !== 'playsToLose' });

/**
 * `main` beats puppets 20 rounds running, a minute apart: the same puppet every round (a private
 * table's instant rematch) or a fresh one every round. Gives main's rating gained in all.
 */
export async function farm(store: GameStore, main: string, puppets: 'one' | 'fresh', way: LosingWay, from = new Date(start)): Promise<number> {
  let gained = 0;
  for (let i = 0; i < 20; i++) {
    const puppet = puppets === 'one' ? `${main.slice(0, 12)}puppet0000` : `${main.slice(0, 12)}puppet${String(i).padStart(4, '0')}`;
    const changes = await keepRound(store, [{ player: main, kind: 'human', forfeit: false }, puppetSeat(puppet, way)], new Date(from.getTime() + i * 60_000));
    gained += changes.get(main)!.change;
  }
  return gained;
}

/** A player's id for these farms: 22 characters, as a key's public id has. */
export const farmId = (name: string) => name.padEnd(22, '_').slice(0, 22);

/** Every farm, each losing way, by a new player and by one settled against the computer levels: at most +100 over 20 rounds; a round against a computer moves a rating. */
export async function farmsGainLittle(store: GameStore): Promise<void> {
  let n = 0;
  for (const puppets of ['one', 'fresh'] as const) {
    for (const way of ['resigns', 'walksOut', 'playsToLose'] as const) {
      const main = farmId(`new${puppets}${way}${n++}`);
      const gained = await farm(store, main, puppets, way);
      if (process.env.FARM_FIGURES) console.log(`new player, ${puppets} puppet(s) that ${way}: ${gained}`);
      expect(gained, `a new player farming ${puppets} puppet(s) that ${way}`).toBeLessThanOrEqual(100);
    }
  }
  // A player settled against the computer levels (12 rounds against the beginner, won) farms too.
  const settledMain = farmId('settled-main');
  let first = 0;
  for (let i = 0; i < 12; i++) {
    const changes = await keepRound(store, [{ player: settledMain, kind: 'human', forfeit: false }, { player: 'computer:beginner', kind: 'computer', forfeit: false }], new Date(start + i * 60_000));
    // A round against a computer level moves a rating in full.
    if (i === 0) first = changes.get(settledMain)!.change;
    expect(changes.get(settledMain)!.weight).toBe(1);
    if (i === 11) expect(changes.get(settledMain)!.provisional).toBe(false);
  }
  expect(first).toBeGreaterThan(50);
  for (const puppets of ['one', 'fresh'] as const) {
    const gained = await farm(store, settledMain, puppets, 'resigns', new Date(start + 3_600_000 * (puppets === 'one' ? 1 : 2)));
    if (process.env.FARM_FIGURES) console.log(`settled player (first round against the beginner ${first}), ${puppets} puppet(s): ${gained}`);
    expect(gained, `a settled player farming ${puppets} puppet(s)`).toBeLessThanOrEqual(100);
  }
  // Fresh puppets that each resigned 10 rounds to the beginner first: a given-up round settles nothing, so they stay new.
  let trained = 0;
  for (let i = 0; i < 20; i++) {
    const puppet = farmId(`trained-puppet-${i}`);
    for (let j = 0; j < 10; j++) await keepRound(store, [{ player: 'computer:beginner', kind: 'computer', forfeit: false }, puppetSeat(puppet, 'resigns')], new Date(start + 4 * 3_600_000 + j * 60_000));
    trained += (await keepRound(store, [{ player: settledMain, kind: 'human', forfeit: false }, puppetSeat(puppet, 'resigns')], new Date(start + 5 * 3_600_000 + i * 60_000))).get(settledMain)!.change;
  }
  if (process.env.FARM_FIGURES) console.log(`settled player, fresh puppets that resigned 10 rounds to the beginner first: ${trained}`);
  expect(trained).toBeLessThanOrEqual(100);
}

/** Two settled players meeting again and again: the first rounds of the day count in full, the later ones ever less, and a day later in full again. */
export async function repeatsCountLess(store: GameStore): Promise<void> {
  const [ann, bob] = [farmId('repeat-ann'), farmId('repeat-bob')];
  // Both settle against the beginner.
  for (const id of [ann, bob]) for (let i = 0; i < 10; i++) await keepRound(store, [{ player: id, kind: 'human', forfeit: false }, { player: 'computer:beginner', kind: 'computer', forfeit: false }], new Date(start + i * 60_000));
  const weights: number[] = [];
  for (let i = 0; i < 6; i++) {
    const changes = await keepRound(store, [{ player: ann, kind: 'human', forfeit: false }, { player: bob, kind: 'human', forfeit: false }], new Date(start + 3_600_000 + i * 60_000));
    weights.push(changes.get(ann)!.weight);
  }
  expect(weights).toEqual([1, 1, 1, 0.5, 0.25, 0.13]);
  const dayLater = await keepRound(store, [{ player: ann, kind: 'human', forfeit: false }, { player: bob, kind: 'human', forfeit: false }], new Date(start + 3_600_000 + 25 * 3_600_000));
  expect(dayLater.get(ann)!.weight).toBe(1);
  // The leaderboard lists settled players; provisional ones on request.
  const settled = (await store.leaderboard(100, null)).items.map((l) => l.id);
  expect(settled).toEqual(expect.arrayContaining([ann, bob, 'computer:beginner']));
  expect(settled).not.toContain(farmId('newonepuppet0'));
  const all = (await store.leaderboard(100, null, undefined, true)).items;
  expect(all.find((l) => l.id === farmId('newoneresigns0'))).toMatchObject({ provisional: true });
}
