/**
 * WorkerBrain: the worker's whole message handling (messages.ts) as a plain class, so it runs and
 * is tested in Node as well. No DOM, no Node APIs.
 *
 * How "move now" and cancel reach a busy search without SharedArrayBuffer (which needs the
 * page to be cross-origin isolated, i.e. special COOP/COEP headers a normal Vite app does not
 * send): the brain runs the search in slices of about SLICE_MS and yields to the worker's event
 * loop between slices (a MessageChannel message, which unlike setTimeout is not clamped to 4 ms),
 * so a `stop` or `cancel` message is read within one slice. Every level is a resumable Searcher
 * (searcher.ts), so slicing costs nothing but the yields.
 */
import type { MaxnMoveValues } from '../maxnSolver';
import type { MctsSearcher } from '../mcts';
import type { MoveValues } from '../moveValues';
import { now, type Searcher } from '../searcher';
import { type FromWorker, positionFromRequest, type SolveRequest, type ThinkRequest, type ToWorker } from './messages';
import { oneMoveAnswers, type Searches } from './searches';

export const SLICE_MS = 10;
const PROGRESS_MS = 100;

/** Yields to the event loop, then runs fn: a MessageChannel round trip where there is one. */
export function defaultScheduler(): (fn: () => void) => void {
  if (typeof MessageChannel !== 'undefined') {
    const channel = new MessageChannel();
    const queue: (() => void)[] = [];
    channel.port1.onmessage = () => queue.shift()?.();
    return (fn) => {
      queue.push(fn);
      channel.port2.postMessage(0);
    };
  }
  return (fn) => setTimeout(fn, 0);
}

interface Active {
  id: number;
  searcher: Searcher;
  stop: boolean;
  started: number;
  lastProgress: number;
  /** An 'evaluate' request's search: answered with its root values instead of a move. */
  analysis: MctsSearcher | null;
}

/** A solve request: one move solved per slice, so a cancel is read between moves. */
interface Solving {
  id: number;
  /** Two sides: the ball difference of each move; three or four players: max^n final scores. */
  values: MoveValues | MaxnMoveValues;
  started: number;
}

/** The worker side: one search (or solve) at a time, run in slices. */
export class WorkerBrain {
  private active: Active | null = null;
  private solving: Solving | null = null;

  constructor(
    private readonly post: (message: FromWorker) => void,
    /** What it searches with (searches.ts; the CLI's threads seat arena entrants, whose names are not levels). */
    private searches: Searches,
    private readonly schedule: (fn: () => void) => void = defaultScheduler(),
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** Searches with `searches` from the next request on (the browser's worker, once it has fetched them all). */
  use(searches: Searches): void {
    this.searches = searches;
  }

  /** Whether a search is running. */
  get busy(): boolean {
    return this.active !== null || this.solving !== null;
  }

  handle(message: ToWorker): void {
    switch (message.type) {
      case 'think':
        this.start(message.id, message.request, false);
        break;
      case 'evaluate':
        this.start(message.id, message.request, true);
        break;
      case 'stop':
        if (this.active?.id === message.id) this.active.stop = true;
        break;
      case 'solve':
        this.startSolve(message.id, message.request);
        break;
      case 'cancel':
        if (this.active?.id === message.id) this.active = null;
        if (this.solving?.id === message.id) this.solving = null;
        break;
    }
  }

  private startSolve(id: number, request: SolveRequest): void {
    this.active = null;
    const solving: Solving = { id, values: null!, started: now() };
    try {
      // The solver polls shouldStop inside a long solve: a newer request or a cancel ends it.
      const position = positionFromRequest(request);
      const options = { misere: request.misere, shouldStop: () => this.solving !== solving };
      solving.values = this.searches.moveValues(position, request.owners, options);
    } catch (e) {
      this.post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
      return;
    }
    this.solving = solving;
    this.schedule(() => this.solveSlice(solving));
  }

  private solveSlice(solving: Solving): void {
    if (this.solving !== solving) return; // cancelled or replaced
    try {
      const value = solving.values.step();
      if (value && 'scores' in value) this.post({ type: 'moveScores', id: solving.id, ...value });
      else if (value) this.post({ type: 'moveValue', id: solving.id, ...value });
    } catch (e) {
      this.solving = null;
      this.post({ type: 'error', id: solving.id, message: e instanceof Error ? e.message : String(e) });
      return;
    }
    if (this.solving !== solving) return;
    if (solving.values.done) {
      this.solving = null;
      this.post({ type: 'solved', id: solving.id, ms: now() - solving.started });
      return;
    }
    this.schedule(() => this.solveSlice(solving));
  }

  private start(id: number, request: ThinkRequest, evaluate: boolean): void {
    this.solving = null;
    try {
      const active: Active = { id, searcher: null!, analysis: null, stop: false, started: now(), lastProgress: now() };
      const position = positionFromRequest(request);
      const options = {
        level: request.level,
        movetime: request.movetime,
        iterations: request.iterations,
        seed: request.seed,
        owners: request.owners,
        misere: request.misere,
        shouldStop: () => active.stop,
      };
      // An evaluation is the analysis' master (exact in three- and four-player endgames too), whatever the level.
      if (evaluate) active.searcher = active.analysis = this.searches.analysis(position, options);
      else active.searcher = this.searches.create(position, options);
      this.active = active; // a new search replaces any running one
    } catch (e) {
      this.post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
      return;
    }
    this.schedule(() => this.slice(id));
  }

  private slice(id: number): void {
    const a = this.active;
    if (!a || a.id !== id) return; // cancelled or replaced
    let done: boolean;
    try {
      done = a.stop || a.searcher.step(now() + this.sliceMs);
    } catch (e) {
      this.active = null;
      this.post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
      return;
    }
    if (done) {
      this.active = null;
      if (a.analysis) return this.post({ type: 'evaluation', id, values: a.analysis.rootValues(), move: a.searcher.best(), work: a.searcher.work });
      const root = this.searches.rootStats(a.searcher);
      this.post({ type: 'move', id, move: a.searcher.best(), work: a.searcher.work, ms: now() - a.started, root });
      return;
    }
    if (now() - a.lastProgress >= PROGRESS_MS) {
      a.lastProgress = now();
      this.post({ type: 'progress', id, best: a.searcher.best(), work: a.searcher.work });
    }
    this.schedule(() => this.slice(id));
  }
}

/**
 * The browser worker's handling of its messages: `brain` answers with the one-move searches until
 * a message needs more; then every search is loaded (`loadAll`) and the messages that arrive
 * meanwhile wait, to be handled in order once it is there. A load that fails is reported
 * (`onError`), the waiting messages are answered with the one-move searches (an error for those
 * they cannot answer: the page's player falls back to a level of its own) and the next one tries again.
 */
export function handlerLoadingSearches(brain: WorkerBrain, loadAll: () => Promise<Searches>, onError: (error: unknown) => void): (message: ToWorker) => void {
  let all = false;
  /** Messages waiting for every search; null while none is being loaded. */
  let waiting: ToWorker[] | null = null;
  const load = () => {
    waiting = [];
    loadAll()
      .then((searches) => {
        brain.use(searches);
        all = true;
      }, onError)
      .finally(() => {
        const queued = waiting ?? [];
        waiting = null;
        for (const message of queued) brain.handle(message);
      });
  };
  return (message) => {
    if (!all && !waiting && !oneMoveAnswers(message)) load();
    if (waiting) waiting.push(message);
    else brain.handle(message);
  };
}
