import { DOUBLE, MAX_MOVES } from '../engine';
import { type BoardMasks, boardMasks, evaluatePlayers, moveValue, relativeValue, WEIGHTS } from './evaluate';
import { type Searcher, type SearchContext, sliceOver } from './searcher';

const TT_BITS = 18;
const TT_SIZE = 1 << TT_BITS;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;
const MAX_PLY = 64;
const WIN = 1000;
/** Moves of a best-reply MIN node carry their colour above the move bits (DOUBLE is 1 << 12). */
const COLOUR_SHIFT = 13;
const MOVE_MASK = (1 << COLOUR_SHIFT) - 1;
/** Room for the moves of all three opponents at one ply. */
const PLY_MOVES = 3 * MAX_MOVES;

export type StrategistAlgorithm = 'paranoid' | 'brs';
/** The strategist level's search with three or more players; chosen with the arena (docs/ai.md). */
export const STRATEGIST_ALGORITHM: StrategistAlgorithm = 'paranoid';

/**
 * strategist: paranoid alpha-beta search (the root player against a coalition of all others),
 * with iterative deepening, a transposition table keyed by the position's Zobrist hash, and
 * move ordering by the table's move, then history counts, then the tactical map. Leaves are
 * valued by the tactical-map evaluation (evaluate.ts); full boards by the exact ball count.
 * Two players: plain alpha-beta. Team: partners are on the same side.
 * Best-reply search (bestReply) is the alternative for three or four players; the arena
 * decided between them (STRATEGIST_ALGORITHM, docs/ai.md).
 *
 * Resumable: when a slice ends in the middle of an iteration, the next step() repeats that
 * depth, and the transposition table hands back the subtrees already finished.
 */
export class StrategistSearcher implements Searcher {
  work = 0;
  /** Depth of the last finished iteration (plies). */
  completedDepth = 0;
  private depth = 1;
  private finished = false;
  private bestMove: number;
  private readonly me: number;
  private readonly masks: BoardMasks;
  private readonly values = new Float64Array(4);
  private readonly moves = new Int32Array(MAX_PLY * PLY_MOVES);
  private readonly order = new Float64Array(MAX_PLY * PLY_MOVES);
  private readonly scratch = new Int32Array(MAX_MOVES);
  private readonly history = new Float64Array(4 * 64);
  private readonly ttLo = new Int32Array(TT_SIZE);
  private readonly ttHi = new Int32Array(TT_SIZE);
  private readonly ttValue = new Float32Array(TT_SIZE);
  private readonly ttDepth = new Int8Array(TT_SIZE);
  private readonly ttFlag = new Int8Array(TT_SIZE);
  private readonly ttMove = new Int32Array(TT_SIZE);
  /** Performance-clock end of the current slice (wall time). */
  private sliceEnd = Infinity;
  private aborted = false;
  /** The transposition table's move for the node enterNode() just probed, or -1. */
  private nodeTtMove = -1;

  /** Best-reply search (with three or more players, one colour each), else paranoid. */
  readonly algorithm: StrategistAlgorithm;
  private readonly myColour: number;

  constructor(
    private readonly ctx: SearchContext,
    algorithm: StrategistAlgorithm = STRATEGIST_ALGORITHM,
  ) {
    this.masks = boardMasks(ctx.position.size);
    this.me = ctx.seating.owners[ctx.position.toMove];
    this.myColour = ctx.position.toMove;
    const oneColourEach = Array.from(ctx.seating.colourMask.subarray(0, ctx.seating.players)).every((m) => (m & (m - 1)) === 0);
    this.algorithm = algorithm === 'brs' && ctx.seating.players >= 3 && oneColourEach ? 'brs' : 'paranoid';
    const n = ctx.position.generate(this.moves);
    // Before any search: the best move on the tactical map.
    let best = this.moves[0];
    for (let i = 1; i < n; i++) if (moveValue(this.masks, this.moves[i]) > moveValue(this.masks, best)) best = this.moves[i];
    this.bestMove = best;
    if (n === 1) this.finished = true;
  }

  best(): number {
    return this.bestMove;
  }

  step(sliceEnd: number): boolean {
    const ctx = this.ctx;
    while (!this.finished) {
      if (this.budgetOver()) {
        this.finished = true;
        break;
      }
      this.sliceEnd = sliceEnd;
      this.aborted = false;
      const move = this.searchRoot(this.depth);
      if (move >= 0) this.bestMove = move;
      if (this.aborted) {
        if (this.budgetOver()) this.finished = true;
        break;
      }
      this.completedDepth = this.depth;
      if (this.depth >= ctx.position.empties) this.finished = true; // searched to the end of the round
      this.depth++;
    }
    return this.finished;
  }

