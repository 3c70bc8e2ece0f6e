/**
 * The Rolit engine protocol (specified in docs/protocol.md) as a pure session: one command line
 * in, its reply lines out. No I/O here, so it is tested directly; commands/engine.ts connects it
 * to stdin and stdout.
 */
import { chooseMove, chooseMoveInSlices, computerSeed, DEFAULT_LEVEL, isLevel, type Level, LEVELS, seatOptions } from '../ai/index';
import { ballCounts, type BoardSize, boardRows, Game, type GameOptions, moveName, parseSquare, type Position, quote, RuleError, type Variant } from '../engine/index';
import { parseBoardSize, parseChoice, parseColour, parseColours, parseSeed, parseWholeNumber } from './args';
import { UsageError } from './command';
import pkg from '../../package.json';

export const ENGINE_NAME = `Rolit 3D ${pkg.version}`;

/** Longest `go movetime=` accepted: one hour. */
const MAX_MOVETIME = 3_600_000;

/** Most worker threads `setoption threads=` accepts. */
export const MAX_THREADS = 16;

/**
 * The master's search root-parallel on worker threads (`setoption threads=N`): the engine
 * command gives the arena's RootParallelPlayer; without one the session refuses threads above 1.
 */
export interface ParallelSearch {
  /** `signal` aborted: the best move so far, at once. */
  search(position: Position, owners: number[], misere: boolean, budget: { movetime?: number; seed: number }, signal?: AbortSignal): Promise<{ move: number }>;
  close(): void;
}
export type ParallelSearchFactory = (level: Level, threads: number) => ParallelSearch;

/** What a `go` asks for, checked. */
interface GoRequest {
  game: Game;
  level: Level;
  movetime?: number;
  seed: number;
}

const COMMANDS = 'hello, newgame, moves, play, tomove, board, score, go, stop, setoption, undo, quit';

/** How long the engine's `go` searches before it reads its input again (ms). */
const SEARCH_SLICE_MS = 10;

/** Lets the event loop run: input is read between the slices of a search. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A signal that is never aborted, for a search nobody can stop. */
const NEVER = new AbortController().signal;

/** A refused command: its message becomes the `error <reason>` reply. */
class CommandError extends Error {}

/** Parses `key=value` words; every key must be in `allowed`, none twice. */
function keyValues(command: string, words: string[], allowed: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) throw new CommandError(`${command}: expected key=value, not ${quote(word)}`);
    const key = word.slice(0, eq);
    if (!allowed.includes(key)) throw new CommandError(`${command}: unknown key ${quote(key)} (keys: ${allowed.join(', ')})`);
    if (values.has(key)) throw new CommandError(`${command}: ${key} is given twice`);
    values.set(key, word.slice(eq + 1));
  }
  return values;
}

function noArguments(command: string, words: string[]): void {
  if (words.length > 0) throw new CommandError(`${command} takes no arguments`);
}

/** Square names sorted by row, then column (the protocol's order for every square list). */
function sortSquares(size: BoardSize, squares: string[]): string[] {
  return [...squares].sort((a, b) => parseSquare(size, a) - parseSquare(size, b));
}

/**
 * One engine session: the current game (after `newgame`) and whether `quit` was received.
 * handle() never throws on bad input: every problem becomes an `error <reason>` reply and
 * changes nothing.
 */
export class EngineSession {
  private game: Game | null = null;
  private quitRequested = false;
  private threads = 1;
  private parallelSearch: ParallelSearch | null = null;

  /** `parallel`: how to search on worker threads; without it, `setoption threads=` allows only 1. */
  constructor(private readonly parallel?: ParallelSearchFactory) {}

  /** True once `quit` was handled: the caller stops reading and exits 0. */
  get quit(): boolean {
    return this.quitRequested;
  }

  /**
   * Handles one input line; returns the reply lines (none for `quit` and for blank lines,
   * which are not commands). Surrounding white space and a trailing CR are ignored.
   */
  handle(line: string): string[] {
    const [command, ...rest] = commandWords(line);
    if (command === '') return [];
    try {
      return this.run(command, rest);
    } catch (e) {
      return errorReply(e);
    }
  }

  /**
   * Like handle(), but a `go` searches in slices and yields to the event loop between them, so
   * that the engine reads its input meanwhile; aborting `signal` (on `stop` or `quit`) ends the
   * search at once with the best move found so far. With `setoption threads=N` above 1 the
   * master searches on worker threads. The engine command uses this.
   */
  async handleAsync(line: string, signal: AbortSignal = NEVER): Promise<string[]> {
    const [command, ...rest] = commandWords(line);
    if (command !== 'go') return this.handle(line);
    try {
      const { game, level, movetime, seed } = this.goRequest(rest);
      const { owners, misere } = seatOptions(game.setup);
      let move: number;
      if (level === 'master' && this.threads > 1) {
        this.parallelSearch ??= this.parallel!('master', this.threads);
        ({ move } = await this.parallelSearch.search(game.positionCopy(), owners, misere, { movetime, seed }, signal));
      } else {
        move = await chooseMoveInSlices(game.positionCopy(), { level, movetime, seed, owners, misere }, signal, pause, SEARCH_SLICE_MS);
      }
      return [`bestmove ${moveName(game.setup.size, move)}`];
    } catch (e) {
      return errorReply(e);
    }
  }

  /** Whether `line` ends a running search when read during one: `stop`, and `quit` (which then quits). */
  endsSearch(line: string): boolean {
    const words = commandWords(line);
    return words.length === 1 && (words[0] === 'stop' || words[0] === 'quit');
  }

