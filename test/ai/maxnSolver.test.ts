import { describe, expect, it } from 'vitest';
import { MaxnMoveValues, MaxnSolver, playerOutcome, playerUtilities, solveMaxn } from '../../src/ai/maxnSolver';
import { randomEndgame } from '../../src/ai/tools/solver-bench';
import { type BoardSize, EMPTY, MAX_MOVES, Position } from '../../src/engine/index';

/**
 * Independent checker: every line to the full board, no table, scores read from the cells. Each
 * mover takes the first move (engine order) whose end is best for it: its win share (most balls,
 * fewest in misère, ties share), then fewer players strictly ahead of it, then its own balls.
 */
/** The brute force's order of final scores for player p: win share, then fewer players strictly ahead, then own balls. */
function outcomeKey(s: number[], p: number, misere: boolean): number[] {
  const better = (a: number, b: number) => (misere ? a < b : a > b);
  const best = s.reduce((a, b) => (better(b, a) ? b : a));
  const winners = s.filter((x) => x === best).length;
  return [s[p] === best ? 1 / winners : 0, -s.filter((x) => better(x, s[p])).length, misere ? -s[p] : s[p]];
}

function bruteForce(position: Position, owners: number[], misere: boolean): { scores: number[]; move: number } {
  const players = Math.max(...owners) + 1;
  const scoresOf = (pos: Position): number[] => {
    const s = new Array<number>(players).fill(0);
    for (const c of pos.cells) if (c !== EMPTY && owners[c] >= 0) s[owners[c]]++;
    return s;
  };
  const key = (s: number[], p: number) => outcomeKey(s, p, misere);
  const greater = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
    return false;
  };
  const walk = (pos: Position): { scores: number[]; move: number } => {
    if (pos.over) return { scores: scoresOf(pos), move: -1 };
    const moves = new Int32Array(MAX_MOVES);
    const n = pos.generate(moves);
    const p = owners[pos.toMove];
    let best: { scores: number[]; move: number } | null = null;
    for (let i = 0; i < n; i++) {
      const child = pos.clone();
      child.make(moves[i]);
      const { scores } = walk(child);
      if (!best || greater(key(scores, p), key(best.scores, p))) best = { scores, move: moves[i] };
    }
    return best!;
  };
  return walk(position.clone());
}

interface Case {
  size: BoardSize;
  colours: number[];
  empties: number;
  pro?: boolean;
  misere?: boolean;
}

function positions(c: Case, count: number): Position[] {
  const start = Position.start(c.size, c.colours, c.colours[0], c.pro ?? false);
  return Array.from({ length: count }, (_, i) => randomEndgame(start, c.empties, 11 + i, i % 2 ? 'greedy' : 'random'));
}

const ownersOf = (colours: number[]) => [0, 1, 2, 3].map((c) => colours.indexOf(c));

