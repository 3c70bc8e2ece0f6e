import { MAX_MOVES, Position, randomSquare } from '../engine';
import { type BoardMasks, boardMasks, moveValue } from './evaluate';
import { type Searcher, type SearchContext, sliceOver } from './searcher';
import { mergeRootStats, type RootStats } from './rootStats';
import { MaxnSolver } from './maxnSolver';
import { EndgameSolver } from './solver';

/** Tuned with the arena against the pool (docs/ai.md). */
export interface MctsParams {
  exploration: number;
  epsilon: number;
  expandAfter: number;
  /** Weight of the ball share in a playout's reward (the rest is the win share). */
  scoreWeight: number;
  /** Try unvisited children best-first on the tactical map (else in move-generation order). */
  mapOrder: boolean;
  /** Solve two-player endgames exactly first (SOLVE_EMPTIES). */
  solveEndgames: boolean;
  /**
   * Solve three- and four-player endgames exactly first (max^n, maxnSolver.ts, MAXN_SOLVE_EMPTIES).
   * Off for play (docs/ai.md: it gained nothing there), on for the analysis (createAnalysisSearcher).
   */
  solveMaxnEndgames: boolean;
  /**
   * The analysis: the exact solver is bounded by this many nodes in all instead of a share of the
   * time budget, so that a decided endgame's values are exact however loaded the machine is (on a
   * loaded machine the time share can be too short for the larger endgames). Undefined for play.
   */
  solverNodeBudget?: number;
  /**
   * Weight of the rank in a finished playout's reward (the rest is the win share): a player's
   * rank score is the share of the other players it beat (ties count half), so second place in
   * four players earns 2/3 of this weight. 0 = win-only.
   */
  rankWeight: number;
}

/** The master's parameters in one- and two-player rounds. */
export const MASTER_TWO_PLAYER_PARAMS: MctsParams = {
  /** UCT exploration constant for rewards in [0, 1]. */
  exploration: 0.3,
  /** Chance that a playout move is random rather than the best on the tactical map. */
  epsilon: 0.05,
  /** Visits before a leaf is expanded. */
  expandAfter: 1,
  /** Win-only reward (docs/ai.md: a blend with the ball share lost to plain UCT in four-player games). */
  scoreWeight: 0,
  mapOrder: true,
  solveEndgames: true,
  solveMaxnEndgames: false,
  /**
   * Win-only reward, no rank (docs/ai.md, "The reward"; 200 ms CPU a move: over the pool
   * 62.1% against 58.2% with half the reward from the rank; vs two uct 39.6% against 27.6%, vs
   * three 32.1% against 23.8%). With two players the rank is the win share: no change there.
   */
  rankWeight: 0,
};

/**
 * The master's parameters in three- and four-player rounds: a quarter of the playout moves
 * random (docs/ai.md, "Playout randomness (epsilon)": over the pool at equal CPU time 64.5%
 * against 58.5% with the two-player 0.05, 62.7% with 0.5 and 55.8% with uniform playouts).
 */
export const MASTER_MULTI_PLAYER_PARAMS: MctsParams = {
  ...MASTER_TWO_PLAYER_PARAMS,
  epsilon: 0.25,
};

/** The master's parameters for a round of this many players. */
export function masterParams(players: number): MctsParams {
  return players > 2 ? MASTER_MULTI_PLAYER_PARAMS : MASTER_TWO_PLAYER_PARAMS;
}

/**
 * Plain UCT with max^n backup, the arena's baseline (`uct`): uniform random playouts, reward 1
 * to the winner (shared on ties), exploration 0.7, no knowledge of the tactical map, no solver.
 */
export const UCT_PARAMS: MctsParams = {
  exploration: 0.7,
  epsilon: 1,
  expandAfter: 1,
  scoreWeight: 0,
  mapOrder: false,
  solveEndgames: false,
  solveMaxnEndgames: false,
  rankWeight: 0,
};

