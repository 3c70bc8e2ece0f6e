/**
 * Exact endgame solver for two-sided Rolit: the final ball difference under perfect play.
 *
 *   new EndgameSolver().solve(position, { owners?, misere?, maxNodes?, shouldStop?, line? }) -> SolveResult
 *   solveExact(position, options): the same with a fresh solver (a cold table)
 *
 * - Sides: `owners[c]` says who owns colour c (0 or 1; -1 = nobody). Every colour in play must
 *   belong to side 0 or 1; colours not in play (neutral start balls) usually belong to nobody
 *   and count for no one. Default: exactly two colours in play, one per side. For the team
 *   variant pass e.g. [0, 1, 0, 1] (red+green against yellow+blue). Turns need not alternate
 *   between sides: when the next colour belongs to the same side the search does not negate.
 * - Value: `value` is the final difference, balls of the side to move minus balls of the other
 *   side, when both play perfectly. Normally the side to move maximises it. In misere (fewest
 *   balls wins) the side to move minimises it: internally every final score is negated, the
 *   search maximises as usual, and the root score is negated back, so `value` is always the
 *   plain ball difference that perfect misere play reaches.
 * - `move` is a best move (engine move number, -1 on a full board), `line` a principal variation
 *   from the position to the full board (each move reaches `value`), `nodes` the positions
 *   visited. Pro doubles are searched like any other move (Position.generate lists them).
 * - Budget: the search stops after `maxNodes` nodes or when `shouldStop()` returns true
 *   (polled every 1024 nodes). Then `complete` is false, `value` is NaN, `move` is the best
 *   root move proven so far (the first ordered move if none) and `line` holds just that move.
 *
 * Search: fail-soft negamax with alpha-beta and principal-variation (null-window) searches of
 * all but the first move, on the engine's Position (make/unmake, Zobrist
 * hashLo/hashHi), a fixed-size transposition table of bounds on exact values (owned by the
 * EndgameSolver instance and kept between its solves with the same rules and sides; clearTable()
 * empties it), move ordering near the
 * root by "fewest replies that capture" plus the rules' tactical map (corners first, squares
 * next to corners last), and a direct count of the last empty square instead of a make/unmake.
 * The search allocates nothing; the table (2^20 entries, 14 MB) is created on the solver's first solve.
 */
import { boardOffset, type BoardSize } from '../engine/geometry';
import { DOUBLE, MAX_MOVES, Position } from '../engine/position';

export interface SolveOptions {
  /** owners[c]: side (0 or 1) owning colour c, or -1 for nobody. Index = colour id 0-3. */
  owners?: ArrayLike<number>;
  /** Fewest balls wins. */
  misere?: boolean;
  /** Stop (complete = false) after this many nodes. */
  maxNodes?: number;
  /** Polled every 1024 nodes; returning true stops the search (complete = false). */
  shouldStop?: () => boolean;
  /** Build the principal variation (default true); false returns just [move]. */
  line?: boolean;
}

export interface SolveResult {
  /** Final ball difference, side to move minus the other side, under perfect play (NaN if incomplete). */
  value: number;
  /** A best move for the colour to move; -1 if the board is full. */
  move: number;
  /** Principal variation from this position to the full board. */
  line: number[];
  nodes: number;
  complete: boolean;
}

/** Below this many empties, moves are tried in generation order (TT move first). */
const ORDER_MIN_EMPTIES = 6;
const TT_BITS = 20;
const TT_SIZE = 1 << TT_BITS;
const INF = 1000;

/** Thrown through the recursion when the budget runs out. */
const STOP = { stopped: true };

class Table {
  readonly lo = new Int32Array(TT_SIZE);
  readonly hi = new Int32Array(TT_SIZE);
  readonly lower = new Int8Array(TT_SIZE);
  readonly upper = new Int8Array(TT_SIZE);
  readonly move = new Int16Array(TT_SIZE);
  /** Which rules/sides the entry belongs to; 0 = empty. */
  readonly stamp = new Uint16Array(TT_SIZE);
}

