/**
 * The ladder: one round robin of the app's levels and the pool's baselines (two players, 8x8,
 * every pair, seats rotating), rated all at once (ladder-ratings.ts) with beginner as the
 * anchor. Budgets are iteration and node counts (reproducible), a fraction (`scale`) of what
 * the app's default movetime buys each searching level on one idle core (APP_SPEED).
 */
import { LEVEL_DEFAULT_MOVETIME, LEVELS } from '../index';
import { RATING_ANCHOR } from '../ratingAnchor';
import type { ArenaConfig, ArenaGame } from './arena';
import { fitRatings } from './ladder-ratings';

/**
 * The round robin by default: the levels weak to strong, then plain UCT. The pool's paranoid
 * and brs are left out: with two players both are the strategist's own search (best-reply
 * search is paranoid when there is one opponent), so they would be copies of the strategist.
 */
export const LADDER_ENTRANTS: readonly string[] = [...LEVELS, 'uct'];
/** The pool's baselines, for the "each level vs the pool" lines (those that played). */
export const POOL = ['uct', 'paranoid', 'brs'];

/** The anchor: rated exactly this. */
export const ANCHOR = RATING_ANCHOR.level;
export const ANCHOR_RATING = RATING_ANCHOR.rating;

/**
 * Work per second of thinking on one idle core of the machine the ratings were made on,
 * measured with `npm run rolit -- bench --mcts --seconds 4` (master iterations, strategist
 * nodes; 2026-11-22, load average 0.1); uct ran 1.074 times master's iterations per CPU second
 * on the same positions.
 */
export const APP_SPEED = { masterIterations: 85_800, uctIterations: 92_150, strategistNodes: 1_738_800 };

/** Per move: master's and uct's MCTS iterations, and the alpha-beta searches' nodes (strategist, paranoid, brs). */
export interface LadderBudget {
  master: number;
  uct: number;
  nodes: number;
}

/** The budgets at `scale` times the app's default movetime (uct gets master's thinking time). */
export function ladderBudget(scale: number): LadderBudget {
  const seconds = (n: number, ms: number) => Math.max(1, Math.round((n * ms * scale) / 1000));
  return {
    master: seconds(APP_SPEED.masterIterations, LEVEL_DEFAULT_MOVETIME.master),
    uct: seconds(APP_SPEED.uctIterations, LEVEL_DEFAULT_MOVETIME.master),
    nodes: seconds(APP_SPEED.strategistNodes, LEVEL_DEFAULT_MOVETIME.strategist),
  };
}

export interface LadderConfig {
  entrants: readonly string[];
  /** Games per pair; even, so each sits first as often as second. */
  games: number;
  budget: LadderBudget;
  seed: number;
}

/** The arena entrant of a ladder player at this budget (master and uct carry their iteration count). */
export function ladderSpec(entrant: string, budget: LadderBudget): string {
  if (entrant === 'master') return `master:${budget.master}`;
  if (entrant === 'uct') return `uct:${budget.uct}`;
  return entrant;
}

/** One pair of the round robin: entrants a and b (indices in config.entrants) and their arena run. */
export interface LadderMatch {
  a: number;
  b: number;
  config: ArenaConfig;
}

/** Why the config cannot be played, or null. */
export function ladderProblem(config: LadderConfig): string | null {
  if (config.entrants.length < 2) return 'the ladder needs at least two entrants';
  if (!config.entrants.includes(ANCHOR)) return `the ladder needs ${ANCHOR}, its anchor`;
  if (new Set(config.entrants).size !== config.entrants.length) return 'each entrant may appear once';
  if (!(Number.isInteger(config.games) && config.games >= 2 && config.games % 2 === 0)) return `games per pair must be an even whole number >= 2, not ${config.games}`;
  return null;
}

/** Every pair once (a before b in the entrant order); the arena rotates the seats within each. */
export function ladderMatches(config: LadderConfig): LadderMatch[] {
  const matches: LadderMatch[] = [];
  config.entrants.forEach((_, a) => {
    for (let b = a + 1; b < config.entrants.length; b++) {
      matches.push({
        a,
        b,
        config: {
          seats: [ladderSpec(config.entrants[a], config.budget), ladderSpec(config.entrants[b], config.budget)],
          games: config.games,
          iterations: config.budget.nodes,
          size: 8,
          seed: config.seed,
          variant: 'standard',
          misere: false,
        },
      });
    }
  });
  return matches;
}

export interface LadderRow {
  name: string;
  rating: number;
  /** Half the 95% interval (1.96 standard errors), relative to the anchor. */
  plusMinus: number;
  games: number;
  /** Mean score over all its games (draws half). */
  score: number;
}

