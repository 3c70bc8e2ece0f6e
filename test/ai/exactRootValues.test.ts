import { describe, expect, it } from 'vitest';
import { createAnalysisSearcher } from '../../src/ai/index';
import { ANALYSIS_SOLVER_NODES, MASTER_TWO_PLAYER_PARAMS, MAXN_SOLVE_EMPTIES, MctsSearcher, SOLVE_EMPTIES } from '../../src/ai/mcts';
import { solveMaxn } from '../../src/ai/maxnSolver';
import { SearchContext } from '../../src/ai/searcher';
import { solveExact } from '../../src/ai/solver';
import { Game, type Position } from '../../src/engine';

/** Endgames of `players` players, each its own colour: rounds played on (varied legal moves) until `empties` sockets are left. */
function endgames(players: 2 | 3 | 4, empties: number, misere: boolean): Position[] {
  const found: Position[] = [];
  for (let seed = 1; found.length < 6 && seed < 40; seed++) {
    const game = new Game({ size: 8, players, misere, seed });
    let turn = 0;
    while (!game.state.over && game.positionCopy().empties > empties) {
      const moves = game.legalMoves();
      game.play(moves[(turn++ * seed) % moves.length]);
    }
    if (!game.state.over && game.legalMoves().length > 1) found.push(game.positionCopy());
  }
  return found;
}

describe('the evaluation bar near the end of a two-player round', () => {
  for (const misere of [false, true]) {
    it(`takes the exact solver's result, not a playout average or an even split${misere ? ' (misère)' : ''}`, () => {
      const positions = endgames(2, 8, misere);
      expect(positions.length).toBeGreaterThan(3);
      const outcomes = new Set<string>();
      for (const position of positions) {
        const context = new SearchContext(position, { iterations: 400, seed: 4, misere }, 0);
        const searcher = new MctsSearcher(context, MASTER_TWO_PLAYER_PARAMS);
        expect(searcher.step(Infinity)).toBe(true);
        const values = searcher.rootValues();
        const solved = solveExact(position, { owners: context.seating.owners, misere });
        expect(solved.complete).toBe(true);
        const margin = misere ? -solved.value : solved.value;
        const mover = context.seating.owners[position.toMove];
        const expected = margin > 0 ? 1 : margin < 0 ? 0 : 0.5;
        expect(values[mover]).toBe(expected);
        expect(values[1 - mover]).toBe(1 - expected);
        outcomes.add(values.join(','));
      }
      // Decided positions, not the even split of a search that learned nothing.
      expect([...outcomes].some((o) => o !== '0.5,0.5')).toBe(true);
    });
  }
});

describe('the evaluation bar near the end of a three- or four-player round', () => {
  for (const players of [3, 4] as const) {
    for (const misere of [false, true]) {
      it(`the analysis takes the max^n result: 1 to the winner, a shared win split, 0 to the others (${players} players${misere ? ', misère' : ''})`, () => {
        const positions = endgames(players, MAXN_SOLVE_EMPTIES, misere);
        expect(positions.length).toBeGreaterThan(3);
        const outcomes = new Set<string>();
        for (const position of positions) {
          const options = { iterations: 400, seed: 4, misere };
          const searcher = createAnalysisSearcher(position, { ...options, movetime: 10_000 });
          while (!searcher.step(Infinity));
          const values = searcher.rootValues();
          const solved = solveMaxn(position, { misere });
          expect(solved.complete).toBe(true);
          expect(values).toEqual(Array.from({ length: players }, (_, p) => (solved.winners.includes(p) ? 1 / solved.winners.length : 0)));
          expect(searcher.best()).toBe(solved.move);
          expect(searcher.work).toBe(0); // solved before any playout
          outcomes.add(values.join(','));
          // The master's play still leaves these endgames to MCTS (docs/ai.md).
          const master = new MctsSearcher(new SearchContext(position, options, 0));
          while (!master.step(Infinity));
          expect(master.work).toBe(400);
        }
        expect(outcomes.size).toBeGreaterThan(1);
      });
    }
  }

  it('a time budget far too short for the solve (a loaded machine) still gets the exact result, over several slices', () => {
    for (const [players, empties] of [[4, MAXN_SOLVE_EMPTIES], [3, MAXN_SOLVE_EMPTIES], [2, SOLVE_EMPTIES]] as const) {
      for (const position of endgames(players, empties, false).slice(0, 3)) {
        const searcher = createAnalysisSearcher(position, { movetime: 1, seed: 4 });
        let slices = 1;
        while (!searcher.step(performance.now() + 2)) slices++;
        const values = searcher.rootValues();
        if (players === 2) {
          const owners = new SearchContext(position, {}, 0).seating.owners;
          const solved = solveExact(position, { owners });
          const expected = solved.value > 0 ? 1 : solved.value < 0 ? 0 : 0.5;
          expect(values[owners[position.toMove]]).toBe(expected);
        } else {
          const solved = solveMaxn(position, {});
          expect(values, `${players} players, ${slices} slices`).toEqual(Array.from({ length: players }, (_, p) => (solved.winners.includes(p) ? 1 / solved.winners.length : 0)));
        }
        expect(searcher.solverNodes).toBeLessThanOrEqual(ANALYSIS_SOLVER_NODES);
      }
    }
  });

  it('beyond MAXN_SOLVE_EMPTIES, or when the solve does not fit the budget, the estimate stands', () => {
    const [deep] = endgames(4, MAXN_SOLVE_EMPTIES + 1, false);
    const far = createAnalysisSearcher(deep, { iterations: 300, seed: 4 });
    while (!far.step(Infinity));
    expect(far.work).toBe(300);
    expect(far.solverNodes).toBe(0);
    const [near] = endgames(4, MAXN_SOLVE_EMPTIES, false);
    // 2 iterations buy 32 solver nodes: far too few, so MCTS decides.
    const starved = createAnalysisSearcher(near, { iterations: 2, seed: 4 });
    while (!starved.step(Infinity));
    expect(starved.solverNodes).toBeGreaterThan(0); // the solver tried, gave up at its budget
    expect(starved.work).toBe(2);
    expect(starved.rootValues().reduce((a, b) => a + b)).toBeCloseTo(1, 9);
  });
});
