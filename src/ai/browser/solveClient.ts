/**
 * SolveClient: the page's side of exact move values (the worker's 'solve' request). It has its
 * own worker, so solving never delays a computer player's thinking and the page never blocks.
 *
 *   const solving = new SolveClient().solve(position, owners, misere, {
 *     value: (move, value) => ..., // two sides: each legal move's ball difference as it is solved
 *     scores: (move, scores) => ..., // three or four players: each move's max^n final scores
 *     done: () => ...,             // every move answered
 *     failed: (reason) => ...,     // the worker could not solve (no fallback: it would block the page)
 *   });
 *   solving.cancel();              // nothing more is reported for this request
 */
import type { Position } from '../../engine';
import { defaultWorker } from './client';
import { type FromWorker, solveRequest, type WorkerLike } from './messages';

export interface SolveListener {
  value(move: number, value: number): void;
  scores(move: number, scores: number[]): void;
  done(ms: number): void;
  failed(reason: string): void;
}

export class SolveClient {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  private listening: { id: number; listener: SolveListener } | null = null;

  constructor(private readonly createWorker: () => WorkerLike = defaultWorker) {}

  /** Solves every legal move of `position` (a newer request replaces this one). */
  solve(position: Position, owners: number[], misere: boolean, listener: SolveListener): { cancel(): void } {
    this.cancel();
    const id = this.nextId++;
    try {
      this.worker ??= this.startWorker();
      this.worker.postMessage({ type: 'solve', id, request: solveRequest(position, owners, misere) });
    } catch (e) {
      listener.failed(`the solver could not be started (${e instanceof Error ? e.message : e})`);
      return { cancel: () => undefined };
    }
    this.listening = { id, listener };
    return {
      cancel: () => {
        if (this.listening?.id === id) this.cancel();
      },
    };
  }

  cancel(): void {
    if (!this.listening) return;
    this.worker?.postMessage({ type: 'cancel', id: this.listening.id });
    this.listening = null;
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private startWorker(): WorkerLike {
    const worker = this.createWorker();
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      this.worker = null;
      worker.terminate();
      this.fail(`the solver stopped with an error${event?.message ? ` (${event.message})` : ''}`);
    };
    return worker;
  }

  private receive(message: FromWorker): void {
    const l = this.listening;
    if (!l || message.id !== l.id) return; // an answer to a cancelled request
    if (message.type === 'moveValue') l.listener.value(message.move, message.value);
    else if (message.type === 'moveScores') l.listener.scores(message.move, message.scores);
    else if (message.type === 'solved') {
      this.listening = null;
      l.listener.done(message.ms);
    } else if (message.type === 'error') this.fail(`the solver failed: ${message.message}`);
  }

  private fail(reason: string): void {
    const l = this.listening;
    this.listening = null;
    l?.listener.failed(reason);
  }
}
