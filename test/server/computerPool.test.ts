/**
 * The computer pool's scheduling (src/server/computers/computerPool.ts) with fake threads that answer when
 * the test says: which search runs next, so the order is exact and no search is timed.
 */
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ComputerPool, type SearchFor, type SearchJob } from '../../src/server/computers/computerPool';

/** A thread that keeps the jobs it is given until the test answers them. */
class FakeThread extends EventEmitter {
  job: SearchJob | null = null;
  postMessage(job: SearchJob): void {
    this.job = job;
  }
  async terminate(): Promise<number> {
    return 0;
  }
  answer(move = 'a1'): void {
    const job = this.job!;
    this.job = null;
    this.emit('message', { id: job.id, move });
  }
}

function pool(threads: number, perOwner?: number) {
  const started: FakeThread[] = [];
  const p = new ComputerPool(threads, {
    perOwner,
    startThread: () => {
      const thread = new FakeThread();
      started.push(thread);
      return thread as unknown as Worker;
    },
  });
  /** Level of each search run, in the order the threads got them (the level names the search in these tests). */
  const ran: string[] = [];
  const results: Record<string, string | null> = {};
  const ask = (name: string, by: SearchFor) => {
    void p.choose([], name, by).then((move) => (results[name] = move));
  };
  const running = () => started.filter((t) => t.job).map((t) => t.job!.level);
  /** Answers the search `name` (running on some thread), and notes what runs then. */
  const answer = (name: string) => {
    const thread = started.find((t) => t.job?.level === name);
    if (!thread) throw new Error(`${name} is not running (running: ${running().join(', ')})`);
    thread.answer();
  };
  const track = () => {
    for (const t of started) if (t.job && !ran.includes(t.job.level)) ran.push(t.job.level);
  };
  return { p, started, ran, results, ask, running, answer, track };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('computer pool scheduling', () => {
  it('runs a room\'s searches one at a time, and serves rooms in turn (round robin), not first come first served', () => {
    const { ask, answer, running, track, ran } = pool(1, 10);
    // Room A asks three searches before B and C ask one each.
    ask('A1', { room: 'A', owner: 'x' });
    ask('A2', { room: 'A', owner: 'x' });
    ask('A3', { room: 'A', owner: 'x' });
    ask('B1', { room: 'B', owner: 'x' });
    ask('C1', { room: 'C', owner: 'x' });
    track();
    for (const name of ['A1', 'B1', 'C1', 'A2', 'A3']) {
      expect(running()).toEqual([name]);
      answer(name);
      track();
    }
    expect(ran).toEqual(['A1', 'B1', 'C1', 'A2', 'A3']);
  });

  it('gives a free thread to the address with fewest searches running: four rooms of masters from one address do not hold up another\'s room', () => {
    const { ask, answer, running } = pool(2);
    // One address opens four rooms of four masters each: every room asks for its move.
    for (const room of ['M1', 'M2', 'M3', 'M4']) ask(`${room}`, { room, owner: 'attacker' });
    // Threads less one per address: the attacker's rooms take one thread.
    expect(running()).toEqual(['M1']);
    // Another client's room asks: it runs at once on the other thread.
    ask('V1', { room: 'V', owner: 'victim' });
    expect(running()).toEqual(['M1', 'V1']);
    answer('V1');
    // Its next search too, while the attacker's queue still waits.
    ask('V2', { room: 'V', owner: 'victim' });
    expect(running()).toEqual(['M1', 'V2']);
    answer('M1');
    expect(running()).toEqual(['M2', 'V2']);
    answer('V2');
    // The victim idle: its thread stays free for others rather than for the attacker's queue.
    expect(running()).toEqual(['M2']);
  });

  it('between addresses with searches waiting, serves the one with fewest running first', () => {
    const { ask, answer, running } = pool(2, 2);
    ask('a1', { room: 'A', owner: 'a' });
    ask('a2', { room: 'A2', owner: 'a' });
    ask('a3', { room: 'A3', owner: 'a' });
    ask('b1', { room: 'B', owner: 'b' });
    expect(running()).toEqual(['a1', 'a2']);
    answer('a1');
    // a has one running, b none: b goes before a's older search.
    expect(running()).toEqual(['b1', 'a2']);
  });

  it('drops a search no longer wanted (the turn moved on, the room closed) without running it', async () => {
    const { ask, answer, running, results } = pool(1, 5);
    let wanted = true;
    ask('A1', { room: 'A', owner: 'x' });
    ask('B1', { room: 'B', owner: 'x', wanted: () => wanted });
    ask('C1', { room: 'C', owner: 'x' });
    wanted = false;
    answer('A1');
    expect(running()).toEqual(['C1']);
    await flush();
    expect(results).toEqual({ A1: 'a1', B1: null });
  });

  it('runs background searches (TV) only when no other search waits, and still runs them when none does', () => {
    const { ask, answer, running } = pool(2, 5);
    ask('A1', { room: 'A', owner: 'a' });
    // Nothing else waits: TV's search runs on the other thread.
    ask('T1', { room: 'TV', owner: 'tv', background: true });
    expect(running()).toEqual(['A1', 'T1']);
    ask('T2', { room: 'TV', owner: 'tv', background: true });
    ask('B1', { room: 'B', owner: 'a' });
    answer('T1');
    // TV asked first and its owner runs nothing, while a's runs A1: fairness alone would pick T2; B1 goes first.
    expect(running()).toEqual(['A1', 'B1']);
    answer('A1');
    expect(running()).toEqual(['T2', 'B1']);
  });

  it('starts no more threads than it has searches to run', () => {
    const { ask, started } = pool(4);
    ask('A1', { room: 'A', owner: 'x' });
    expect(started.length).toBe(1);
  });

  it('fails a search whose thread dies, and runs the next on a new thread', async () => {
    const { p, ask, started, running } = pool(1, 5);
    let failed: Error | null = null;
    p.choose([], 'A1', { room: 'A', owner: 'x' }).catch((e: Error) => (failed = e));
    ask('B1', { room: 'B', owner: 'x' });
    started[0].job = null;
    started[0].emit('exit', 1);
    await flush();
    expect(failed!.message).toContain('exit code 1');
    expect(started.length).toBe(2);
    expect(running()).toEqual(['B1']);
  });

  it('refuses a pool of no threads or no searches per address', () => {
    expect(() => new ComputerPool(0)).toThrow('whole number >= 1');
    expect(() => new ComputerPool(2, { perOwner: 0 })).toThrow('searches per address must be >= 1');
  });
});
