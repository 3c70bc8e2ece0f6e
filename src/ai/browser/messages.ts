/**
 * The messages between the page (client.ts) and the computer-player worker (worker.ts).
 */
import { type BoardSize, Position } from '../../engine';
import { DEFAULT_LEVEL } from '../options';
import type { RootStats } from '../rootStats';

/** A position as the worker receives it, with who owns which colour and the aim. */
export interface PositionRequest {
  size: BoardSize;
  /** Colour ids in play. */
  colours: number[];
  /** 64 internal cells, colour id or -1 (engine Position.cells). */
  cells: number[];
  toMove: number;
  pro: boolean;
  /** owners[colour] = player, -1 neutral (see AiOptions.owners); for a two-sided solve, side 0 or 1. */
  owners: number[];
  misere: boolean;
}

/** Everything the worker needs to think about one position. */
export interface ThinkRequest extends PositionRequest {
  level: string;
  movetime?: number;
  iterations?: number;
  seed: number;
}

/**
 * A position whose every legal move the exact solvers value: two sides by the two-sided solver
 * (MoveValues, owners 0 and 1), three or four players by max^n (MaxnMoveValues, owners 0-3).
 */
export type SolveRequest = PositionRequest;

export type ToWorker =
  | { type: 'think'; id: number; request: ThinkRequest }
  /** Exact values of every legal move, answered one move at a time; `cancel` stops it. */
  | { type: 'solve'; id: number; request: SolveRequest }
  /** Move now: answer with the best move so far. */
  | { type: 'stop'; id: number }
  /** Forget the search; no answer. */
  | { type: 'cancel'; id: number }
  /**
   * The analysis' per-player root values of the position (createAnalysisSearcher: the master, and
   * exact in three- and four-player endgames too; request.level is ignored), for the evaluation bar.
   */
  | { type: 'evaluate'; id: number; request: ThinkRequest };

export type FromWorker =
  | { type: 'progress'; id: number; best: number; work: number }
  /** root: the master's root statistics, which a RootParallelWorker merges over its workers. */
  | { type: 'move'; id: number; move: number; work: number; ms: number; root?: RootStats }
  | { type: 'error'; id: number; message: string }
  /** One move of a two-sided solve request: its final ball difference for the mover's side. */
  | { type: 'moveValue'; id: number; move: number; value: number }
  /** One move of a three- or four-player solve request: the final balls of each player (scores[p]) under max^n play after it. */
  | { type: 'moveScores'; id: number; move: number; scores: number[] }
  /** Every move of the solve request has been answered. */
  | { type: 'solved'; id: number; ms: number }
  /** Answer to 'evaluate': values[player] = the mean win share at the root, or the exact result once solved; move = the best move there. */
  | { type: 'evaluation'; id: number; values: number[]; move: number; work: number };

export function positionFromRequest(r: PositionRequest): Position {
  const p = new Position();
  p.load(r.size, r.colours, r.cells, r.toMove, r.pro);
  return p;
}

/** The worker's request for the colour to move in `position`. */
export function thinkRequest(position: Position, owners: number[], misere: boolean, options: { level?: string; movetime?: number; iterations?: number; seed: number }): ThinkRequest {
  return {
    ...solveRequest(position, owners, misere),
    level: options.level ?? DEFAULT_LEVEL,
    movetime: options.movetime,
    iterations: options.iterations,
    seed: options.seed,
  };
}

/** The worker's solve request for `position` (the colour to move in it). */
export function solveRequest(position: Position, owners: number[], misere: boolean): SolveRequest {
  return {
    size: position.size,
    colours: [0, 1, 2, 3].filter((c) => position.inPlay[c]),
    cells: Array.from(position.cells),
    toMove: position.toMove,
    pro: position.pro,
    owners,
    misere,
  };
}

/** The part of a Worker its clients use (a fake in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  terminate(): void;
  onmessage: ((event: { data: FromWorker }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}
