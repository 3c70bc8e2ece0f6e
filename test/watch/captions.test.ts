import { describe, expect, it } from 'vitest';
import { captionTexts, isCorner, roundCaptions } from '../../src/app/watch/captions';
import { Game, type GameOptions } from '../../src/engine/index';

const Name = captionTexts.colour;

/** Plays a whole round choosing moves by a fixed rule (the last legal move: corners come late in board order). */
function playedRound(options: GameOptions, pick: (moves: string[]) => string = (m) => m[m.length - 1]): Game {
  const game = new Game(options);
  while (!game.state.over) game.play(pick(game.legalMoves()));
  return game;
}

describe('captions', () => {
  it('knows the corners of each board size', () => {
    expect(['a1', 'a8', 'h1', 'h8'].every((s) => isCorner(8, s))).toBe(true);
    expect(isCorner(8, 'b1')).toBe(false);
    expect(['a1', 'f6', 'a6', 'f1'].every((s) => isCorner(6, s))).toBe(true);
    expect(isCorner(6, 'h8')).toBe(false);
    expect(isCorner(4, 'd4')).toBe(true);
  });

  it('tells every move of a round: corner captures, free placements, plain captures, and the result', () => {
    let corners = 0;
    let free = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const game = playedRound({ players: 4, seed }, (m) => m[(seed * 7) % m.length]);
      const { moves, result } = roundCaptions(game.events);
      expect(moves).toHaveLength(game.state.moves.length);
      game.state.moves.forEach((played, i) => {
        const who = Name(played.colour);
        const sq = played.squares.join('+');
        const text = moves[i].text;
        expect(moves[i].colour).toBe(played.colour);
        if (played.rolls.length === 0) {
          free++;
          expect(text.startsWith(`${who} cannot capture: places freely on ${sq}`)).toBe(true);
        } else if (isCorner(8, sq)) {
          corners++;
          expect(text.startsWith(`${who} takes the ${sq} corner and rolls ${played.rolls.length}`)).toBe(true);
        } else expect(text.startsWith(`${who} plays ${sq} and rolls ${played.rolls.length}`)).toBe(true);
      });
      expect(moves[moves.length - 1].text.endsWith('; the board is full')).toBe(true);
      const r = game.state.result!;
      const winner = game.setup.players[r.winners[0]].map(Name).join(' + ');
      const sorted = [...r.playerScores].sort((a, b) => b - a).join('-');
      expect(result).toBe(r.winners.length > 1 ? expect.stringContaining('share the win') : `${winner} wins ${sorted}`);
    }
    // The rounds above must exercise the cases, or the test proves nothing.
    expect(corners).toBeGreaterThan(0);
    expect(free).toBeGreaterThan(0);
  });

  it("names a colour's last ball when a move rolls it", () => {
    let found = 0;
    for (let seed = 1; seed <= 20 && found === 0; seed++) {
      const game = playedRound({ players: 2, seed }, (m) => m[0]);
      const { moves } = roundCaptions(game.events);
      // Independent check: replay move by move and look at the counts after each.
      const replay = new Game({ players: 2, seed });
      for (const [i, played] of game.state.moves.entries()) {
        replay.play(played.squares.join('+'));
        const showing = new Set(Object.values(replay.state.board));
        for (const victim of new Set(played.rolls.map((r) => r.from))) {
          if (!showing.has(victim)) {
            found++;
            expect(moves[i].text).toContain(`the last ${victim} ball`);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('a taken-back move loses its caption', () => {
    const game = new Game({ players: 2, seed: 3, takeBacks: true });
    game.play(game.legalMoves()[0]);
    game.play(game.legalMoves()[0]);
    game.takeBack();
    expect(roundCaptions(game.events).moves).toHaveLength(1);
  });

  /** The first misère round, over seeds from 1, whose winners number `winners` (two players, each taking a move by the seed). */
  function misereRound(winners: number): Game {
    for (let seed = 1; seed < 500; seed++) {
      const game = playedRound({ players: 2, seed, misere: true }, (m) => m[seed % m.length]);
      if (game.state.result?.winners.length === winners) return game;
    }
    throw new Error(`no misère round with ${winners} winners in 500 seeds`);
  }

  it('a shared win says so, and misère says fewest balls', () => {
    expect(roundCaptions(misereRound(2).events).result).toMatch(/ share the win 32-32 \(fewest balls\)$/);
    expect(roundCaptions(misereRound(1).events).result).toMatch(/ wins \d+-\d+ \(fewest balls\)$/);
  });
});
