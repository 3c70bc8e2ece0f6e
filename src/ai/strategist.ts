import { DOUBLE, MAX_MOVES } from '../engine';
import { type BoardMasks, boardMasks, evaluatePlayers, moveValue, relativeValue, WEIGHTS } from './evaluate';
import { now, type Searcher, type SearchContext } from './searcher';

const TT_BITS = 18;
const TT_SIZE = 1 << TT_BITS;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;
const MAX_PLY = 64;
const WIN = 1000;

/**
 * strategist: paranoid alpha-beta search (the root player against a coalition of all others),
 * with iterative deepening, a transposition table keyed by the position's Zobrist hash, and
 * move ordering by the table's move, then history counts, then the tactical map. Leaves are
 * valued by the tactical-map evaluation (evaluate.ts); full boards by the exact ball count.
 * Two players: plain alpha-beta. Team: partners are on the same side.
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
  private readonly moves = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly order = new Float64Array(MAX_PLY * MAX_MOVES);
  private readonly scratch = new Int32Array(MAX_MOVES);
  private readonly history = new Float64Array(4 * 64);
  private readonly ttLo = new Int32Array(TT_SIZE);
  private readonly ttHi = new Int32Array(TT_SIZE);
  private readonly ttValue = new Float32Array(TT_SIZE);
  private readonly ttDepth = new Int8Array(TT_SIZE);
  private readonly ttFlag = new Int8Array(TT_SIZE);
  private readonly ttMove = new Int32Array(TT_SIZE);
  private stopAt = Infinity;
  private aborted = false;

  constructor(private readonly ctx: SearchContext) {
    this.masks = boardMasks(ctx.position.size);
    this.me = ctx.seating.owners[ctx.position.toMove];
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
      this.stopAt = Math.min(sliceEnd, ctx.deadline);
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
    return this.work >= ctx.iterations || now() >= ctx.deadline || ctx.shouldStop();
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
      const v = this.alphaBeta(depth - 1, alpha, Infinity, 1);
      pos.unmake();
      if (this.aborted) return best;
      if (v > alpha || best < 0) {
        alpha = v;
        best = m;
      }
    }
    return best;
  }

  private alphaBeta(depth: number, alpha: number, beta: number, ply: number): number {
    const pos = this.ctx.position;
    this.work++;
    if ((this.work & 1023) === 0 && (now() >= this.stopAt || this.ctx.shouldStop())) this.aborted = true;
    if (this.work >= this.ctx.iterations) this.aborted = true;
    if (this.aborted) return 0;
    if (pos.over) return this.terminalValue();
    if (depth <= 0 || ply >= MAX_PLY) return this.staticValue();

    const idx = pos.hashLo & (TT_SIZE - 1);
    let ttMove = -1;
    if (this.ttLo[idx] === pos.hashLo && this.ttHi[idx] === pos.hashHi && this.ttFlag[idx] !== 0) {
      ttMove = this.ttMove[idx];
      if (this.ttDepth[idx] >= depth) {
        const v = this.ttValue[idx];
        const flag = this.ttFlag[idx];
        if (flag === EXACT || (flag === LOWER && v >= beta) || (flag === UPPER && v <= alpha)) return v;
      }
    }

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
    this.ttLo[idx] = pos.hashLo;
    this.ttHi[idx] = pos.hashHi;
    this.ttValue[idx] = bestValue;
    this.ttDepth[idx] = depth;
    this.ttMove[idx] = bestMove;
    this.ttFlag[idx] = bestValue <= alpha0 ? UPPER : bestValue >= beta0 ? LOWER : EXACT;
    return bestValue;
  }

  /** Generates the moves at this ply with their ordering keys (the given move first). */
  private orderedMoves(ply: number, first: number): number {
    const pos = this.ctx.position;
    const base = ply * MAX_MOVES;
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
    const base = ply * MAX_MOVES;
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
