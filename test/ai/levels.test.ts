import { describe, expect, it } from 'vitest';
import { type BoardSize, colourIndex, COLOURS, Game, type GameOptions, isDouble, makeDouble, MAX_MOVES, moveName, parseSquare, Position, setupProblem } from '../../src/engine';
import { type AiOptions, chooseMove, DEFAULT_LEVEL, describeMove, LEVELS, seatOptions } from '../../src/ai';

/** Small budgets: these tests check legality and reproducibility, not strength. */
function budget(level: string): AiOptions {
  return level === 'master' ? { iterations: 40 } : level === 'strategist' ? { iterations: 300 } : {};
}

/** Balls of colours nobody plays (solo: the neutral start balls), which no player scores. */
function neutralBalls(game: Game): number {
  const position = game.positionCopy();
  const owned = new Set(game.setup.players.flat());
  return COLOURS.filter((c) => !owned.has(c)).reduce((n, c) => n + position.count(colourIndex(c)), 0);
}

function legalMoves(position: Position): number[] {
  const out = new Int32Array(MAX_MOVES);
  return Array.from(out.subarray(0, position.generate(out)));
}

const CONFIGS: (GameOptions & { label: string })[] = [
  { label: '8x8 solo', size: 8, players: 1 },
  { label: '8x8 two players', size: 8, players: 2 },
  { label: '8x8 three players', size: 8, players: 3 },
  { label: '8x8 four players', size: 8, players: 4 },
  { label: '8x8 four players Pro', size: 8, players: 4, variant: 'pro' },
  { label: '8x8 two players Pro misere', size: 8, players: 2, variant: 'pro', misere: true },
  { label: '8x8 team', size: 8, variant: 'team' },
  { label: '8x8 team misere', size: 8, variant: 'team', misere: true },
  { label: '8x8 three players misere', size: 8, players: 3, misere: true },
  { label: '6x6 four players Pro', size: 6, players: 4, variant: 'pro' },
  { label: '6x6 solo misere', size: 6, players: 1, misere: true },
  { label: '4x4 two players', size: 4, players: 2 },
  { label: '4x4 team Pro', size: 4 as BoardSize, variant: 'team' },
];

describe('every level plays only legal moves', () => {
  it('every configuration here is one the rules allow', () => {
    for (const config of CONFIGS) expect(setupProblem(config), config.label).toBeNull();
  });

  for (const config of CONFIGS) {
    for (const level of LEVELS) {
      it(`${level}, ${config.label}`, () => {
        const game = new Game({ ...config, seed: 7 });
        while (!game.state.over) {
          const position = game.positionCopy();
          const legal = legalMoves(position);
          const move = chooseMove(position, { level, seed: game.state.moves.length, ...budget(level), ...seatOptions(game.setup) });
          expect(legal).toContain(move);
          game.play(moveName(game.setup.size, move));
        }
        // The round ended with a full board, its balls shared out among the players, and a winner.
        const result = game.state.result;
        expect(result).not.toBeNull();
        expect(result!.playerScores.reduce((a, b) => a + b, 0)).toBe(game.setup.size * game.setup.size - neutralBalls(game));
        expect(result!.winners.length).toBeGreaterThan(0);
      });
    }
  }
});

/** rules.md: after red f4 took the only yellow ball, yellow may play e3+e6 in Pro. */
function proDoublePosition(): Position {
  const p = Position.start(8, [0, 1, 2, 3], 0, true);
  p.make(parseSquare(8, 'f4'));
  return p;
}

describe('Pro doubles', () => {
  it('are offered and every level answers with a legal move', () => {
    const p = proDoublePosition();
    const legal = legalMoves(p);
    const double = makeDouble(parseSquare(8, 'e3'), parseSquare(8, 'e6'));
    expect(legal).toContain(double);
    for (const level of LEVELS) expect(legal).toContain(chooseMove(p, { level, ...budget(level) }));
  });

  it('greedy takes a double that rolls the most balls', () => {
    const p = proDoublePosition();
    const move = chooseMove(p, { level: 'greedy' });
    expect(isDouble(move)).toBe(true);
    const rolls = new Int32Array(64);
    const most = Math.max(...legalMoves(p).map((m) => p.rolls(m, rolls)));
    expect(most).toBeGreaterThanOrEqual(2);
    expect(p.rolls(move, rolls)).toBe(most);
  });
});

