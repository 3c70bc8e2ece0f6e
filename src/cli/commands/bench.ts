import { MAX_MOVES, Position, Random } from '../../engine/index';
import { parsePositiveNumber, parseCommandLine, parseWholeNumber } from '../args';
import type { Command } from '../command';

/** Plays uniformly random games from `start` until `seconds` have passed; one thread. */
export function randomPlayouts(start: Position, seconds: number, seed: number): { playouts: number; moves: number; ms: number } {
  const position = new Position();
  const moves = new Int32Array(MAX_MOVES);
  const random = new Random(seed);
  const begin = performance.now();
  const deadline = begin + seconds * 1000;
  let playouts = 0;
  let made = 0;
  let now = begin;
  while (now < deadline) {
    position.copyFrom(start);
    while (!position.over) {
      const n = position.generate(moves);
      position.make(moves[random.below(n)]);
      made++;
    }
    playouts++;
    now = performance.now();
  }
  return { playouts, moves: made, ms: now - begin };
}

/** `bench`: random playouts per second on 8x8 with four players. */
export const bench: Command = {
  name: 'bench',
  summary: 'measure random playouts per second (8x8, four players)',
  help: `usage: npm run rolit -- bench [--seconds N] [--seed N]

Plays random games (uniform over the legal moves) on the 8x8 board with four players,
red first, on one thread, and prints the moves per second and, as the last line,
"<N> playouts/s".

options:
  --seconds   how long to run, default 5 (fractions allowed)
  --seed      seed of the random move choice, default 1

example:
  npm run rolit -- bench --seconds 10`,

  async run(args) {
    const { options } = parseCommandLine(args, { seconds: 'string', seed: 'string' });
    const seconds = options.seconds === undefined ? 5 : parsePositiveNumber(options.seconds, '--seconds');
    const seed = options.seed === undefined ? 1 : parseWholeNumber(options.seed, '--seed', 0, 0xffffffff);
    console.log(`bench: random playouts, 8x8, red,yellow,green,blue, one thread, ${seconds} s, seed ${seed}`);
    const result = randomPlayouts(Position.start(8, [0, 1, 2, 3], 0), seconds, seed);
    const perSecond = (n: number) => Math.round((n * 1000) / result.ms);
    console.log(`${result.playouts} playouts, ${result.moves} moves in ${(result.ms / 1000).toFixed(2)} s`);
    console.log(`${perSecond(result.moves)} moves/s`);
    console.log(`${perSecond(result.playouts)} playouts/s`);
    return 0;
  },
};
