import { MAX_MOVES, Position } from './position';

/** Leaf count of the move tree to `depth` plies (moves stop at a full board). */
export function perft(position: Position, depth: number): number {
  const buffers = Array.from({ length: depth + 1 }, () => new Int32Array(MAX_MOVES));
  const walk = (d: number): number => {
    if (d === 0 || position.over) return 1;
    const moves = buffers[d];
    const n = position.generate(moves);
    if (d === 1) return n;
    let leaves = 0;
    for (let i = 0; i < n; i++) {
      position.make(moves[i]);
      leaves += walk(d - 1);
      position.unmake();
    }
    return leaves;
  };
  return walk(depth);
}
