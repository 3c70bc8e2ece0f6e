import { describe, expect, it } from 'vitest';
import { openReplay } from '../../src/app/replay/replay';
import { MAX_LINK_DATA, recordFragment, recordFromFragment, shareLink } from '../../src/app/replay/shareLink';
import { type BoardSize, Game, Random, setupProblem, toRecord, type Variant } from '../../src/engine/index';

/** A whole round of random legal moves (the seed picks them), as a record. */
function playedRecord(size: BoardSize, players: number, variant: Variant, misere: boolean, seed: number): string {
  const game = new Game({ size, players, variant, misere, seed });
  const random = new Random(seed);
  while (!game.state.over) {
    const moves = game.legalMoves();
    game.play(moves[random.nextUint32() % moves.length]);
  }
  return toRecord(game, { Date: '2026.11.21' });
}

const SETUPS = ([8, 6, 4] as BoardSize[]).flatMap((size) =>
  ([1, 2, 3, 4] as const).flatMap((players) =>
    (['standard', 'pro', 'team'] as Variant[]).flatMap((variant) =>
      [false, true].flatMap((misere) => (setupProblem({ size, players, variant, misere }) ? [] : [{ size, players, variant, misere }])),
    ),
  ),
);

describe('share links', () => {
  it('covers every size and variant', () => {
    expect(new Set(SETUPS.map((s) => s.size))).toEqual(new Set([8, 6, 4]));
    expect(new Set(SETUPS.map((s) => s.variant))).toEqual(new Set(['standard', 'pro', 'team']));
  });

  it.each(SETUPS)('round trip: $size x $size, $players players, $variant, misere $misere', async ({ size, players, variant, misere }) => {
    const record = playedRecord(size, players, variant, misere, 1000 + size * 10 + players);
    const link = await shareLink('https://rolit.example/play/?speed=2#old', record);
    expect(link).toMatch(/^https:\/\/rolit\.example\/play\/\?speed=2#record=1\.[A-Za-z0-9_-]+$/);
    const back = await recordFromFragment(new URL(link).hash);
    expect(back).toBe(record);
    expect(openReplay(back).lines[0].length).toBeGreaterThan(0);
  });

  it('a full 8x8 four-player round fits a link of under 2000 characters', async () => {
    const record = playedRecord(8, 4, 'standard', false, 2026);
    const link = await shareLink('http://localhost:5173/', record);
    console.log(`share link for a full 8x8 four-player round: ${link.length} characters (record ${record.length})`);
    expect(link.length).toBeLessThan(2000);
  });

  it.each([
    ['wrong version', async (f: string) => f.replace('record=1.', 'record=7.'), /format version "7", this page reads version 1/],
    ['no version', async (f: string) => f.replace('record=1.', 'record='), /no format version/],
    ['truncated', async (f: string) => f.slice(0, Math.floor(f.length * 0.6)), /cut off/],
    ['altered', async (f: string) => f.slice(0, 40) + (f[40] === 'A' ? 'B' : 'A') + f.slice(41), /cut off or altered|line \d+, column \d+/],
    ['not base64url', async (f: string) => f.slice(0, 30) + '%' + f.slice(31), /"%" at character 22/],
    ['huge', async () => `record=1.${'A'.repeat(MAX_LINK_DATA + 1)}`, /more than the 20000/],
    ['a deflate bomb', async () => recordFragment('x'.repeat(2_000_000)), /longer than/],
  ])('a bad link (%s) is refused with the reason', async (_, spoil, reason) => {
    const fragment = await recordFragment(playedRecord(8, 4, 'standard', false, 7));
    const bad = await spoil(fragment);
    // An altered byte may still decompress: then the engine's reader refuses the record.
    await expect(recordFromFragment(bad).then((text) => openReplay(text))).rejects.toThrow(reason);
  });
});
