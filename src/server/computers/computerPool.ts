/**
 * Computer players on worker threads: searches of every room wait here and run on a few threads,
 * so one room's search never stalls the rooms' thread (messages, clocks, other rooms).
 *
 * Fair between rooms and their creators: each room has its own queue and runs one search at a
 * time; the rooms of one address (the owner) run at most `perOwner` searches at once; a free
 * thread goes to the owner with the fewest searches running, and then to the room served least
 * recently (round robin), so a room never waits behind another room's queue of masters.
 * Background searches (TV's) run only when no other search waits for a thread.
 */
import type { Worker } from 'node:worker_threads';
import type { GameEvent } from '../../engine';
import { startThread } from '../../ai/tools/ts-thread';

export interface SearchJob {
  id: number;
  events: readonly GameEvent[];
  level: string;
}

/**
 * The thread's entry beside this module: TypeScript from the sources, JavaScript once built (npm
 * run build). Judged by the URL's path: loaded by tsx's tsImport (the game server inside vite's
 * dev server) the module's URL ends in a query (`?tsx-namespace=…`).
 */
const THREAD_ENTRY = new URL(new URL(import.meta.url).pathname.endsWith('.ts') ? './computerThread.ts' : './computerThread.js', import.meta.url);

export type SearchReply = { id: number; move: string } | { id: number; error: string };

/** Whose search it is, and whether it is still wanted when a thread is free. */
export interface SearchFor {
  room: string;
  owner: string;
  /** False once the turn moved on or the room closed: the search is dropped unrun. */
  wanted?: () => boolean;
  /** A search nobody plays against (TV): it runs after every other waiting search. */
  background?: boolean;
}

interface Pending {
  job: SearchJob;
  by: SearchFor;
  /** The move, or null for a search dropped unrun. */
  resolve: (move: string | null) => void;
  reject: (error: Error) => void;
}

/** A room's searches: waiting, and when the room last had one run (round robin: least recently served first). */
interface Lane {
  queue: Pending[];
  /** The dispatch count when the room last had a search run; -1 for never (since it last had none waiting or running). */
  servedAt: number;
}

interface Thread {
  worker: Worker;
  busy: Pending | null;
}

export interface PoolOptions {
  /** Searches of one owner's rooms running at once (default: the threads less one, at least 1). */
  perOwner?: number;
  /** Starts a search thread (tests give a fake). */
  startThread?: () => Worker;
}

const startSearchThread = () => startThread(THREAD_ENTRY);

export class ComputerPool {
  private readonly threads: Thread[] = [];
  /** Rooms with a search waiting or running, in the order they asked. */
  private readonly lanes = new Map<string, Lane>();
  private dispatched = 0;
  private readonly runningRooms = new Set<string>();
  private readonly runningByOwner = new Map<string, number>();
  private readonly perOwner: number;
  private readonly startThread: () => Worker;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    options: PoolOptions = {},
  ) {
    if (!(Number.isInteger(size) && size >= 1)) throw new Error(`computer threads must be a whole number >= 1, not ${size}`);
    this.perOwner = options.perOwner ?? Math.max(1, size - 1);
    if (!(this.perOwner >= 1)) throw new Error(`computer searches per address must be >= 1, not ${this.perOwner}`);
    this.startThread = options.startThread ?? startSearchThread;
  }

  /** The level's move (in the protocol's notation) for the colour to move after `events`; null if dropped as no longer wanted. */
  choose(events: readonly GameEvent[], level: string, by: SearchFor): Promise<string | null> {
    if (this.closed) return Promise.reject(new Error('the computer players are stopped'));
    return new Promise((resolve, reject) => {
      const lane = this.lanes.get(by.room) ?? { queue: [], servedAt: -1 };
      lane.queue.push({ job: { id: this.nextId++, events, level }, by, resolve, reject });
      this.lanes.set(by.room, lane);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    // The rooms are closing with the server: their waiting searches are dropped.
    for (const lane of this.lanes.values()) for (const p of lane.queue) p.resolve(null);
    this.lanes.clear();
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    for (;;) {
      const free = this.threads.find((t) => !t.busy);
      if (!free && this.threads.length >= this.size) return;
      const pending = this.next();
      if (!pending) return;
      const thread = free ?? this.spawn();
      thread.busy = pending;
      this.runningRooms.add(pending.by.room);
      this.runningByOwner.set(pending.by.owner, (this.runningByOwner.get(pending.by.owner) ?? 0) + 1);
      thread.worker.postMessage(pending.job);
    }
  }

  /**
   * Takes the next search to run, of a room with none running and an owner under its share: a
   * foreground search before a background one, then the owner with fewest running, then the room
   * served least recently, then the room that asked first.
   */
  private next(): Pending | null {
    let best: Lane | null = null;
    let bestRank: number[] = [];
    for (const [room, lane] of this.lanes) {
      const { queue } = lane;
      while (queue.length > 0 && queue[0].by.wanted?.() === false) queue.shift()!.resolve(null);
      if (queue.length === 0) {
        if (!this.runningRooms.has(room)) this.lanes.delete(room);
        continue;
      }
      const running = this.runningByOwner.get(queue[0].by.owner) ?? 0;
      if (this.runningRooms.has(room) || running >= this.perOwner) continue;
      const rank = [queue[0].by.background ? 1 : 0, running, lane.servedAt];
      if (best === null || before(rank, bestRank)) {
        best = lane;
        bestRank = rank;
      }
    }
    if (best === null) return null;
    best.servedAt = this.dispatched++;
    return best.queue.shift()!;
  }

  private finish(thread: Thread): Pending | null {
    const pending = thread.busy;
    thread.busy = null;
    if (pending) {
      this.runningRooms.delete(pending.by.room);
      if (this.lanes.get(pending.by.room)?.queue.length === 0) this.lanes.delete(pending.by.room);
      const running = (this.runningByOwner.get(pending.by.owner) ?? 1) - 1;
      if (running > 0) this.runningByOwner.set(pending.by.owner, running);
      else this.runningByOwner.delete(pending.by.owner);
    }
    return pending;
  }

  private spawn(): Thread {
    const thread: Thread = { worker: this.startThread(), busy: null };
    thread.worker.on('message', (reply: SearchReply) => {
      const pending = this.finish(thread);
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
    this.finish(thread)?.reject(error);
    if (!this.closed) this.dispatch();
  }
}

/** Whether rank `a` comes strictly before `b` (compared element by element). */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
