import { describe, expect, it } from 'vitest';
import { formatGauntlet, type GauntletConfig, gauntletMatches, gauntletProblem, summarizeGauntlet } from '../../src/ai/tools/gauntlet';
import { playJobs } from '../../src/ai/tools/run-arena';

const base: GauntletConfig = { candidate: 'tactician', pool: ['greedy', 'uct:20'], players: [2, 3], sizes: [6], games: 6, iterations: 20, seed: 2 };

describe('gauntlet', () => {
  it('seats the candidate against each opponent for every player count and size', () => {
    const matches = gauntletMatches({ ...base, sizes: [8, 6] });
    expect(matches.map((m) => `${m.opponent} ${m.config.seats.join('+')} ${m.config.size}`)).toEqual([
      'greedy tactician+greedy 8', 'greedy tactician+greedy 6', 'greedy tactician+greedy+greedy 8', 'greedy tactician+greedy+greedy 6',
      'uct:20 tactician+uct:20 8', 'uct:20 tactician+uct:20 6', 'uct:20 tactician+uct:20+uct:20 8', 'uct:20 tactician+uct:20+uct:20 6',
    ]);
  });

  it('plays the same games on two threads as on one, and sums them per opponent and overall', async () => {
    const matches = gauntletMatches(base);
    const jobs = matches.flatMap((m) => Array.from({ length: m.config.games }, (_, index) => ({ config: m.config, index })));
    const here = await playJobs(jobs, { parallel: 1 });
    const threads = await playJobs(jobs, { parallel: 2 });
    expect(threads).toEqual(here);
    const byMatch = matches.map((_, i) => here.slice(i * base.games, (i + 1) * base.games));
    const rows = summarizeGauntlet(matches, byMatch);
    expect(rows.map((r) => `${r.opponent} ${r.setup} ${r.games}`)).toEqual([
      'greedy 2p 6x6 6', 'greedy 3p 6x6 6', 'greedy all 12', 'uct:20 2p 6x6 6', 'uct:20 3p 6x6 6', 'uct:20 all 12', 'all all 24',
    ]);
    // Each row's share is the candidate's (entrant 0) mean share over its games.
    const mean = (games: typeof here) => games.reduce((s, g) => s + g.shares[0], 0) / games.length;
    expect(rows[0].share).toBeCloseTo(mean(byMatch[0]), 12);
    expect(rows[2].share).toBeCloseTo(mean([...byMatch[0], ...byMatch[1]]), 12);
    expect(rows[6].share).toBeCloseTo(mean(here), 12);
    expect(rows[2].equal).toBeCloseTo((1 / 2 + 1 / 3) / 2, 12);
    for (const r of rows) expect(r.low <= r.share && r.share <= r.high).toBe(true);
    const text = formatGauntlet(base, rows).split('\n');
    expect(text).toHaveLength(2 + rows.length);
    expect(text[text.length - 1]).toMatch(/^all\s+all\s+24\s/);
  });

  it('refuses what cannot be played, with the reason', () => {
    expect(gauntletProblem(base)).toBeNull();
    expect(gauntletProblem({ ...base, pool: [] })).toMatch(/at least one opponent/);
    expect(gauntletProblem({ ...base, pool: ['wizard'] })).toMatch(/"wizard" is neither a level/);
    expect(gauntletProblem({ ...base, players: [5] })).toMatch(/players must be 2, 3 or 4, not 5/);
    expect(gauntletProblem({ ...base, sizes: [4] })).toMatch(/4x4 with 3 players: the 4x4 board is for one or two players/);
    expect(gauntletProblem({ ...base, iterations: undefined })).toMatch(/budget/);
  });
});
