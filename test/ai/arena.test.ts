import { describe, expect, it } from 'vitest';
import {
  type ArenaConfig, entrantNames, eloRatings, formatTable, newArenaGame, playArenaGame, searcherPlayer, seatError, summarize, toCsv, validateConfig, wilson,
} from '../../src/ai/tools/arena';
import { entrantIterations, entrantSearcher, type SearcherFactory } from '../../src/ai/tools/entrants';
import { Game, Position } from '../../src/engine';
import { MASTER_MULTI_PLAYER_PARAMS, MASTER_TWO_PLAYER_PARAMS, MctsSearcher } from '../../src/ai/mcts';
import { type Searcher, SearchContext } from '../../src/ai/searcher';
import { runArena } from '../../src/ai/tools/run-arena';

const base: ArenaConfig = { seats: ['tactician', 'greedy'], games: 4, iterations: 30, size: 8, seed: 3, variant: 'standard', misere: false };

describe('arena', () => {
  it('a small four-player run produces a sane table', async () => {
    const config: ArenaConfig = { ...base, seats: ['master', 'tactician', 'greedy', 'beginner'], games: 8, size: 6 };
    const { table, records } = await runArena(config, { parallel: 1 });
    expect(records).toHaveLength(8);
    expect(table.games).toBe(8);
    expect(table.rows.map((r) => r.name)).toEqual(['master', 'tactician', 'greedy', 'beginner']);
    const shareSum = table.rows.reduce((s, r) => s + r.winShare, 0);
    expect(shareSum).toBeCloseTo(1, 10);
    for (const r of table.rows) {
      expect(r.games).toBe(8);
      expect(r.low).toBeGreaterThanOrEqual(0);
      expect(r.high).toBeLessThanOrEqual(1);
      expect(r.low).toBeLessThanOrEqual(r.winShare);
      expect(r.high).toBeGreaterThanOrEqual(r.winShare);
    }
    // Every game fills the 6x6 board; the mean balls add up to 36.
    expect(table.rows.reduce((s, r) => s + r.meanBalls, 0)).toBeCloseTo(36, 10);
    expect(table.rows.reduce((s, r) => s + r.elo, 0)).toBeCloseTo(0, 6);
    // Seats rotate: each entrant sat in each seat twice.
    for (let e = 0; e < 4; e++) for (let s = 0; s < 4; s++) expect(records.filter((r) => r.entrantOfSeat[s] === e)).toHaveLength(2);
    const text = formatTable(table);
    expect(text).toContain('win share');
    expect(text.split('\n')).toHaveLength(2 + 4);
    expect(toCsv(table).split('\n')).toHaveLength(5);
  });

  it('same seed, same results; another seed plays other games', async () => {
    const a = await runArena(base, { parallel: 1 });
    const b = await runArena(base, { parallel: 1 });
    const c = await runArena({ ...base, seed: 4 }, { parallel: 1 });
    expect(b.records).toEqual(a.records);
    expect(c.records.map((r) => r.balls)).not.toEqual(a.records.map((r) => r.balls));
  });

  it('team and misere games are scored per player', async () => {
    const config: ArenaConfig = { ...base, variant: 'team', misere: true, games: 2 };
    const players = config.seats.map((spec) => searcherPlayer(spec));
    const record = await playArenaGame(config, 0, players);
    expect(record.balls[0] + record.balls[1]).toBe(64);
    const winner = record.balls[0] < record.balls[1] ? 0 : record.balls[0] > record.balls[1] ? 1 : -1;
    if (winner >= 0) expect(record.shares[winner]).toBe(1);
    else expect(record.shares).toEqual([0.5, 0.5]);
  });

  it('rejects impossible configurations with a reason', () => {
    expect(() => validateConfig({ ...base, seats: ['master'] })).toThrow(/2 to 4 seats/);
    expect(() => validateConfig({ ...base, seats: ['master', 'wizard'] })).toThrow(/neither a level/);
    expect(() => validateConfig({ ...base, size: 4, seats: ['master', 'greedy', 'greedy'] })).toThrow(/4x4/);
    expect(() => validateConfig({ ...base, variant: 'team', seats: ['master', 'greedy', 'greedy'] })).toThrow(/two players/);
    expect(() => validateConfig({ ...base, iterations: undefined })).toThrow(/budget/);
  });

  it('statistics helpers', () => {
    expect(entrantNames(['master', 'tactician', 'tactician'])).toEqual(['master', 'tactician#1', 'tactician#2']);
    const [lo, hi] = wilson(0.5, 100);
    expect(lo).toBeCloseTo(0.404, 2);
    expect(hi).toBeCloseTo(0.596, 2);
    expect(wilson(1, 10)[1]).toBeCloseTo(1, 9);
    // Entrant 0 always has more balls: a positive rating, symmetric to entrant 1's.
    const records = Array.from({ length: 10 }, (_, index) => ({ index, entrantOfSeat: [0, 1], first: 'red' as const, balls: [40, 24], shares: [1, 0] }));
    const [a, b] = eloRatings(records, 2, false);
    expect(a).toBeGreaterThan(200);
    expect(a + b).toBeCloseTo(0, 9);
    expect(eloRatings(records, 2, true)[0]).toBeLessThan(-200);
    expect(newArenaGame(base, 0).game.setup.seed).toBe(newArenaGame(base, 1).game.setup.seed);
    expect(summarize(base, records).rows[0].winShare).toBe(1);
  });
});