describe('scoring rules the levels honour', () => {
  it('greedy rolls the fewest balls in misere, the most otherwise', () => {
    const game = new Game({ players: 4, seed: 3 });
    for (const m of ['f4', 'f5', 'f6', 'c6']) if (!game.state.over) game.play(game.legalMoves().includes(m) ? m : game.legalMoves()[0]);
    const p = game.positionCopy();
    const rolls = new Int32Array(64);
    const gains = legalMoves(p).map((m) => p.rolls(m, rolls));
    const most = chooseMove(p, { level: 'greedy' });
    const fewest = chooseMove(p, { level: 'greedy', misere: true });
    expect(p.rolls(most, rolls)).toBe(Math.max(...gains));
    expect(p.rolls(fewest, rolls)).toBe(Math.min(...gains));
  });

  it("team: rolling a partner's ball gains nothing for greedy", () => {
    // Red to move; d4 red, e4 yellow, e5 green, d5 blue. Red d6 would roll blue d5 (an opponent).
    // With red and blue partners, greedy must not count d5 as a gain.
    const p = Position.start(8, [0, 1, 2, 3], 0, false);
    const opponents = chooseMove(p, { level: 'greedy', owners: [0, 1, 2, 3], seed: 1 });
    const partners = chooseMove(p, { level: 'greedy', owners: [0, 1, 1, 0], seed: 1 });
    const rolls = new Int32Array(64);
    expect(p.rolls(opponents, rolls)).toBe(1);
    // Every red move rolls one ball; with blue a partner, d6 (rolling blue d5) is never preferred.
    expect(partners).not.toBe(parseSquare(8, 'd6'));
  });

  it('rejects owners that leave a colour in play without a player', () => {
    const p = Position.start(8, [0, 1, 2, 3], 0, false);
    expect(() => chooseMove(p, { level: 'greedy', owners: [0, 1, -1, 1] })).toThrow(/in play/);
    expect(() => chooseMove(p, { level: 'grandmaster' })).toThrow(/unknown level/);
  });
});

describe('reproducibility with iteration budgets', () => {
  const game = new Game({ players: 4, seed: 11 });
  for (let i = 0; i < 10; i++) game.play(game.legalMoves()[i % game.legalMoves().length]);
  const position = game.positionCopy();

  for (const level of LEVELS) {
    it(`${level}: same seed and budget, same move`, () => {
      const options = { level, seed: 42, ...(level === 'master' ? { iterations: 2000 } : level === 'strategist' ? { iterations: 20000 } : {}) };
      const first = chooseMove(position, options);
      for (let i = 0; i < 3; i++) expect(chooseMove(position, options)).toBe(first);
    });
  }

  it('chooseMove does not change the position', () => {
    const before = Array.from(position.cells);
    chooseMove(position, { level: 'master', iterations: 500 });
    chooseMove(position, { level: 'strategist', iterations: 5000 });
    expect(Array.from(position.cells)).toEqual(before);
  });
});

describe('describeMove', () => {
  it("names the default (strongest) level's move and what it captures", () => {
    expect(DEFAULT_LEVEL).toBe(LEVELS[LEVELS.length - 1]);
    const game = new Game({ players: 2, seed: 5 });
    game.play(game.legalMoves()[0]);
    const position = game.positionCopy();
    const h = describeMove(position, chooseMove(position, { iterations: 300, ...seatOptions(game.setup) }));
    expect(game.legalMoves()).toContain(h.name);
    const check = game.check(h.name);
    expect(check.ok && check.rolls).toEqual(h.captures);
    expect(h.captures.length > 0).toBe(position.canCapture());
  });
});
