/**
 * Tournaments between computer players: the pure part of `npm run rolit -- arena` (no Node
 * APIs; the command and its worker threads and external programs live in src/ai/node and
 * src/cli/commands/arena.ts).
 *
 * Seats rotate: game i is played with entrant (s + i mod k) in seat s, and the k games of one
 * rotation share a seed (so the same start-ball throw), so every entrant sits in every seat
 * equally often when the number of games is a multiple of k. Results depend only on the config
 * and the game index, so they are the same whatever the order or thread that plays them.
 */
import { ballCounts, type BoardSize, type Colour, Game, moveName, Random, RuleError, type Variant } from '../../engine';
import { MatchFlow, type SeatSpec } from '../../flow/matchFlow';
import { type FlowClock, IllegalAnswer } from '../../flow/turnFlow';
import { seatOptions } from '../index';
import { entrantIterations, entrantSearcher, threadsError } from './entrants';

export interface ArenaConfig {
  /** One entrant per seat: a level or baseline (entrants.ts), or "cmd:<shell command>" for a program speaking the protocol. */
  seats: string[];
  games: number;
  /**
   * Per move, at least one: wall-clock milliseconds, CPU milliseconds of the thread that searches
   * (load-robust: what movetime buys on an idle core; not with movetime), or an iteration budget
   * (reproducible).
   */
  movetime?: number;
  movecpu?: number;
  iterations?: number;
  size: BoardSize;
  seed: number;
  variant: Variant;
  misere: boolean;
}

/** What an entrant needs to play: the game so far and the budget. */
export interface MoveRequest {
  game: Game;
  seed: number;
  movetime?: number;
  movecpu?: number;
  iterations?: number;
}

/** A player in the arena: a level or baseline on this thread, or an external program. */
export interface ArenaPlayer {
  /** The move (in rules.md notation) for the colour to move. */
  choose(request: MoveRequest): string | Promise<string>;
  close?(): void | Promise<void>;
}

/**
 * Thrown by an ArenaPlayer that cannot go on with a game (an external program that crashed,
 * went silent or answered out of protocol): it loses that game, for the one-line reason.
 */
export class EntrantFailure extends Error {}

export interface ArenaGame {
  index: number;
  /** entrantOfSeat[s]: which entrant sat in seat s. */
  entrantOfSeat: number[];
  first: Colour;
  /**
   * Per entrant: balls scored (at the forfeit, if any) and win share (1 for a sole winner, 1/k
   * for each of k tied; after a forfeit the others share the win).
   */
  balls: number[];
  shares: number[];
  /** Set when an entrant could not finish the game: it lost it, for this reason. */
  forfeit?: { entrant: number; reason: string };
}

export interface EntrantRow {
  name: string;
  games: number;
  winShare: number;
  /** 95% confidence interval of the win share (Wilson score interval over the games). */
  low: number;
  high: number;
  meanBalls: number;
  /** Bradley-Terry (Elo scale) rating from the pairwise ball comparisons, mean 0. */
  elo: number;
}

export interface ArenaTable {
  config: ArenaConfig;
  games: number;
  rows: EntrantRow[];
  /** Games lost by forfeit (game numbers from 1), with the reason. */
  forfeits: { game: number; name: string; reason: string }[];
}

/** Checks an entrant spec (entrants.ts, or cmd:<command>); returns an error message or null. */
export function seatError(spec: string): string | null {
  if (spec.startsWith('cmd:')) return spec.length > 4 ? null : 'cmd: needs a command after it';
  if (spec.includes('@')) return threadsError(spec);
  const searcher = entrantSearcher(spec);
  return typeof searcher === 'string' ? searcher : null;
}

/** Names for the table: the spec, numbered when the same spec sits in several seats. */
export function entrantNames(seats: string[]): string[] {
  return seats.map((s, i) => {
    const same = seats.filter((t) => t === s).length;
    const label = s.startsWith('cmd:') ? s.slice(4).trim() : s;
    return same > 1 ? `${label}#${seats.slice(0, i + 1).filter((t) => t === s).length}` : label;
  });
}

