import { Position } from '../engine';
import { createSearcher } from './index';
import { now } from './searcher';

export interface BenchResult {
  /** MCTS iterations (each one a tree descent plus a full playout) per second. */
  playoutsPerSecond: number;
  playouts: number;
  seconds: number;
  /** Strategist search nodes per second on the same positions. */
  nodesPerSecond: number;
}

/**
 * MCTS speed on one thread: master searches the four-player 8x8 start position and a few
 * positions later in the round for about `seconds` in total, and strategist the same for
 * comparison. Prints nothing; the `bench` command formats the figures.
 */
export function benchMcts(seconds = 3): BenchResult {
  const positions: Position[] = [];
  const p = Position.start(8, [0, 1, 2, 3], 0, false);
  for (let ply = 0; ply < 40; ply++) {
    if (ply % 10 === 0) positions.push(p.clone());
    p.make(createSearcher(p, { level: 'tactician', seed: ply }).best());
  }
  const slice = (seconds * 1000) / positions.length / 2;
  let playouts = 0;
  let mctsMs = 0;
  let nodes = 0;
  let abMs = 0;
  for (const pos of positions) {
    for (const level of ['master', 'strategist'] as const) {
      const t = now();
      const s = createSearcher(pos, { level, movetime: slice, seed: 1 });
      while (!s.step(Infinity));
      const ms = now() - t;
      if (level === 'master') {
        playouts += s.work;
        mctsMs += ms;
      } else {
        nodes += s.work;
        abMs += ms;
      }
    }
  }
  return {
    playoutsPerSecond: Math.round((playouts / mctsMs) * 1000),
    playouts,
    seconds: mctsMs / 1000,
    nodesPerSecond: Math.round((nodes / abMs) * 1000),
  };
}