  private budgetOver(): boolean {
    const ctx = this.ctx;
    return this.work >= ctx.iterations || ctx.timeUp() || ctx.shouldStop();
  }

  /**
   * One iteration at the root. Returns the best move whose search finished, or -1 when the
   * slice ended before the first (previous best) move was searched to the end.
   */
  private searchRoot(depth: number): number {
    const pos = this.ctx.position;
    const n = this.orderedMoves(0, this.bestMove);
    let alpha = -Infinity;
    let best = -1;
    for (let i = 0; i < n; i++) {
      const m = this.pickNext(0, i, n);
      pos.make(m);
      const v = this.algorithm === 'brs' ? this.bestReply(depth - 1, alpha, Infinity, 1, false) : this.alphaBeta(depth - 1, alpha, Infinity, 1);
      pos.unmake();
      if (this.aborted) return best;
      if (v > alpha || best < 0) {
        alpha = v;
        best = m;
      }
    }
    return best;
  }

  /**
   * The start of every search node: counts the work, checks the budget, answers terminal and
   * leaf positions, and probes the transposition table. Returns the node's value when that
   * settles it (0 when aborted), NaN when it must be searched; nodeTtMove is then the stored
   * best move, or -1.
   */
  private enterNode(depth: number, alpha: number, beta: number, ply: number): number {
    const pos = this.ctx.position;
    this.work++;
    if ((this.work & 1023) === 0 && (sliceOver(this.sliceEnd) || this.ctx.timeUp() || this.ctx.shouldStop())) this.aborted = true;
    if (this.work >= this.ctx.iterations) this.aborted = true;
    if (this.aborted) return 0;
    if (pos.over) return this.terminalValue();
    if (depth <= 0 || ply >= MAX_PLY) return this.staticValue();
    const idx = pos.hashLo & (TT_SIZE - 1);
    this.nodeTtMove = -1;
    if (this.ttLo[idx] === pos.hashLo && this.ttHi[idx] === pos.hashHi && this.ttFlag[idx] !== 0) {
      this.nodeTtMove = this.ttMove[idx];
      if (this.ttDepth[idx] >= depth) {
        const v = this.ttValue[idx];
        const flag = this.ttFlag[idx];
        if (flag === EXACT || (flag === LOWER && v >= beta) || (flag === UPPER && v <= alpha)) return v;
      }
    }
    return NaN;
  }

  /** Stores a searched node in the transposition table and returns its value. */
  private storeNode(depth: number, bestValue: number, bestMove: number, alpha0: number, beta0: number): number {
    const pos = this.ctx.position;
    const idx = pos.hashLo & (TT_SIZE - 1);
    this.ttLo[idx] = pos.hashLo;
    this.ttHi[idx] = pos.hashHi;
    this.ttValue[idx] = bestValue;
    this.ttDepth[idx] = depth;
    this.ttMove[idx] = bestMove;
    this.ttFlag[idx] = bestValue <= alpha0 ? UPPER : bestValue >= beta0 ? LOWER : EXACT;
    return bestValue;
  }

