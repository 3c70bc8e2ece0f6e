/**
 * Exact endgame solver for three and four players: max^n to the full board.
 *
 *   new MaxnSolver().solve(position, { owners?, misere?, maxNodes?, shouldStop? }) -> MaxnResult
 *   solveMaxn(position, options): the same with a fresh solver (a cold table)
 *
 * - Players: `owners[c]` is the player (0-3) owning colour c, -1 for nobody (neutral start
 *   balls count for no one). Default: every colour in play is its own player. A player's balls
 *   are the balls of its colours.
 * - Who wins a full board is the engine's rule (`roundWinners`: most balls, fewest in misère, a
 *   tie shares the win). Each mover picks the move best for itself by, in this order:
 *   1. its win share (a sole win, then a win shared by two, three, four; not winning last),
 *   2. its place: fewer players ahead of it (places are peeled off with `roundWinners`: the
 *      winners, then the winners among the rest, ...; equal balls share a place),
 *   3. its own balls (more; fewer in misère).
 *   Moves equal on all three (the mover does not care) are decided by the engine's move order:
 *   the first move `Position.generate` lists wins. With that tie rule the result is a function of
 *   the position alone, so any correct search finds the same one (the tests check it against a
 *   plain enumeration).
 * - Result: `scores[p]` the balls of each player at the end of that play, `winners` the engine's
 *   winners of those scores, `move` the mover's choice (-1 on a full board), `line` the play to
 *   the full board, `nodes` the positions visited.
 * - Budget: the search stops after `maxNodes` nodes or when `shouldStop()` returns true (polled
 *   every 1024 nodes); then `complete` is false, `scores` and `winners` are empty and `move` is -1.
 *   The table keeps the subtrees already solved, so asking again (same solver, same rules)
 *   resumes the work.
 *
 * Search: plain max^n in the engine's move order (no pruning: with general utilities max^n has
 * no safe deep cut-offs), make/unmake on the engine's Position, a transposition table of exact
 * results on the Zobrist hash (hashLo/hashHi: the same balls with the same colour to move, e.g.
 * a player's two moves swapped, are solved once). Final scores are packed 8 bits a player; each
 * distinct final score list is valued once (roundWinners) and cached.
 */
import { roundWinners } from '../engine/game';
import { MAX_MOVES, Position } from '../engine/position';

export interface MaxnOptions {
  /** owners[c]: player (0-3) owning colour c, or -1 for nobody. Index = colour id 0-3. */
  owners?: ArrayLike<number>;
  /** Fewest balls wins. */
  misere?: boolean;
  /** Stop (complete = false) after this many nodes. */
  maxNodes?: number;
  /** Polled every 1024 nodes; returning true stops the search (complete = false). */
  shouldStop?: () => boolean;
}

export interface MaxnResult {
  /** Balls of each player on the full board that max^n play reaches (empty if incomplete). */
  scores: number[];
  /** The engine's winners of those scores (roundWinners), empty if incomplete. */
  winners: number[];
  /** The mover's move (-1 on a full board or when incomplete). */
  move: number;
  /** The play from the position to the full board (empty if incomplete). */
  line: number[];
  nodes: number;
  complete: boolean;
}

const TT_BITS = 19;
const TT_SIZE = 1 << TT_BITS;
/** The utility cache is emptied at the next solve beyond this many score lists. */
const MAX_UTILITIES = 1 << 16;
/** Thrown through the recursion when the budget runs out. */
const STOP = { stopped: true };

/** The exact max^n solver and its table; reuse one instance to keep the table between solves. */
export class MaxnSolver {
  private readonly pos = new Position();
  private readonly moves: Int32Array[] = [];
  private readonly owners = new Int8Array(4);
  private players = 0;
  private misere = false;
  /** Transposition table: hash halves, the packed final scores, and which settings wrote it. */
  private ttLo: Int32Array | null = null;
  private ttHi = new Int32Array(0);
  private ttScores = new Int32Array(0);
  private ttStamp = new Uint16Array(0);
  private stamp = 0;
  private settings = '';
  /** Packed final scores -> utility of each player (see the top of this file); kept while the player count and misère stay. */
  private readonly utilities = new Map<number, Int32Array>();
  private utilityRules = '';
  private nodes = 0;
  private nextCheck = 0;
  private maxNodes = Infinity;
  private shouldStop: (() => boolean) | undefined;

  constructor() {
    for (let i = 0; i <= 64; i++) this.moves.push(new Int32Array(MAX_MOVES));
  }