/** An exact solver and its transposition table; reuse one instance to keep the table warm. */
export class EndgameSolver {
  private readonly pos = new Position();
  private readonly moves: Int32Array[] = [];
  private readonly keys: Int32Array[] = [];
  private readonly scratch = new Int32Array(MAX_MOVES);
  private readonly rolled = new Int32Array(64);
  private table: Table | null = null;
  private stamp = 0;
  private settings = '';
  /** sign[mover * 4 + c]: +1 if colour c is on the mover's side, -1 if on the other, 0 if nobody's. */
  private readonly sign = new Int8Array(16);
  private readonly sameSide = new Uint8Array(16);
  /** Tactical weight of each internal square (corner 4, edge 2, inner 1, next to a corner 0). */
  private readonly weight = new Int32Array(64);
  private objective = 1;
  private playLo = 0;
  private playHi = 0;
  private nodes = 0;
  private nextCheck = 0;
  private maxNodes = Infinity;
  private shouldStop: (() => boolean) | undefined;
  private rootBest = -1;

  constructor() {
    for (let i = 0; i <= 64; i++) {
      this.moves.push(new Int32Array(MAX_MOVES));
      this.keys.push(new Int32Array(MAX_MOVES));
    }
  }

  solve(position: Position, options: SolveOptions = {}): SolveResult {
    const owners = resolveOwners(position, options.owners);
    const misere = options.misere ?? false;
    this.setUp(position, owners, misere);
    this.maxNodes = options.maxNodes ?? Infinity;
    this.shouldStop = options.shouldStop;
    this.nodes = 0;
    this.nextCheck = Math.min(1024, this.maxNodes);
    this.rootBest = -1;
    const pos = this.pos;
    pos.copyFrom(position);
    if (pos.over) {
      const value = this.finalScore();
      return { value: this.objective * value + 0, move: -1, line: [], nodes: 1, complete: true };
    }
    let score: number;
    try {
      score = this.search(-INF, INF, 0);
    } catch (e) {
      if (e !== STOP) throw e;
      const move = this.rootBest >= 0 ? this.rootBest : this.firstMove();
      return { value: NaN, move, line: [move], nodes: this.nodes, complete: false };
    }
    const move = this.rootBest;
    // The line is cheap (the table holds the tree) and always completed.
    this.maxNodes = Infinity;
    this.nextCheck = Infinity;
    this.shouldStop = undefined;
    const line = options.line === false ? [move] : this.principalLine(score);
    return { value: this.objective * score + 0, move, line, nodes: this.nodes, complete: true };
  }

  /** Empties the transposition table (benchmarks that measure cold solves). */
  clearTable(): void {
    this.table?.stamp.fill(0);
    this.settings = '';
  }

  private setUp(position: Position, owners: Int8Array, misere: boolean): void {
    const size = position.size;
    this.objective = misere ? -1 : 1;
    for (let m = 0; m < 4; m++) {
      for (let c = 0; c < 4; c++) {
        const o = owners[c];
        this.sign[m * 4 + c] = o < 0 ? 0 : o === owners[m] ? 1 : -1;
        this.sameSide[m * 4 + c] = owners[m] >= 0 && owners[m] === owners[c] ? 1 : 0;
      }
    }
    this.setGeometry(size);
    this.table ??= new Table();
    // Table entries are exact-value bounds, valid as long as the rules and sides are the same.
    const settings = `${size} ${position.pro} ${misere} ${Array.from(owners)} ${Array.from(position.inPlay)}`;
    if (settings !== this.settings) {
      this.settings = settings;
      this.stamp = (this.stamp % 0xffff) + 1;
      if (this.stamp === 1) this.table.stamp.fill(0);
    }
  }

  private setGeometry(size: BoardSize): void {
    const off = boardOffset(size);
    const last = off + size - 1;
    this.playLo = 0;
    this.playHi = 0;
    this.weight.fill(0);
    for (let sq = 0; sq < 64; sq++) {
      const r = sq >> 3;
      const c = sq & 7;
      if (r < off || r > last || c < off || c > last) continue;
      if (sq < 32) this.playLo |= 1 << sq;
      else this.playHi |= 1 << (sq - 32);
      const edgeR = r === off || r === last;
      const edgeC = c === off || c === last;
      const nearR = r <= off + 1 || r >= last - 1;
      const nearC = c <= off + 1 || c >= last - 1;
      this.weight[sq] = edgeR && edgeC ? 4 : nearR && nearC ? 0 : edgeR || edgeC ? 2 : 1;
    }
  }

