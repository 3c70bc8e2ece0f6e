/**
 * Random games for the record tests and the sample records in test/fixtures/records/. Moves are
 * chosen by the engine's seeded Random, so every game here is the same on every run.
 * `npx tsx test/record/write-samples.ts` rewrites the fixture files from sampleRecords().
 */
import { Game, type GameOptions, Random, toRecord } from '../../src/engine/index';

export interface PlayOptions {
  /** Stop after this many moves (an unfinished round); default: play to the end. */
  moves?: number;
  /** Share of moves played by the clock running out (needs a time limit). */
  timeouts?: number;
  /** Share of moves that are taken back right after being played (needs take-backs on). */
  takeBacks?: number;
}

/** Plays random legal moves with the seeded `random`; returns the game. */
export function playRandom(game: Game, random: Random, options: PlayOptions = {}): Game {
  const limit = options.moves ?? Infinity;
  while (!game.state.over && game.state.moves.length < limit) {
    if (options.timeouts && random.next() < options.timeouts) {
      game.expireClock();
    } else {
      const moves = game.legalMoves();
      game.play(moves[random.below(moves.length)]);
    }
    if (options.takeBacks && random.next() < options.takeBacks) game.takeBack();
  }
  return game;
}

export interface Sample {
  file: string;
  options: GameOptions;
  play: PlayOptions;
  tags: Record<string, string>;
}

export const SAMPLES: Sample[] = [
  { file: 'four-players.rolit', options: { size: 8, players: 4, seed: 2026 }, play: {}, tags: { Date: '2026.11.21', Red: 'Ann', Yellow: 'Bob', Green: 'Cleo', Blue: 'Dev' } },
  { file: 'two-players-6x6-misere.rolit', options: { size: 6, players: 2, misere: true, seed: 7 }, play: {}, tags: { Date: '2026.11.21' } },
  { file: 'solo-4x4.rolit', options: { size: 4, players: 1, seed: 11 }, play: {}, tags: {} },
  { file: 'team.rolit', options: { variant: 'team', seed: 99, takeBacks: false }, play: {}, tags: { Red: 'Ann and Cleo', Yellow: 'Bob and Dev' } },
  { file: 'pro-timed.rolit', options: { variant: 'pro', players: 3, moveTimeLimit: 60, seed: 3 }, play: { timeouts: 0.15 }, tags: { Event: 'Club night' } },
  { file: 'unfinished-strict.rolit', options: { players: 4, first: 'red', takeBacks: false, seed: 1 }, play: { moves: 17 }, tags: {} },
];

/** The sample records, generated from SAMPLES (move choices seeded by each game's seed). */
export function sampleRecords(): { file: string; text: string }[] {
  return SAMPLES.map((s) => {
    const game = playRandom(new Game(s.options), new Random(s.options.seed! + 1), s.play);
    return { file: s.file, text: toRecord(game, s.tags) };
  });
}
