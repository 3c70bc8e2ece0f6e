import { describe, expect, it } from 'vitest';
import { MCTS_PARAMS, type MctsParams, MctsSearcher } from '../../src/ai/mcts';
import { SearchContext } from '../../src/ai/searcher';
import { Game, type Position } from '../../src/engine';

function start(players: 3 | 4, misere = false): Position {
  return new Game({ size: 8, players, misere, seed: 9 }).positionCopy();
}

function search(position: Position, change: Partial<MctsParams>, misere = false): MctsSearcher {
  const searcher = new MctsSearcher(new SearchContext(position, { iterations: 400, seed: 4, misere }, 0), { ...MCTS_PARAMS, ...change });
  expect(searcher.step(Infinity)).toBe(true);
  return searcher;
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('master playout rewards', () => {
  it('win-only rewards give the root values a total of 1 (one win shared per playout)', () => {
    expect(sum(search(start(4), { rankWeight: 0 }).rootValues())).toBeCloseTo(1, 9);
  });

  it('a rank reward pays for beating each other player: the root values total (1 - w) + w * players / 2', () => {
    for (const players of [3, 4] as const) {
      for (const misere of [false, true]) {
        const values = search(start(players, misere), { rankWeight: 0.5 }, misere).rootValues();
        // Each pair of players shares one point of rank (ties half each); one win is shared per playout.
        expect(sum(values)).toBeCloseTo(0.5 + (0.5 * players) / 2, 9);
      }
    }
  });

  it('in two players the rank reward is the win share: the same search', () => {
    const position = new Game({ size: 8, players: 2, seed: 9 }).positionCopy();
    expect(search(position, { rankWeight: 0.5 }).rootValues()).toEqual(search(position, { rankWeight: 0 }).rootValues());
  });
});
