/**
 * An arena entrant searching root-parallel on worker threads (`master@2`): each move goes to
 * every thread with its own seed, and the move is the most visited over their merged root
 * statistics (the browser's RootParallelWorker, here over Node worker threads).
 */
import { moveName, type Position } from '../../engine';
import { seatOptions } from '../index';
import { type FromWorker, thinkRequest, type WorkerLike } from '../browser/messages';
import { RootParallelWorker } from '../browser/rootParallelWorker';
import { type ArenaPlayer, EntrantFailure, type MoveRequest } from './arena';
import { startTsThread } from './ts-thread';

function searchThread(): WorkerLike {
  const thread = startTsThread(new URL('./root-thread.ts', import.meta.url));
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (message) => thread.postMessage(message),
    terminate: () => void thread.terminate(),
  };
  thread.on('message', (data: FromWorker) => worker.onmessage?.({ data }));
  thread.on('error', (e) => worker.onerror?.({ message: e.message }));
  return worker;
}

export interface SearchAnswer {
  move: number;
  work: number;
  ms: number;
}

export class RootParallelPlayer implements ArenaPlayer {
  private readonly pool: RootParallelWorker;
  private nextId = 1;
  private waiting: { id: number; resolve: (answer: SearchAnswer) => void; reject: (e: Error) => void } | null = null;

  /** `spec`: a uct or master entrant (entrants.ts), searched on `threads` worker threads. */
  constructor(
    private readonly spec: string,
    threads: number,
  ) {
    this.pool = new RootParallelWorker(Array.from({ length: threads }, searchThread), () => true);
    this.pool.onmessage = ({ data }) => this.receive(data);
    this.pool.onerror = ({ message }) => this.fail(`${spec}: a search thread failed${message ? ` (${message})` : ''}`);
  }

  choose({ game, seed, movetime, iterations }: MoveRequest): Promise<string> {
    const { owners, misere } = seatOptions(game.setup);
    return this.search(game.positionCopy(), owners, misere, { movetime, iterations, seed }).then((answer) => moveName(game.setup.size, answer.move));
  }

  /**
   * The merged move for the colour to move, with the work of all threads (MCTS iterations) and
   * the wall time. `signal` aborted: every thread answers with its best move so far.
   */
  search(position: Position, owners: number[], misere: boolean, budget: { movetime?: number; iterations?: number; seed: number }, signal?: AbortSignal): Promise<SearchAnswer> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const stop = () => this.pool.postMessage({ type: 'stop', id });
      signal?.addEventListener('abort', stop, { once: true });
      const settled = () => signal?.removeEventListener('abort', stop);
      this.waiting = {
        id,
        resolve: (answer) => (settled(), resolve(answer)),
        reject: (e) => (settled(), reject(e)),
      };
      this.pool.postMessage({ type: 'think', id, request: thinkRequest(position, owners, misere, { ...budget, level: this.spec }) });
      if (signal?.aborted) stop();
    });
  }

  close(): void {
    this.pool.terminate();
  }

  private receive(message: FromWorker): void {
    const w = this.waiting;
    if (!w || message.id !== w.id) return;
    if (message.type === 'error') return this.fail(`${this.spec}: ${message.message}`);
    if (message.type !== 'move') return;
    this.waiting = null;
    w.resolve({ move: message.move, work: message.work, ms: message.ms });
  }

  private fail(reason: string): void {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(new EntrantFailure(reason));
  }
}
