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
import { createSearcher } from '../index';
import { MctsSearcher } from '../mcts';
import { now, type Searcher } from '../searcher';
import { type FromWorker, positionFromRequest, type ThinkRequest, type ToWorker } from './messages';

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
  /** An 'evaluate' request: answered with the root values instead of a move. */
  evaluate: boolean;
}

/** The worker side: one search at a time, run in slices. */
export class WorkerBrain {
  private active: Active | null = null;

  constructor(
    private readonly post: (message: FromWorker) => void,
    private readonly schedule: (fn: () => void) => void = defaultScheduler(),
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** Whether a search is running. */
  get busy(): boolean {
    return this.active !== null;
  }

  handle(message: ToWorker): void {
    switch (message.type) {
      case 'think':
        this.start(message.id, message.request, false);
        break;
      case 'evaluate':
        this.start(message.id, { ...message.request, level: 'master' }, true);
        break;
      case 'stop':
        if (this.active?.id === message.id) this.active.stop = true;
        break;
      case 'cancel':
        if (this.active?.id === message.id) this.active = null;
        break;
    }
  }

  private start(id: number, request: ThinkRequest, evaluate: boolean): void {
    let searcher: Searcher;
    try {
      const active: Active = { id, searcher: null!, stop: false, started: now(), lastProgress: now(), evaluate };
      searcher = createSearcher(positionFromRequest(request), {
        level: request.level,
        movetime: request.movetime,
        iterations: request.iterations,
        seed: request.seed,
        owners: request.owners,
        misere: request.misere,
        shouldStop: () => active.stop,
      });
      active.searcher = searcher;
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
      if (a.evaluate && a.searcher instanceof MctsSearcher) return this.post({ type: 'evaluation', id, values: a.searcher.rootValues(), work: a.searcher.work });
      this.post({ type: 'move', id, move: a.searcher.best(), work: a.searcher.work, ms: now() - a.started });
      return;
    }
    if (now() - a.lastProgress >= PROGRESS_MS) {
      a.lastProgress = now();
      this.post({ type: 'progress', id, best: a.searcher.best(), work: a.searcher.work });
    }
    this.schedule(() => this.slice(id));
  }
}
