/**
 * The process groups of the arena's external programs (external-player.ts), so that none
 * outlives the arena. Each program runs in a group of its own (what its shell starts runs in it
 * too), which a terminal's Ctrl-C does not reach: so the main thread kills every group still
 * running when the process exits and when it gets SIGINT, SIGTERM or SIGHUP (then dies of that
 * signal as it would have).
 *
 * The groups are recorded in tables in shared memory, written synchronously around the spawn:
 * a slot is marked "starting" before the program is spawned and holds its pid right after. An
 * arena worker thread records in a table the main thread watches for the whole parallel arena
 * (watchGroupTable), since a thread sees no signals and may be terminated without notice. On a
 * signal the main thread closes every table: it waits for the slots being started, kills every
 * recorded group, and closes the free slots so that nothing starts afterwards. No message has
 * to arrive first, so a signal at any moment leaves no program behind.
 */
import type { ChildProcess } from 'node:child_process';
import { isMainThread, workerData } from 'node:worker_threads';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Programs a table can hold at once. */
const SLOTS = 256;
/** Slot values besides a pid. */
const FREE = 0;
const STARTING = -1;
const CLOSED = -2;
/** How long closing a table waits for a program being spawned (a spawn takes milliseconds). */
const STARTING_WAIT_MS = 5000;

/** A table of process groups in shared memory, for an arena's worker threads (workerData.groups). */
export type GroupTable = Int32Array;

export function newGroupTable(): GroupTable {
  return new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
}

/** Where this thread records its programs: the table an arena worker thread was given, or the main thread's own. */
const ownTable: GroupTable = !isMainThread && (workerData as { groups?: unknown } | null)?.groups instanceof Int32Array ? (workerData as { groups: GroupTable }).groups : newGroupTable();
/** Main thread: the worker threads' tables of the parallel arenas under way. */
const arenaTables = new Set<GroupTable>();
/** Main thread: programs in its own table. */
let ownRunning = 0;

/** Kills the process group led by `pid` (if any member is left). */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Kills every group in the table and closes it: nothing can be started in it any more. */
function closeTable(table: GroupTable): void {
  for (let slot = 0; slot < table.length; slot++) {
    for (;;) {
      const value = Atomics.load(table, slot);
      if (value === STARTING) {
        if (Atomics.wait(table, slot, STARTING, STARTING_WAIT_MS) === 'timed-out') break;
        continue;
      }
      if (value > 0) killGroup(value);
      if (value === CLOSED || Atomics.compareExchange(table, slot, value, CLOSED) === value) break;
    }
  }
}

function killAll(): void {
  closeTable(ownTable);
  for (const table of arenaTables) closeTable(table);
  arenaTables.clear();
  ownRunning = 0;
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

function updateWatching(): void {
  if (isMainThread) setWatching(ownRunning > 0 || arenaTables.size > 0);
}

/**
 * Main thread, for a parallel arena: a table for its worker threads (pass it as workerData.groups),
 * watched until the returned `end` is called, which kills what is still recorded in it.
 */
export function watchGroupTable(): { table: GroupTable; end: () => void } {
  if (!isMainThread) throw new Error('a parallel arena runs its worker threads from the main thread');
  const table = newGroupTable();
  arenaTables.add(table);
  updateWatching();
  return {
    table,
    end: () => {
      closeTable(table);
      arenaTables.delete(table);
      updateWatching();
    },
  };
}

/** A program running in a recorded process group of its own. */
export interface GroupedProgram {
  child: ChildProcess;
  /** Kills the program's group (if any member is left) and forgets it. */
  end: () => void;
}

/**
 * Starts a program with `spawnDetached` (which must spawn it detached, leading a group of its
 * own), its group recorded in this thread's table from before the spawn until `end`.
 */
export function startGrouped(spawnDetached: () => ChildProcess): GroupedProgram {
  let slot = 0;
  while (slot < SLOTS && Atomics.compareExchange(ownTable, slot, FREE, STARTING) !== FREE) slot++;
  if (slot === SLOTS) {
    throw new Error(Atomics.load(ownTable, 0) === CLOSED ? 'the arena is stopping: no external program starts any more' : `more than ${SLOTS} external programs at once`);
  }
  // Watched from before the spawn: a signal arriving as the program starts must not find the default action.
  if (isMainThread) ownRunning++;
  updateWatching();
  const free = () => {
    Atomics.store(ownTable, slot, FREE);
    Atomics.notify(ownTable, slot);
    if (isMainThread) ownRunning--;
    updateWatching();
  };
  let child: ChildProcess;
  try {
    child = spawnDetached();
  } catch (e) {
    free();
    throw e;
  }
  const pid = child.pid;
  // A program that could not be spawned has no pid (its 'error' event says why): its slot is free again.
  if (pid === undefined) {
    free();
    return { child, end: () => {} };
  }
  Atomics.store(ownTable, slot, pid);
  Atomics.notify(ownTable, slot);
  let ended = false;
  return {
    child,
    end: () => {
      if (ended) return;
      ended = true;
      killGroup(pid);
      // Only this program's slot: the table may have been closed meanwhile.
      if (Atomics.compareExchange(ownTable, slot, pid, FREE) === pid && isMainThread) ownRunning--;
      updateWatching();
    },
  };
}
