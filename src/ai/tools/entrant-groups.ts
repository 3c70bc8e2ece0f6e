/**
 * The process groups of the arena's external programs (external-player.ts), so that none
 * outlives the arena. Each program runs in a group of its own (what its shell starts runs in it
 * too), which a terminal's Ctrl-C does not reach: so the main thread kills every group still
 * running when the process exits and when it gets SIGINT, SIGTERM or SIGHUP (then dies of that
 * signal as it would have). Programs started by an arena worker thread are reported to the main
 * thread (reportGroupsTo), since a thread sees no signals and may be terminated without notice.
 */
import { isMainThread } from 'node:worker_threads';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const running = new Set<number>();
let report: ((pid: number, running: boolean) => void) | null = null;

/** Kills the process group led by `pid` (if any member is left). */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function killAll(): void {
  for (const pid of running) killGroup(pid);
  running.clear();
  setWatching(false);
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  // Our handler is gone again: the signal now does what it would have done without us.
  process.kill(process.pid, signal);
}

let watching = false;
function setWatching(on: boolean): void {
  if (on === watching) return;
  watching = on;
  const method = on ? 'on' : 'off';
  process[method]('exit', killAll);
  for (const signal of SIGNALS) process[method](signal, onSignal);
}

/** In an arena worker thread: where to report the groups started and ended (the main thread, by message). */
export function reportGroupsTo(reporter: (pid: number, running: boolean) => void): void {
  report = reporter;
}

/** A program's group started (running) or was killed (not running). */
export function groupChanged(pid: number, isRunning: boolean): void {
  if (report) return report(pid, isRunning);
  if (!isMainThread) throw new Error('an external program started on a worker thread that reports its process groups nowhere');
  if (isRunning) running.add(pid);
  else running.delete(pid);
  setWatching(running.size > 0);
}
