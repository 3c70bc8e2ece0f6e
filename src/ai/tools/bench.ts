import { Position, Random } from '../../engine';
import { chooseMove, createSearcher } from '../index';
import { now } from '../searcher';

export interface BenchResult {
  /** MCTS iterations (each one a tree descent plus a full playout) per second. */
  playoutsPerSecond: number;
  playouts: number;
  seconds: number;
  /** Strategist search nodes per second on the same positions. */
  nodesPerSecond: number;
}

/**
 * MCTS speed on one thread: master searches the four-player 8x8 start position and a few
 * positions later in the round for about `seconds` in total, and strategist the same for
 * comparison. Prints nothing; the `bench` command formats the figures.
 */
export function benchMcts(seconds = 3): BenchResult {
  const positions = mctsBenchPositions();
  const slice = (seconds * 1000) / positions.length / 2;
  let playouts = 0;
  let mctsMs = 0;
  let nodes = 0;
  let abMs = 0;
  for (const pos of positions) {
    for (const level of ['master', 'strategist'] as const) {
      const t = now();
      const s = createSearcher(pos, { level, movetime: slice, seed: 1 });
      while (!s.step(Infinity));
      const ms = now() - t;
      if (level === 'master') {
        playouts += s.work;
        mctsMs += ms;
      } else {
        nodes += s.work;
        abMs += ms;
      }
    }
  }
  return {
    playoutsPerSecond: Math.round((playouts / mctsMs) * 1000),
    playouts,
    seconds: mctsMs / 1000,
    nodesPerSecond: Math.round((nodes / abMs) * 1000),
  };
}

/** The four-player 8x8 start position and the positions 10, 20 and 30 tactician plies later. */
export function mctsBenchPositions(): Position[] {
  const positions: Position[] = [];
  const p = Position.start(8, [0, 1, 2, 3], 0, false);
  for (let ply = 0; ply < 40; ply++) {
    if (ply % 10 === 0) positions.push(p.clone());
    p.make(createSearcher(p, { level: 'tactician', seed: ply }).best());
  }
  return positions;
}

export interface BudgetRow {
  level: string;
  moves: number;
  /** Milliseconds per move asked for. */
  budget: number;
  /** Milliseconds actually taken per move (creating the search and running it to the end). */
  p50: number;
  p95: number;
  max: number;
  /** Time over the budget, max(0, taken - budget): mean over all moves, and the largest. */
  meanOver: number;
  maxOver: number;
}

/**
 * Positions for the budget check, from seeded games: a random round (8x8; alternately four
 * and two players, so master's two-player endgame solver is timed too) played with beginner
 * moves up to a random ply; plies spread over the whole round.
 */
export function budgetPositions(count: number, seed: number): Position[] {
  const positions: Position[] = [];
  const random = new Random(seed);
  for (let i = 0; i < count; i++) {
    const colours = i % 2 === 0 ? [0, 1, 2, 3] : [0, 2];
    const p = Position.start(8, colours, colours[random.below(colours.length)], false);
    const plies = Math.floor(((i + random.next()) / count) * (p.empties - 1));
    for (let ply = 0; ply < plies; ply++) p.make(createSearcher(p, { level: 'beginner', seed: random.nextUint32() }).best());
    positions.push(p);
  }
  return positions;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * How well each level keeps to a movetime: every level chooses a move in each position with
 * `movetime` ms, and the time taken is compared with it. One thread; prints nothing.
 */
export function benchBudget(levels: readonly string[], movetime: number, positions: Position[], seed = 1): BudgetRow[] {
  return levels.map((level) => {
    const taken = positions.map((pos, i) => {
      const t = now();
      chooseMove(pos, { level, movetime, seed: seed + i });
      return now() - t;
    });
    const sorted = [...taken].sort((a, b) => a - b);
    const over = taken.map((t) => Math.max(0, t - movetime));
    return {
      level,
      moves: taken.length,
      budget: movetime,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted[sorted.length - 1],
      meanOver: over.reduce((s, x) => s + x, 0) / over.length,
      maxOver: Math.max(...over),
    };
  });
}