const MAX_NODES = 1 << 22;

/** Two-player endgames with at most this many empty sockets are solved exactly first (8x8: ~0.1 s). */
export const SOLVE_EMPTIES = 14;
/**
 * Three- and four-player endgames with at most this many empty sockets are solved exactly first
 * when MctsParams.solveMaxnEndgames is on (8x8, four players: at most about 100,000 nodes, 0.1 s;
 * at 10 empties up to 0.75 million nodes, 0.4 s: docs/solver.md).
 */
export const MAXN_SOLVE_EMPTIES = 9;
/** Share of the time budget the exact solver may use before MCTS takes over. */
const SOLVE_SHARE = 0.5;
/**
 * The analysis' exact solver budget (MctsParams.solverNodeBudget): above the largest endgames
 * measured at SOLVE_EMPTIES (two players) and MAXN_SOLVE_EMPTIES (three, four) on 8x8, about
 * 290,000 nodes; about 0.3 s on a quiet machine.
 */
export const ANALYSIS_SOLVER_NODES = 1_000_000;
/** With an iteration budget, the solver may visit this many nodes per MCTS iteration. */
const SOLVER_NODES_PER_ITERATION = 16;

/**
 * master: Monte Carlo tree search with max^n backup (Nijssen and Winands 2013): every node
 * keeps a reward total for each player, and at each node the player to move picks the child
 * that is best for itself by UCT; unvisited children are tried best-first on the tactical map.
 * Playouts are epsilon-greedy on the tactical map: mostly a legal square of the best map value,
 * sometimes a random move (in three and four players a quarter of the moves: masterParams, the
 * parameters by player count). A playout's reward for each player is its win share (ties
 * split); MctsParams.rankWeight can blend in its rank (the share of the others it beat) and
 * scoreWeight its share of the board, for tuning in the arena. The arena's `uct` baseline is
 * the same search with UCT_PARAMS.
 * The tree lives in flat typed arrays that grow by doubling, so an iteration allocates nothing.
 *
 * Two-player endgames (at most SOLVE_EMPTIES empty sockets) are first solved exactly with
 * solver.ts; MCTS decides only when the solve does not fit the budget.
 *
 * Resumable at any iteration: step() just runs more iterations on the same tree.
 */
export class MctsSearcher implements Searcher {
  work = 0;
  private finished = false;
  /** Whether the exact solver is still being tried, and its move once it has finished. */
  private solving: boolean;
  private solvedMove = -1;
  /** Each player's share of the solved result (1 to a sole winner, shared on a tie), null until solved. */
  private solvedShares: number[] | null = null;
  /** This search's own exact solver (its table is cold at the start, so runs are reproducible). */
  private solver: EndgameSolver | MaxnSolver | null = null;
  /** Nodes the exact solver visited (not counted in work, which is MCTS iterations). */
  solverNodes = 0;
  private readonly root: Position;
  private readonly pos = new Position();
  private readonly masks: BoardMasks;
  private readonly players: number;
  private readonly owners: Int8Array;
  // Node arrays. Node 0 is the root. Children of a node are contiguous.
  private capacity = 1 << 14;
  private nodeMove = new Int32Array(this.capacity);
  private firstChild = new Int32Array(this.capacity);
  private childCount = new Int32Array(this.capacity);
  private visits = new Float64Array(this.capacity);
  private rewards = new Float64Array(this.capacity * 4);
  private nodes = 1;
  private readonly path = new Int32Array(128);
  private readonly moveBuffer = new Int32Array(MAX_MOVES);
  private readonly outcome = new Float64Array(4);
  /** Each player's total win share over the playouts (before any rank or ball-share blend): the evaluation bar's chances. */
  private readonly rootWins = new Float64Array(4);
  constructor(
    private readonly ctx: SearchContext,
    private readonly params: MctsParams = masterParams(ctx.seating.players),
  ) {
    this.root = ctx.position;
    this.masks = boardMasks(this.root.size);
    this.players = ctx.seating.players;
    this.owners = ctx.seating.owners;
    this.firstChild[0] = -1;
    this.expand(0, this.root);
    if (this.childCount[0] === 1) this.finished = true;
    this.solving =
      this.players === 2
        ? params.solveEndgames && this.root.empties <= SOLVE_EMPTIES
        : this.players > 2 && params.solveMaxnEndgames && this.root.empties <= MAXN_SOLVE_EMPTIES;
  }

