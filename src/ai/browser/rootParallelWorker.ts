/**
 * RootParallelWorker: several workers that look like one to AiClient (a WorkerLike). A think
 * request that `splits` (the master level in the browser) goes to every worker with its own
 * seed (rootStats.ts searchSeed); when all have answered, the one 'move' the client sees is the
 * most visited move over all their root statistics. Move now and cancel go to every worker,
 * each of which answers within one slice, so the merged answer comes within one slice too.
 * Anything else (other levels, evaluate, solve) goes to the first worker alone.
 *
 * The same class drives the CLI's worker threads (tools/root-parallel-player.ts): merging
 * lives in one place for both.
 */
import { mergeRootStats, type RootStats, searchSeed } from '../rootStats';
import type { FromWorker, ThinkRequest, ToWorker, WorkerLike } from './messages';

/** At most this many browser workers search one move (each needs a core to be worth it). */
export const MAX_SEARCH_WORKERS = 4;

/** Workers for the master on this machine: one core is left to the page; 1 means no pool. */
export function searchWorkerCount(hardwareConcurrency: number | undefined): number {
  return Math.max(1, Math.min(MAX_SEARCH_WORKERS, (hardwareConcurrency ?? 1) - 1));
}

type MoveAnswer = Extract<FromWorker, { type: 'move' }>;

interface Merging {
  id: number;
  answers: (MoveAnswer | undefined)[];
}

export class RootParallelWorker implements WorkerLike {
  onmessage: ((event: { data: FromWorker }) => void) | null = null;
  onerror: ((event: { message?: string }) => void) | null = null;
  private merging: Merging | null = null;

  constructor(
    private readonly workers: WorkerLike[],
    /** Which think requests every worker searches; default: the master level. */
    private readonly splits: (request: ThinkRequest) => boolean = (request) => request.level === 'master',
  ) {
    if (workers.length === 0) throw new Error('a root-parallel search needs at least one worker');
    workers.forEach((worker, index) => {
      worker.onmessage = (event) => this.receive(index, event.data);
      worker.onerror = (event) => this.onerror?.(event);
    });
  }

  postMessage(message: ToWorker): void {
    if (message.type === 'think' && this.splits(message.request)) {
      this.merging = { id: message.id, answers: this.workers.map(() => undefined) };
      this.workers.forEach((worker, index) =>
        worker.postMessage({ ...message, request: { ...message.request, seed: searchSeed(message.request.seed, index) } }),
      );
      return;
    }
    if (message.type === 'stop' || message.type === 'cancel') {
      if (message.type === 'cancel' && this.merging?.id === message.id) this.merging = null;
      for (const worker of this.workers) worker.postMessage(message);
      return;
    }
    if (message.type === 'think' || message.type === 'solve' || message.type === 'evaluate') this.merging = null; // replaces the running search
    this.workers[0].postMessage(message);
  }

  terminate(): void {
    this.merging = null;
    for (const worker of this.workers) worker.terminate();
  }

  private receive(index: number, message: FromWorker): void {
    const m = this.merging;
    if (m === null || message.id !== m.id) {
      if (index === 0) this.onmessage?.({ data: message });
      return;
    }
    if (message.type === 'error') {
      this.merging = null;
      this.onmessage?.({ data: message });
      return;
    }
    if (message.type === 'progress') {
      if (index === 0) this.onmessage?.({ data: message }); // the first search's best so far is the client's fallback
      return;
    }
    if (message.type !== 'move') return;
    m.answers[index] = message;
    if (m.answers.some((a) => a === undefined)) return;
    this.merging = null;
    const answers = m.answers as MoveAnswer[];
    const stats = answers.map((a) => a.root).filter((r): r is RootStats => r !== undefined);
    const move = stats.length === answers.length ? mergeRootStats(stats) : answers[0].move;
    this.onmessage?.({
      data: { type: 'move', id: m.id, move, work: answers.reduce((sum, a) => sum + a.work, 0), ms: Math.max(...answers.map((a) => a.ms)) },
    });
  }
}
