/**
 * Computer players for Rolit: pure TypeScript on the engine's fast Position, the same code in
 * Node (CLI, arena) and in the browser's Web Worker (worker.ts, client.ts).
 *
 *   chooseMove(position, { level, movetime, iterations, seed, owners, misere, shouldStop })
 *     -> an engine move number (square index, or a Pro double; see engine/position.ts)
 *   describeMove(position, move) -> { move, name, captures }: a move's name and what it rolls
 *   computerSeed(game): the seed of the computer's next move in a game when none is given
 *
 * Levels, weak to strong: LEVELS. Same seed + same iteration budget (and no movetime) => same move.
 */
import { type Game, type Level, LEVELS, moveName, type Position, type RoundSetup, squareName } from '../engine';
import { ANALYSIS_SOLVER_NODES, masterParams, MctsSearcher } from './mcts';
import { type AiOptions, DEFAULT_LEVEL, LEVEL_DEFAULT_MOVETIME } from './options';
import { ownersFromSetup } from './seating';
import { now, type Searcher, SearchContext } from './searcher';
import { createOneMoveSearcher, isOneMoveLevel } from './simple';
import { StrategistSearcher } from './strategist';

export { type AiOptions, DEFAULT_LEVEL, LEVEL_DEFAULT_MOVETIME } from './options';
export type { Searcher } from './searcher';
export { ownersFromSetup, Seating } from './seating';
export { MAXN_SOLVE_EMPTIES } from './mcts';

export { LEVELS, type Level } from '../engine';
/** A newcomer's opponents (no saved choice yet): the middle level, a game they can win. */
export const FIRST_GAME_LEVEL: Level = 'tactician';

export function isLevel(name: string): name is Level {
  return (LEVELS as readonly string[]).includes(name);
}

/** A resumable search for the colour to move (see Searcher); throws on an unknown level or a finished round. */
export function createSearcher(position: Position, options: AiOptions = {}): Searcher {
  const level = options.level ?? DEFAULT_LEVEL;
  if (!isLevel(level)) throw new Error(`unknown level "${level}" (levels: ${LEVELS.join(', ')})`);
  if (isOneMoveLevel(level)) return createOneMoveSearcher(position, { ...options, level });
  const ctx = new SearchContext(position, options, LEVEL_DEFAULT_MOVETIME[level]);
  return level === 'strategist' ? new StrategistSearcher(ctx) : new MctsSearcher(ctx);
}

/**
 * The master's search for the analysis (the evaluation bar, the strongest move): the master of
 * createSearcher, and three- and four-player endgames solved exactly as well (max^n,
 * maxnSolver.ts), so near the end its root values are the exact result, on a node budget rather
 * than a time share (ANALYSIS_SOLVER_NODES) so that a loaded machine does not lose it. Its move is the solved
 * one there; the master's play leaves those endgames to MCTS (docs/ai.md).
 */
export function createAnalysisSearcher(position: Position, options: AiOptions = {}): MctsSearcher {
  const ctx = new SearchContext(position, options, LEVEL_DEFAULT_MOVETIME.master);
  return new MctsSearcher(ctx, { ...masterParams(ctx.seating.players), solveMaxnEndgames: true, solverNodeBudget: ANALYSIS_SOLVER_NODES });
}

/** The level's move for the colour to move. Does not change `position`. */
export function chooseMove(position: Position, options: AiOptions = {}): number {
  const searcher = createSearcher(position, options);
  while (!searcher.step(Infinity));
  return searcher.best();
}

/**
 * chooseMove in slices of `sliceMs`, awaiting `pause()` between them so that the caller's event
 * loop runs meanwhile (the engine protocol reads its input so, and hears `stop`). Once `signal`
 * is aborted the search ends within one slice with the best move found so far.
 */
export async function chooseMoveInSlices(position: Position, options: AiOptions, signal: AbortSignal, pause: () => Promise<void>, sliceMs = 10): Promise<number> {
  const searcher = createSearcher(position, { ...options, shouldStop: () => signal.aborted });
  while (!searcher.step(now() + sliceMs)) await pause();
  return searcher.best();
}

export interface MoveDescription {
  /** Engine move number. */
  move: number;
  /** The move as written in rules.md coordinates, e.g. "f4" or "e3+e6". */
  name: string;
  /** Squares the move would roll, in rolling order. */
  captures: string[];
}

/** A move's name and the squares it would roll in this position. */
export function describeMove(position: Position, move: number): MoveDescription {
  const out = new Int32Array(64);
  const n = position.rolls(move, out);
  return { move, name: moveName(position.size, move), captures: Array.from(out.subarray(0, n), (sq) => squareName(position.size, sq)) };
}

/** owners[] and misere for a round's setup, ready to spread into AiOptions. */
export function seatOptions(setup: Pick<RoundSetup, 'players' | 'misere'>): { owners: number[]; misere: boolean } {
  return { owners: ownersFromSetup(setup), misere: setup.misere };
}

/**
 * The seed of the computer's next move in `game` when the caller gives none: the game's seed
 * mixed with the move number, so the same game and position give the same move (a replayed
 * game gets the same moves). Used by the browser client and the engine protocol's `go`.
 */
export function computerSeed(game: Pick<Game, 'setup' | 'state'>): number {
  return (game.setup.seed + Math.imul(game.state.moves.length + 1, 0x9e3779b9)) >>> 0;
}
