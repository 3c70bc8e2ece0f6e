/**
 * Root-parallel MCTS (Chaslot, Winands and van den Herik 2008): several searches of the same
 * position, each with its own seed and tree, report their root statistics at the end of the
 * budget; the move is the one with the most visits summed over all of them. No memory is
 * shared, so the same code merges Web Workers (browser) and worker threads (CLI).
 */

/** What one search knows about the root's moves when it stops. */
export interface RootStats {
  /** The root's legal moves, in the order the search stores them (the same in every search of a position). */
  moves: number[];
  /** Visits of each move. */
  visits: number[];
  /** Reward total of each move for the player to move at the root. */
  rewards: number[];
  /** The exact solver's move when it finished (-1: not solved); it wins over any visit count. */
  solved: number;
}

/** The most visited move over all searches (ties: the higher mean reward, then the earlier move). */
export function mergeRootStats(all: readonly RootStats[]): number {
  if (all.length === 0) throw new Error('no root statistics to merge');
  const solved = all.find((s) => s.solved >= 0);
  if (solved) return solved.solved;
  const totals = new Map<number, { visits: number; rewards: number }>();
  for (const stats of all) {
    stats.moves.forEach((move, i) => {
      const t = totals.get(move) ?? { visits: 0, rewards: 0 };
      t.visits += stats.visits[i];
      t.rewards += stats.rewards[i];
      totals.set(move, t);
    });
  }
  let best = all[0].moves[0];
  let bestVisits = -1;
  let bestMean = -Infinity;
  for (const [move, t] of totals) {
    const mean = t.visits > 0 ? t.rewards / t.visits : 0;
    if (t.visits > bestVisits || (t.visits === bestVisits && mean > bestMean)) {
      best = move;
      bestVisits = t.visits;
      bestMean = mean;
    }
  }
  return best;
}

/**
 * The seed of search `index` of a root-parallel search with `seed`: search 0 keeps it (so one
 * worker plays exactly as the one-thread level), the others get well-mixed distinct seeds.
 */
export function searchSeed(seed: number, index: number): number {
  return index === 0 ? seed >>> 0 : (seed ^ Math.imul(index, 0x9e3779b9)) >>> 0;
}
