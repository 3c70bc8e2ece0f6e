/**
 * A gauntlet: one candidate against each opponent of a pool. For every opponent, player count
 * and board size, the candidate takes one seat and the opponent all the others, seats rotating
 * (arena.ts); the table gives the candidate's win share with its 95% interval per opponent and
 * setup, per opponent, and overall, beside the share equal strength would get (1 / players).
 */
import { type BoardSize, setupProblem } from '../../engine';
import { type ArenaConfig, type ArenaGame, budgetProblem, budgetText, seatError, wilson } from './arena';

export interface GauntletConfig {
  candidate: string;
  pool: string[];
  /** Player counts (2-4) and board sizes to play each opponent at. */
  players: number[];
  sizes: BoardSize[];
  /** Games per opponent, player count and size. */
  games: number;
  movetime?: number;
  movecpu?: number;
  iterations?: number;
  seed: number;
}

/** One arena run of the gauntlet: the candidate (entrant 0) against one opponent. */
export interface GauntletMatch {
  opponent: string;
  config: ArenaConfig;
}

/** Checks a gauntlet; returns what is wrong, or null. */
export function gauntletProblem(g: GauntletConfig): string | null {
  for (const spec of [g.candidate, ...g.pool]) {
    const e = seatError(spec);
    if (e) return e;
  }
  if (g.pool.length === 0) return 'the pool needs at least one opponent';
  for (const p of g.players) if (!(Number.isInteger(p) && p >= 2 && p <= 4)) return `players must be 2, 3 or 4, not ${p}`;
  for (const size of g.sizes) {
    for (const players of g.players) {
      const problem = setupProblem({ size, players });
      if (problem) return `${size}x${size} with ${players} players: ${problem}`;
    }
  }
  return budgetProblem({ ...g, seats: [g.candidate, ...g.pool] });
}

/** The arena runs of a gauntlet, opponent by opponent, then by player count and size. */
export function gauntletMatches(g: GauntletConfig): GauntletMatch[] {
  return g.pool.flatMap((opponent) =>
    g.players.flatMap((players) =>
      g.sizes.map((size) => ({
        opponent,
        config: {
          seats: [g.candidate, ...new Array<string>(players - 1).fill(opponent)],
          games: g.games,
          movetime: g.movetime,
          movecpu: g.movecpu,
          iterations: g.iterations,
          size,
          seed: g.seed,
          variant: 'standard' as const,
          misere: false,
        },
      })),
    ),
  );
}

export interface GauntletRow {
  /** The opponent, "all" for the whole pool. */
  opponent: string;
  /** "4p 8x8", or "all" for an opponent's (or the pool's) total. */
  setup: string;
  games: number;
  /** The candidate's mean win share (ties split), with the Wilson 95% interval. */
  share: number;
  low: number;
  high: number;
  /** The share equal strength would get: the mean of 1 / players over the games. */
  equal: number;
  forfeits: number;
}

function row(opponent: string, setup: string, games: { players: number; record: ArenaGame }[]): GauntletRow {
  const n = games.length;
  const share = games.reduce((s, g) => s + g.record.shares[0], 0) / n;
  const [low, high] = wilson(share, n);
  const equal = games.reduce((s, g) => s + 1 / g.players, 0) / n;
  const forfeits = games.filter((g) => g.record.forfeit).length;
  return { opponent, setup, games: n, share, low, high, equal, forfeits };
}

/** Rows per opponent and setup, a total per opponent, and the total over the pool (last). */
export function summarizeGauntlet(matches: GauntletMatch[], records: ArenaGame[][]): GauntletRow[] {
  const rows: GauntletRow[] = [];
  const all: { players: number; record: ArenaGame }[] = [];
  const opponents = [...new Set(matches.map((m) => m.opponent))];
  for (const opponent of opponents) {
    const mine: { players: number; record: ArenaGame }[] = [];
    matches.forEach((m, i) => {
      if (m.opponent !== opponent) return;
      const games = records[i].map((record) => ({ players: m.config.seats.length, record }));
      rows.push(row(opponent, `${m.config.seats.length}p ${m.config.size}x${m.config.size}`, games));
      mine.push(...games);
    });
    rows.push(row(opponent, 'all', mine));
    all.push(...mine);
  }
  rows.push(row('all', 'all', all));
  return rows;
}

export function formatGauntlet(g: GauntletConfig, rows: GauntletRow[]): string {
  const width = Math.max(8, ...rows.map((r) => r.opponent.length));
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return [
    `gauntlet: ${g.candidate} in one seat, each opponent in the others; ${g.games} games per opponent, player count and size; ${budgetText(g)}, seed ${g.seed}`,
    `${'opponent'.padEnd(width)}  setup    games  win share  95% CI            equal`,
    ...rows.map(
      (r) =>
        `${r.opponent.padEnd(width)}  ${r.setup.padEnd(7)}  ${String(r.games).padStart(5)}  ${pct(r.share).padStart(9)}  [${pct(r.low).padStart(6)}, ${pct(r.high).padStart(6)}]  ${pct(r.equal).padStart(6)}` +
        (r.forfeits ? `  (${r.forfeits} forfeits)` : ''),
    ),
  ].join('\n');
}
