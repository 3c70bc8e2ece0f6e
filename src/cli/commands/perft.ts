import { Game, perft as countLeaves, setupProblem } from '../../engine/index';
import { parseBoardSize, parseChoice, parseColour, parseColours, parseCommandLine, parseWholeNumber } from '../args';
import { type Command, printLine, UsageError } from '../command';

/** `perft`: leaf counts of the move tree from the start position, per depth, with timings. */
export const perft: Command = {
  name: 'perft',
  summary: 'count the leaves of the move tree (engine self-test)',
  help: `usage: npm run rolit -- perft <depth> [--size 8|6|4] [--colours red,yellow,...]
                               [--first <colour>] [--variant standard|pro]

Counts the leaves of the move tree from the start position for depth 1 to <depth>
(moves stop at a full board) and prints each count with its time. The last line is
the leaf count at <depth> alone.

options:
  --size      board size, 8 (default), 6 or 4
  --colours   colours in play in seat order (default red,yellow,green,blue)
  --first     colour to move first (default the first of --colours)
  --variant   standard (default) or pro (Pro double placements)

example (docs/rules.md test vectors 3, 20, 136, 1366, 7427):
  npm run rolit -- perft 5`,

  async run(args, io) {
    const print = (text: string) => printLine(io.stdout, text);
    const { options, positionals } = parseCommandLine(args, { size: 'string', colours: 'string', first: 'string', variant: 'string' }, ['depth']);
    const depth = parseWholeNumber(positionals[0], '<depth>', 0, 60);
    const size = options.size === undefined ? 8 : parseBoardSize(options.size, '--size');
    const colours = options.colours === undefined ? undefined : parseColours(options.colours, '--colours');
    const first = options.first === undefined ? (colours?.[0] ?? 'red') : parseColour(options.first, '--first');
    const variant = options.variant === undefined ? 'standard' : parseChoice(options.variant, '--variant', ['standard', 'pro'] as const);
    // The engine's one setup check (first in play, 4x4 for one or two players, no one-colour round...).
    const problem = setupProblem({ size, colours, first, variant });
    if (problem) throw new UsageError(problem);
    const game = new Game({ size, colours, first, variant });
    const position = game.positionCopy();
    print(`perft ${size}x${size}, colours ${game.setup.colours.join(',')}, ${first} first, ${variant}`);
    let total = 0;
    let leaves = 1;
    for (let d = 1; d <= depth; d++) {
      const start = performance.now();
      leaves = countLeaves(position, d);
      const ms = performance.now() - start;
      total += ms;
      print(`depth ${d}: ${leaves} leaves in ${ms.toFixed(1)} ms`);
    }
    if (depth > 0) print(`total ${total.toFixed(1)} ms`);
    print(String(leaves));
    return 0;
  },
};
