import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchBudget, benchMcts, budgetPositions } from '../../ai/tools/bench';
import { benchRootParallel } from '../../ai/tools/bench-threads';
import { MAX_ENTRANT_THREADS } from '../../ai/tools/entrants';
import { LEVELS } from '../../ai/index';
import { Position, Random } from '../../engine/index';
import { parsePositiveNumber, parseCommandLine, parseWholeNumber } from '../args';
import { type Command, printLine, UsageError } from '../command';

/** Prints one line of a command's output. */
type Print = (text: string) => void;

/** Plays uniformly random games from `start` until `seconds` have passed; one thread. */
export function randomPlayouts(start: Position, seconds: number, seed: number): { playouts: number; moves: number; ms: number } {
  const position = new Position();
  const random = new Random(seed);
  const begin = performance.now();
  const deadline = begin + seconds * 1000;
  let playouts = 0;
  let made = 0;
  let now = begin;
  while (now < deadline) {
    position.copyFrom(start);
    while (!position.over) {
      position.playoutMove(position.randomMove(random));
      made++;
    }
    playouts++;
    now = performance.now();
  }
  return { playouts, moves: made, ms: now - begin };
}

/** `bench`: random playouts per second; with --mcts or --budget, the computer players. */
export const bench: Command = {
  name: 'bench',
  summary: 'measure random playouts per second (8x8, four players); --mcts, --budget: the computer players',
  help: `usage: npm run rolit -- bench [--seconds N] [--seed N]
       npm run rolit -- bench --against DIR [--seconds N]
       npm run rolit -- bench --mcts [--seconds N] [--threads N]
       npm run rolit -- bench --budget [--movetime MS] [--moves N] [--seed N]

Plays random games (uniform over the legal moves) on the 8x8 board with four players,
red first, on one thread, and prints the moves per second and, as the last line,
"<N> playouts/s".

--against DIR: random playouts of this checkout and of another one (DIR, e.g. a git
worktree of an older commit, with node_modules), side by side in this process:
alternating 0.5 s runs for --seconds per checkout, each timed by its CPU time (so the load
of other processes counts less); prints the median playouts per CPU second of each and
their ratio (this / DIR) as the last line.

--mcts: the master level (Monte Carlo tree search) searches the four-player 8x8 start
position and positions 10, 20 and 30 plies later, one thread, and prints its iterations
(each a tree descent and a playout to the full board) and the strategist's search nodes
per second on the same positions; the last line is "<N> mcts playouts/s". With --threads N,
the master searches root-parallel on N worker threads instead (each position for an equal
share of --seconds; the iterations of all threads per second of wall time), and the lines
give the load average before and after.

--budget: every level chooses a move with --movetime ms in each of --moves positions from
seeded games (8x8, alternately four and two players, spread over the round), and a table
shows per level the time actually taken per move: p50, p95, max, and the time over the
budget (mean over all moves, and the largest), in ms.

options:
  --seconds   how long to run, default 5 (fractions allowed); not with --budget
  --seed      seed of the random move choice (of the positions with --budget), default 1
  --against   compare random playouts with the checkout in this directory
  --mcts      measure MCTS playouts per second instead
  --threads   with --mcts: root-parallel master on this many worker threads (1 to 16)
  --budget    measure how well each level keeps to its movetime instead
  --movetime  with --budget: milliseconds per move, default 100
  --moves     with --budget: positions (moves per level), default 20

examples:
  npm run rolit -- bench --seconds 10
  npm run rolit -- bench --mcts --seconds 4
  npm run rolit -- bench --budget --movetime 100 --moves 40`,

  async run(args, io) {
    const print: Print = (text) => printLine(io.stdout, text);
    const { options } = parseCommandLine(args, {
      seconds: 'string',
      seed: 'string',
      mcts: 'boolean',
      budget: 'boolean',
      movetime: 'string',
      moves: 'string',
      against: 'string',
      threads: 'string',
    });
    if ([options.mcts, options.budget, options.against !== undefined].filter(Boolean).length > 1) {
      throw new UsageError('--mcts, --budget and --against measure different things: give one of them');
    }
    if (!options.budget) {
      for (const name of ['movetime', 'moves'] as const) if (options[name] !== undefined) throw new UsageError(`--${name} goes with --budget`);
    }
    if (options.budget && options.seconds !== undefined) throw new UsageError('--seconds does not go with --budget (it runs --moves moves per level)');
    if (options.threads !== undefined && !options.mcts) throw new UsageError('--threads goes with --mcts');
    if (options.mcts && options.seed !== undefined) throw new UsageError('--seed does not go with --mcts (its searches are seeded with 1)');
    const seconds = options.seconds === undefined ? 5 : parsePositiveNumber(options.seconds, '--seconds');
    const seed = options.seed === undefined ? 1 : parseWholeNumber(options.seed, '--seed', 0, 0xffffffff);
    if (options.mcts && options.threads !== undefined) return benchThreadsCommand(print, parseWholeNumber(options.threads, '--threads', 1, MAX_ENTRANT_THREADS), seconds);
    if (options.mcts) return benchMctsCommand(print, seconds);
    if (options.against !== undefined) return benchAgainst(print, options.against, seconds, seed);
    if (options.budget) {
      const movetime = options.movetime === undefined ? 100 : parsePositiveNumber(options.movetime, '--movetime');
      const moves = options.moves === undefined ? 20 : parseWholeNumber(options.moves, '--moves', 1, 100000);
      return benchBudgetCommand(print, movetime, moves, seed);
    }
    print(`bench: random playouts, 8x8, red,yellow,green,blue, one thread, ${seconds} s, seed ${seed}`);
    const result = randomPlayouts(Position.start(8, [0, 1, 2, 3], 0), seconds, seed);
    const perSecond = (n: number) => Math.round((n * 1000) / result.ms);
    print(`${result.playouts} playouts, ${result.moves} moves in ${(result.ms / 1000).toFixed(2)} s`);
    print(`${perSecond(result.moves)} moves/s`);
    print(`${perSecond(result.playouts)} playouts/s`);
    return 0;
  },
};

