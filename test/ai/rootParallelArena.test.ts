import { describe, expect, it } from 'vitest';
import { type ArenaConfig, seatError } from '../../src/ai/tools/arena';
import { runArena } from '../../src/ai/tools/run-arena';

describe('root-parallel arena entrants (<entrant>@<N>, worker threads)', () => {
  it('master:300@2 plays whole games on two threads, the same games for the same seed', async () => {
    const config: ArenaConfig = { seats: ['master:300@2', 'greedy'], games: 2, iterations: 300, size: 6, seed: 4, variant: 'standard', misere: false };
    const a = await runArena(config, { parallel: 1 });
    const b = await runArena(config, { parallel: 1 });
    expect(a.table.rows.map((r) => r.name)).toEqual(['master:300@2', 'greedy']);
    expect(a.table.forfeits).toEqual([]);
    expect(a.table.rows.reduce((s, r) => s + r.meanBalls, 0)).toBeCloseTo(36, 10);
    expect(b.records).toEqual(a.records);
  }, 60_000);

  it('refuses what cannot search root-parallel, saying why', () => {
    expect(seatError('master@0')).toMatch(/thread count after @ must be 1 to 16/);
    expect(seatError('greedy@2')).toMatch(/only master and uct/);
    expect(seatError('master:bogus=1@2')).toMatch(/bogus/);
    expect(seatError('uct:2000@2')).toBeNull();
  });
});