  /** Stops the worker threads, if any (they would keep the process alive). */
  close(): void {
    this.parallelSearch?.close();
    this.parallelSearch = null;
  }

  private run(command: string, args: string[]): string[] {
    switch (command) {
      case 'hello':
        noArguments(command, args);
        return [`rolit ${ENGINE_NAME}`];
      case 'quit':
        noArguments(command, args);
        this.quitRequested = true;
        return [];
      case 'newgame':
        return this.newgame(args);
      case 'moves':
        noArguments(command, args);
        return [['moves', ...this.current().legalMoves()].join(' ')];
      case 'play':
        return this.play(args);
      case 'tomove':
        noArguments(command, args);
        return [`tomove ${this.current().state.toMove ?? 'none'}`];
      case 'board':
        noArguments(command, args);
        return this.board();
      case 'score':
        noArguments(command, args);
        return [this.score()];
      case 'go':
        return [this.bestmove(this.goRequest(args))];
      case 'stop':
        // Ends a running search (handleAsync's signal); with none running there is nothing to stop.
        noArguments(command, args);
        return [];
      case 'setoption':
        return this.setoption(args);
      case 'undo':
        noArguments(command, args);
        this.current().takeBack();
        return ['ok'];
      default:
        throw new CommandError(`unknown command ${quote(command)} (commands: ${COMMANDS})`);
    }
  }

  private current(): Game {
    if (!this.game) throw new CommandError('no game: send newgame first');
    return this.game;
  }

  private newgame(args: string[]): string[] {
    const values = keyValues('newgame', args, ['size', 'colours', 'first', 'variant', 'misere', 'seed']);
    for (const key of ['size', 'colours', 'first']) {
      if (!values.has(key)) throw new CommandError(`newgame: ${key}= is required`);
    }
    const options: GameOptions = {
      size: parseBoardSize(values.get('size')!, 'size'),
      colours: parseColours(values.get('colours')!, 'colours'),
      first: parseColour(values.get('first')!, 'first'),
      variant: parseChoice<Variant>(values.get('variant') ?? 'standard', 'variant', ['standard', 'pro', 'team']),
      misere: parseChoice(values.get('misere') ?? 'off', 'misere', ['on', 'off']) === 'on',
    };
    if (values.has('seed')) options.seed = parseSeed(values.get('seed')!);
    // The engine checks the combination (first in play, team needs four colours, 4x4 players).
    this.game = new Game(options);
    return ['ok'];
  }

  private play(args: string[]): string[] {
    const game = this.current();
    if (args.length !== 1) throw new CommandError('play takes one move: a square like f4, or e3+e6 for a Pro double');
    const colour = game.state.toMove;
    const events = game.play(args[0]);
    const placed: string[] = [];
    const captured: string[] = [];
    for (const e of events) {
      if (e.type === 'ballPlaced') placed.push(e.square);
      if (e.type === 'ballsRolled') captured.push(...e.rolls.map((r) => r.square));
    }
    // A double's balls are placed in board order, so this is the move as `moves` writes it.
    return [['ok', colour, placed.join('+'), 'captures', ...sortSquares(game.setup.size, captured)].join(' ')];
  }

  private board(): string[] {
    const game = this.current();
    return [...boardRows(game.setup.size, game.state.board), 'end'];
  }

  private score(): string {
    const game = this.current();
    const { scores } = ballCounts(game.setup, game.state.board);
    return ['score', ...game.setup.colours.map((c) => `${c}=${scores[c]}`)].join(' ');
  }

  private goRequest(args: string[]): GoRequest {
    const game = this.current();
    const values = keyValues('go', args, ['movetime', 'level', 'seed']);
    const level = values.get('level') ?? DEFAULT_LEVEL;
    if (!isLevel(level)) throw new CommandError(`unknown level ${quote(level)} (levels: ${LEVELS.join(', ')})`);
    const movetime = values.has('movetime') ? parseWholeNumber(values.get('movetime')!, 'movetime', 0, MAX_MOVETIME) : undefined;
    // Without seed=, the same game and position give the same move (computerSeed).
    const seed = values.has('seed') ? parseSeed(values.get('seed')!) : computerSeed(game);
    if (game.state.over) throw new CommandError('the round is over');
    return { game, level, movetime, seed };
  }

  /** The move on this thread. */
  private bestmove({ game, level, movetime, seed }: GoRequest): string {
    const move = chooseMove(game.positionCopy(), { level, movetime, seed, ...seatOptions(game.setup) });
    return `bestmove ${moveName(game.setup.size, move)}`;
  }

  private setoption(args: string[]): string[] {
    const values = keyValues('setoption', args, ['threads']);
    if (!values.has('threads')) throw new CommandError('setoption: threads= is required');
    const threads = parseWholeNumber(values.get('threads')!, 'threads', 1, this.parallel ? MAX_THREADS : 1);
    if (threads !== this.threads) this.close();
    this.threads = threads;
    return ['ok'];
  }
}

/** A command line's words: surrounding white space and a trailing CR ignored; [''] for a blank line. */
function commandWords(line: string): string[] {
  return line.trim().split(/[ \t]+/);
}

function errorReply(e: unknown): string[] {
  if (e instanceof CommandError || e instanceof RuleError || e instanceof UsageError) return [`error ${e.message}`];
  // A bug, not bad input: keep serving, but say so.
  return [`error internal error: ${e instanceof Error ? e.message : String(e)}`];
}