function benchMctsCommand(print: Print, seconds: number): number {
  print(`bench: master (MCTS), 8x8, red,yellow,green,blue, start position and plies 10, 20, 30, one thread, ${seconds} s`);
  const r = benchMcts(seconds);
  print(`${r.playouts} mcts playouts in ${r.seconds.toFixed(2)} s`);
  print(`${r.nodesPerSecond} strategist nodes/s`);
  print(`${r.playoutsPerSecond} mcts playouts/s`);
  return 0;
}

async function benchThreadsCommand(print: Print, threads: number, seconds: number): Promise<number> {
  const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
  print(`bench: master (MCTS) root-parallel on ${threads} worker thread(s), 8x8, red,yellow,green,blue, start position and plies 10, 20, 30, ${seconds} s`);
  print(`load average before: ${load()} (${availableParallelism()} cores)`);
  const r = await benchRootParallel(threads, seconds);
  print(`load average after: ${load()}`);
  print(`${r.iterations} mcts playouts of all threads in ${r.seconds.toFixed(2)} s of wall time`);
  print(`${r.iterationsPerSecond} mcts playouts/s`);
  return 0;
}

function benchBudgetCommand(print: Print, movetime: number, moves: number, seed: number): number {
  print(`bench: time per move vs a budget of ${movetime} ms, ${moves} positions (8x8, 4 and 2 players), seed ${seed}, one thread`);
  const rows = benchBudget(LEVELS, movetime, budgetPositions(moves, seed), seed);
  const width = Math.max(5, ...rows.map((r) => r.level.length));
  const ms = (x: number) => x.toFixed(1).padStart(8);
  print(`${'level'.padEnd(width)}  moves  budget       p50       p95       max  mean over  max over`);
  for (const r of rows) {
    print(
      `${r.level.padEnd(width)}  ${String(r.moves).padStart(5)}  ${String(r.budget).padStart(6)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.max)}  ${ms(r.meanOver).padStart(9)}  ${ms(r.maxOver)}`,
    );
  }
  print('times in ms; over = max(0, taken - budget)');
  return 0;
}

/** The other checkout's randomPlayouts and Position, or a UsageError saying what is missing. */
async function otherCheckout(dir: string): Promise<{ randomPlayouts: typeof randomPlayouts; Position: typeof Position }> {
  const root = resolve(dir);
  const files = ['src/cli/commands/bench.ts', 'src/engine/index.ts'].map((f) => join(root, f));
  for (const f of files) if (!existsSync(f)) throw new UsageError(`--against: ${f} does not exist (give the directory of another checkout of this repository)`);
  const [bench, engine] = await Promise.all(files.map((f) => import(pathToFileURL(f).href)));
  if (typeof bench.randomPlayouts !== 'function' || typeof engine.Position !== 'function') {
    throw new UsageError(`--against: ${root} has no randomPlayouts in src/cli/commands/bench.ts or no Position in src/engine`);
  }
  return { randomPlayouts: bench.randomPlayouts, Position: engine.Position };
}

async function benchAgainst(print: Print, dir: string, seconds: number, seed: number): Promise<number> {
  const builds = [{ name: 'this', randomPlayouts, Position }, { name: dir, ...(await otherCheckout(dir)) }];
  const rounds = Math.max(1, Math.round(seconds / 0.5));
  print(`bench: random playouts, 8x8, red,yellow,green,blue, one thread, this checkout vs ${dir}, ${rounds} alternating 0.5 s runs each, seed ${seed}`);
  const rates: number[][] = builds.map(() => []);
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const b of order) {
      const build = builds[b];
      const cpu = process.cpuUsage();
      const r = build.randomPlayouts(build.Position.start(8, [0, 1, 2, 3], 0), 0.5, seed + i);
      const used = process.cpuUsage(cpu);
      rates[b].push(r.playouts / ((used.user + used.system) / 1e6));
    }
  }
  const medians = rates.map((r) => [...r].sort((a, b) => a - b)[Math.floor(r.length / 2)]);
  builds.forEach((b, i) => print(`${b.name}: ${Math.round(medians[i])} playouts per CPU second (median)`));
  print(`${(medians[0] / medians[1]).toFixed(2)}x`);
  return 0;
}