  /** Objective score of a full board for the side to move. */
  private finalScore(): number {
    const pos = this.pos;
    const base = pos.toMove * 4;
    let d = 0;
    for (let c = 0; c < 4; c++) {
      const s = this.sign[base + c];
      if (s !== 0) d += s * pos.count(c);
    }
    return this.objective * d;
  }

  private check(): void {
    if (this.nodes >= this.maxNodes || this.shouldStop?.()) throw STOP;
    this.nextCheck = Math.min(this.nodes + 1024, this.maxNodes);
  }

  /** Fail-soft negamax: the objective score for the side to move, exact inside (alpha, beta). */
  private search(alpha: number, beta: number, ply: number): number {
    if (++this.nodes >= this.nextCheck) this.check();
    const pos = this.pos;
    if (pos.empties === 1 && ply > 0) return this.lastMove();
    const table = this.table!;
    const slot = pos.hashLo & (TT_SIZE - 1);
    let ttMove = -1;
    if (table.stamp[slot] === this.stamp && table.lo[slot] === pos.hashLo && table.hi[slot] === pos.hashHi) {
      ttMove = table.move[slot];
      const lower = table.lower[slot];
      const upper = table.upper[slot];
      if (ply > 0) {
        if (lower >= beta || lower === upper) return lower;
        if (upper <= alpha) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
      } else {
        // The root must name a move that reaches the value, so its value has to stay strictly
        // inside the window: narrow it only to one beyond the known bounds.
        if (lower - 1 > alpha) alpha = lower - 1;
        if (upper + 1 < beta) beta = upper + 1;
      }
    }
    const alpha0 = alpha;
    const beta0 = beta;
    const moves = this.moves[ply];
    const n = pos.generate(moves);
    if (pos.empties >= ORDER_MIN_EMPTIES && n > 1) this.order(moves, n, ttMove, ply);
    else if (ttMove >= 0) moveToFront(moves, n, ttMove);
    const mover = pos.toMove;
    let best = -INF;
    let bestMove = moves[0];
    for (let i = 0; i < n; i++) {
      const move = moves[i];
      pos.make(move);
      let v: number;
      if (this.sameSide[mover * 4 + pos.toMove]) {
        v = i > 0 && beta - alpha > 1 ? this.child(alpha, alpha + 1, ply) : this.child(alpha, beta, ply);
        if (v > alpha && v < beta && i > 0 && beta - alpha > 1) v = this.child(v, beta, ply);
      } else {
        v = i > 0 && beta - alpha > 1 ? -this.child(-alpha - 1, -alpha, ply) : -this.child(-beta, -alpha, ply);
        if (v > alpha && v < beta && i > 0 && beta - alpha > 1) v = -this.child(-beta, -v, ply);
      }
      pos.unmake();
      if (v > best) {
        best = v;
        bestMove = move;
        if (ply === 0) this.rootBest = move;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    table.stamp[slot] = this.stamp;
    table.lo[slot] = pos.hashLo;
    table.hi[slot] = pos.hashHi;
    table.move[slot] = bestMove;
    // A fail-high result is a lower bound, a fail-low one an upper bound, otherwise exact.
    table.lower[slot] = best > alpha0 ? best : -128;
    table.upper[slot] = best < beta0 ? best : 127;
    return best;
  }

  private child(alpha: number, beta: number, ply: number): number {
    return this.pos.over ? this.finalScore() : this.search(alpha, beta, ply + 1);
  }

  /**
   * One empty square left: it touches balls on every side, so it is the only move. Scores the
   * board after it without making it: the new ball plus every rolled ball changes sides.
   */
  private lastMove(): number {
    const pos = this.pos;
    const bb = pos.bb;
    const emptyLo = this.playLo & ~(bb[0] | bb[2] | bb[4] | bb[6]);
    const sq = emptyLo !== 0 ? 31 - Math.clz32(emptyLo) : 63 - Math.clz32(this.playHi & ~(bb[1] | bb[3] | bb[5] | bb[7]));
    const mover = pos.toMove;
    const base = mover * 4;
    let d = 1;
    for (let c = 0; c < 4; c++) {
      const s = this.sign[base + c];
      if (s !== 0) d += s * pos.count(c);
    }
    const cells = pos.cells;
    const n = pos.rolls(sq, this.rolled);
    for (let i = 0; i < n; i++) d += 1 - this.sign[base + cells[this.rolled[i]]];
    return this.objective * d;
  }

  /**
   * Sorts moves: the table's move first, then fewest capturing replies for the next colour,
   * then the tactical weight of the square.
   */
  private order(moves: Int32Array, n: number, ttMove: number, ply: number): void {
    const pos = this.pos;
    const keys = this.keys[ply];
    for (let i = 0; i < n; i++) {
      const move = moves[i];
      if (move === ttMove) {
        keys[i] = -INF;
        continue;
      }
      const sq = move & DOUBLE ? (move >> 6) & 63 : move;
      pos.make(move);
      const replies = pos.canCapture() ? pos.generate(this.scratch) : 0;
      pos.unmake();
      keys[i] = replies * 16 - this.weight[sq] * 8;
    }
    sortByKeys(moves, keys, n);
  }

  private firstMove(): number {
    const pos = this.pos;
    while (pos.ply > 0) pos.unmake();
    const n = pos.generate(this.moves[0]);
    if (n > 1 && pos.empties >= ORDER_MIN_EMPTIES) this.order(this.moves[0], n, -1, 0);
    return this.moves[0][0];
  }

  /**
   * Follows perfect play from the solved root: at each step a null-width search around the
   * known score finds a move that keeps it (cheap: the table holds most of the tree).
   */
  private principalLine(score: number): number[] {
    const pos = this.pos;
    const line: number[] = [];
    while (!pos.over) {
      this.rootBest = -1;
      this.search(score - 1, score + 1, 0);
      const move = this.rootBest;
      line.push(move);
      const mover = pos.toMove;
      pos.make(move);
      if (!this.sameSide[mover * 4 + pos.toMove]) score = -score;
    }
    return line;
  }
}

/** Insertion sort of moves by ascending key (stable; lists are short). */
function sortByKeys(moves: Int32Array, keys: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const move = moves[i];
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > key) {
      moves[j + 1] = moves[j];
      keys[j + 1] = keys[j];
      j--;
    }
    moves[j + 1] = move;
    keys[j + 1] = key;
  }
}

