import { describe, expect, it } from 'vitest';
import { randomEndgame } from '../../src/ai/tools/solver-bench';
import { EndgameSolver, solveExact } from '../../src/ai/solver';
import { type BoardSize, EMPTY, MAX_MOVES, Position, Random } from '../../src/engine/index';

/**
 * Independent checker: plain minimax over the engine's legal moves, no pruning, no table. Scores
 * are side 0's balls minus side 1's, read from the cells; side 0 maximises (minimises in misere).
 * Returns the value for the side to move at `position`, in plain ball difference.
 */
function bruteForce(position: Position, owners: number[], misere: boolean): number {
  const pos = position.clone();
  const buffers = Array.from({ length: 65 }, () => new Int32Array(MAX_MOVES));
  const sideZeroDiff = (): number => {
    let d = 0;
    for (const c of pos.cells) if (c !== EMPTY && owners[c] >= 0) d += owners[c] === 0 ? 1 : -1;
    return d;
  };
  const walk = (ply: number): number => {
    if (pos.over) return sideZeroDiff();
    const moves = buffers[ply];
    const n = pos.generate(moves);
    const maximise = (owners[pos.toMove] === 0) !== misere;
    let best = maximise ? -Infinity : Infinity;
    for (let i = 0; i < n; i++) {
      pos.make(moves[i]);
      const v = walk(ply + 1);
      pos.unmake();
      best = maximise ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  const v = walk(0);
  // (+ 0 turns -0 into 0.)
  return (owners[position.toMove] === 0 ? v : -v) + 0;
}

/** Plays `line` from `position`, checking each move is legal; returns the final difference for the first mover's side. */
function playLine(position: Position, line: number[], owners: number[]): number {
  const pos = position.clone();
  const moves = new Int32Array(MAX_MOVES);
  for (const move of line) {
    const n = pos.generate(moves);
    expect(Array.from(moves.subarray(0, n))).toContain(move);
    pos.make(move);
  }
  expect(pos.over).toBe(true);
  const side = owners[position.toMove];
  let d = 0;
  for (const c of pos.cells) if (c !== EMPTY && owners[c] >= 0) d += owners[c] === side ? 1 : -1;
  return d;
}

interface Case {
  size: BoardSize;
  colours: number[];
  owners: number[];
  empties: number;
  pro?: boolean;
  misere?: boolean;
  /** Recolour some balls to colours nobody owns, so neutral balls are on the board. */
  neutrals?: boolean;
}

/** A seeded endgame for a case: random play from the start, then optional neutral recolouring. */
function casePosition(c: Case, seed: number): Position {
  const random = new Random(seed);
  const first = c.colours[random.below(c.colours.length)];
  let pos = randomEndgame(Position.start(c.size, c.colours, first, c.pro ?? false), c.empties, seed, seed % 2 ? 'random' : 'greedy');
  if (c.neutrals) {
    const neutral = [0, 1, 2, 3].filter((col) => c.owners[col] < 0);
    const cells = Array.from(pos.cells);
    for (let sq = 0; sq < 64; sq++) if (cells[sq] !== EMPTY && random.below(5) === 0) cells[sq] = neutral[random.below(neutral.length)];
    const fresh = new Position();
    fresh.load(c.size, c.colours, cells, pos.toMove, c.pro ?? false);
    pos = fresh;
  }
  return pos;
}

function checkCase(c: Case, seeds: number): void {
  for (let seed = 1; seed <= seeds; seed++) {
    const pos = casePosition(c, seed);
    const expected = bruteForce(pos, c.owners, c.misere ?? false);
    const r = solveExact(pos, { owners: c.owners, misere: c.misere });
    expect(r.complete).toBe(true);
    expect({ seed, value: r.value }).toEqual({ seed, value: expected });
    // The principal line is legal, starts with the move and ends at the claimed difference.
    if (!pos.over) expect(r.line[0]).toBe(r.move);
    expect(playLine(pos, r.line, c.owners)).toBe(r.value);
  }
}

const RED_GREEN = [0, -1, 1, -1];
const TEAMS = [0, 1, 0, 1];

describe('solveExact agrees with brute-force minimax', () => {
  it('4x4 red against green', () => checkCase({ size: 4, colours: [0, 2], owners: RED_GREEN, empties: 9 }, 12));
  it('4x4 misere', () => checkCase({ size: 4, colours: [0, 2], owners: RED_GREEN, empties: 9, misere: true }, 12));
  it('4x4 Pro (double placements)', () => checkCase({ size: 4, colours: [0, 2], owners: RED_GREEN, empties: 9, pro: true }, 12));
  it('4x4 Pro misere with neutral balls', () => checkCase({ size: 4, colours: [0, 2], owners: RED_GREEN, empties: 8, pro: true, misere: true, neutrals: true }, 12));
  it('6x6 with neutral balls', () => checkCase({ size: 6, colours: [0, 2], owners: RED_GREEN, empties: 8, neutrals: true }, 12));
  it('6x6 yellow against blue, misere', () => checkCase({ size: 6, colours: [1, 3], owners: [-1, 0, -1, 1], empties: 8, misere: true, neutrals: true }, 10));
  it('6x6 team variant (red+green against yellow+blue)', () => checkCase({ size: 6, colours: [0, 1, 2, 3], owners: TEAMS, empties: 8 }, 10));
  it('6x6 Pro team', () => checkCase({ size: 6, colours: [0, 1, 2, 3], owners: TEAMS, empties: 7, pro: true }, 8));
  it('6x6 three colours, one side moving twice in a row', () =>
    checkCase({ size: 6, colours: [0, 1, 2], owners: [0, 1, 0, -1], empties: 8, neutrals: true }, 10));
  it('8x8 red against green', () => checkCase({ size: 8, colours: [0, 2], owners: RED_GREEN, empties: 6 }, 12));
  it('8x8 Pro misere with neutral balls', () => checkCase({ size: 8, colours: [0, 2], owners: RED_GREEN, empties: 6, pro: true, misere: true, neutrals: true }, 10));
});

describe('solveExact', () => {
  it('solves the whole 4x4 game: red first loses by 2 (red 7, green 9), as brute force finds', () => {
    const start = Position.start(4, [0, 2], 0);
    const expected = bruteForce(start, RED_GREEN, false);
    const solver = new EndgameSolver();
    const cold = solver.solve(start);
    const warm = solver.solve(start);
    expect(cold.value).toBe(expected);
    expect(cold.value).toBe(-2);
    expect(warm.value).toBe(-2);
    expect(warm.nodes).toBeLessThan(cold.nodes);
    expect(playLine(start, cold.line, RED_GREEN)).toBe(-2);
    expect(playLine(start, warm.line, RED_GREEN)).toBe(-2);
  });

  it('keeps normal and misere results apart in its table', () => {
    const pos = casePosition({ size: 6, colours: [0, 2], owners: RED_GREEN, empties: 8 }, 5);
    const normal = bruteForce(pos, RED_GREEN, false);
    const misere = bruteForce(pos, RED_GREEN, true);
    const solver = new EndgameSolver();
    for (let i = 0; i < 2; i++) {
      expect(solver.solve(pos).value).toBe(normal);
      expect(solver.solve(pos, { misere: true }).value).toBe(misere);
    }
  });

  it('a full board has its difference as value and no move', () => {
    const pos = casePosition({ size: 4, colours: [0, 2], owners: RED_GREEN, empties: 0 }, 3);
    const r = solveExact(pos);
    expect(r).toMatchObject({ move: -1, line: [], complete: true });
    expect(r.value).toBe(pos.count(pos.toMove) - pos.count(pos.next[pos.toMove]));
  });

  it('stops on its node budget or when asked, still naming a legal move', () => {
    const pos = randomEndgame(Position.start(8, [0, 2], 0), 16, 7, 'random');
    const moves = new Int32Array(MAX_MOVES);
    const legal = Array.from(moves.subarray(0, pos.generate(moves)));
    const byNodes = solveExact(pos, { maxNodes: 5000 });
    expect(byNodes.complete).toBe(false);
    expect(byNodes.value).toBeNaN();
    expect(byNodes.nodes).toBeLessThanOrEqual(5000);
    expect(legal).toContain(byNodes.move);
    let polls = 0;
    const byFlag = solveExact(pos, { shouldStop: () => ++polls > 3 });
    expect(byFlag.complete).toBe(false);
    expect(legal).toContain(byFlag.move);
  });

  it('refuses positions it cannot score', () => {
    const four = Position.start(8, [0, 1, 2, 3], 0);
    expect(() => solveExact(four)).toThrow(/4 colours are in play; pass owners/);
    expect(() => solveExact(four, { owners: [0, 1, 0, -1] })).toThrow(/colour 3 is in play/);
    expect(() => solveExact(four, { owners: [0, 1, 2, 1] })).toThrow(/owners\[2\] must be 0, 1 or -1/);
    expect(() => solveExact(four, { owners: [0, 1] })).toThrow(/owners needs 4 entries/);
  });
});