  solve(position: Position, options: MaxnOptions = {}): MaxnResult {
    this.setUp(position, options);
    this.maxNodes = options.maxNodes ?? Infinity;
    this.shouldStop = options.shouldStop;
    this.nodes = 0;
    this.nextCheck = Math.min(1024, this.maxNodes);
    this.pos.copyFrom(position);
    let packed: number;
    try {
      packed = this.search(0);
    } catch (e) {
      if (e !== STOP) throw e;
      while (this.pos.ply > 0) this.pos.unmake();
      return { scores: [], winners: [], move: -1, line: [], nodes: this.nodes, complete: false };
    }
    // The line follows the table (each step a hit or a small search): never cut short.
    this.maxNodes = Infinity;
    this.nextCheck = Infinity;
    this.shouldStop = undefined;
    const line = this.principalLine();
    const scores = this.unpack(packed);
    return { scores, winners: roundWinners(scores, this.misere), move: line.length ? line[0] : -1, line, nodes: this.nodes, complete: true };
  }

  /** Empties the transposition table (benchmarks that measure cold solves). */
  clearTable(): void {
    this.ttStamp.fill(0);
    this.settings = '';
  }

  private setUp(position: Position, options: MaxnOptions): void {
    const owners = resolvePlayers(position, options.owners);
    this.owners.set(owners);
    this.players = Math.max(...owners) + 1;
    const misere = options.misere ?? false;
    this.misere = misere;
    const utilityRules = `${this.players} ${misere}`;
    if (utilityRules !== this.utilityRules || this.utilities.size > MAX_UTILITIES) {
      this.utilityRules = utilityRules;
      this.utilities.clear();
    }
    if (this.ttLo === null) {
      this.ttLo = new Int32Array(TT_SIZE);
      this.ttHi = new Int32Array(TT_SIZE);
      this.ttScores = new Int32Array(TT_SIZE);
      this.ttStamp = new Uint16Array(TT_SIZE);
    }
    // Entries are exact results, valid as long as the rules and players are the same.
    const settings = `${position.size} ${position.pro} ${misere} ${Array.from(owners)} ${Array.from(position.inPlay)}`;
    if (settings !== this.settings) {
      this.settings = settings;
      this.stamp = (this.stamp % 0xffff) + 1;
      if (this.stamp === 1) this.ttStamp.fill(0);
    }
  }

  /** Final scores of the board, 8 bits a player (player 0 lowest). */
  private packScores(): number {
    const pos = this.pos;
    let packed = 0;
    for (let c = 0; c < 4; c++) {
      const p = this.owners[c];
      if (p >= 0) packed += pos.count(c) << (8 * p);
    }
    return packed;
  }

  private unpack(packed: number): number[] {
    return Array.from({ length: this.players }, (_, p) => (packed >>> (8 * p)) & 255);
  }

  /** Each player's utility of a full board with these packed scores (higher is better). */
  private utility(packed: number): Int32Array {
    let u = this.utilities.get(packed);
    if (u) return u;
    u = playerUtilities(this.unpack(packed), this.misere);
    this.utilities.set(packed, u);
    return u;
  }

  private check(): void {
    if (this.nodes >= this.maxNodes || this.shouldStop?.()) throw STOP;
    this.nextCheck = Math.min(this.nodes + 1024, this.maxNodes);
  }

  /** The packed final scores of max^n play from the current position. */
  private search(ply: number): number {
    if (++this.nodes >= this.nextCheck) this.check();
    const pos = this.pos;
    if (pos.over) return this.packScores();
    if (pos.empties === 1) {
      // The last socket: one move, no table.
      pos.generate(this.moves[ply]);
      pos.make(this.moves[ply][0]);
      const packed = this.packScores();
      pos.unmake();
      return packed;
    }
    const slot = pos.hashLo & (TT_SIZE - 1);
    if (this.ttStamp[slot] === this.stamp && this.ttLo![slot] === pos.hashLo && this.ttHi[slot] === pos.hashHi) return this.ttScores[slot];
    const moves = this.moves[ply];
    const n = pos.generate(moves);
    const player = this.owners[pos.toMove];
    let best = 0;
    let bestUtility = -1;
    for (let i = 0; i < n; i++) {
      pos.make(moves[i]);
      const packed = this.search(ply + 1);
      pos.unmake();
      const u = this.utility(packed)[player];
      if (u > bestUtility) {
        bestUtility = u;
        best = packed;
      }
    }
    this.ttStamp[slot] = this.stamp;
    this.ttLo![slot] = pos.hashLo;
    this.ttHi[slot] = pos.hashHi;
    this.ttScores[slot] = best;
    return best;
  }

  /** Follows max^n play from the solved root: at each step the first move of the best utility. */
  private principalLine(): number[] {
    const pos = this.pos;
    const line: number[] = [];
    const moves = new Int32Array(MAX_MOVES);
    while (!pos.over) {
      const n = pos.generate(moves);
      const player = this.owners[pos.toMove];
      let bestMove = moves[0];
      let bestUtility = -1;
      for (let i = 0; i < n; i++) {
        pos.make(moves[i]);
        const u = this.utility(this.search(line.length + 1))[player];
        pos.unmake();
        if (u > bestUtility) {
          bestUtility = u;
          bestMove = moves[i];
        }
      }
      line.push(bestMove);
      pos.make(bestMove);
    }
    while (pos.ply > 0) pos.unmake();
    return line;
  }
}