function moveToFront(moves: Int32Array, n: number, move: number): void {
  for (let i = 1; i < n; i++) {
    if (moves[i] === move) {
      moves[i] = moves[0];
      moves[0] = move;
      return;
    }
  }
}

/** Checks the owners option (or derives it for two colours in play); throws a clear error. */
function resolveOwners(position: Position, given: ArrayLike<number> | undefined): Int8Array {
  const owners = new Int8Array(4).fill(-1);
  if (given === undefined) {
    let side = 0;
    for (let c = 0; c < 4; c++) if (position.inPlay[c]) owners[c] = side++;
    if (side !== 2) throw new Error(`solveExact: ${side} colours are in play; pass owners to say which side owns each colour`);
    return owners;
  }
  if (given.length !== 4) throw new Error(`solveExact: owners needs 4 entries (red, yellow, green, blue), not ${given.length}`);
  for (let c = 0; c < 4; c++) {
    const o = given[c];
    if (o !== 0 && o !== 1 && o !== -1) throw new Error(`solveExact: owners[${c}] must be 0, 1 or -1 (nobody), not ${o}`);
    if (position.inPlay[c] && o === -1) throw new Error(`solveExact: colour ${c} is in play, so side 0 or 1 must own it`);
    owners[c] = o;
  }
  return owners;
}

/** Solves a position exactly with a fresh solver (a cold table); see the top of this file. */
export function solveExact(position: Position, options: SolveOptions = {}): SolveResult {
  return new EndgameSolver().solve(position, options);
}
