import type { Worker } from 'node:worker_threads';
import { type ArenaConfig, type ArenaGame, type ArenaPlayer, type ArenaTable, playArenaGame, summarize } from './arena';
import { closePlayers, createPlayers } from './arena-players';
import { watchGroupTable } from './entrant-groups';
import { startTsThread } from './ts-thread';

export interface RunOptions {
  /** Worker threads; 1 plays on this thread. */
  parallel: number;
  /** Called after each finished game. */
  onProgress?: (done: number, total: number) => void;
}

/** One game to play: game `index` of `config`. */
export interface ArenaJob {
  config: ArenaConfig;
  index: number;
}

/**
 * Plays every game of the config and returns the table. Games are independent and seeded by
 * their index, so the table does not depend on `parallel` (with iteration budgets).
 */
export async function runArena(config: ArenaConfig, options: RunOptions): Promise<{ table: ArenaTable; records: ArenaGame[] }> {
  const records = await playJobs(
    Array.from({ length: config.games }, (_, index) => ({ config, index })),
    options,
  );
  return { table: summarize(config, records), records };
}

/** Plays the games (of one or several configs), on this thread or on `parallel` threads; records in job order. */
export async function playJobs(jobs: ArenaJob[], options: RunOptions): Promise<ArenaGame[]> {
  return options.parallel <= 1 ? playHere(jobs, options) : playOnThreads(jobs, options);
}

async function playHere(jobs: ArenaJob[], options: RunOptions): Promise<ArenaGame[]> {
  const playersByConfig = new Map<ArenaConfig, ArenaPlayer[]>();
  const records: ArenaGame[] = [];
  try {
    for (const { config, index } of jobs) {
      let players = playersByConfig.get(config);
      if (!players) playersByConfig.set(config, (players = createPlayers(config)));
      records.push(await playArenaGame(config, index, players));
      options.onProgress?.(records.length, jobs.length);
    }
  } finally {
    await Promise.all([...playersByConfig.values()].map(closePlayers));
  }
  return records;
}

function playOnThreads(jobs: ArenaJob[], options: RunOptions): Promise<ArenaGame[]> {
  const threads = Math.min(options.parallel, jobs.length);
  const records: ArenaGame[] = new Array(jobs.length);
  let done = 0;
  let next = 0;
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    // The process groups of the threads' external programs, watched from here for the whole
    // arena: a thread sees no signals, and a terminated one cannot end them.
    const groups = watchGroupTable();
    let failed = false;
    let closed = 0;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      // Closed first: a thread terminated between a spawn and its record would leave a group unkilled.
      groups.end();
      for (const w of workers) void w.terminate();
      reject(new Error(message));
    };
    for (let t = 0; t < threads; t++) {
      const worker = startTsThread(new URL('./arena-thread.ts', import.meta.url), { groups: groups.table });
      workers.push(worker);
      let playing = -1;
      const feed = () => {
        if (next < jobs.length) {
          playing = next++;
          worker.postMessage(jobs[playing]);
        } else worker.postMessage({ close: true });
      };
      worker.on('message', (m: { record?: ArenaGame; error?: string }) => {
        if (m.error) return fail(m.error);
        records[playing] = m.record!;
        done++;
        options.onProgress?.(done, jobs.length);
        feed();
      });
      worker.on('error', (e) => fail(`arena worker thread failed: ${e.message}`));
      worker.on('exit', () => {
        if (++closed < threads || failed) return;
        groups.end();
        if (done === jobs.length) resolve(records);
        else fail(`arena worker threads stopped after ${done} of ${jobs.length} games`);
      });
      feed();
    }
  });
}