describe('arena entrants', () => {
  it('levels, baselines and tuned searches are entrants; anything else is refused with the reason', () => {
    for (const spec of ['master', 'paranoid', 'brs', 'uct', 'uct:2000', 'master:epsilon=0.3', 'master:500:epsilon=0.2:mapOrder=false', 'cmd:cat']) expect(seatError(spec), spec).toBeNull();
    expect(seatError('wizard')).toMatch(/neither a level .* a baseline \(paranoid, brs, uct\)/);
    expect(seatError('uct:0')).toMatch(/iteration budget must be 1 to/);
    expect(seatError('master:speed=3')).toMatch(/"speed=3" is neither an iteration count nor <parameter>=<value> \(parameters: exploration/);
    expect(seatError('master:epsilon=x')).toMatch(/epsilon must be a number in decimal digits \(like 0\.3\), not "x"/);
    expect(seatError('master:mapOrder=1')).toMatch(/mapOrder must be true or false/);
    expect(seatError('greedy:100')).toMatch(/neither a level/);
  });

  it('numbers in a spec are decimal digits only: no hexadecimal, exponent, sign or spaces', () => {
    for (const spec of ['master:epsilon=0.25', 'master:exploration=.5', 'uct:2000@2', 'master:expandAfter=3']) expect(seatError(spec), spec).toBeNull();
    for (const value of ['0x10', '1e308', '1e-2', '-0.1', '+1', ' 1', '1_0', 'Infinity', '1'.repeat(400)]) {
      expect(seatError(`master:epsilon=${value}`), value).toBe(`master:epsilon=${value}: epsilon must be a number in decimal digits (like 0.3), not "${value}"`);
    }
    // Not an iteration count either (the count is digits only), nor a thread count.
    expect(seatError('uct:1e3')).toMatch(/"1e3" is neither an iteration count nor <parameter>=<value>/);
    expect(seatError('uct:0x10')).toMatch(/"0x10" is neither an iteration count/);
    expect(entrantIterations('uct:1e3')).toBeUndefined();
    expect(seatError('master@0x2')).toMatch(/thread count after @ must be 1 to 16/);
  });

  // The names of Object.prototype's members once reached the built-ins through a plain object
  // (`__proto__` threw "defaultsFor is not a function", `constructor` was seated as a search).
  const BUILT_INS = ['__proto__', 'valueOf', 'constructor', 'toString', 'hasOwnProperty'];

  it.each(BUILT_INS)('%s is not an entrant, nor a parameter or a value of one', (name) => {
    expect(seatError(name)).toBe(`"${name}" is neither a level (beginner, greedy, tactician, strategist, master), a baseline (paranoid, brs, uct) nor cmd:<command>`);
    expect(seatError(`${name}@2`)).toBe(`${name}@2: only master and uct search root-parallel (@N), not "${name}"`);
    expect(seatError(`master:${name}=1`)).toMatch(new RegExp(`^master:${name}=1: "${name}=1" is neither an iteration count nor <parameter>=<value> \\(parameters: exploration, `));
    expect(seatError(`uct:mapOrder=${name}`)).toBe(`uct:mapOrder=${name}: mapOrder must be true or false, not "${name}"`);
  });

  it('uct:N plays N iterations whatever the movetime, so its moves repeat', () => {
    const create = entrantSearcher('uct:300') as SearcherFactory;
    const position = Position.start(8, [0, 1, 2, 3], 0);
    const run = (movetime: number) => {
      const s = create(position, { seed: 5, movetime });
      while (!s.step(Infinity));
      return [s.best(), s.work];
    };
    expect(run(1)).toEqual([run(500)[0], 300]);
  });

  it("the table's first line names the arena's budget, unless every entrant plays its own iteration count", async () => {
    const own = await runArena({ ...base, seats: ['uct:40', 'master:30:epsilon=1'], games: 2, movetime: 100, iterations: undefined }, { parallel: 1 });
    expect(formatTable(own.table).split('\n')[0]).toContain("each entrant's own iterations a move");
    expect(formatTable(own.table)).not.toContain('100 ms');
    const mixed = await runArena({ ...base, seats: ['uct:40', 'tactician'], games: 2 }, { parallel: 1 });
    expect(formatTable(mixed.table).split('\n')[0]).toContain('30 iterations a move');
    expect(entrantIterations('master:5000:epsilon=0.1@2')).toBe(5000);
    expect(entrantIterations('master:epsilon=0.1')).toBeUndefined();
  });

  it("a master entrant's changed parameter applies on the defaults of the round's player count", () => {
    const position = new Game({ size: 8, players: 3, seed: 2 }).positionCopy();
    const budget = { iterations: 300, seed: 5 };
    const rootValues = (s: Searcher) => {
      while (!s.step(Infinity));
      return (s as MctsSearcher).rootValues();
    };
    const multi = rootValues(new MctsSearcher(new SearchContext(position, budget, 0), { ...MASTER_MULTI_PLAYER_PARAMS, exploration: 0.45 }));
    expect(rootValues((entrantSearcher('master:exploration=0.45') as SearcherFactory)(position, budget))).toEqual(multi);
    expect(rootValues(new MctsSearcher(new SearchContext(position, budget, 0), { ...MASTER_TWO_PLAYER_PARAMS, exploration: 0.45 }))).not.toEqual(multi);
  });

  it('brs, paranoid, uct and a tuned master play whole four-player games', async () => {
    const config: ArenaConfig = { ...base, seats: ['brs', 'paranoid', 'uct', 'master:60:epsilon=0.5'], games: 4, size: 6, iterations: 60 };
    const { table } = await runArena(config, { parallel: 1 });
    expect(table.forfeits).toEqual([]);
    expect(table.rows.reduce((s, r) => s + r.meanBalls, 0)).toBeCloseTo(36, 10);
  });
});
