/**
 * Computer players on worker threads: searches of every room queue here and run on a few threads,
 * so one room's search never stalls the rooms' thread (messages, clocks, other rooms).
 */
import type { Worker } from 'node:worker_threads';
import type { GameEvent } from '../engine';
import { startThread } from '../ai/tools/ts-thread';

export interface SearchJob {
  id: number;
  events: readonly GameEvent[];
  level: string;
}

/** The thread's entry beside this module: TypeScript from the sources, JavaScript once built (npm run build). */
const THREAD_ENTRY = new URL(import.meta.url.endsWith('.ts') ? './computerThread.ts' : './computerThread.js', import.meta.url);

export type SearchReply = { id: number; move: string } | { id: number; error: string };

interface Pending {
  job: SearchJob;
  resolve: (move: string) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Pending | null;
}

export class ComputerPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {
    if (!(Number.isInteger(size) && size >= 1)) throw new Error(`computer threads must be a whole number >= 1, not ${size}`);
  }

  /** The level's move (in the protocol's notation) for the colour to move after `events`. */
  choose(events: readonly GameEvent[], level: string): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the computer players are stopped'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, events, level }, resolve, reject });
      this.dispatch();
    });
  }

  /** Searches waiting or running. */
  get load(): number {
    return this.queue.length + this.threads.filter((t) => t.busy).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the computer players are stopped'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.threads.find((t) => !t.busy) ?? (this.threads.length < this.size ? this.spawn() : null);
      if (!thread) return;
      const pending = this.queue.shift()!;
      thread.busy = pending;
      thread.worker.postMessage(pending.job);
    }
  }

  private spawn(): Thread {
    const thread: Thread = { worker: startThread(THREAD_ENTRY), busy: null };
    thread.worker.on('message', (reply: SearchReply) => {
      const pending = thread.busy;
      thread.busy = null;
      if (pending && pending.job.id === reply.id) {
        if ('move' in reply) pending.resolve(reply.move);
        else pending.reject(new Error(reply.error));
      }
      this.dispatch();
    });
    thread.worker.on('error', (e) => this.lose(thread, e));
    thread.worker.on('exit', (code) => this.lose(thread, new Error(`a computer thread stopped (exit code ${code})`)));
    this.threads.push(thread);
    return thread;
  }

  /** A thread died: its search fails, and the next search gets a new thread. */
  private lose(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    thread.busy?.reject(error);
    thread.busy = null;
    if (!this.closed) this.dispatch();
  }
}
