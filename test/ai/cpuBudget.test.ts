import { describe, expect, it } from 'vitest';
import { createSearcher } from '../../src/ai';
import { type ArenaConfig, formatTable, validateConfig } from '../../src/ai/tools/arena';
import { threadCpuClock } from '../../src/ai/tools/cpuClock';
import { entrantSearcher, type SearcherFactory } from '../../src/ai/tools/entrants';
import { gauntletProblem } from '../../src/ai/tools/gauntlet';
import { runArena } from '../../src/ai/tools/run-arena';
import { Game, MAX_MOVES, type Position } from '../../src/engine';

function fourPlayerStart(): Position {
  return new Game({ size: 8, players: 4, seed: 5 }).positionCopy();
}

function legal(position: Position, move: number): boolean {
  const moves = new Int32Array(MAX_MOVES);
  return moves.subarray(0, position.generate(moves)).includes(move);
}

/** A clock that advances 1 ms each time it is read, and counts the reads. */
function tickingClock(): { clock: () => number; reads: () => number } {
  let t = 0;
  return { clock: () => t++, reads: () => t };
}

describe('the search budget on an injected clock', () => {
  for (const [name, create] of [
    ['master', (p: Position, o: object) => createSearcher(p, { ...o, level: 'master' })],
    ['uct', entrantSearcher('uct') as SearcherFactory],
    ['paranoid', entrantSearcher('paranoid') as SearcherFactory],
  ] as const) {
    it(`${name} stops when the given clock says the movetime is over, not the wall clock`, () => {
      const position = fourPlayerStart();
      const { clock, reads } = tickingClock();
      // 20 ms on this clock is 20 reads: far less than 20 ms of wall time.
      const searcher = create(position, { movetime: 20, clock, seed: 2 });
      expect(searcher.step(Infinity)).toBe(true);
      expect(reads()).toBeGreaterThanOrEqual(20);
      expect(reads()).toBeLessThan(40);
      expect(searcher.work).toBeGreaterThan(0);
      expect(legal(position, searcher.best())).toBe(true);
    });
  }
});

describe('the thread CPU clock', () => {
  it('advances with the work of this thread, not with waiting', () => {
    const clock = threadCpuClock();
    // Asleep for 100 ms: Atomics.wait blocks this thread, so nothing else (a timer or socket left by
    // another file sharing this worker) can run on it meanwhile and count as its work.
    const before = clock();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    const idle = clock() - before;
    expect(idle).toBeLessThan(30);
    // Busy: it advances, never faster than the wall clock (a loaded machine only slows it down).
    const busyStart = clock();
    const wallStart = performance.now();
    let x = 0;
    while (clock() - busyStart < 20 && performance.now() - wallStart < 10_000) for (let i = 0; i < 1000; i++) x += Math.sqrt(i);
    expect(x).toBeGreaterThan(0);
    const busy = clock() - busyStart;
    expect(busy).toBeGreaterThanOrEqual(20);
    expect(performance.now() - wallStart).toBeGreaterThanOrEqual(busy - 5); // one scheduler tick of slack
  });

  it('a master search with 50 ms of CPU stops after about 50 ms of this thread and plays a legal move', () => {
    const clock = threadCpuClock();
    const position = fourPlayerStart();
    const start = clock();
    const searcher = createSearcher(position, { level: 'master', movetime: 50, clock, seed: 1 });
    expect(searcher.step(Infinity)).toBe(true);
    const spent = clock() - start;
    expect(spent).toBeGreaterThanOrEqual(50);
    expect(spent).toBeLessThan(50 + 40); // one scheduler tick (4 ms) late, with room for a loaded machine
    expect(searcher.work).toBeGreaterThan(10);
    expect(legal(position, searcher.best())).toBe(true);
  });
});

describe('arena --movecpu', () => {
  const config: ArenaConfig = { seats: ['uct', 'greedy', 'tactician'], games: 3, movecpu: 5, size: 6, seed: 7, variant: 'standard', misere: false };

  it('plays games with the same result shape as a wall-clock budget', async () => {
    validateConfig(config);
    const timed = await runArena(config, { parallel: 1 });
    const wall = await runArena({ ...config, movecpu: undefined, movetime: 5 }, { parallel: 1 });
    expect(timed.records).toHaveLength(3);
    expect(Object.keys(timed.records[0]).sort()).toEqual(Object.keys(wall.records[0]).sort());
    expect(timed.table.rows.reduce((s, r) => s + r.winShare, 0)).toBeCloseTo(1, 10);
    expect(formatTable(timed.table)).toContain('5 ms CPU a move');
  });

  it('refuses what it cannot time, saying what', () => {
    expect(() => validateConfig({ ...config, movetime: 100 })).toThrow(/one of movetime .* and movecpu/);
    expect(() => validateConfig({ ...config, seats: ['uct', 'cmd:some-engine'] })).toThrow(/cannot time "cmd:some-engine"/);
    expect(gauntletProblem({ candidate: 'master@2', pool: ['uct'], players: [4], sizes: [8], games: 4, movecpu: 200, seed: 1 })).toMatch(/cannot time "master@2"/);
    expect(() => validateConfig({ ...config, movecpu: undefined })).toThrow(/movetime, movecpu or iterations/);
  });
});