/** The seed of game `index`: shared by the games of one seat rotation. */
export function gameSeed(config: ArenaConfig, index: number): number {
  const group = Math.floor(index / config.seats.length);
  return new Random((config.seed ^ Math.imul(group + 1, 0x9e3779b1)) >>> 0).nextUint32();
}

/** The game of this index, not yet played (throws a RuleError for an impossible setup). */
export function newArenaGame(config: ArenaConfig, index: number): { game: Game; entrantOfSeat: number[] } {
  const k = config.seats.length;
  const game = new Game({
    size: config.size,
    players: k,
    variant: config.variant,
    misere: config.misere,
    seed: gameSeed(config, index),
  });
  const rotation = index % k;
  return { game, entrantOfSeat: Array.from({ length: k }, (_, s) => (s + rotation) % k) };
}

/** Checks a config; throws a RuleError/Error saying what is wrong. */
export function validateConfig(config: ArenaConfig): void {
  if (config.seats.length < 2 || config.seats.length > 4) throw new RuleError(`the arena needs 2 to 4 seats, not ${config.seats.length}`);
  for (const s of config.seats) {
    const e = seatError(s);
    if (e) throw new RuleError(e);
  }
  if (!(Number.isInteger(config.games) && config.games > 0)) throw new RuleError(`games must be a whole number > 0, not ${config.games}`);
  const problem = budgetProblem(config);
  if (problem) throw new RuleError(problem);
  newArenaGame(config, 0); // board size, variant and player count fit together
}

/** Why a budget (of an arena or a gauntlet) cannot be played, or null. */
export function budgetProblem(budget: { seats: string[]; movetime?: number; movecpu?: number; iterations?: number }): string | null {
  if (budget.movetime === undefined && budget.movecpu === undefined && budget.iterations === undefined) return 'give a budget per move: movetime, movecpu or iterations';
  if (budget.movetime !== undefined && budget.movecpu !== undefined) return 'choose one of movetime (wall clock) and movecpu (CPU time)';
  if (budget.movecpu === undefined) return null;
  // The CPU clock is this process's threads': programs and root-parallel threads have their own.
  const outside = budget.seats.find((s) => s.startsWith('cmd:') || s.includes('@'));
  return outside ? `movecpu is measured on the arena's own threads, so it cannot time "${outside}" (use movetime)` : null;
}

/** The arena's clock: no time passes, and what the flow runs "after 0 ms" runs once the current task is done. */
const arenaClock: FlowClock = {
  now: () => 0,
  setTimeout(run) {
    let live = true;
    queueMicrotask(() => live && run());
    return { clear: () => void (live = false) };
  },
};

/**
 * Plays game `index` as a one-round match of the match flow (src/flow), its seats held by the
 * entrants' computers; players[e] plays for entrant e. An entrant that fails (EntrantFailure) or
 * plays an illegal move loses the game by forfeit; the record says why.
 */