  step(sliceEnd: number): boolean {
    const ctx = this.ctx;
    if (this.solving && !this.finished) {
      this.solve(sliceEnd);
      if (this.solving || this.finished) return this.finished;
    }
    while (!this.finished) {
      if (this.work >= ctx.iterations) {
        this.finished = true;
        break;
      }
      if ((this.work & 15) === 0) {
        if (ctx.shouldStop() || ctx.timeUp()) {
          this.finished = true;
          break;
        }
        if (sliceOver(sliceEnd)) break;
      }
      this.iterate();
      this.work++;
    }
    return this.finished;
  }

  /**
   * Endgame: the exact solver, whose move is perfect play (two players: solver.ts, the final
   * ball difference; three and four: maxnSolver.ts, max^n). Time budget: it may use SOLVE_SHARE
   * of the movetime (over several slices; its transposition table keeps the work of interrupted
   * tries), then MCTS plays with the rest; the analysis instead gives it solverNodeBudget nodes
   * over its slices, whatever the time. Iteration budget: a node budget proportional to it, from a
   * cleared table, so the result is reproducible.
   */
  private solve(sliceEnd: number): void {
    const ctx = this.ctx;
    const byNodes = ctx.deadline === Infinity;
    const nodeBudget = this.params.solverNodeBudget;
    // The analysis' node budget spans slices: each try uses what the earlier ones left.
    const nodesLeft = nodeBudget === undefined ? undefined : Math.max(0, nodeBudget - this.solverNodes);
    const solveEnd = nodeBudget === undefined ? ctx.start + (ctx.deadline - ctx.start) * SOLVE_SHARE : Infinity;
    const budget = {
      owners: ctx.seating.owners,
      misere: ctx.seating.misere,
      maxNodes: byNodes ? Math.min(ctx.iterations * SOLVER_NODES_PER_ITERATION, 2 ** 40) : nodesLeft,
      shouldStop: () => ctx.shouldStop() || (!byNodes && (sliceOver(sliceEnd) || ctx.clock() >= solveEnd)),
    };
    let complete: boolean;
    if (this.players === 2) {
      const solver = (this.solver ??= new EndgameSolver()) as EndgameSolver;
      const result = solver.solve(this.root, { ...budget, line: false });
      this.solverNodes += result.nodes;
      complete = result.complete;
      if (complete) {
        this.solvedMove = result.move;
        // The mover's side's margin in its own objective (misère: fewer balls is better).
        const margin = ctx.seating.misere ? -result.value : result.value;
        const mover = this.owners[this.root.toMove];
        const share = margin > 0 ? 1 : margin < 0 ? 0 : 0.5;
        this.solvedShares = [0, 1].map((p) => (p === mover ? share : 1 - share));
      }
    } else {
      const solver = (this.solver ??= new MaxnSolver()) as MaxnSolver;
      const result = solver.solve(this.root, budget);
      this.solverNodes += result.nodes;
      complete = result.complete;
      if (complete) {
        this.solvedMove = result.move;
        this.solvedShares = Array.from({ length: this.players }, (_, p) => (result.winners.includes(p) ? 1 / result.winners.length : 0));
      }
    }
    if (complete) {
      this.finished = true;
      this.solving = false;
    } else if (ctx.shouldStop()) {
      this.finished = true;
      this.solving = false;
    } else if (byNodes || ctx.clock() >= solveEnd || (nodeBudget !== undefined && this.solverNodes >= nodeBudget)) {
      this.solving = false; // too deep for the budget: MCTS decides
    }
  }

