import type { Position } from '../engine';
import { Random } from '../engine';
import type { AiOptions } from './options';
import { Seating } from './seating';

/**
 * A search that can run in slices: step() works until the slice ends (or the search is done)
 * and says whether it is finished; best() is the best move found so far. chooseMove runs one
 * slice to the end; the browser worker runs short slices and reads its messages in between,
 * which is how "move now" and cancel reach a busy search without shared memory.
 */
export interface Searcher {
  /**
   * Works until performance-clock time `sliceEnd` (ms, wall time: slices keep a page responsive)
   * or the end of the budget (on the context's clock); true when finished.
   */
  step(sliceEnd: number): boolean;
  /** The best move so far (always a legal move). */
  best(): number;
  /** Work done: iterations (MCTS), nodes (tree search) or moves considered. */
  readonly work: number;
}

export const now: () => number =
  typeof performance !== 'undefined' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();

/** Whether a slice that ends at performance-clock time `sliceEnd` is over (Infinity: never, without reading the clock). */
export function sliceOver(sliceEnd: number): boolean {
  return sliceEnd !== Infinity && now() >= sliceEnd;
}

/** What a level needs to know: the position (a private copy), seating, budget and random source. */
export class SearchContext {
  readonly position: Position;
  readonly seating: Seating;
  readonly random: Random;
  /** The clock of the time budget (ms): the performance clock unless options.clock is given. */
  readonly clock: () => number;
  readonly start: number;
  /** Absolute deadline (ms, on `clock`), Infinity without movetime. */
  readonly deadline: number;
  /** Work budget, Infinity without iterations. */
  readonly iterations: number;
  readonly shouldStop: () => boolean;

  constructor(position: Position, options: AiOptions, defaultMovetime: number) {
    if (position.over) throw new Error('the round is over: there is no move to choose');
    this.position = position.clone();
    this.seating = Seating.of(position, options.owners, options.misere);
    this.random = new Random(options.seed ?? 1);
    this.clock = options.clock ?? now;
    this.start = this.clock();
    const { movetime, iterations } = options;
    if (movetime !== undefined && !(movetime >= 0)) throw new Error(`movetime must be a number of milliseconds >= 0, not ${movetime}`);
    if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0)) throw new Error(`iterations must be a whole number > 0, not ${iterations}`);
    // Only an explicit iteration budget turns the clock off: that is what makes runs reproducible.
    const ms = movetime ?? (iterations !== undefined ? Infinity : defaultMovetime);
    this.deadline = this.start + ms;
    this.iterations = iterations ?? Infinity;
    this.shouldStop = options.shouldStop ?? (() => false);
  }

  /** Whether the time budget is spent (reads the clock: call it every few iterations, not every one). */
  timeUp(): boolean {
    return this.clock() >= this.deadline;
  }
}
