import { describe, expect, it } from 'vitest';
import { MAX_MOVES, Position, Random } from '../../src/engine';

/** A fresh position loaded from p's balls with `toMove` to move: the reference hash and moves. */
function reloaded(p: Position, toMove: number): Position {
  const q = new Position();
  q.load(p.size, [0, 1, 2, 3].filter((c) => p.inPlay[c]), p.cells, toMove, p.pro);
  return q;
}

const moves = (p: Position) => {
  const out = new Int32Array(MAX_MOVES);
  return Array.from(out.subarray(0, p.generate(out)));
};

describe('Position.setToMove (out-of-turn moves for best-reply search)', () => {
  it('gives the same hash and moves as loading the position with that colour to move, and unmake + setToMove restore it', () => {
    const random = new Random(5);
    const p = Position.start(8, [0, 1, 2, 3], 0);
    for (let ply = 0; ply < 40; ply++) {
      const before = { lo: p.hashLo, hi: p.hashHi, toMove: p.toMove, cells: Array.from(p.cells) };
      const c = random.below(4);
      p.setToMove(c);
      const ref = reloaded(p, c);
      expect([p.toMove, p.hashLo, p.hashHi]).toEqual([c, ref.hashLo, ref.hashHi]);
      expect(moves(p)).toEqual(moves(ref));
      // An out-of-turn move, then back.
      const legal = moves(p);
      p.make(legal[random.below(legal.length)]);
      const after = reloaded(p, p.next[c]);
      expect([p.toMove, p.hashLo, p.hashHi]).toEqual([p.next[c], after.hashLo, after.hashHi]);
      p.unmake();
      expect(p.toMove).toBe(c);
      p.setToMove(before.toMove);
      expect({ lo: p.hashLo, hi: p.hashHi, toMove: p.toMove, cells: Array.from(p.cells) }).toEqual(before);
      // Continue the game in turn.
      const own = moves(p);
      p.make(own[random.below(own.length)]);
    }
  });
});
