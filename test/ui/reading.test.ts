import { describe, expect, it } from 'vitest';

import { takeSnapshot } from '../../src/app/session/roundSnapshot';
import { describeChange, readBallsOf, readColumn, readLastMove, readLegalMoves, readRow, readScore, readTurn, squareLabel, legalSquareSet } from '../../src/ui/a11y/reading';

import { makeRound, type MatchOptions, startMatch } from '../../src/engine/index';

const FOUR: MatchOptions = {
  players: [1, 2, 3, 4].map((i) => ({ kind: 'human' as const, name: `P${i}` })),
  size: 8,
  variant: 'standard',
  misere: false,
  moveTimeLimit: 0,
  takeBacks: true,
  seed: 1,
};

function round(options: MatchOptions = FOUR) {
  const { game, seats } = makeRound(startMatch(options), 0);
  return { game, seats, snap: () => takeSnapshot(game, seats) };
}

describe('the board read out in words', () => {
  it('names each socket with its square, contents and legality', () => {
    const { game, snap } = round();
    const s = snap();
    const legal = legalSquareSet(s);
    const ball = Object.keys(s.state.board)[0];
    expect(squareLabel(s, ball, legal)).toBe(`${ball}, ${s.state.board[ball]}`);
    const move = game.legalMoves()[0];
    expect(squareLabel(s, move, legal)).toBe(`${move}, empty, legal`);
    expect(squareLabel(s, 'a1', legal)).toBe('a1, empty');
  });

  it('announces a move with the balls it rolled and who moves next', () => {
    const { game, seats, snap } = round();
    const before = snap();
    const mover = game.state.toMove!;
    // A capturing move: one whose check reports rolls.
    const move = game.legalMoves().find((m) => { const c = game.check(m); return c.ok && c.rolls.length > 0; })!;
    const check = game.check(move);
    if (!check.ok) throw new Error(check.reason);
    game.play(move);
    const after = snap();
    const name = (c: string) => c[0].toUpperCase() + c.slice(1);
    expect(describeChange(before, after, seats)).toBe(`${name(mover)} plays ${move}, rolls ${check.rolls.join(' and ')}. ${name(after.toMove!)} to move.`);
    expect(readLastMove(after)).toBe(`Last move: ${name(mover)} plays ${move}, rolls ${check.rolls.join(' and ')}.`);
    expect(readTurn(after)).toBe(`${name(after.toMove!)} to move.`);
    game.takeBack();
    expect(describeChange(after, snap(), seats)).toBe(`Move taken back. ${name(mover)} to move.`);
  });

  it('says the start throw and the new round, and nothing when nothing changed', () => {
    const { seats, snap } = round();
    const s = snap();
    const text = describeChange(null, s, seats)!;
    expect(text).toMatch(/^New round on the 8 by 8 board\. /);
    expect(text).toContain(`The start ball shows ${s.toMove![0].toUpperCase()}${s.toMove!.slice(1)}: `);
    expect(describeChange(s, s, seats)).toBeNull();
  });

  it('answers score, legal moves, a colour\'s balls, a row and a column', () => {
    const { game, snap } = round();
    const s = snap();
    expect(readScore(s)).toBe('Score: Red 1, Yellow 1, Green 1, Blue 1.');
    expect(readLegalMoves(s)).toBe(`Legal moves: ${game.legalMoves().join(', ')}.`);
    const [redSquare] = Object.entries(s.state.board).find(([, c]) => c === 'red')!;
    expect(readBallsOf(s, 'red')).toBe(`The red balls: ${redSquare}.`);
    const row = readRow(s, redSquare);
    expect(row.startsWith(`Row ${redSquare.slice(1)}: a${redSquare.slice(1)} empty; `)).toBe(true);
    expect(row).toContain(`${redSquare} red`);
    expect(row.split(';')).toHaveLength(8);
    expect(readColumn(s, redSquare)).toContain(`${redSquare} red`);
  });

  it('announces the round result with the winners by name', () => {
    const { game, seats, snap } = round({ ...FOUR, players: FOUR.players.slice(0, 2), size: 4 });
    let before = snap();
    while (!game.state.over) {
      game.play(game.legalMoves()[0]);
      const after = snap();
      const text = describeChange(before, after, seats)!;
      if (after.over) {
        const winners = after.result!.winners.map((w) => seats[w].name);
        expect(text).toContain(`Round over. ${winners.join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}. Score: `);
      } else expect(text).toMatch(/ to move\.$/);
      before = after;
    }
  });
});
