import { Worker } from 'node:worker_threads';
import { type ArenaConfig, type ArenaGame, playArenaGame, summarize, type ArenaTable } from './arena';
import { closePlayers, createPlayers } from './arena-players';

// The thread entry is TypeScript: register tsx's loader in the thread (Node 20 does not pass
// a loader registered with module.register on to worker threads), then import it.
const THREAD_BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
  new URL('./arena-thread.ts', import.meta.url).href,
)}); });`;

export interface RunOptions {
  /** Worker threads; 1 plays on this thread. */
  parallel: number;
  /** Called after each finished game. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Plays every game of the config and returns the table. Games are independent and seeded by
 * their index, so the table does not depend on `parallel` (with iteration budgets).
 */
export async function runArena(config: ArenaConfig, options: RunOptions): Promise<{ table: ArenaTable; records: ArenaGame[] }> {
  const records = options.parallel <= 1 ? await runHere(config, options) : await runThreads(config, options);
  records.sort((a, b) => a.index - b.index);
  return { table: summarize(config, records), records };
}

async function runHere(config: ArenaConfig, options: RunOptions): Promise<ArenaGame[]> {
  const players = createPlayers(config);
  const records: ArenaGame[] = [];
  try {
    for (let i = 0; i < config.games; i++) {
      records.push(await playArenaGame(config, i, players));
      options.onProgress?.(records.length, config.games);
    }
  } finally {
    await closePlayers(players);
  }
  return records;
}

function runThreads(config: ArenaConfig, options: RunOptions): Promise<ArenaGame[]> {
  const threads = Math.min(options.parallel, config.games);
  const records: ArenaGame[] = [];
  let nextIndex = 0;
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let failed = false;
    let closed = 0;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(new Error(message));
    };
    for (let t = 0; t < threads; t++) {
      const worker = new Worker(THREAD_BOOT, { eval: true, workerData: config });
      workers.push(worker);
      const feed = () => {
        if (nextIndex < config.games) worker.postMessage({ index: nextIndex++ });
        else worker.postMessage({ close: true });
      };
      worker.on('message', (m: { record?: ArenaGame; error?: string }) => {
        if (m.error) return fail(m.error);
        records.push(m.record!);
        options.onProgress?.(records.length, config.games);
        feed();
      });
      worker.on('error', (e) => fail(`arena worker thread failed: ${e.message}`));
      worker.on('exit', () => {
        if (++closed < threads || failed) return;
        if (records.length === config.games) resolve(records);
        else fail(`arena worker threads stopped after ${records.length} of ${config.games} games`);
      });
      feed();
    }
  });
}
