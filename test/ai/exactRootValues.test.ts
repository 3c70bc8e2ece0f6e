import { describe, expect, it } from 'vitest';
import { MASTER_TWO_PLAYER_PARAMS, MctsSearcher } from '../../src/ai/mcts';
import { SearchContext } from '../../src/ai/searcher';
import { solveExact } from '../../src/ai/solver';
import { Game, type Position } from '../../src/engine';

/** Two-player endgames: rounds played on (varied legal moves) until `empties` sockets are left. */
function endgames(empties: number, misere: boolean): Position[] {
  const found: Position[] = [];
  for (let seed = 1; found.length < 6 && seed < 40; seed++) {
    const game = new Game({ size: 8, players: 2, misere, seed });
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
      const positions = endgames(8, misere);
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
