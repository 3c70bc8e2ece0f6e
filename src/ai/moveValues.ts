/**
 * The exact value of every legal move of a two-sided position: for each move, the final ball
 * difference (the mover's side minus the other side) when both play perfectly after it. One
 * solve of the position after each move, one move per step(), so a caller can yield between
 * moves (the browser worker does, to read a cancel) and show the values as they come.
 */
import { MAX_MOVES, type Position } from '../engine/position';
import { EndgameSolver, type SolveOptions } from './solver';

export interface MoveValue {
  /** Engine move number. */
  move: number;
  /** Final difference for the mover's side after this move and perfect play. */
  value: number;
}

export class MoveValues {
  private readonly solver = new EndgameSolver();
  private readonly moves: Int32Array;
  private readonly count: number;
  private next = 0;

  constructor(
    private readonly position: Position,
    /** owners[c]: side 0 or 1 of colour c (-1 nobody), as SolveOptions.owners. */
    private readonly owners: readonly number[],
    private readonly options: Pick<SolveOptions, 'misere' | 'shouldStop'> = {},
  ) {
    this.moves = new Int32Array(MAX_MOVES);
    this.count = position.over ? 0 : position.generate(this.moves);
  }

  get done(): boolean {
    return this.next >= this.count;
  }

  /** Solves the next move; null once every move is solved or when shouldStop stopped the solve. */
  step(): MoveValue | null {
    if (this.done) return null;
    const move = this.moves[this.next++];
    const after = this.position.clone();
    const mover = this.owners[this.position.toMove];
    after.make(move);
    const result = this.solver.solve(after, { owners: this.owners, misere: this.options.misere, shouldStop: this.options.shouldStop, line: false });
    if (!result.complete) return null;
    // The solver answers for the side to move after the move: negate when that is the other side.
    const value = this.owners[after.toMove] === mover ? result.value : -result.value;
    return { move, value: value || 0 }; // never -0
  }
}
