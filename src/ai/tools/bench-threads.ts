import { mctsBenchPositions } from './bench';
import { RootParallelPlayer } from './root-parallel-player';

export interface ThreadsBenchResult {
  threads: number;
  /** MCTS iterations of all threads together per second of wall time. */
  iterationsPerSecond: number;
  iterations: number;
  seconds: number;
}

/**
 * Root-parallel master on `threads` worker threads: each of the bench positions (bench.ts) is
 * searched for an equal share of `seconds`; the iterations of all threads are summed over the
 * wall time. A short search first starts the threads, outside the measurement.
 */
export async function benchRootParallel(threads: number, seconds: number): Promise<ThreadsBenchResult> {
  const player = new RootParallelPlayer('master', threads);
  const owners = [0, 1, 2, 3];
  try {
    const positions = mctsBenchPositions();
    await player.search(positions[0], owners, false, { movetime: 50, seed: 1 });
    const movetime = (seconds * 1000) / positions.length;
    let iterations = 0;
    let ms = 0;
    for (const position of positions) {
      const answer = await player.search(position, owners, false, { movetime, seed: 1 });
      iterations += answer.work;
      ms += answer.ms;
    }
    return { threads, iterationsPerSecond: Math.round((iterations / ms) * 1000), iterations, seconds: ms / 1000 };
  } finally {
    player.close();
  }
}
