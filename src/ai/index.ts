/**
 * Computer players for Rolit: pure TypeScript on the engine's fast Position, the same code in
 * Node (CLI, arena) and in the browser's Web Worker (worker.ts, client.ts).
 *
 *   chooseMove(position, { level, movetime, iterations, seed, owners, misere, shouldStop })
 *     -> an engine move number (square index, or a Pro double; see engine/position.ts)
 *   hint(position, options) -> { move, name, captures }: the strongest level's move and what it rolls
 *
 * Levels, weak to strong: LEVELS. Same seed + same iteration budget (and no movetime) => same move.
 */
import { type Position, type RoundSetup, moveName, squareName } from '../engine';
import { MctsSearcher } from './mcts';
import type { AiOptions } from './options';
import { ownersFromSetup } from './seating';
import { type Searcher, SearchContext } from './searcher';
import { BeginnerSearcher, GreedySearcher, TacticianSearcher } from './simple';
import { StrategistSearcher } from './strategist';

export type { AiOptions } from './options';
export type { Searcher } from './searcher';
export { ownersFromSetup, Seating } from './seating';

/** Level names, from weakest to strongest. */
export const LEVELS = ['beginner', 'greedy', 'tactician', 'strategist', 'master'] as const;
export type Level = (typeof LEVELS)[number];
export const DEFAULT_LEVEL: Level = 'master';
/** A newcomer's opponents (no saved choice yet): the middle level, a game they can win. */
export const FIRST_GAME_LEVEL: Level = 'tactician';

/** One line per level, for help texts and menus. */
export const LEVEL_DESCRIPTIONS: Record<Level, string> = {
  beginner: 'a random legal move, slightly preferring moves that roll more balls',
  greedy: 'the move that rolls the most balls (fewest in misere)',
  tactician: "one move deep on the rule sheets' tactical map (corners, edges, squares next to corners)",
  strategist: 'paranoid alpha-beta game-tree search with iterative deepening and a transposition table',
  master: 'Monte Carlo tree search with max^n backup and informed playouts',
};

/** Thinking time of each level when neither movetime nor iterations is given (ms). */
export const LEVEL_DEFAULT_MOVETIME: Record<Level, number> = {
  beginner: 0,
  greedy: 0,
  tactician: 0,
  strategist: 1000,
  master: 1000,
};

export function isLevel(name: string): name is Level {
  return (LEVELS as readonly string[]).includes(name);
}

/** A resumable search for the colour to move (see Searcher); throws on an unknown level or a finished round. */
export function createSearcher(position: Position, options: AiOptions = {}): Searcher {
  const level = options.level ?? DEFAULT_LEVEL;
  if (!isLevel(level)) throw new Error(`unknown level "${level}" (levels: ${LEVELS.join(', ')})`);
  const ctx = new SearchContext(position, options, LEVEL_DEFAULT_MOVETIME[level]);
  switch (level) {
    case 'beginner':
      return new BeginnerSearcher(ctx);
    case 'greedy':
      return new GreedySearcher(ctx);
    case 'tactician':
      return new TacticianSearcher(ctx);
    case 'strategist':
      return new StrategistSearcher(ctx);
    case 'master':
      return new MctsSearcher(ctx);
  }
}

/** The level's move for the colour to move. Does not change `position`. */
export function chooseMove(position: Position, options: AiOptions = {}): number {
  const searcher = createSearcher(position, options);
  while (!searcher.step(Infinity));
  return searcher.best();
}

export interface Hint {
  /** Engine move number. */
  move: number;
  /** The move as written in rules.md coordinates, e.g. "f4" or "e3+e6". */
  name: string;
  /** Squares the move would roll, in rolling order. */
  captures: string[];
}

/** The strongest level's move (or options.level's) for the colour to move, with what it rolls. */
export function hint(position: Position, options: AiOptions = {}): Hint {
  const move = chooseMove(position, options);
  return describeMove(position, move);
}

/** A move's name and the squares it would roll in this position. */
export function describeMove(position: Position, move: number): Hint {
  const out = new Int32Array(64);
  const n = position.rolls(move, out);
  return { move, name: moveName(position.size, move), captures: Array.from(out.subarray(0, n), (sq) => squareName(position.size, sq)) };
}

/** owners[] and misere for a round's setup, ready to spread into AiOptions. */
export function seatOptions(setup: Pick<RoundSetup, 'players' | 'misere'>): { owners: number[]; misere: boolean } {
  return { owners: ownersFromSetup(setup), misere: setup.misere };
}

