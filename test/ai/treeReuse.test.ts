import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine';
import { describeMove } from '../../src/ai';
import { MCTS_PARAMS, MctsSearcher } from '../../src/ai/mcts';
import { SearchContext } from '../../src/ai/searcher';

const REUSE = { ...MCTS_PARAMS, reuse: true };

function search(game: Game, iterations: number, previous?: MctsSearcher, params = REUSE): MctsSearcher {
  const s = new MctsSearcher(new SearchContext(game.positionCopy(), { iterations, seed: 2, previous }, 0), params);
  while (!s.step(Infinity));
  return s;
}

const rootVisits = (s: MctsSearcher) => s.rootStats().visits.reduce((a, b) => a + b, 0);
const play = (game: Game, move: number) => game.play(describeMove(game.positionCopy(), move).name);

describe('tree reuse (MctsParams.reuse)', () => {
  it("continues the previous search's subtree one round (four plies) later: the root starts with its visits", () => {
    const game = new Game({ players: 4, seed: 8 });
    const first = search(game, 4000);
    // Four plies along the first tree's most visited line (each step adopts first's subtree, so its best is that line's move).
    for (let ply = 0; ply < 4; ply++) play(game, search(game, 1, first).best());
    const fresh = search(game, 1);
    const reused = search(game, 1, first);
    expect(rootVisits(fresh)).toBeLessThanOrEqual(1);
    expect(rootVisits(reused)).toBeGreaterThan(10);
    expect(reused.work).toBe(1); // the budget counts only this search's iterations
  });

  it('starts from nothing without the parameter, or when the position is not in the previous tree', () => {
    const game = new Game({ players: 4, seed: 8 });
    const first = search(game, 2000);
    expect(rootVisits(search(new Game({ players: 4, seed: 9 }), 1, first))).toBeLessThanOrEqual(1);
    play(game, first.best());
    expect(rootVisits(search(game, 1, first, MCTS_PARAMS))).toBeLessThanOrEqual(1);
    expect(rootVisits(search(game, 1, first))).toBeGreaterThan(10);
  });
});
