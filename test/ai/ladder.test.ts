import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/ai/index';
import { ANCHOR_RATING, formatLadder, type LadderConfig, ladderBudget, ladderMatches, ladderProblem, levelRatingsSource, summarizeLadder } from '../../src/ai/tools/ladder';
import { fitRatings, type PairResult } from '../../src/ai/tools/ladder-ratings';
import { playJobs } from '../../src/ai/tools/run-arena';

/** `games` results of a against b of which a scores `points` (whole wins, then losses). */
function games(a: number, b: number, points: number, games: number): PairResult[] {
  return Array.from({ length: games }, (_, k) => ({ a, b, score: k < points ? 1 : 0 }));
}

/** The Elo difference that wins share p. */
const eloGap = (p: number) => 400 * Math.log10(p / (1 - p));

describe('rating fit', () => {
  it('recovers known differences from results that fit the model', () => {
    // 0 beats 1 75%, 1 beats 2 75%, 0 beats 2 90%: gaps of 190.8 and 381.7 points.
    const results = [...games(0, 1, 3000, 4000), ...games(1, 2, 3000, 4000), ...games(0, 2, 3600, 4000)];
    const fit = fitRatings(3, results, 2, 1000);
    expect(fit.ratings[2]).toBe(1000);
    expect(fit.ratings[1] - fit.ratings[2]).toBeCloseTo(eloGap(0.75), 0);
    expect(fit.ratings[0] - fit.ratings[2]).toBeCloseTo(eloGap(0.9), 0);
    expect(fit.errors[2]).toBe(0);
    expect(fit.errors[0]).toBeGreaterThan(0);
  });

  it('keeps a 100% score finite, and the prior weakens with more games', () => {
    // Player 1 is the anchor (rating 0).
    const few = fitRatings(2, games(0, 1, 10, 10), 1);
    const many = fitRatings(2, games(0, 1, 100, 100), 1);
    for (const fit of [few, many]) {
      expect(Number.isFinite(fit.ratings[0]) && Number.isFinite(fit.errors[0])).toBe(true);
      expect(fit.ratings[0]).toBeGreaterThan(fit.ratings[1]);
    }
    // 10 wins + half a virtual draw of 11 games: exactly the Elo gap of a 10.5 / 11 score.
    expect(few.ratings[0]).toBeCloseTo(eloGap(10.5 / 11), 6);
    expect(many.ratings[0]).toBeGreaterThan(few.ratings[0]);
  });

  it('is symmetric: swapping the players or the results mirrors the ratings', () => {
    const results = [...games(0, 1, 7, 10), ...games(1, 2, 4, 10), ...games(2, 0, 3, 10)];
    const fit = fitRatings(3, results);
    // The same games with players 0 and 1 relabelled.
    const swap = [1, 0, 2];
    const relabelled = fitRatings(3, results.map((r) => ({ a: swap[r.a], b: swap[r.b], score: r.score })), 1);
    expect(relabelled.ratings[1]).toBeCloseTo(fit.ratings[0], 9);
    expect(relabelled.ratings[0] - relabelled.ratings[1]).toBeCloseTo(fit.ratings[1] - fit.ratings[0], 9);
    expect(relabelled.ratings[2] - relabelled.ratings[1]).toBeCloseTo(fit.ratings[2] - fit.ratings[0], 9);
    // Every result reversed: every rating difference changes sign, the errors stay.
    const reversed = fitRatings(3, results.map((r) => ({ ...r, score: 1 - r.score })));
    reversed.ratings.forEach((r, i) => expect(r).toBeCloseTo(-fit.ratings[i], 9));
    reversed.errors.forEach((e, i) => expect(e).toBeCloseTo(fit.errors[i], 9));
    // Draws count half each way: all draws put everyone level.
    expect(fitRatings(3, results.map((r) => ({ ...r, score: 0.5 }))).ratings.map((r) => Math.abs(r))).toEqual([0, 0, 0].map(() => expect.closeTo(0, 9)));
  });

  it('shrinks the error like one over the square root of the games', () => {
    const e1 = fitRatings(2, games(0, 1, 60, 100)).errors[1];
    const e4 = fitRatings(2, games(0, 1, 240, 400)).errors[1];
    expect(e1 / e4).toBeCloseTo(2, 1);
  });

  it('refuses a result that names no player, with its number', () => {
    expect(() => fitRatings(2, [{ a: 0, b: 1, score: 1 }, { a: 0, b: 2, score: 1 }])).toThrow(/result 2 .*two different players 0\.\.1/);
    expect(() => fitRatings(2, [{ a: 0, b: 1, score: 1.5 }])).toThrow(/score from 0 to 1/);
    expect(() => fitRatings(2, [], 5)).toThrow(/anchor/);
  });
});