/**
 * Each player's place in final scores: 1 for the winners (the engine's roundWinners: most balls,
 * fewest in misère, a tie shares the win), then the winners among the rest, and so on; equal
 * balls share a place, and a place counts the players ahead (5, 5, 3 places 1, 1, 3).
 */
export function playerPlaces(scores: readonly number[], misere: boolean): number[] {
  const places = scores.map(() => 0);
  let rest = scores.map((_, p) => p);
  let placed = 0;
  while (rest.length) {
    const group = roundWinners(rest.map((p) => scores[p]), misere).map((i) => rest[i]);
    for (const p of group) places[p] = placed + 1;
    placed += group.length;
    rest = rest.filter((p) => !group.includes(p));
  }
  return places;
}

/** What final scores mean for one player: its balls, its place (1 = a winner), and how many players share that place. */
export interface PlayerOutcome {
  balls: number;
  place: number;
  /** Players on that place, this one included (1: alone; 2 on place 1: a win shared by two). */
  sharing: number;
}

export function playerOutcome(scores: readonly number[], player: number, misere: boolean): PlayerOutcome {
  const places = playerPlaces(scores, misere);
  return { balls: scores[player], place: places[player], sharing: places.filter((q) => q === places[player]).length };
}

/**
 * Each player's utility of final scores: win share, then place, then own balls (see the top of
 * this file), as one number. Winners and places come from the engine's roundWinners.
 */
export function playerUtilities(scores: readonly number[], misere: boolean): Int32Array {
  const u = new Int32Array(4);
  const places = playerPlaces(scores, misere);
  const winners = places.filter((q) => q === 1).length;
  for (let p = 0; p < scores.length; p++) {
    const win = places[p] === 1 ? 5 - winners : 0;
    const balls = misere ? 64 - scores[p] : scores[p];
    u[p] = (win * 4 + (4 - places[p])) * 128 + balls;
  }
  return u;
}

/**
 * The max^n result of every legal move of a position, for the player to move to compare: the
 * final scores after each move and max^n play on. One solve per step() (one solver, so its table
 * serves every move), so a caller can yield between moves (the browser worker does, to read a
 * cancel) and show the results as they come. The mover's best moves are those of its highest
 * playerUtilities; the first of them is the solver's own choice (solve().move).
 */
export class MaxnMoveValues {
  private readonly solver = new MaxnSolver();
  private readonly moves = new Int32Array(MAX_MOVES);
  private readonly count: number;
  private next = 0;

  constructor(
    private readonly position: Position,
    private readonly options: Pick<MaxnOptions, 'owners' | 'misere' | 'shouldStop'> = {},
  ) {
    resolvePlayers(position, options.owners); // a clear error now, not at the first step
    this.count = position.over ? 0 : position.generate(this.moves);
  }

  get done(): boolean {
    return this.next >= this.count;
  }

  /** Solves the next move: its final scores (scores[p], player p's balls); null once every move is solved or when shouldStop stopped the solve. */
  step(): { move: number; scores: number[] } | null {
    if (this.done) return null;
    const move = this.moves[this.next++];
    const after = this.position.clone();
    after.make(move);
    const result = this.solver.solve(after, this.options);
    return result.complete ? { move, scores: result.scores } : null;
  }
}

/** Checks owners (or makes every colour in play its own player); throws a clear error. */
function resolvePlayers(position: Position, given: ArrayLike<number> | undefined): Int8Array {
  const owners = new Int8Array(4).fill(-1);
  if (given === undefined) {
    let p = 0;
    for (let c = 0; c < 4; c++) if (position.inPlay[c]) owners[c] = p++;
    return owners;
  }
  if (given.length !== 4) throw new Error(`solveMaxn: owners needs 4 entries (red, yellow, green, blue), not ${given.length}`);
  for (let c = 0; c < 4; c++) {
    const o = given[c];
    if (!Number.isInteger(o) || o < -1 || o > 3) throw new Error(`solveMaxn: owners[${c}] must be a player 0-3 or -1 (nobody), not ${o}`);
    if (position.inPlay[c] && o === -1) throw new Error(`solveMaxn: colour ${c} is in play, so a player must own it`);
    owners[c] = o;
  }
  return owners;
}

/** Solves a position exactly with a fresh solver (a cold table); see the top of this file. */
export function solveMaxn(position: Position, options: MaxnOptions = {}): MaxnResult {
  return new MaxnSolver().solve(position, options);
}
