import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/ai/index';
import { rolit } from './run';

// Output format only: short durations, no assertions on speed or time taken (each search gets a
// sixth of the time: long enough on a loaded machine for the strategist to count a node).
describe('bench --mcts', () => {
  it('prints MCTS playouts and strategist nodes per second; the last line is "<N> mcts playouts/s"', async () => {
    const { code, stdout, stderr } = await rolit(['bench', '--mcts', '--seconds', '0.6']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('bench: master (MCTS), 8x8, red,yellow,green,blue, start position and plies 10, 20, 30, one thread, 0.6 s');
    expect(lines[1]).toMatch(/^[1-9]\d* mcts playouts in \d+\.\d\d s$/);
    expect(lines[2]).toMatch(/^[1-9]\d* strategist nodes\/s$/);
    expect(lines[3]).toMatch(/^[1-9]\d* mcts playouts\/s$/);
    expect(lines).toHaveLength(4);
  });
});

describe('bench --against', () => {
  it('compares random playouts with another checkout (here: itself) and ends with the ratio', async () => {
    const { code, stdout, stderr } = await rolit(['bench', '--against', '.', '--seconds', '1']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('bench: random playouts, 8x8, red,yellow,green,blue, one thread, this checkout vs ., 2 alternating 0.5 s runs each, seed 1');
    expect(lines[1]).toMatch(/^this: [1-9]\d* playouts per CPU second \(median\)$/);
    expect(lines[2]).toMatch(/^\.: [1-9]\d* playouts per CPU second \(median\)$/);
    expect(lines[3]).toMatch(/^\d+\.\d\dx$/);
    expect(lines).toHaveLength(4);
  });
});

describe('bench --budget', () => {
  it('prints one row per level with p50, p95, max and the time over the budget', async () => {
    const { code, stdout, stderr } = await rolit(['bench', '--budget', '--movetime', '2', '--moves', '3', '--seed', '4']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('bench: time per move vs a budget of 2 ms, 3 positions (8x8, 4 and 2 players), seed 4, one thread');
    expect(lines[1].split(/\s+/)).toEqual(['level', 'moves', 'budget', 'p50', 'p95', 'max', 'mean', 'over', 'max', 'over']);
    const rows = lines.slice(2, 2 + LEVELS.length).map((l) => l.trim().split(/\s+/));
    expect(rows.map((r) => r[0])).toEqual([...LEVELS]);
    for (const [, moves, budget, p50, p95, max, meanOver, maxOver] of rows) {
      expect([moves, budget]).toEqual(['3', '2']);
      const [a, b, c, d, e] = [p50, p95, max, meanOver, maxOver].map(Number);
      for (const x of [a, b, c, d, e]) expect(x).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThanOrEqual(b);
      expect(b).toBeLessThanOrEqual(c);
      expect(d).toBeLessThanOrEqual(e);
      // The largest overshoot is the slowest move's time over the budget.
      expect(e).toBeCloseTo(Math.max(0, c - 2), 0);
    }
    expect(lines[2 + LEVELS.length]).toBe('times in ms; over = max(0, taken - budget)');
  });

  it.each([
    [['--mcts', '--budget'], '--mcts, --budget and --against measure different things: give one of them'],
    [['--mcts', '--against', '.'], '--mcts, --budget and --against measure different things: give one of them'],
    [['--against', '/nonexistent'], '--against: /nonexistent/src/cli/commands/bench.ts does not exist (give the directory of another checkout of this repository)'],
    [['--movetime', '100'], '--movetime goes with --budget'],
    [['--mcts', '--moves', '3'], '--moves goes with --budget'],
    [['--budget', '--seconds', '1'], '--seconds does not go with --budget (it runs --moves moves per level)'],
    [['--budget', '--moves', '0'], '--moves must be a whole number from 1 to 100000, not "0"'],
    [['--budget', '--movetime', 'fast'], '--movetime must be a number greater than 0, not "fast"'],
    [['--mcts', '--seed', '2'], '--seed does not go with --mcts (its searches are seeded with 1)'],
    [['--mcts=yes'], '--mcts is a flag and takes no value'],
  ])('bench %j exits 2: %s', async (args, message) => {
    const { code, stdout, stderr } = await rolit(['bench', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`rolit bench: ${message}\n`);
  });
});