describe('max^n endgame solver (three and four players)', () => {
  const cases: [string, Case][] = [
    ['four players, 8x8', { size: 8, colours: [0, 1, 2, 3], empties: 7 }],
    ['four players, 8x8, misère', { size: 8, colours: [0, 1, 2, 3], empties: 7, misere: true }],
    ['three players, 8x8', { size: 8, colours: [0, 1, 2], empties: 7 }],
    ['three players, 8x8, misère', { size: 8, colours: [0, 2, 3], empties: 7, misere: true }],
    ['four players, 6x6, Pro', { size: 6, colours: [0, 1, 2, 3], empties: 6, pro: true }],
    ['four players, 4x4', { size: 4, colours: [0, 1, 2, 3], empties: 7 }],
  ];
  for (const [name, c] of cases) {
    it(`agrees with a plain enumeration of every line: ${name}`, () => {
      const owners = ownersOf(c.colours);
      const misere = c.misere ?? false;
      const solver = new MaxnSolver(); // one solver: its table, kept between solves, must not leak
      const winnerSets = new Set<string>();
      for (const position of positions(c, 8)) {
        const expected = bruteForce(position, owners, misere);
        const result = solver.solve(position, { owners, misere });
        expect(result.complete).toBe(true);
        expect(result.scores).toEqual(expected.scores);
        expect(result.move).toBe(expected.move);
        const best = misere ? Math.min(...expected.scores) : Math.max(...expected.scores);
        expect(result.winners).toEqual(expected.scores.flatMap((s, p) => (s === best ? [p] : [])));
        winnerSets.add(result.winners.join());
        // The line is legal and ends on those scores.
        const end = position.clone();
        for (const move of result.line) end.make(move);
        expect(end.over).toBe(true);
        expect(bruteForce(end, owners, misere).scores).toEqual(expected.scores);
      }
      // Not one player winning everywhere: the positions tell the solver's choices apart.
      expect(winnerSets.size).toBeGreaterThan(1);
    });
  }

  it('gives up cleanly on a node budget, and the same solver resumes to the exact result', () => {
    const owners = ownersOf([0, 1, 2, 3]);
    const [position] = positions({ size: 8, colours: [0, 1, 2, 3], empties: 8 }, 1);
    const exact = solveMaxn(position, { owners });
    expect(exact.complete).toBe(true);
    const solver = new MaxnSolver();
    const cut = solver.solve(position, { owners, maxNodes: 200 });
    expect(cut).toEqual({ scores: [], winners: [], move: -1, line: [], nodes: 200, complete: false });
    let stops = 0;
    expect(solver.solve(position, { owners, shouldStop: () => ++stops > 1 }).complete).toBe(false);
    const resumed = solver.solve(position, { owners });
    expect(resumed.complete).toBe(true);
    expect(resumed.nodes).toBeLessThan(exact.nodes); // the table kept the interrupted work
    expect({ ...resumed, nodes: 0 }).toEqual({ ...exact, nodes: 0 });
  });

  it('a full board is its own result; owners are checked', () => {
    const position = randomEndgame(Position.start(4, [0, 1, 2, 3], 0), 0, 3, 'random');
    const result = solveMaxn(position);
    expect(result).toMatchObject({ move: -1, line: [], complete: true });
    expect(result.scores.reduce((a, b) => a + b)).toBe(16);
    expect(() => solveMaxn(position, { owners: [0, 1, 2, -1] })).toThrow(/colour 3 is in play/);
  });

  describe('every legal move of the player to move (the analysis panel\'s exact values)', () => {
    const moveCases: [string, Case][] = [
      ['three players, 8x8', { size: 8, colours: [0, 1, 2], empties: 6 }],
      ['four players, 8x8', { size: 8, colours: [0, 1, 2, 3], empties: 6 }],
      ['four players, 6x6, misère', { size: 6, colours: [0, 1, 2, 3], empties: 6, misere: true }],
    ];
    for (const [name, c] of moveCases) {
      it(`each move's final scores and the best moves agree with a plain enumeration: ${name}`, () => {
        const owners = ownersOf(c.colours);
        const misere = c.misere ?? false;
        const outcomes = new Set<string>();
        for (const position of positions(c, 5)) {
          const values = new MaxnMoveValues(position, { owners, misere });
          const mover = owners[position.toMove];
          const got: { move: number; scores: number[] }[] = [];
          for (let v = values.step(); v; v = values.step()) got.push(v);
          expect(values.done).toBe(true);
          const moves = new Int32Array(MAX_MOVES);
          const n = position.generate(moves);
          expect(got.map((v) => v.move)).toEqual(Array.from(moves.subarray(0, n)));
          for (const { move, scores } of got) {
            const after = position.clone();
            after.make(move);
            expect(scores).toEqual(bruteForce(after, owners, misere).scores);
            const outcome = playerOutcome(scores, mover, misere);
            expect(outcome.balls).toBe(scores[mover]);
            expect(outcome.place).toBe(1 + scores.filter((x) => (misere ? x < scores[mover] : x > scores[mover])).length);
            outcomes.add(`${outcome.place}/${outcome.sharing}`);
          }
          // The moves the mover values most (playerUtilities) are those the enumeration ranks first, the first of them its move.
          const utility = got.map((v) => playerUtilities(v.scores, misere)[mover]);
          const top = Math.max(...utility);
          const key = got.map((v) => outcomeKey(v.scores, mover, misere).join());
          const expected = bruteForce(position, owners, misere);
          const bestKey = outcomeKey(expected.scores, mover, misere).join();
          expect(got.filter((_, i) => utility[i] === top).map((v) => v.move)).toEqual(got.filter((_, i) => key[i] === bestKey).map((v) => v.move));
          expect(got[utility.indexOf(top)].move).toBe(expected.move);
        }
        expect(outcomes.size).toBeGreaterThan(1); // places differ between moves and positions
      });
    }

    it('places: the winners first, equal balls share a place, misère counts from the fewest', () => {
      expect([0, 1, 2].map((p) => playerOutcome([5, 5, 3], p, false))).toEqual([{ balls: 5, place: 1, sharing: 2 }, { balls: 5, place: 1, sharing: 2 }, { balls: 3, place: 3, sharing: 1 }]);
      expect([0, 1, 2, 3].map((p) => playerOutcome([9, 4, 4, 7], p, true).place)).toEqual([4, 1, 1, 3]);
    });
  });
});
