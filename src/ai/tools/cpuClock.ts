/**
 * The CPU time of one thread, for the arena's --movecpu: on a shared machine a wall-clock
 * budget buys a search only its share of a core, so tables made under load are distorted.
 *
 * Node 20 has no per-thread CPU clock (process.cpuUsage() counts every thread of the process),
 * so this reads Linux's /proc/thread-self/schedstat, whose first field is the nanoseconds the
 * thread has run. Measured here: about 2.4 us a read (the searches read it every 16 iterations
 * or 1024 nodes), and the value advances at the scheduler tick (up to 4 ms), so a search
 * overshoots its budget by at most one tick.
 */
import { openSync, readSync } from 'node:fs';

let clock: (() => number) | undefined;

/**
 * A clock (ms) of the CPU time of the thread that calls this function: the file stays open and
 * names that thread, so call it on the thread that will run the searches. One per thread (each
 * worker thread has its own copy of this module).
 */
export function threadCpuClock(): () => number {
  if (clock) return clock;
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch (e) {
    throw new Error(`--movecpu needs the CPU time of a thread, which Linux gives in /proc/thread-self/schedstat: ${e instanceof Error ? e.message : e}`);
  }
  const buffer = Buffer.alloc(64);
  return (clock = () => {
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return Number.parseInt(buffer.toString('latin1', 0, n), 10) / 1e6;
  });
}