export function playArenaGame(config: ArenaConfig, index: number, players: ArenaPlayer[]): Promise<ArenaGame> {
  const { game, entrantOfSeat } = newArenaGame(config, index);
  const setup = game.setup;
  const first = game.state.toMove!;
  const k = config.seats.length;
  const names = entrantNames(config.seats);
  const balls = new Array<number>(k).fill(0);
  const shares = new Array<number>(k).fill(0);
  return new Promise<ArenaGame>((resolve, reject) => {
    let forfeit: ArenaGame['forfeit'];
    // Each seat's level names its entrant.
    const seats = entrantOfSeat.map((entrant): SeatSpec => ({ kind: 'computer', level: String(entrant), name: names[entrant] }));
    const flow: MatchFlow = new MatchFlow({ size: setup.size, colours: setup.colours, variant: setup.variant, misere: setup.misere, moveTimeLimit: 0, takeBacks: false }, seats, {
      clock: arenaClock,
      computerDelayMs: 0,
      graceMs: 0,
      roundGame: () => game,
      askComputer: async (asked, level) => {
        const seed = (setup.seed + Math.imul(asked.state.moves.length + 1, 0x85ebca6b)) >>> 0;
        return players[Number(level)].choose({ game: asked, seed, movetime: config.movetime, movecpu: config.movecpu, iterations: config.iterations });
      },
      event(e) {
        if (e.type === 'computerFailed') {
          const entrant = Number(e.level);
          if (e.error instanceof IllegalAnswer) forfeit = { entrant, reason: `played an illegal move ${JSON.stringify(e.error.move.slice(0, 20))}: ${e.error.refusal.message}` };
          else if (e.error instanceof EntrantFailure) forfeit = { entrant, reason: e.error.message };
        }
        if (e.type !== 'roundOver') return;
        e.result.playerScores.forEach((score, seat) => (balls[entrantOfSeat[seat]] = score));
        for (const seat of e.result.winners) shares[entrantOfSeat[seat]] = 1 / e.result.winners.length;
        resolve({ index, entrantOfSeat, first, balls, shares });
      },
      // A computer that gave no move: its entrant forfeits the game (any other failure is the arena's).
      fault(error) {
        flow.stop();
        if (!forfeit) return reject(error);
        ballCounts(setup, game.state.board).playerScores.forEach((score, seat) => (balls[entrantOfSeat[seat]] = score));
        for (let e = 0; e < k; e++) shares[e] = e === forfeit.entrant ? 0 : 1 / (k - 1);
        resolve({ index, entrantOfSeat, first, balls, shares, forfeit });
      },
    });
    flow.start();
  });
}

/**
 * An arena player that runs a level or a baseline (entrants.ts) on this thread; `cpuClock`
 * (the thread's CPU time, ms) times movecpu budgets.
 */
export function searcherPlayer(spec: string, cpuClock?: () => number): ArenaPlayer {
  const create = entrantSearcher(spec);
  if (typeof create === 'string') throw new Error(create);
  return {
    choose({ game, seed, movetime, movecpu, iterations }) {
      if (movecpu !== undefined && !cpuClock) throw new Error('a movecpu budget needs the CPU clock of the thread');
      const budget = movecpu !== undefined ? { movetime: movecpu, clock: cpuClock } : { movetime };
      const searcher = create(game.positionCopy(), { seed, ...budget, iterations, ...seatOptions(game.setup) });
      while (!searcher.step(Infinity));
      return moveName(game.setup.size, searcher.best());
    },
  };
}

const Z95 = 1.959964;

