import type { Level } from '../engine';

/** Options every computer player understands (the CLI's `go`, the arena, the browser worker). */
export interface AiOptions {
  /** One of LEVELS; default DEFAULT_LEVEL (the strongest). */
  level?: string;
  /** Milliseconds to think. Default: the level's own budget (LEVEL_DEFAULT_MOVETIME). */
  movetime?: number;
  /**
   * Work budget instead of (or as well as) time: MCTS iterations for master, search nodes for
   * strategist. With an iteration budget and no movetime, the same seed gives the same move.
   */
  iterations?: number;
  /**
   * The clock movetime is measured on (ms): default the performance clock (wall time). The
   * arena's --movecpu gives the thread's CPU time, so a shared, loaded machine buys a search
   * what the same budget buys on an idle core.
   */
  clock?: () => number;
  /** Seed of the player's random source; default 1, so plain calls are reproducible too. */
  seed?: number;
  /**
   * owners[colour] = the player (seat) that plays this colour, -1 for a neutral colour. Default:
   * every colour in play is its own player. Team: [0, 1, 0, 1]; solo: [0, -1, 0, -1].
   * See ownersFromSetup for a RoundSetup.
   */
  owners?: ArrayLike<number>;
  /** Fewest balls wins. */
  misere?: boolean;
  /** Polled during the search; true makes it return the best move found so far. */
  shouldStop?: () => boolean;
}

/** The level of a computer player given none: the strongest. */
export const DEFAULT_LEVEL: Level = 'master';

/** Thinking time of each level when neither movetime nor iterations is given (ms). */
export const LEVEL_DEFAULT_MOVETIME: Record<Level, number> = {
  beginner: 0,
  greedy: 0,
  tactician: 0,
  strategist: 1000,
  master: 1000,
};
