/**
 * Records written by hand (test/fixtures/hand) from the rule sheets' examples, checked against
 * boards, captures and scores worked out by hand from the rules (docs/rules.md), not taken from
 * the program's output: they prove the engine right, where the generated samples prove it stable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ballCounts, boardRows, readRecord } from '../../src/engine/index';

const DIR = join(import.meta.dirname, '../fixtures/hand');

function read(file: string) {
  return readRecord(readFileSync(join(DIR, file), 'utf8')).game.state;
}

const EMPTY_ROW = '........';

describe('the worked example: red opens with f4, f6 or d6', () => {
  it.each([
    // Red's only ball is d4. f4 closes the row d4-e4-f4 over yellow e4; f6 the diagonal
    // d4-e5-f6 over green e5; d6 the column d4-d5-d6 over blue d5.
    ['f4', ['e4'], ['...RRR..', '...BG...', EMPTY_ROW], { red: 3, yellow: 0, green: 1, blue: 1 }],
    ['f6', ['e5'], ['...RY...', '...BR...', '.....R..'], { red: 3, yellow: 1, green: 0, blue: 1 }],
    ['d6', ['d5'], ['...RY...', '...RG...', '...R....'], { red: 3, yellow: 1, green: 1, blue: 0 }],
  ])('red %s rolls %j', (move, rolled, middle, scores) => {
    const state = read(`worked-example-${move}.rolit`);
    expect(state.moves.map((m) => m.squares)).toEqual([[move]]);
    expect(state.moves[0].rolls.map((r) => r.square)).toEqual(rolled);
    expect(boardRows(8, state.board)).toEqual([EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, ...middle, EMPTY_ROW, EMPTY_ROW]);
    expect(ballCounts(state.setup, state.board).scores).toEqual(scores);
    expect(state.toMove).toBe('yellow');
    expect(state.over).toBe(false);
  });
});

describe('the Pro example', () => {
  it('yellow e3+e6 rolls e4 and e5; green d3+f5 rolls e4', () => {
    const state = read('pro-example.rolit');
    expect(state.moves.map((m) => [m.colour, m.squares.join('+'), m.rolls.map((r) => r.square).join(' ')])).toEqual([
      ['red', 'f4', 'e4'],
      ['yellow', 'e3+e6', 'e4 e5'],
      ['green', 'd3+f5', 'e4'],
    ]);
    expect(boardRows(8, state.board)).toEqual([
      EMPTY_ROW,
      EMPTY_ROW,
      '...GY...',
      '...RGR..',
      '...BYG..',
      '....Y...',
      EMPTY_ROW,
      EMPTY_ROW,
    ]);
    expect(ballCounts(state.setup, state.board).scores).toEqual({ red: 2, yellow: 3, green: 3, blue: 1 });
    expect(state.toMove).toBe('blue');
  });
});

describe('a whole 4x4 round for two players', () => {
  it('ends with the board, the captures and the result worked out by hand', () => {
    const state = read('two-players-4x4.rolit');
    expect(state.moves.map((m) => m.rolls.map((r) => r.square).join(' '))).toEqual([
      'c2', 'b2', 'c3', 'c3', 'b2 b3', 'a2 b3', 'b3 c3', 'c3 b3', 'b3', 'c2 b2', 'c2', 'c2',
    ]);
    expect(boardRows(4, state.board)).toEqual(['GGGR', 'GGGR', 'GRGG', 'RRRG']);
    expect(state.result).toEqual({ scores: { red: 6, green: 10 }, playerScores: [6, 10], winners: [1] });
  });
});
