import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatLadder, LADDER_ENTRANTS, type LadderConfig, ladderBudget, ladderMatches, ladderProblem, levelRatingsSource, summarizeLadder } from '../../ai/tools/ladder';
import { seatError } from '../../ai/tools/arena';
import { parseCommandLine, parsePositiveNumber, parseWholeNumber } from '../args';
import { type Command, printLine, UsageError } from '../command';
import { playMatches } from './arena';

const RATINGS_FILE = new URL('../../ai/levelRatings.ts', import.meta.url);
const DEFAULT_SCALE = 0.1;

/** `ladder`: the round robin of the levels and baselines, and their ratings. */
export const ladder: Command = {
  name: 'ladder',
  summary: 'rate the levels and baselines from one round robin (Elo scale, beginner = 1000)',
  help: `usage: npm run rolit -- ladder [--games N] [--scale X] [--entrants A,B,...] [--seed N] [--parallel N] [--write]

Plays every pair of ${LADDER_ENTRANTS.join(', ')} against each other
(two players, 8x8, --games games a pair, seats rotating), fits Elo-style ratings to all the
games at once (Bradley-Terry by maximum likelihood, one virtual draw a pair as the prior,
beginner = 1000, +- = 95% interval) and prints them with each pair's score, each level
against the one below and each level against the pool (uct, paranoid, brs).

Budgets are iteration and node counts, so the same options give the same table: --scale
times what the app's default movetime (1 s for strategist and master) buys on one idle core
(master and uct: MCTS iterations, strategist, paranoid and brs: search nodes; docs/ai.md).

options:
  --games     games per pair, even, default 40
  --scale     fraction of the app's thinking time, default ${DEFAULT_SCALE}
  --entrants  who plays, comma-separated, default all of the above (beginner is required)
  --seed      seed of the games, default 1
  --parallel  worker threads, default 1
  --write     write the levels' ratings to src/ai/levelRatings.ts (shown in the new-game dialog)

example:
  nice -n 10 npm run rolit -- ladder --parallel 1 --write`,

  async run(args, io) {
    const print = (text: string) => printLine(io.stdout, text);
    const { options } = parseCommandLine(args, { games: 'string', scale: 'string', entrants: 'string', seed: 'string', parallel: 'string', write: 'boolean' });
    const entrants = options.entrants === undefined ? LADDER_ENTRANTS : options.entrants.split(',').map((s) => s.trim());
    for (const e of entrants) {
      const problem = seatError(e);
      if (problem) throw new UsageError(`--entrants: ${problem}`);
    }
    const config: LadderConfig = {
      entrants,
      games: options.games === undefined ? 40 : parseWholeNumber(options.games, '--games', 2, 1e6),
      budget: ladderBudget(options.scale === undefined ? DEFAULT_SCALE : parsePositiveNumber(options.scale, '--scale')),
      seed: options.seed === undefined ? 1 : parseWholeNumber(options.seed, '--seed', 0, 0xffffffff),
    };
    const problem = ladderProblem(config);
    if (problem) throw new UsageError(problem);
    const parallel = options.parallel === undefined ? 1 : parseWholeNumber(options.parallel, '--parallel', 1, 64);
    const matches = ladderMatches(config);
    const byMatch = await playMatches('ladder', matches.map((m) => m.config), parallel, io.stderr);
    const summary = summarizeLadder(config, matches, byMatch);
    print(formatLadder(config, summary));
    if (options.write) {
      const command = ['npm run rolit -- ladder', ...args].join(' ');
      writeFileSync(RATINGS_FILE, levelRatingsSource(summary, command, new Date().toISOString().slice(0, 10)));
      print(`\nwrote ${fileURLToPath(RATINGS_FILE)}`);
    }
    return 0;
  },
};