  /** The solved move, else the most visited root move (ties: the higher mean reward for the mover). */
  best(): number {
    return mergeRootStats([this.rootStats()]);
  }

  /** The root's moves with their visits and the mover's reward totals, for merging root-parallel searches. */
  rootStats(): RootStats {
    const first = this.firstChild[0];
    const end = first + this.childCount[0];
    const me = this.owners[this.root.toMove];
    const moves: number[] = [];
    const visits: number[] = [];
    const rewards: number[] = [];
    for (let c = first; c < end; c++) {
      moves.push(this.nodeMove[c]);
      visits.push(this.visits[c]);
      rewards.push(this.rewards[c * 4 + me]);
    }
    return { moves, visits, rewards, solved: this.solvedMove };
  }

  /**
   * Each player's chance to win as the search sees it (the page's evaluation bar): its mean win
   * share over the playouts, without the rank blend of the search's reward, so the values sum to 1
   * (misère aside); zeros before the first iteration. A position the exact solver solved has its
   * exact values: 1 for the winner under perfect play (max^n play with three or four players), a
   * shared win split equally, 0 for the others (the solver ends the search before any playout).
   */
  rootValues(): number[] {
    if (this.solvedShares) return [...this.solvedShares];
    return Array.from({ length: this.players }, (_, p) => (this.visits[0] > 0 ? this.rootWins[p] / this.visits[0] : 0));
  }

  private iterate(): void {
    const pos = this.pos;
    pos.copyFrom(this.root);
    const path = this.path;
    let depth = 0;
    let node = 0;
    path[depth++] = 0;
    // Selection: descend through expanded nodes, each mover maximising its own reward.
    while (this.childCount[node] > 0) {
      const child = this.select(node, this.owners[pos.toMove]);
      pos.make(this.nodeMove[child]);
      node = child;
      path[depth++] = node;
      if (this.childCount[node] === 0 && !pos.over && this.visits[node] >= this.params.expandAfter && this.expand(node, pos)) {
        const next = this.select(node, this.owners[pos.toMove]);
        pos.make(this.nodeMove[next]);
        node = next;
        path[depth++] = node;
        break;
      }
    }
    this.playout(pos);
    // Backup: every node on the path adds every player's reward.
    const players = this.players;
    const out = this.outcome;
    for (let i = 0; i < depth; i++) {
      const n = path[i];
      this.visits[n] += 1;
      const base = n * 4;
      for (let p = 0; p < players; p++) this.rewards[base + p] += out[p];
    }
  }

  /** UCT for `player`; unvisited children first, in order of their tactical-map value. */
  private select(node: number, player: number): number {
    const first = this.firstChild[node];
    const end = first + this.childCount[node];
    const logN = Math.log(this.visits[node] + 1);
    const c = this.params.exploration;
    let best = first;
    let bestScore = -Infinity;
    for (let ch = first; ch < end; ch++) {
      const v = this.visits[ch];
      if (v === 0) return ch; // children are stored in the order to try them (mapOrder)
      const score = this.rewards[ch * 4 + player] / v + c * Math.sqrt(logN / v);
      if (score > bestScore) {
        bestScore = score;
        best = ch;
      }
    }
    return best;
  }