  private alphaBeta(depth: number, alpha: number, beta: number, ply: number): number {
    const pos = this.ctx.position;
    const known = this.enterNode(depth, alpha, beta, ply);
    if (!Number.isNaN(known)) return known;
    const ttMove = this.nodeTtMove;

    const maximizing = this.ctx.seating.owners[pos.toMove] === this.me;
    const mover = pos.toMove;
    const n = this.orderedMoves(ply, ttMove);
    const alpha0 = alpha;
    const beta0 = beta;
    let bestValue = maximizing ? -Infinity : Infinity;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const m = this.pickNext(ply, i, n);
      pos.make(m);
      const v = this.alphaBeta(depth - 1, alpha, beta, ply + 1);
      pos.unmake();
      if (this.aborted) return 0;
      if (maximizing ? v > bestValue : v < bestValue) {
        bestValue = v;
        bestMove = m;
      }
      if (maximizing) {
        if (v > alpha) alpha = v;
      } else if (v < beta) beta = v;
      if (alpha >= beta) {
        this.history[mover * 64 + (m & DOUBLE ? (m >> 6) & 63 : m)] += depth * depth;
        break;
      }
    }
    return this.storeNode(depth, bestValue, bestMove, alpha0, beta0);
  }

  /**
   * Best-reply search (Schadd and Winands 2011): the root player's moves (MAX) alternate with a
   * single move (MIN) by whichever opponent hurts it most; the other opponents pass. A MIN node
   * searches the moves of every opponent, each played out of turn (Position.setToMove).
   * MAX nodes have the root colour to move, MIN nodes the colour after it, so the hash tells
   * the two kinds apart in the transposition table.
   */
  private bestReply(depth: number, alpha: number, beta: number, ply: number, maxNode: boolean): number {
    const pos = this.ctx.position;
    const known = this.enterNode(depth, alpha, beta, ply);
    if (!Number.isNaN(known)) return known;
    const ttMove = this.nodeTtMove;
    const saved = pos.toMove;
    const n = maxNode ? this.orderedMoves(ply, ttMove) : this.opponentMoves(ply, ttMove);
    const alpha0 = alpha;
    const beta0 = beta;
    let bestValue = maxNode ? -Infinity : Infinity;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const tagged = this.pickNext(ply, i, n);
      const mover = maxNode ? saved : tagged >> COLOUR_SHIFT;
      const m = tagged & MOVE_MASK;
      if (!maxNode) pos.setToMove(mover);
      pos.make(m);
      if (!maxNode) pos.setToMove(this.myColour);
      const v = this.bestReply(depth - 1, alpha, beta, ply + 1, !maxNode);
      pos.unmake();
      if (this.aborted) {
        pos.setToMove(saved);
        return 0;
      }
      if (maxNode ? v > bestValue : v < bestValue) {
        bestValue = v;
        bestMove = tagged;
      }
      if (maxNode) {
        if (v > alpha) alpha = v;
      } else if (v < beta) beta = v;
      if (alpha >= beta) {
        this.history[mover * 64 + (m & DOUBLE ? (m >> 6) & 63 : m)] += depth * depth;
        break;
      }
    }
    pos.setToMove(saved);
    return this.storeNode(depth, bestValue, bestMove, alpha0, beta0);
  }

  /** A MIN node's moves: those of every opponent colour, tagged with the colour, with ordering keys. */
  private opponentMoves(ply: number, first: number): number {
    const pos = this.ctx.position;
    const owners = this.ctx.seating.owners;
    const base = ply * PLY_MOVES;
    const saved = pos.toMove;
    let n = 0;
    for (let c = 0; c < 4; c++) {
      if (!pos.inPlay[c] || owners[c] === this.me) continue;
      pos.setToMove(c);
      const k = pos.generate(this.scratch);
      for (let i = 0; i < k; i++) {
        const m = this.scratch[i];
        const tagged = m | (c << COLOUR_SHIFT);
        this.moves[base + n] = tagged;
        this.order[base + n] =
          tagged === first ? 1e12 : this.history[c * 64 + (m & DOUBLE ? (m >> 6) & 63 : m)] + moveValue(this.masks, m);
        n++;
      }
    }
    pos.setToMove(saved);
    return n;
  }

  /** Generates the moves at this ply with their ordering keys (the given move first). */
  private orderedMoves(ply: number, first: number): number {
    const pos = this.ctx.position;
    const base = ply * PLY_MOVES;
    const n = pos.generate(this.scratch);
    const hist = pos.toMove * 64;
    for (let i = 0; i < n; i++) {
      const m = this.scratch[i];
      this.moves[base + i] = m;
      this.order[base + i] =
        m === first ? 1e12 : this.history[hist + (m & DOUBLE ? (m >> 6) & 63 : m)] + moveValue(this.masks, m);
    }
    return n;
  }

  /** Selection sort step: swaps the best remaining move into place i and returns it. */
  private pickNext(ply: number, i: number, n: number): number {
    const base = ply * PLY_MOVES;
    let bi = i;
    for (let j = i + 1; j < n; j++) if (this.order[base + j] > this.order[base + bi]) bi = j;
    if (bi !== i) {
      const m = this.moves[base + bi];
      this.moves[base + bi] = this.moves[base + i];
      this.moves[base + i] = m;
      const o = this.order[base + bi];
      this.order[base + bi] = this.order[base + i];
      this.order[base + i] = o;
    }
    return this.moves[base + i];
  }

  private staticValue(): number {
    const { position, seating } = this.ctx;
    evaluatePlayers(position, seating, this.masks, WEIGHTS, this.values);
    return relativeValue(this.values, seating.players, this.me, seating.misere);
  }

  /** Full board: the exact ball difference, and a win or loss outweighs any evaluation. */
  private terminalValue(): number {
    const { position, seating } = this.ctx;
    for (let p = 0; p < seating.players; p++) this.values[p] = seating.score(position, p);
    const diff = relativeValue(this.values, seating.players, this.me, seating.misere);
    if (seating.players === 1) return diff + WIN;
    return diff > 0 ? WIN + diff : diff < 0 ? -WIN + diff : diff;
  }
}
