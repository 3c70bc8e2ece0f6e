import type { Writable } from 'node:stream';
import { availableParallelism } from 'node:os';
import { type ArenaConfig, type ArenaGame, formatTable, seatError, toCsv, validateConfig } from '../../ai/tools/arena';
import { LEVELS } from '../../ai/index';
import { formatGauntlet, type GauntletConfig, gauntletMatches, gauntletProblem, summarizeGauntlet } from '../../ai/tools/gauntlet';
import { playJobs, runArena } from '../../ai/tools/run-arena';
import { RuleError } from '../../engine/index';
import { parseBoardSize, parseChoice, parseCommandLine, parsePositiveNumber, parseWholeNumber } from '../args';
import { type Command, type CommandIO, printLine, UsageError } from '../command';

/** A single-line progress bar on stderr (redrawn in place on a terminal, every 10% otherwise). */
function progressBar(label: string, stderr: Writable): { update(done: number, total: number): void; end(): void } {
  const tty = (stderr as { isTTY?: boolean }).isTTY === true;
  const start = Date.now();
  let lastTenth = -1;
  return {
    update(done, total) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      const elapsed = (Date.now() - start) / 1000;
      const eta = done ? (elapsed / done) * (total - done) : 0;
      const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} games  ${elapsed.toFixed(0)}s elapsed, ~${eta.toFixed(0)}s left`;
      if (tty) stderr.write(`\r${line}\x1b[K`);
      else if (Math.floor((10 * done) / total) !== lastTenth) {
        lastTenth = Math.floor((10 * done) / total);
        stderr.write(line + '\n');
      }
    },
    end() {
      if (tty) stderr.write('\n');
    },
  };
}

/** Plays every game of several arena configs as one batch (with a progress bar); the records per config. */
export async function playMatches(label: string, configs: ArenaConfig[], parallel: number, stderr: Writable): Promise<ArenaGame[][]> {
  const jobs = configs.flatMap((config) => Array.from({ length: config.games }, (_, index) => ({ config, index })));
  const bar = progressBar(label, stderr);
  let records;
  try {
    records = await playJobs(jobs, { parallel, onProgress: (d, t) => bar.update(d, t) });
  } finally {
    bar.end();
  }
  let start = 0;
  return configs.map((config) => records.slice(start, (start += config.games)));
}

export const arena: Command = {
  name: 'arena',
  summary: 'play many games between computer levels and/or external programs',
  help: `usage: npm run rolit -- arena --seats A,B[,C[,D]] [options]
       npm run rolit -- arena --gauntlet CANDIDATE --pool A,B,... [--players 2,3,4] [--sizes 8,6] [options]

Plays games between computer players and prints a table: games, win share (ties split)
with a 95% confidence interval, mean balls and an Elo-style rating. Seats rotate so
every entrant sits in every seat equally often (use a multiple of the seat count for
--games). With --iterations and no --movetime the results depend only on --seed.

--gauntlet: the candidate in one seat against each opponent of --pool in all the other
seats, for each player count (--players, default 2,3,4) and board size (--sizes, default
8,6), --games games each (seats rotating); the table gives the candidate's win share with
its 95% interval per opponent and setup, per opponent, and overall, beside the share
equal strength would get.

entrants (--seats, --gauntlet, --pool, one per seat, comma-separated):
  ${LEVELS.join(', ')}   the levels
  paranoid, brs     the strategist's two tree searches (brs: best-reply search)
  uct               plain UCT (random playouts, win-only reward; a baseline)
  uct:2000          uct (or master) with a fixed 2000 iterations a move
  master:epsilon=0.3  master (or uct) with a search parameter changed (docs/ai.md)
  master@2          master (or any uct/master entrant) root-parallel on 2 worker threads
  "cmd:<command>"   any program speaking the engine protocol (docs/protocol.md),
                    e.g. "cmd:npm run --silent rolit -- engine"

options:
  --seats       entrants, one per seat (2 to 4; team variant: 2)
  --gauntlet    the candidate of a gauntlet (instead of --seats)
  --pool        with --gauntlet: its opponents
  --players     with --gauntlet: player counts, default 2,3,4
  --sizes       with --gauntlet: board sizes, default 8,6
  --games       number of games (with --gauntlet: per opponent, player count and size), default 20
  --movetime    milliseconds per move (default 100 unless --iterations or --movecpu is given)
  --movecpu     CPU milliseconds per move of the thread that searches: what --movetime
                buys on an idle core, whatever the machine's load (Linux; not with
                --movetime, cmd: or @N entrants)
  --iterations  work per move (master: MCTS iterations, strategist: nodes); reproducible
  --size        board size 8, 6 or 4, default 8
  --variant     standard, pro or team, default standard
  --misere      fewest balls wins
  --seed        seed of the games and players, default 1
  --parallel    worker threads, default 1 (this machine has ${availableParallelism()} cores)
  --json        print the table (and every game) as JSON
  --csv         print the table as CSV

examples:
  npm run rolit -- arena --seats master,tactician,tactician,tactician --games 200 --movetime 100
  npm run rolit -- arena --seats strategist,tactician --games 100 --iterations 20000 --parallel 2
  npm run rolit -- arena --seats "cmd:npm run --silent rolit -- engine",greedy --games 10 --movetime 50
  npm run rolit -- arena --gauntlet master --pool uct,paranoid,brs,greedy,tactician --games 12 --movetime 200 --parallel 2
  npm run rolit -- arena --seats master,uct,uct,uct --games 48 --movecpu 200 --parallel 2`,

  async run(args, io) {
    const print = (text: string) => printLine(io.stdout, text);
    const { options } = parseCommandLine(args, {
      seats: 'string',
      games: 'string',
      movetime: 'string',
      movecpu: 'string',
      iterations: 'string',
      size: 'string',
      variant: 'string',
      misere: 'boolean',
      seed: 'string',
      parallel: 'string',
      json: 'boolean',
      csv: 'boolean',
      gauntlet: 'string',
      pool: 'string',
      players: 'string',
      sizes: 'string',
    });
    if (options.gauntlet !== undefined) return runGauntlet(options, io);
    for (const name of ['pool', 'players', 'sizes'] as const) if (options[name] !== undefined) throw new UsageError(`--${name} goes with --gauntlet`);
    if (!options.seats) throw new UsageError('--seats is required, e.g. --seats master,tactician');
    const seats = splitSeats(options.seats);
    for (const s of seats) {
      const e = seatError(s);
      if (e) throw new UsageError(`--seats: ${e}`);
    }
    if (options.json && options.csv) throw new UsageError('choose one of --json and --csv');
    const config: ArenaConfig = {
      seats,
      games: options.games === undefined ? 20 : parseWholeNumber(options.games, '--games', 1, 1e7),
      ...parseBudget(options),
      size: options.size === undefined ? 8 : parseBoardSize(options.size, '--size'),
      seed: options.seed === undefined ? 1 : parseWholeNumber(options.seed, '--seed', 0, 0xffffffff),
      variant: options.variant === undefined ? 'standard' : parseChoice(options.variant, '--variant', ['standard', 'pro', 'team'] as const),
      misere: options.misere === true,
    };
    const parallel = options.parallel === undefined ? 1 : parseWholeNumber(options.parallel, '--parallel', 1, 64);
    try {
      validateConfig(config);
    } catch (e) {
      if (e instanceof RuleError) throw new UsageError(e.message);
      throw e;
    }
    const bar = progressBar('arena', io.stderr);
    let result;
    try {
      result = await runArena(config, { parallel, onProgress: (d, t) => bar.update(d, t) });
    } finally {
      bar.end();
    }
    const { table, records } = result;
    if (options.json) print(JSON.stringify({ ...table, records }, null, 2));
    else if (options.csv) print(toCsv(table));
    else print(formatTable(table));
    return 0;
  },
};

/** --movetime, --movecpu and --iterations; 100 ms a move when none is given. */
function parseBudget(options: Record<string, string | boolean | undefined>): { movetime?: number; movecpu?: number; iterations?: number } {
  const text = (name: string) => options[name] as string | undefined;
  const iterations = text('iterations') === undefined ? undefined : parseWholeNumber(text('iterations')!, '--iterations', 1, 1e9);
  const movecpu = text('movecpu') === undefined ? undefined : parsePositiveNumber(text('movecpu')!, '--movecpu');
  if (movecpu !== undefined && text('movetime') !== undefined) throw new UsageError('choose one of --movetime (wall clock) and --movecpu (CPU time)');
  const movetime = text('movetime') !== undefined ? parsePositiveNumber(text('movetime')!, '--movetime') : iterations === undefined && movecpu === undefined ? 100 : undefined;
  return { movetime, movecpu, iterations };
}

/** Splits --seats at commas, except inside a cmd: entry (which runs to the next ",<entrant>" or the end). */
export function splitSeats(text: string): string[] {
  const parts = text.split(',');
  const seats: string[] = [];
  for (const part of parts) {
    const last = seats[seats.length - 1];
    if (last?.startsWith('cmd:') && seatError(part.trim()) !== null && !part.trim().startsWith('cmd:')) seats[seats.length - 1] = `${last},${part}`;
    else seats.push(part.trim());
  }
  return seats;
}

/** arena --gauntlet: every match of the gauntlet as one batch of games, then its table. */
async function runGauntlet(options: Record<string, string | boolean | undefined>, io: CommandIO): Promise<number> {
  const text = (name: string) => options[name] as string | undefined;
  for (const name of ['seats', 'size', 'variant', 'misere', 'csv']) if (options[name] !== undefined) throw new UsageError(`--${name} does not go with --gauntlet`);
  if (!text('pool')) throw new UsageError('--gauntlet needs --pool, e.g. --pool uct,paranoid,greedy');
  const list = (name: string, fallback: string) => (text(name) ?? fallback).split(',').map((s) => s.trim());
  const gauntlet: GauntletConfig = {
    candidate: text('gauntlet')!.trim(),
    pool: splitSeats(text('pool')!),
    players: list('players', '2,3,4').map((p) => parseWholeNumber(p, '--players', 2, 4)),
    sizes: list('sizes', '8,6').map((s) => parseBoardSize(s, '--sizes')),
    games: text('games') === undefined ? 20 : parseWholeNumber(text('games')!, '--games', 1, 1e7),
    ...parseBudget(options),
    seed: text('seed') === undefined ? 1 : parseWholeNumber(text('seed')!, '--seed', 0, 0xffffffff),
  };
  const problem = gauntletProblem(gauntlet);
  if (problem) throw new UsageError(problem);
  const parallel = text('parallel') === undefined ? 1 : parseWholeNumber(text('parallel')!, '--parallel', 1, 64);
  const matches = gauntletMatches(gauntlet);
  const byMatch = await playMatches('gauntlet', matches.map((m) => m.config), parallel, io.stderr);
  const rows = summarizeGauntlet(matches, byMatch);
  const print = (text: string) => printLine(io.stdout, text);
  if (options.json) print(JSON.stringify({ gauntlet, rows, matches: matches.map((m, i) => ({ ...m, records: byMatch[i] })) }, null, 2));
  else print(formatGauntlet(gauntlet, rows));
  return 0;
}