export interface LadderSummary {
  /** Strongest first. */
  rows: LadderRow[];
  /** share[i][j]: i's mean score against j (NaN on the diagonal). */
  share: number[][];
}

/** Ratings and pairwise shares from each match's games (records[m]: the games of matches[m]; entrant 0 of each is a). */
export function summarizeLadder(config: LadderConfig, matches: LadderMatch[], records: ArenaGame[][]): LadderSummary {
  const n = config.entrants.length;
  const results = matches.flatMap((m, i) => records[i].map((r) => ({ a: m.a, b: m.b, score: r.shares[0] })));
  const fit = fitRatings(n, results, config.entrants.indexOf(ANCHOR), ANCHOR_RATING);
  const points = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const games = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const r of results) {
    points[r.a][r.b] += r.score;
    points[r.b][r.a] += 1 - r.score;
    games[r.a][r.b]++;
    games[r.b][r.a]++;
  }
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const rows = config.entrants.map((name, i) => ({
    name,
    rating: fit.ratings[i],
    plusMinus: 1.96 * fit.errors[i],
    games: sum(games[i]),
    score: sum(points[i]) / sum(games[i]),
  }));
  return {
    rows: [...rows].sort((x, y) => y.rating - x.rating),
    share: points.map((row, i) => row.map((p, j) => (i === j ? NaN : p / games[i][j]))),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

/** The printed table: ratings, the share matrix, and each level against the one below and against the pool. */
export function formatLadder(config: LadderConfig, summary: LadderSummary): string {
  const names = config.entrants;
  const width = Math.max(10, ...names.map((s) => s.length));
  const b = config.budget;
  const lines = [
    `ladder: ${names.length} players, every pair ${config.games} games (2 players, 8x8, seats rotating), seed ${config.seed}`,
    `budget a move: master ${b.master} iterations, uct ${b.uct} iterations, strategist/paranoid/brs ${b.nodes} nodes`,
    `ratings: Bradley-Terry fit to all games, ${ANCHOR} = ${ANCHOR_RATING}, +- = 95% interval relative to ${ANCHOR}`,
    '',
    `${'player'.padEnd(width)}  rating     +-  games  score`,
    ...summary.rows.map((r) => `${r.name.padEnd(width)}  ${r.rating.toFixed(0).padStart(6)}  ${r.plusMinus.toFixed(0).padStart(5)}  ${String(r.games).padStart(5)}  ${pct(r.score).padStart(5)}`),
    '',
    `score of the row against the column:`,
    `${''.padEnd(width)}${names.map((s) => s.padStart(11)).join('')}`,
    ...names.map((s, i) => `${s.padEnd(width)}${summary.share[i].map((x) => (Number.isNaN(x) ? '-' : pct(x)).padStart(11)).join('')}`),
  ];
  const levels = LEVELS.filter((l) => names.includes(l));
  const steps = levels.slice(1).map((l, k) => `${l} vs ${levels[k]} ${pct(summary.share[names.indexOf(l)][names.indexOf(levels[k])])}`);
  if (steps.length) lines.push('', `each level vs the one below: ${steps.join(', ')}`);
  const pool = POOL.filter((p) => names.includes(p));
  if (pool.length) {
    lines.push('each level vs the pool:');
    for (const l of levels) {
      const shares = pool.map((p) => summary.share[names.indexOf(l)][names.indexOf(p)]);
      lines.push(`  ${l.padEnd(width)} ${pool.map((p, k) => `vs ${p} ${pct(shares[k])}`).join(', ')}; mean ${pct(shares.reduce((s, x) => s + x, 0) / shares.length)}`);
    }
  }
  return lines.join('\n');
}

/** The source of src/ai/levelRatings.ts for these results (`ladder --write`). */
export function levelRatingsSource(summary: LadderSummary, command: string, date: string): string {
  const byName = new Map(summary.rows.map((r) => [r.name, r]));
  const missing = LEVELS.filter((l) => !byName.has(l));
  if (missing.length) throw new Error(`the ladder did not rate ${missing.join(', ')}: --write needs every level`);
  const entries = LEVELS.map((l) => `    ${l}: { rating: ${Math.round(byName.get(l)!.rating)}, plusMinus: ${Math.round(byName.get(l)!.plusMinus)} },`);
  return `/**
 * Each level's Elo-style rating from the ladder (docs/ai.md, "Ladder and ratings"): beginner is
 * ${ANCHOR_RATING}; plusMinus is half the 95% interval. Generated by \`npm run rolit -- ladder --write\`; do not edit.
 */
import type { Level } from './index';

export const LEVEL_RATINGS: { command: string; date: string; levels: Record<Level, { rating: number; plusMinus: number }> } = {
  command: ${JSON.stringify(command)},
  date: ${JSON.stringify(date)},
  levels: {
${entries.join('\n')}
  },
};
`;
}