describe('ladder', () => {
  const config: LadderConfig = { entrants: ['beginner', 'greedy', 'master'], games: 2, budget: ladderBudget(0.0005), seed: 3 };

  it('scales the app budgets', () => {
    expect(config.budget.master).toBeGreaterThan(0);
    const full = ladderBudget(1);
    expect(ladderBudget(0.1).nodes).toBe(Math.round(full.nodes / 10));
  });

  it('pairs every two entrants once, rotates the seats, and rates everyone from all games', async () => {
    const matches = ladderMatches(config);
    expect(matches.map((m) => m.config.seats.join(' v '))).toEqual([
      'beginner v greedy',
      `beginner v master:${config.budget.master}`,
      `greedy v master:${config.budget.master}`,
    ]);
    const jobs = matches.flatMap((m) => Array.from({ length: m.config.games }, (_, index) => ({ config: m.config, index })));
    const records = await playJobs(jobs, { parallel: 1 });
    const byMatch = matches.map((_, i) => records.slice(i * config.games, (i + 1) * config.games));
    for (const pair of byMatch) {
      expect(pair.map((g) => g.entrantOfSeat)).toEqual([[0, 1], [1, 0]]);
      for (const g of pair) expect(g.shares[0] + g.shares[1]).toBeCloseTo(1, 12);
    }
    const summary = summarizeLadder(config, matches, byMatch);
    expect(summary.rows.map((r) => r.games)).toEqual([4, 4, 4]);
    expect(summary.rows.find((r) => r.name === 'beginner')!.rating).toBe(ANCHOR_RATING);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) if (i !== j) expect(summary.share[i][j] + summary.share[j][i]).toBeCloseTo(1, 12);
    // Each row's score is its mean over its games.
    const masterPoints = byMatch[1].concat(byMatch[2]).reduce((s, g) => s + g.shares[1], 0);
    expect(summary.rows.find((r) => r.name === 'master')!.score).toBeCloseTo(masterPoints / 4, 12);
    const text = formatLadder(config, summary);
    expect(text).toMatch(/each level vs the one below: greedy vs beginner \d+%, master vs greedy \d+%/);
    expect(() => levelRatingsSource(summary, 'x', '2026-01-01')).toThrow(/did not rate tactician, strategist/);
  });

  it('writes a ratings module for the levels', () => {
    const rows = LEVELS.map((name, i) => ({ name, rating: 1000 + 100.4 * i, plusMinus: 50, games: 10, score: 0.5 }));
    const source = levelRatingsSource({ rows, share: [] }, 'npm run rolit -- ladder --write', '2026-11-22');
    expect(source).toContain('master: { rating: 1402, plusMinus: 50 },');
    expect(source).toContain('command: "npm run rolit -- ladder --write"');
  });

  it('refuses a ladder it cannot play', () => {
    expect(ladderProblem({ ...config, games: 3 })).toMatch(/even/);
    expect(ladderProblem({ ...config, entrants: ['greedy', 'master'] })).toMatch(/beginner/);
    expect(ladderProblem({ ...config, entrants: ['beginner', 'beginner'] })).toMatch(/once/);
  });
});
