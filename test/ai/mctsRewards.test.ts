import { describe, expect, it } from 'vitest';
import { MASTER_MULTI_PLAYER_PARAMS, type MctsParams, MctsSearcher } from '../../src/ai/mcts';
import { SearchContext } from '../../src/ai/searcher';
import { Game, moveName, type Position } from '../../src/engine';

/** A round played on (first legal moves) to two empty sockets where the mover may play either. */
function twoMovesLeft(players: 3 | 4): Game {
  for (let skip = 0; skip < 50; skip++) {
    const game = new Game({ size: 8, players, seed: 9 });
    let turn = 0;
    while (game.state.moves.length < 58) {
      const moves = game.legalMoves();
      game.play(moves[turn++ % 7 === skip % 7 ? moves.length - 1 : 0]);
    }
    if (!game.state.over && game.legalMoves().length === 2) return game;
  }
  throw new Error('no position with two moves left found');
}

function start(players: 3 | 4, misere = false): Position {
  return new Game({ size: 8, players, misere, seed: 9 }).positionCopy();
}

function search(position: Position, change: Partial<MctsParams>, misere = false): MctsSearcher {
  const searcher = new MctsSearcher(new SearchContext(position, { iterations: 400, seed: 4, misere }, 0), { ...MASTER_MULTI_PLAYER_PARAMS, ...change });
  expect(searcher.step(Infinity)).toBe(true);
  return searcher;
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('master playout rewards', () => {
  it('win-only rewards give the root values a total of 1 (one win shared per playout)', () => {
    expect(sum(search(start(4), { rankWeight: 0 }).rootValues())).toBeCloseTo(1, 9);
  });

  it('a rank reward pays for beating each other player, while the root values stay win chances summing to 1', () => {
    // Two sockets left and the mover has two moves: each move's playout is certain (the next
    // player places the last ball), so each move's mean reward can be worked out from the final board.
    for (const players of [3, 4] as const) {
      const game = twoMovesLeft(players);
      const mover = game.state.toMove!;
      const searcher = search(game.positionCopy(), { rankWeight: 0.5 });
      const stats = searcher.rootStats();
      expect(stats.moves).toHaveLength(2);
      stats.moves.forEach((move, i) => {
        const after = new Game({ size: 8, players, seed: 9 });
        for (const m of [...game.state.moves.map((x) => x.squares[0]), moveName(8, move)]) after.play(m);
        after.play(after.legalMoves()[0]);
        const balls = (c: string) => Object.values(after.state.board).filter((b) => b === c).length;
        const colours = game.setup.colours;
        const mine = balls(mover);
        const others = colours.filter((c) => c !== mover).map(balls);
        const win = others.every((b) => b < mine) ? 1 : others.some((b) => b > mine) ? 0 : 1 / (1 + others.filter((b) => b === mine).length);
        const rank = others.reduce((r, b) => r + (b < mine ? 1 : b === mine ? 0.5 : 0), 0) / others.length;
        expect(stats.rewards[i] / stats.visits[i]).toBeCloseTo(0.5 * win + 0.5 * rank, 9);
      });
      expect(sum(searcher.rootValues())).toBeCloseTo(1, 9);
    }
    // From the start too, the evaluation bar's values are win chances, whatever the search's reward.
    expect(sum(search(start(4), { rankWeight: 0.5 }).rootValues())).toBeCloseTo(1, 9);
  });

  it('in two players the rank reward is the win share: the same search', () => {
    const position = new Game({ size: 8, players: 2, seed: 9 }).positionCopy();
    expect(search(position, { rankWeight: 0.5 }).rootValues()).toEqual(search(position, { rankWeight: 0 }).rootValues());
  });
});
