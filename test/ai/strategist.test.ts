import { describe, expect, it } from 'vitest';
import { seatOptions } from '../../src/ai';
import { SearchContext } from '../../src/ai/searcher';
import { StrategistSearcher, type StrategistAlgorithm } from '../../src/ai/strategist';
import { Game, type GameOptions, MAX_MOVES, moveName, Position } from '../../src/engine';

function search(position: Position, algorithm: StrategistAlgorithm, options: Parameters<typeof seatOptions>[0] | null, iterations: number) {
  const ctx = new SearchContext(position, { iterations, seed: 1, ...(options ? seatOptions(options) : {}) }, 0);
  const s = new StrategistSearcher(ctx, algorithm);
  while (!s.step(Infinity));
  return { searcher: s, ctx };
}

function legalMoves(position: Position): number[] {
  const out = new Int32Array(MAX_MOVES);
  return Array.from(out.subarray(0, position.generate(out)));
}

describe('strategist: paranoid and best-reply search', () => {
  const configs: GameOptions[] = [
    { size: 8, players: 4 },
    { size: 8, players: 3, misere: true },
    { size: 6, players: 4, variant: 'pro' },
    { size: 8, players: 2 },
    { size: 8, variant: 'team' },
  ];
  for (const algorithm of ['paranoid', 'brs'] as const) {
    for (const config of configs) {
      it(`${algorithm}, ${config.size}x${config.size} ${config.players ?? 2} players ${config.variant ?? 'standard'}${config.misere ? ' misere' : ''}: legal moves, search leaves its position as it found it`, () => {
        const game = new Game({ ...config, seed: 3 });
        while (!game.state.over) {
          const position = game.positionCopy();
          const { searcher, ctx } = search(position, algorithm, game.setup, 400);
          expect(legalMoves(position)).toContain(searcher.best());
          // The searched copy is back where it started: same balls, mover and hash.
          expect([ctx.position.hashLo, ctx.position.hashHi, ctx.position.toMove, Array.from(ctx.position.cells)]).toEqual([
            position.hashLo, position.hashHi, position.toMove, Array.from(position.cells),
          ]);
          game.play(moveName(game.setup.size, searcher.best()));
        }
      });
    }
  }

  it('best-reply search is used only with three or more players, one colour each', () => {
    const four = Position.start(8, [0, 1, 2, 3], 0);
    expect(search(four, 'brs', null, 10).searcher.algorithm).toBe('brs');
    expect(search(four, 'paranoid', null, 10).searcher.algorithm).toBe('paranoid');
    const two = Position.start(8, [0, 2], 0);
    expect(search(two, 'brs', null, 10).searcher.algorithm).toBe('paranoid');
    const team = new Game({ size: 8, variant: 'team', seed: 1 });
    expect(search(team.positionCopy(), 'brs', team.setup, 10).searcher.algorithm).toBe('paranoid');
  });

  it('best-reply search searches deeper in own moves than paranoid for the same nodes (four players)', () => {
    // Depth counts plies: paranoid's depth 4 is one own move, BRS's depth 4 two own moves.
    const start = Position.start(8, [0, 1, 2, 3], 0);
    const brs = search(start, 'brs', null, 20000).searcher;
    const paranoid = search(start, 'paranoid', null, 20000).searcher;
    expect(Math.ceil(brs.completedDepth / 2)).toBeGreaterThan(Math.ceil(paranoid.completedDepth / 4));
  });
});
