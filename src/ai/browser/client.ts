/**
 * AiClient: the page's side of the computer players. Thinking runs in a Web Worker
 * (worker.ts), so the page never blocks; if the worker fails, the client falls back to a
 * simpler level computed on the main thread within a few milliseconds, and says so in `notice`.
 *
 * Usage (src/app):
 *   const ai = new AiClient({ onNotice: (text) => showToast(text) });
 *   const result = await ai.requestMove(game, { level: 'master', movetime: 1000 });
 *   if (result) game.play(result.name);       // null: cancelled (or replaced by a newer request)
 *   ai.moveNow();                              // the running search answers with its best move so far
 *   ai.cancel();                               // forget the running search; its promise resolves null
 *   ai.thinking                                // true while a request is running (for the indicator)
 *   ai.notice                                  // null, or why this client plays at a simpler level now
 *   ai.dispose();                              // terminates the worker
 *
 * One request at a time per client: a new request cancels the running one (its promise
 * resolves null). Use one client per computer seat to think for several seats at once.
 *
 * Options of requestMove: level (default the strongest), movetime (ms; default the level's),
 * iterations, seed (default derived from the game's seed and move number, so a replayed game
 * gets the same moves). Team, solo and misere come from the game's setup.
 *
 * Failures: a worker that cannot start, throws, posts an error, or does not answer within
 * movetime + WATCHDOG_MS (or WATCHDOG_MS after moveNow) is terminated; the request is answered by
 * FALLBACK_LEVEL on the main thread (result.fallback = true), and so are all later requests of
 * this client.
 */
import { type Game, type Position } from '../../engine';
import { computerSeed, DEFAULT_LEVEL, describeMove, isLevel, type Level, LEVEL_DEFAULT_MOVETIME, type MoveDescription, seatOptions } from '../index';
import { SearchContext } from '../searcher';
import { TacticianSearcher } from '../simple';
import { type FromWorker, thinkRequest, type WorkerLike } from './messages';
import { RootParallelWorker, searchWorkerCount } from './rootParallelWorker';

export interface MoveOptions {
  level?: string;
  movetime?: number;
  iterations?: number;
  seed?: number;
}

export interface MoveResult extends MoveDescription {
  level: string;
  /** True when the fallback level on the main thread chose this move. */
  fallback: boolean;
  /** Work done by the search (iterations or nodes). */
  work: number;
}

export interface AiClientOptions {
  /** Default: computerWorker() (the module worker of worker.ts, several for the master on multi-core machines). */
  createWorker?: () => WorkerLike;
  /** Called when the client falls back to the main thread, with the notice text. */
  onNotice?: (notice: string) => void;
}

/** The fallback's level. Its searcher is made here rather than by createSearcher, which would bring every level's search code onto the page. */
export const FALLBACK_LEVEL: Level = 'tactician';
export const WATCHDOG_MS = 3000;

export function defaultWorker(): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike;
}

/** The computer players' worker: one, or a root-parallel pool where the machine has cores to spare. */
export function computerWorker(): WorkerLike {
  const count = searchWorkerCount(globalThis.navigator?.hardwareConcurrency);
  return count === 1 ? defaultWorker() : new RootParallelWorker(Array.from({ length: count }, defaultWorker));
}

interface Pending {
  id: number;
  position: Position;
  owners: number[];
  misere: boolean;
  level: string;
  seed: number;
  lastBest: number;
  resolve: (result: MoveResult | null) => void;
  watchdog: ReturnType<typeof setTimeout> | null;
  watchdogMs: number;
}

export class AiClient {
  /** Why this client now plays at the fallback level, or null while the worker is fine. */
  notice: string | null = null;
  private worker: WorkerLike | null = null;
  private pending: Pending | null = null;
  private nextId = 1;

  constructor(private readonly options: AiClientOptions = {}) {}

  get thinking(): boolean {
    return this.pending !== null;
  }

  /** The computer's move for the colour to move in `game`; null if cancelled or replaced. */
  requestMove(game: Game, options: MoveOptions = {}): Promise<MoveResult | null> {
    if (game.state.over) return Promise.reject(new Error('the round is over: there is no move to choose'));
    const level = options.level ?? DEFAULT_LEVEL;
    if (!isLevel(level)) return Promise.reject(new Error(`unknown level "${level}"`));
    const seed = options.seed ?? computerSeed(game);
    const { owners, misere } = seatOptions(game.setup);
    return this.think(game.positionCopy(), owners, misere, { ...options, level, seed });
  }

