import { describe, expect, it } from 'vitest';
import { type BoardSize, MAX_MOVES, Position, Random } from '../../src/engine';

/** Position's fast paths (randomMove, playoutMove) against the plain ones (generate, make, load). */
const SETUPS: { label: string; size: BoardSize; colours: number[]; pro: boolean }[] = [
  { label: '8x8 four colours', size: 8, colours: [0, 1, 2, 3], pro: false },
  { label: '8x8 four colours Pro', size: 8, colours: [0, 1, 2, 3], pro: true },
  { label: '8x8 two colours Pro', size: 8, colours: [0, 2], pro: true },
  { label: '6x6 three colours', size: 6, colours: [0, 1, 2], pro: false },
  { label: '4x4 two colours Pro', size: 4, colours: [0, 2], pro: true },
];

function fresh(p: Position): Position {
  const q = new Position();
  q.load(p.size, [0, 1, 2, 3].filter((c) => p.inPlay[c]), p.cells, p.toMove, p.pro);
  return q;
}

describe('fast playout moves agree with generate and make', () => {
  for (const setup of SETUPS) {
    it(setup.label, () => {
      const moves = new Int32Array(MAX_MOVES);
      const rolls = new Int32Array(64);
      let doubles = 0;
      for (let game = 0; game < 12; game++) {
        const slow = Position.start(setup.size, setup.colours, setup.colours[game % setup.colours.length], setup.pro);
        const fast = slow.clone();
        const a = new Random(game);
        const b = new Random(game);
        while (!slow.over) {
          const n = slow.generate(moves);
          const move = moves[a.below(n)];
          expect(fast.randomMove(b)).toBe(move);
          if (move >= 64) doubles++;
          // make rolls exactly the balls rolls() lists, and keeps the hash of a fresh load.
          const rolled = new Set(Array.from(rolls.subarray(0, slow.rolls(move, rolls))));
          const before = Array.from(slow.cells);
          slow.make(move);
          before.forEach((c, sq) => expect(slow.cells[sq] !== c).toBe(rolled.has(sq) || c === -1 && slow.cells[sq] !== -1));
          const loaded = fresh(slow);
          expect([slow.hashLo, slow.hashHi, Array.from(slow.bb)]).toEqual([loaded.hashLo, loaded.hashHi, Array.from(loaded.bb)]);
          fast.playoutMove(move);
          expect([Array.from(fast.bb), Array.from(fast.cells), fast.toMove, fast.empties]).toEqual([Array.from(slow.bb), Array.from(slow.cells), slow.toMove, slow.empties]);
        }
        // unmake takes every move back to the start.
        while (slow.ply > 0) slow.unmake();
        expect(Array.from(slow.bb)).toEqual(Array.from(Position.start(setup.size, setup.colours, 0, setup.pro).bb));
      }
      if (setup.pro) expect(doubles).toBeGreaterThan(0);
    });
  }
});