/** Wilson score interval for a proportion p over n trials. */
export function wilson(p: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Bradley-Terry ratings on the Elo scale from pairwise results: in every game each pair of
 * entrants counts as a win for the one with more balls (fewer in misere; after a forfeit, the
 * one that did not forfeit), a draw when equal.
 * One virtual draw per pair keeps unbeaten entrants finite. Mean rating 0.
 */
export function eloRatings(records: ArenaGame[], entrants: number, misere: boolean): number[] {
  const wins = Array.from({ length: entrants }, () => new Array<number>(entrants).fill(0));
  for (let i = 0; i < entrants; i++) for (let j = 0; j < entrants; j++) if (i !== j) wins[i][j] = 0.5;
  for (const r of records) {
    for (let i = 0; i < entrants; i++) {
      for (let j = i + 1; j < entrants; j++) {
        // A forfeit is decided by the shares (the forfeiter lost), not by the unfinished board.
        const d = r.forfeit ? r.shares[i] - r.shares[j] : misere ? r.balls[j] - r.balls[i] : r.balls[i] - r.balls[j];
        if (d > 0) wins[i][j] += 1;
        else if (d < 0) wins[j][i] += 1;
        else {
          wins[i][j] += 0.5;
          wins[j][i] += 0.5;
        }
      }
    }
  }
  let gamma = new Array<number>(entrants).fill(1);
  for (let iter = 0; iter < 1000; iter++) {
    const next = gamma.map((g, i) => {
      let w = 0;
      let d = 0;
      for (let j = 0; j < entrants; j++) {
        if (j === i) continue;
        w += wins[i][j];
        d += (wins[i][j] + wins[j][i]) / (g + gamma[j]);
      }
      return w / d;
    });
    const mean = next.reduce((s, g) => s + Math.log(g), 0) / entrants;
    const normalised = next.map((g) => g / Math.exp(mean));
    const change = Math.max(...normalised.map((g, i) => Math.abs(g - gamma[i])));
    gamma = normalised;
    if (change < 1e-12) break;
  }
  return gamma.map((g) => (400 * Math.log(g)) / Math.LN10);
}

/** The table for a set of played games. */
export function summarize(config: ArenaConfig, records: ArenaGame[]): ArenaTable {
  const names = entrantNames(config.seats);
  const n = records.length;
  const elo = eloRatings(records, names.length, config.misere);
  const rows = names.map((name, e) => {
    const winShare = n ? records.reduce((s, r) => s + r.shares[e], 0) / n : 0;
    const [low, high] = wilson(winShare, n);
    const meanBalls = n ? records.reduce((s, r) => s + r.balls[e], 0) / n : 0;
    return { name, games: n, winShare, low, high, meanBalls, elo: elo[e] };
  });
  const forfeits = records.flatMap((r) => (r.forfeit ? [{ game: r.index + 1, name: names[r.forfeit.entrant], reason: r.forfeit.reason }] : []));
  return { config, games: n, rows, forfeits };
}

/** "200 ms CPU a move" and the like. */
export function budgetText(config: Pick<ArenaConfig, 'movetime' | 'movecpu' | 'iterations'>): string {
  const parts = [];
  if (config.movetime !== undefined) parts.push(`${config.movetime} ms`);
  if (config.movecpu !== undefined) parts.push(`${config.movecpu} ms CPU`);
  if (config.iterations !== undefined) parts.push(`${config.iterations} iterations`);
  return parts.join(' / ') + ' a move';
}

/** The human-readable table. */
export function formatTable(table: ArenaTable): string {
  const c = table.config;
  // When every entrant names its own iteration count, the arena's budget plays no part.
  const budget = c.seats.every((s) => entrantIterations(s) !== undefined) ? "each entrant's own iterations a move" : budgetText(c);
  const head = `${table.games} games, ${c.size}x${c.size}, ${c.seats.length} players, ${c.variant}${c.misere ? ' misere' : ''}, ${budget}, seed ${c.seed}`;
  const width = Math.max(6, ...table.rows.map((r) => r.name.length));
  const lines = [
    head,
    `${'player'.padEnd(width)}  games  win share  95% CI          mean balls     Elo`,
    ...table.rows.map(
      (r) =>
        `${r.name.padEnd(width)}  ${String(r.games).padStart(5)}  ${(100 * r.winShare).toFixed(1).padStart(8)}%  ` +
        `[${(100 * r.low).toFixed(1).padStart(5)}%, ${(100 * r.high).toFixed(1).padStart(5)}%]  ${r.meanBalls.toFixed(2).padStart(10)}  ${((r.elo >= 0 ? '+' : '') + r.elo.toFixed(0)).padStart(6)}`,
    ),
    ...table.forfeits.map((f) => `game ${f.game} lost by ${f.name}: ${f.reason}`),
  ];
  return lines.join('\n');
}

export function toCsv(table: ArenaTable): string {
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [
    'player,games,win_share,ci_low,ci_high,mean_balls,elo',
    ...table.rows.map((r) => [quote(r.name), r.games, r.winShare.toFixed(4), r.low.toFixed(4), r.high.toFixed(4), r.meanBalls.toFixed(3), r.elo.toFixed(1)].join(',')),
  ].join('\n');
}
