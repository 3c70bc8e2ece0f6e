import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldEvents, Game, type GameOptions, Random } from '../../src/engine';
import { captures, gridFromBoard, legalDoubles, legalSingles, order } from './reference';

/** Random game settings covering every size, player count and option. */
const arbOptions: fc.Arbitrary<GameOptions> = fc
  .record({
    size: fc.constantFrom(8 as const, 6 as const, 4 as const),
    players: fc.constantFrom(1, 2, 3, 4),
    variant: fc.constantFrom('standard' as const, 'pro' as const, 'team' as const),
    misere: fc.boolean(),
    seed: fc.nat({ max: 0xffffffff }),
  })
  .map((o) => {
    if (o.variant === 'team') o.players = 2;
    if (o.size === 4 && o.players > 2) o.players = 2;
    return o;
  });

/** Plays a random game to the end (or `maxMoves`), calling `check` before each move. */
function playRandom(game: Game, moveSeed: number, check: (game: Game, move: string) => void, maxMoves = 80): void {
  const random = new Random(moveSeed);
  for (let i = 0; i < maxMoves && !game.state.over; i++) {
    const legal = game.legalMoves();
    const move = legal[random.below(legal.length)];
    check(game, move);
    game.play(move);
  }
}

const ballCount = (game: Game) => Object.keys(game.state.board).length;

describe('properties of random games', () => {
  it('legal moves and their captures match the independent reference', () => {
    fc.assert(
      fc.property(arbOptions, fc.nat(), (options, moveSeed) => {
        const game = new Game(options);
        playRandom(game, moveSeed, (g) => {
          const grid = gridFromBoard(g.setup.size, g.state.board);
          const mover = g.state.toMove!;
          const singles = legalSingles(grid, mover);
          const anyCapture = singles.some((sq) => captures(grid, Number(sq.slice(1)) - 1, sq.charCodeAt(0) - 97, mover).length > 0);
          const doubles = g.setup.variant === 'pro' && !anyCapture ? legalDoubles(grid, mover) : new Map<string, string[]>();
          const expected = [...singles.sort((a, b) => order(a) - order(b)), ...[...doubles.keys()].sort((a, b) => {
            const [a1, a2] = a.split('+').map(order);
            const [b1, b2] = b.split('+').map(order);
            return a1 - b1 || a2 - b2;
          })];
          expect(g.legalMoves()).toEqual(expected);
          for (const move of expected) {
            const result = g.check(move);
            if (!result.ok) throw new Error(result.reason);
            const want = move.includes('+')
              ? doubles.get(move)!
              : captures(grid, Number(move.slice(1)) - 1, move.charCodeAt(0) - 97, mover);
            expect([...result.rolls].sort()).toEqual(want);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it('the ball count grows by one a move, two for a Pro double', () => {
    fc.assert(
      fc.property(arbOptions, fc.nat(), (options, moveSeed) => {
        const game = new Game(options);
        playRandom(game, moveSeed, (g, move) => {
          const before = ballCount(g);
          const probe = Game.fromEvents(g.events);
          probe.play(move);
          expect(ballCount(probe)).toBe(before + (move.includes('+') ? 2 : 1));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('events fold to the same state as direct play, and same seed and moves give the same events', () => {
    fc.assert(
      fc.property(arbOptions, fc.nat(), (options, moveSeed) => {
        const a = new Game(options);
        playRandom(a, moveSeed, () => {});
        const b = new Game(options);
        playRandom(b, moveSeed, () => {});
        expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
        expect(foldEvents(a.events)).toEqual(a.state);
        const rebuilt = Game.fromEvents(a.events);
        expect(rebuilt.state).toEqual(a.state);
        expect(rebuilt.legalMoves()).toEqual(a.legalMoves());
        // The rebuilt game plays on like the original (same construction path, same fields).
        if (!a.state.over) {
          const move = a.legalMoves()[0];
          expect(rebuilt.play(move)).toEqual(a.play(move));
          expect(rebuilt.events).toEqual(a.events);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('taking back every move returns to the start position', () => {
    fc.assert(
      fc.property(arbOptions, fc.nat(), fc.nat({ max: 30 }), (options, moveSeed, count) => {
        const game = new Game(options);
        const start = structuredClone(game.state);
        playRandom(game, moveSeed, () => {}, count);
        while (game.state.moves.length > 0) game.takeBack();
        expect(game.state.board).toEqual(start.board);
        expect(game.state.toMove).toBe(start.toMove);
        expect(game.positionCopy().hashLo).toBe(new Game(options).positionCopy().hashLo);
      }),
      { numRuns: 40 },
    );
  });

  it('a finished round scores every ball in play and the winners have the best score', () => {
    fc.assert(
      fc.property(arbOptions, fc.nat(), (options, moveSeed) => {
        const game = new Game(options);
        playRandom(game, moveSeed, () => {}, 100);
        const result = game.state.result!;
        expect(game.state.over).toBe(true);
        const colourBalls = Object.values(result.scores).reduce((s, n) => s + n!, 0);
        const neutral = Object.values(game.state.board).filter((c) => !game.setup.colours.includes(c)).length;
        expect(colourBalls + neutral).toBe(game.setup.size ** 2);
        const best = game.setup.misere ? Math.min(...result.playerScores) : Math.max(...result.playerScores);
        expect(result.winners.map((w) => result.playerScores[w])).toEqual(result.winners.map(() => best));
      }),
      { numRuns: 40 },
    );
  });
});