  /** Think about any position (owners/misere as in AiOptions). */
  think(position: Position, owners: number[], misere: boolean, options: MoveOptions & { seed: number; level: string }): Promise<MoveResult | null> {
    this.cancel();
    return new Promise((resolve) => {
      const id = this.nextId++;
      const movetime = options.movetime ?? (options.iterations !== undefined ? 0 : LEVEL_DEFAULT_MOVETIME[options.level as Level]);
      const pending: Pending = {
        id, position: position.clone(), owners, misere, level: options.level, seed: options.seed,
        lastBest: -1, resolve, watchdog: null, watchdogMs: movetime + WATCHDOG_MS,
      };
      this.pending = pending;
      if (this.notice !== null) return this.fallback(pending);
      const worker = this.ensureWorker();
      if (!worker) return this.fallback(pending);
      try {
        worker.postMessage({ type: 'think', id, request: thinkRequest(position, owners, misere, options) });
      } catch (e) {
        return this.crash(`the computer player could not be started (${e instanceof Error ? e.message : e})`);
      }
      this.arm(pending, pending.watchdogMs);
    });
  }

  /** The running search answers now with its best move so far. */
  moveNow(): void {
    const p = this.pending;
    if (!p) return;
    this.worker?.postMessage({ type: 'stop', id: p.id });
    this.arm(p, WATCHDOG_MS);
  }

  /** Abandons the running search; its promise resolves null. */
  cancel(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (p.watchdog) clearTimeout(p.watchdog);
    this.worker?.postMessage({ type: 'cancel', id: p.id });
    p.resolve(null);
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): WorkerLike | null {
    if (this.worker) return this.worker;
    try {
      const worker = (this.options.createWorker ?? computerWorker)();
      worker.onmessage = (event) => this.receive(event.data);
      worker.onerror = (event) => this.crash(`the computer player stopped with an error${event?.message ? ` (${event.message})` : ''}`);
      this.worker = worker;
      return worker;
    } catch (e) {
      this.crash(`the computer player could not be started (${e instanceof Error ? e.message : e})`);
      return null;
    }
  }

  private arm(p: Pending, ms: number): void {
    if (p.watchdog) clearTimeout(p.watchdog);
    p.watchdog = setTimeout(() => {
      if (this.pending === p) this.crash('the computer player did not answer in time');
    }, ms);
  }

  private receive(message: FromWorker): void {
    const p = this.pending;
    if (!p || message.id !== p.id) return; // an answer to a cancelled request
    if (message.type === 'progress') {
      p.lastBest = message.best;
      return;
    }
    if (message.type === 'error') return this.crash(`the computer player failed: ${message.message}`);
    if (message.type !== 'move') return; // answers to the page's evaluator (src/app/analysis/evaluation.ts) or a SolveClient, never asked here
    if (!this.isLegal(p.position, message.move)) return this.crash(`the computer player answered an illegal move (${message.move})`);
    this.finish(p, { ...describeMove(p.position, message.move), level: p.level, fallback: false, work: message.work });
  }

  private finish(p: Pending, result: MoveResult): void {
    if (p.watchdog) clearTimeout(p.watchdog);
    if (this.pending === p) this.pending = null;
    p.resolve(result);
  }

  /** The worker failed: drop it, say so, and answer the running request on the main thread. */
  private crash(reason: string): void {
    try {
      this.worker?.terminate();
    } catch {
      // already gone
    }
    this.worker = null;
    if (this.notice === null) {
      this.notice = `${reason[0].toUpperCase()}${reason.slice(1)}; the computer now plays at ${FALLBACK_LEVEL} level.`;
      this.options.onNotice?.(this.notice);
    }
    const p = this.pending;
    if (!p) return;
    // The worker's last reported best move beats the fallback level's, when there is one.
    if (p.lastBest >= 0 && this.isLegal(p.position, p.lastBest)) {
      this.finish(p, { ...describeMove(p.position, p.lastBest), level: p.level, fallback: true, work: 0 });
    } else this.fallback(p);
  }

  /** The fallback level on the main thread: one move deep, well under a millisecond a move. */
  private fallback(p: Pending): void {
    const options = { level: FALLBACK_LEVEL, seed: p.seed, owners: p.owners, misere: p.misere };
    const searcher = new TacticianSearcher(new SearchContext(p.position, options, LEVEL_DEFAULT_MOVETIME[FALLBACK_LEVEL]));
    this.finish(p, { ...describeMove(p.position, searcher.best()), level: FALLBACK_LEVEL, fallback: true, work: searcher.work });
  }

  private isLegal(position: Position, move: number): boolean {
    const moves = new Int32Array(512);
    const n = position.generate(moves);
    for (let i = 0; i < n; i++) if (moves[i] === move) return true;
    return false;
  }
}
