/**
 * The messages between the page (client.ts) and the computer-player worker (worker.ts).
 */
import { type BoardSize, Position } from '../../engine';
import { DEFAULT_LEVEL } from '../index';

/** Everything the worker needs to think about one position. */
export interface ThinkRequest {
  size: BoardSize;
  /** Colour ids in play. */
  colours: number[];
  /** 64 internal cells, colour id or -1 (engine Position.cells). */
  cells: number[];
  toMove: number;
  pro: boolean;
  /** owners[colour] = player, -1 neutral (see AiOptions.owners). */
  owners: number[];
  misere: boolean;
  level: string;
  movetime?: number;
  iterations?: number;
  seed: number;
}

export type ToWorker =
  | { type: 'think'; id: number; request: ThinkRequest }
  /** Move now: answer with the best move so far. */
  | { type: 'stop'; id: number }
  /** Forget the search; no answer. */
  | { type: 'cancel'; id: number }
  /** The master's per-player root values of the position (request.level is ignored), for the page's evaluation bar. */
  | { type: 'evaluate'; id: number; request: ThinkRequest };

export type FromWorker =
  | { type: 'progress'; id: number; best: number; work: number }
  | { type: 'move'; id: number; move: number; work: number; ms: number }
  | { type: 'error'; id: number; message: string }
  /** Answer to 'evaluate': values[player] = the master's mean reward at the root. */
  | { type: 'evaluation'; id: number; values: number[]; work: number };

export function positionFromRequest(r: ThinkRequest): Position {
  const p = new Position();
  p.load(r.size, r.colours, r.cells, r.toMove, r.pro);
  return p;
}

/** The worker's request for the colour to move in `position`. */
export function thinkRequest(position: Position, owners: number[], misere: boolean, options: { level?: string; movetime?: number; iterations?: number; seed: number }): ThinkRequest {
  const colours = [0, 1, 2, 3].filter((c) => position.inPlay[c]);
  return {
    size: position.size,
    colours,
    cells: Array.from(position.cells),
    toMove: position.toMove,
    pro: position.pro,
    owners,
    misere,
    level: options.level ?? DEFAULT_LEVEL,
    movetime: options.movetime,
    iterations: options.iterations,
    seed: options.seed,
  };
}
