import { DOUBLE, type Level, MAX_MOVES, type Position } from '../engine';
import { boardMasks, evaluatePlayers, relativeValue, WEIGHTS } from './evaluate';
import { type AiOptions, LEVEL_DEFAULT_MOVETIME } from './options';
import { type Searcher, SearchContext } from './searcher';

/**
 * The one-move levels. Each scores every legal move and plays the best, ties broken by the
 * seeded random source (so the same seed gives the same move).
 */
abstract class OneMoveSearcher implements Searcher {
  work = 0;
  protected readonly moves = new Int32Array(MAX_MOVES);
  protected readonly rollBuffer = new Int32Array(64);
  private chosen = -1;

  constructor(protected readonly ctx: SearchContext) {}

  /** Higher is better. */
  protected abstract score(move: number): number;

  step(): boolean {
    if (this.chosen >= 0) return true;
    const n = this.ctx.position.generate(this.moves);
    let best = -Infinity;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      const m = this.moves[i];
      const s = this.score(m);
      this.work++;
      if (s > best) {
        best = s;
        ties = 1;
        this.chosen = m;
      } else if (s === best && this.ctx.random.below(++ties) === 0) {
        this.chosen = m;
      }
    }
    return true;
  }

  best(): number {
    if (this.chosen < 0) this.step();
    return this.chosen;
  }

  /** Balls the move wins for the mover's player: placed balls plus rolled balls of other players. */
  protected gain(move: number): number {
    const pos = this.ctx.position;
    const owners = this.ctx.seating.owners;
    const me = owners[pos.toMove];
    const n = pos.rolls(move, this.rollBuffer);
    let g = move & DOUBLE ? 2 : 1;
    for (let i = 0; i < n; i++) if (owners[pos.cells[this.rollBuffer[i]]] !== me) g++;
    return g;
  }
}

/** beginner: a random legal move, moves that roll more balls slightly more likely. */
export class BeginnerSearcher extends OneMoveSearcher {
  protected score(move: number): number {
    // Weighted random choice as "highest random key": key = u^(1/w) (Efraimidis-Spirakis).
    const weight = 1 + 0.5 * (this.gain(move) - 1);
    return Math.pow(this.ctx.random.next(), 1 / weight);
  }
}

/** greedy: the move that rolls the most balls (the fewest in misere). */
export class GreedySearcher extends OneMoveSearcher {
  protected score(move: number): number {
    const g = this.gain(move);
    return this.ctx.seating.misere ? -g : g;
  }
}

/** tactician: the position after the move, valued on the rule sheets' tactical map. */
export class TacticianSearcher extends OneMoveSearcher {
  private readonly masks = boardMasks(this.ctx.position.size);
  private readonly values = new Float64Array(4);

  protected score(move: number): number {
    const { position, seating } = this.ctx;
    const me = seating.owners[position.toMove];
    position.make(move);
    evaluatePlayers(position, seating, this.masks, WEIGHTS, this.values);
    position.unmake();
    return relativeValue(this.values, seating.players, me, seating.misere);
  }
}

/** The levels that look one move ahead (the others search: index.ts's createSearcher). */
const ONE_MOVE_LEVELS = { beginner: BeginnerSearcher, greedy: GreedySearcher, tactician: TacticianSearcher };
export type OneMoveLevel = keyof typeof ONE_MOVE_LEVELS;

export function isOneMoveLevel(level: string | undefined): level is OneMoveLevel {
  return level !== undefined && Object.hasOwn(ONE_MOVE_LEVELS, level);
}

/** A one-move level's search for the colour to move; throws for any other level. */
export function createOneMoveSearcher(position: Position, options: AiOptions): Searcher {
  const { level } = options;
  if (!isOneMoveLevel(level)) throw new Error(`"${level}" is not a one-move level (${Object.keys(ONE_MOVE_LEVELS).join(', ')})`);
  return new ONE_MOVE_LEVELS[level](new SearchContext(position, options, LEVEL_DEFAULT_MOVETIME[level satisfies Level]));
}