  /** Adds the node's children (legal moves, best on the map first). False when the tree is full. */
  private expand(node: number, pos: Position): boolean {
    const n = pos.generate(this.moveBuffer);
    if (this.nodes + n > this.capacity && !this.grow(this.nodes + n)) return false;
    const moves = this.moveBuffer;
    // Insertion sort by map value, best first (stable, so ties keep board order).
    for (let i = 1; i < n && this.params.mapOrder; i++) {
      const m = moves[i];
      const v = moveValue(this.masks, m);
      let j = i - 1;
      while (j >= 0 && moveValue(this.masks, moves[j]) < v) {
        moves[j + 1] = moves[j];
        j--;
      }
      moves[j + 1] = m;
    }
    const first = this.nodes;
    for (let i = 0; i < n; i++) {
      const c = first + i;
      this.nodeMove[c] = moves[i];
      this.firstChild[c] = -1;
      this.childCount[c] = 0;
      this.visits[c] = 0;
      this.rewards.fill(0, c * 4, c * 4 + 4);
    }
    this.firstChild[node] = first;
    this.childCount[node] = n;
    this.nodes += n;
    return true;
  }

  private grow(needed: number): boolean {
    if (needed > MAX_NODES) return false;
    let cap = this.capacity;
    while (cap < needed) cap *= 2;
    const copy = <T extends Int32Array | Float64Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.nodeMove = copy(this.nodeMove, cap);
    this.firstChild = copy(this.firstChild, cap);
    this.childCount = copy(this.childCount, cap);
    this.visits = copy(this.visits, cap);
    this.rewards = copy(this.rewards, cap * 4);
    this.capacity = cap;
    return true;
  }

  /** A random move, or the best on the tactical map (ties at random), from the full move list (Pro doubles). */
  private mapMove(pos: Position, random: boolean): number {
    const moves = this.moveBuffer;
    const n = pos.generate(moves);
    const r = this.ctx.random;
    if (random) return moves[r.below(n)];
    let move = moves[0];
    let best = moveValue(this.masks, move);
    let ties = 1;
    for (let i = 1; i < n; i++) {
      const v = moveValue(this.masks, moves[i]);
      if (v > best) {
        best = v;
        move = moves[i];
        ties = 1;
      } else if (v === best && r.below(++ties) === 0) move = moves[i];
    }
    return move;
  }

  /** Plays the round out epsilon-greedily and writes each player's reward into this.outcome. */
  private playout(pos: Position): void {
    const random = this.ctx.random;
    const epsilon = this.params.epsilon;
    const classes = this.masks.valueClasses;
    while (!pos.over) {
      if (pos.moveMask()) {
        pos.playoutMove(this.mapMove(pos, random.next() < epsilon));
        continue;
      }
      let move = -1;
      if (epsilon < 1 && random.next() >= epsilon) {
        // The best squares on the map that are legal, one of them at random.
        for (let i = 0; move < 0; i += 2) {
          const lo = pos.moveLo & classes[i];
          const hi = pos.moveHi & classes[i + 1];
          if ((lo | hi) !== 0) move = randomSquare(lo, hi, random);
        }
      } else move = randomSquare(pos.moveLo, pos.moveHi, random);
      pos.playoutMove(move);
    }
    const seating = this.ctx.seating;
    seating.outcome(pos, this.outcome);
    for (let p = 0; p < this.players; p++) this.rootWins[p] += this.outcome[p];
    const w = this.params.scoreWeight;
    if (w > 0 && this.players > 1) {
      const total = pos.size * pos.size;
      for (let p = 0; p < this.players; p++) {
        const share = seating.score(pos, p) / total;
        this.outcome[p] = (1 - w) * this.outcome[p] + w * (seating.misere ? 1 - share : share);
      }
    }
    const r = this.params.rankWeight;
    if (r > 0 && this.players > 1) {
      for (let p = 0; p < this.players; p++) {
        const mine = seating.score(pos, p);
        let beaten = 0;
        for (let q = 0; q < this.players; q++) {
          if (q === p) continue;
          const theirs = seating.score(pos, q);
          beaten += mine === theirs ? 0.5 : (seating.misere ? mine < theirs : mine > theirs) ? 1 : 0;
        }
        this.outcome[p] = (1 - r) * this.outcome[p] + (r * beaten) / (this.players - 1);
      }
    }
  }
}
