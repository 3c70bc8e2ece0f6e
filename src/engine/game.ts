import { type Colour, COLOURS, colourIndex } from './colours';
import type { GameEvent, Roll, RoundSetup, Variant } from './events';
import { quote } from './excerpt';
import { wholeNumberOf } from './numberText';
import { type BoardSize, isBoardSize, parseSquare, squareName, START_SQUARES } from './geometry';
import { doubleFirst, doubleSecond, EMPTY, isDouble, makeDouble, MAX_MOVES, Position } from './position';
import { freshSeed, Random } from './random';
import { applyEvent, type GameState, type RoundResult } from './state';

/**
 * A refused action (illegal move, bad option): the message is meant for the player, in English. `code` and
 * `params` name the reason for a program that words it in another language (the app's engine namespace);
 * codes are stable, 'other' is a reason without one (tools, the CLI).
 */
export class RuleError extends Error {
  override name = 'RuleError';
  constructor(
    message: string,
    readonly code: RuleCode = 'other',
    readonly params: Readonly<Record<string, string | number | readonly string[]>> = {},
  ) {
    super(message);
  }
}

/** The reasons a move or a setup is refused, as stable codes (docs/i18n.md); a program reading one from elsewhere (the wire) checks it against this list. */
export const RULE_CODES = [
  'other', 'boardSize', 'unknownVariant', 'playerCount', 'noColours', 'colourOrder', 'teamTwoPlayers', 'teamFourColours',
  'soloOneColour', 'soloColours', 'coloursForPlayers', 'smallBoardPlayers', 'timeLimit', 'seedRange', 'notInPlay',
  'notAMove', 'notASquare', 'doubleSameSquare', 'noTimeLimit', 'roundOver', 'takeBacksOff', 'nothingToTakeBack',
  'occupied', 'touchesNoBall', 'mustCapture', 'doubleNotPro', 'notADouble', 'notLegal',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

/** Colours in play for each player count (docs/rules.md). Solo: one person plays red and green. */
export const PLAYER_COLOURS: Record<1 | 2 | 3 | 4, Colour[]> = {
  1: ['red', 'green'],
  2: ['red', 'green'],
  3: ['red', 'yellow', 'green'],
  4: ['red', 'yellow', 'green', 'blue'],
};

export interface GameOptions {
  size?: BoardSize;
  /** Number of players, 1-4. Defaults to the number of colours, or 2 for the team variant. */
  players?: number;
  /** Colours in play; defaults from the player count. */
  colours?: Colour[];
  variant?: Variant;
  misere?: boolean;
  /** Seconds per move; 0 (default) for no limit. */
  moveTimeLimit?: number;
  /** Take-backs allowed; default true. False is strict play. */
  takeBacks?: boolean;
  /** Seed of the round's random source (the start-ball throw). */
  seed?: number;
  /** Who starts, skipping the throw (protocol `first=`, hand-transcribed records). */
  first?: Colour;
}

/** The largest seed: seeds are whole numbers from 0 to 2^32 - 1 (a 32-bit random source). */
export const MAX_SEED = 0xffffffff;

/** Why `value` is not a seed, or null when it is one. The only seed check (engine, app, CLI, records). */
export function seedProblem(value: number): string | null {
  return seedRefusal(value)?.message ?? null;
}

/** seedProblem with the reason's code and params (a RuleError). */
export function seedRefusal(value: number): RuleError | null {
  return Number.isInteger(value) && value >= 0 && value <= MAX_SEED ? null : new RuleError(`the seed must be a whole number from 0 to ${MAX_SEED}`, 'seedRange', { max: MAX_SEED });
}

/** Why `text` does not write a seed (decimal digits only), or null: how records, the protocol and the CLI read one. */
export function seedTextProblem(text: string): string | null {
  const problem = seedProblem(wholeNumberOf(text));
  return problem && `${problem}, not ${quote(text)}`;
}

/**
 * Why these options make no round (docs/rules.md), or null when they do: the one setup check that the
 * dialog, URL parameters, saved settings, records and the protocol all ask.
 */
export function setupProblem(options: GameOptions): string | null {
  return setupRefusal(options)?.message ?? null;
}

/** setupProblem with the reason's code and params (a RuleError), for a program that words it itself. */
export function setupRefusal(options: GameOptions): RuleError | null {
  try {
    roundSetup(options);
    return null;
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
}

/** Checks options against docs/rules.md and fills in the defaults. */
export function roundSetup(options: GameOptions): RoundSetup {
  const size = options.size ?? 8;
  if (!isBoardSize(size)) throw new RuleError(`board size must be 8, 6 or 4, not ${size}`, 'boardSize', { size });
  const variant = options.variant ?? 'standard';
  if (!['standard', 'pro', 'team'].includes(variant)) throw new RuleError(`unknown variant ${quote(variant)}`, 'unknownVariant', { variant: quote(variant) });
  const players = options.players ?? (variant === 'team' ? 2 : options.colours ? options.colours.length : 4);
  if (!Number.isInteger(players) || players < 1 || players > 4) throw new RuleError(`players must be 1 to 4, not ${players}`, 'playerCount', { players });
  if (options.colours?.length === 0) throw new RuleError('at least one colour must be in play', 'noColours');
  // Seats are clockwise: colours given in another order (or twice) are refused, never reordered,
  // so no caller gets a turn order other than the one it wrote.
  const clockwise = (cs: readonly Colour[]) => COLOURS.filter((c) => cs.includes(c));
  if (options.colours && options.colours.join() !== clockwise(options.colours).join()) {
    throw new RuleError(`colours must be listed once each, in seat order (clockwise from red), not ${options.colours.join(',')}`, 'colourOrder', { colours: [...options.colours] });
  }
  let colours: Colour[];
  let seats: Colour[][];
  if (variant === 'team') {
    if (players !== 2) throw new RuleError('the team variant is for two players', 'teamTwoPlayers');
    if (options.colours && options.colours.length !== 4) throw new RuleError('the team variant plays all four colours', 'teamFourColours');
    colours = [...COLOURS];
    seats = [['red', 'green'], ['yellow', 'blue']];
  } else if (players === 1) {
    colours = clockwise(options.colours ?? PLAYER_COLOURS[1]);
    // The rules have no one-colour round: solo is one person playing red and green.
    if (colours.length === 1) throw new RuleError(`one colour makes no round (${colours[0]}): solo is red and green, played by one person`, 'soloOneColour', { colour: colours[0] });
    if (colours.join() !== PLAYER_COLOURS[1].join()) throw new RuleError(`solo is red and green, played by one person, not ${listWords(colours)}`, 'soloColours', { colours });
    seats = [colours];
  } else {
    colours = clockwise(options.colours ?? PLAYER_COLOURS[players as 2 | 3 | 4]);
    if (colours.length !== players) throw new RuleError(`${players} players need ${players} colours, not ${colours.length}`, 'coloursForPlayers', { players, count: colours.length });
    seats = colours.map((c) => [c]);
  }
  if (size === 4 && seats.length > 2) throw new RuleError('the 4x4 board is for one or two players', 'smallBoardPlayers');
  const moveTimeLimit = options.moveTimeLimit ?? 0;
  if (!(moveTimeLimit >= 0 && Number.isFinite(moveTimeLimit))) throw new RuleError('the time limit must be 0 (none) or a number of seconds', 'timeLimit');
  const seed = options.seed ?? freshSeed();
  const badSeed = seedRefusal(seed);
  if (badSeed) throw badSeed;
  if (options.first && !colours.includes(options.first)) throw new RuleError(`${options.first} is not in play`, 'notInPlay', { colour: options.first });
  return {
    size,
    colours,
    players: seats,
    variant,
    misere: options.misere ?? false,
    moveTimeLimit,
    takeBacks: options.takeBacks ?? true,
    seed,
  };
}

/** Parses "f4" or a Pro double "e3+e6" into an engine move; a RuleError names what is wrong. */
export function parseMove(size: BoardSize, text: string): number {
  const parts = text.split('+');
  if (parts.length > 2 || parts.some((p) => p === '')) throw new RuleError(`${quote(text)} is not a move (write a square like f4, or e3+e6 for a Pro double)`, 'notAMove', { text: quote(text) });
  const squares = parts.map((p) => {
    const sq = parseSquare(size, p);
    if (sq < 0) throw new RuleError(`${quote(p)} is not a square of the ${size}x${size} board`, 'notASquare', { text: quote(p), size });
    return sq;
  });
  if (squares.length === 1) return squares[0];
  if (squares[0] === squares[1]) throw new RuleError(`a double placement needs two different squares, not ${parts[0]} twice`, 'doubleSameSquare', { square: parts[0] });
  return makeDouble(squares[0], squares[1]);
}

export function moveName(size: BoardSize, move: number): string {
  return isDouble(move)
    ? `${squareName(size, doubleFirst(move))}+${squareName(size, doubleSecond(move))}`
    : squareName(size, move);
}

/** "a", "a and b", "a, b and c". */
function listWords(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Balls showing each colour in play, and each player's score (the sum of their colours). */
export function ballCounts(setup: RoundSetup, board: Record<string, Colour>): Pick<RoundResult, 'scores' | 'playerScores'> {
  const scores: Partial<Record<Colour, number>> = {};
  for (const c of setup.colours) scores[c] = 0;
  for (const c of Object.values(board)) if (scores[c] !== undefined) scores[c]! += 1;
  const playerScores = setup.players.map((cs) => cs.reduce((sum, c) => sum + (scores[c] ?? 0), 0));
  return { scores, playerScores };
}

/** Scores and winners of a full board: most balls wins (fewest in misere), ties share. */
export function roundResult(setup: RoundSetup, board: Record<string, Colour>): RoundResult {
  const { scores, playerScores } = ballCounts(setup, board);
  return { scores, playerScores, winners: roundWinners(playerScores, setup.misere) };
}

/** The players (indices) who win with these balls each: the most balls (the fewest in misère); a tie shares the win. */
export function roundWinners(playerScores: readonly number[], misere: boolean): number[] {
  const best = misere ? Math.min(...playerScores) : Math.max(...playerScores);
  return playerScores.flatMap((s, i) => (s === best ? [i] : []));
}

/** The events that open a round: the start balls, the start-ball throw (unless `first` is given), the first turn. */
function openingEvents(options: GameOptions): GameEvent[] {
  const setup = roundSetup(options);
  const events: GameEvent[] = [{ type: 'roundStarted', setup, start: START_SQUARES.map((sq, i) => ({ square: squareName(setup.size, sq), colour: COLOURS[i] })) }];
  let first = options.first;
  if (!first) {
    const random = new Random(setup.seed);
    while (!first) {
      const colour = COLOURS[random.below(4)];
      const inPlay = setup.colours.includes(colour);
      events.push({ type: 'ballThrown', colour, inPlay });
      if (inPlay) first = colour;
    }
  }
  events.push({ type: 'turn', colour: first, moveNumber: 1 });
  return events;
}

/** Events to rebuild a game from: not exported, so only Game.fromEvents makes one. */
class Replay {
  constructor(readonly events: readonly GameEvent[]) {}
}

/**
 * One round of Rolit: validates actions, turns them into events and folds the events into its
 * state. The Position is the fast rules core, rebuilt from the state after every change.
 */
export class Game {
  readonly events: GameEvent[] = [];
  private current: GameState | null = null;
  private readonly position = new Position();
  private readonly moveBuffer = new Int32Array(MAX_MOVES);
  private readonly rollBuffer = new Int32Array(64);

  /** A new round (a Replay only from fromEvents): the one construction path, so every field starts the same way. */
  constructor(options: GameOptions | Replay = {}) {
    this.emit(options instanceof Replay ? options.events : openingEvents(options));
  }

  /** Rebuilds a game from its events (replays, saves). Throws if they do not fold. */
  static fromEvents(events: readonly GameEvent[]): Game {
    return new Game(new Replay(events));
  }

  get state(): GameState {
    return this.current!;
  }

  get setup(): RoundSetup {
    return this.state.setup;
  }

  /** A copy of the fast position, for computer players. */
  positionCopy(): Position {
    return this.position.clone();
  }

  /** Legal moves of the colour to move, sorted by row then column, Pro doubles last. */
  legalMoves(): string[] {
    if (this.state.over) return [];
    const n = this.position.generate(this.moveBuffer);
    return Array.from(this.moveBuffer.subarray(0, n), (m) => moveName(this.setup.size, m));
  }

  /** What a move would roll, or why it is illegal. Changes nothing. */
  check(text: string): { ok: true; move: number; rolls: string[] } | { ok: false; reason: string; refusal: RuleError } {
    try {
      const move = this.validate(text);
      const n = this.position.rolls(move, this.rollBuffer);
      return { ok: true, move, rolls: Array.from(this.rollBuffer.subarray(0, n), (sq) => squareName(this.setup.size, sq)) };
    } catch (e) {
      if (e instanceof RuleError) return { ok: false, reason: e.message, refusal: e };
      throw e;
    }
  }

  /** Plays a move for the colour to move; returns its events. Illegal: RuleError, nothing changes. */
  play(text: string): GameEvent[] {
    return this.playMove(this.validate(text), false);
  }

  /**
   * The mover's time is up: plays for them the move that rolls the most balls (the fewest in
   * misere, where rolling balls to your colour is bad for you), the first in board order among
   * equals, marked as timed out.
   */
  expireClock(): GameEvent[] {
    if (this.setup.moveTimeLimit === 0) throw new RuleError('this round has no time limit', 'noTimeLimit');
    if (this.state.over) throw new RuleError('the round is over', 'roundOver');
    const n = this.position.generate(this.moveBuffer);
    const better = this.setup.misere ? (rolls: number, best: number) => rolls < best : (rolls: number, best: number) => rolls > best;
    let best = this.moveBuffer[0];
    let bestRolls = this.position.rolls(best, this.rollBuffer);
    for (let i = 1; i < n; i++) {
      const rolls = this.position.rolls(this.moveBuffer[i], this.rollBuffer);
      if (better(rolls, bestRolls)) {
        best = this.moveBuffer[i];
        bestRolls = rolls;
      }
    }
    return this.playMove(best, true);
  }

  /**
   * Takes back the last move (when take-backs are on). `review`: stepping back through a
   * finished or recorded round, which is looking at the game, not playing it: allowed always.
   */
  takeBack(review = false): GameEvent[] {
    if (!this.setup.takeBacks && !review) throw new RuleError('take-backs are off (strict play)', 'takeBacksOff');
    const last = this.state.moves[this.state.moves.length - 1];
    if (!last) throw new RuleError('there is no move to take back', 'nothingToTakeBack');
    const unrolled: Roll[] = [...last.rolls].reverse().map((r) => ({ square: r.square, from: r.to, to: r.from }));
    return this.emit([
      { type: 'moveTakenBack', colour: last.colour, removed: [...last.squares], unrolled },
      { type: 'turn', colour: last.colour, moveNumber: this.state.moves.length },
    ]);
  }

  private validate(text: string): number {
    const size = this.setup.size;
    const move = parseMove(size, text);
    if (this.state.over) throw new RuleError('the round is over', 'roundOver');
    const n = this.position.generate(this.moveBuffer);
    for (let i = 0; i < n; i++) if (this.moveBuffer[i] === move) return move;
    throw this.whyIllegal(move);
  }

  private whyIllegal(move: number): RuleError {
    const size = this.setup.size;
    const squares = isDouble(move) ? [doubleFirst(move), doubleSecond(move)] : [move];
    for (const sq of squares) {
      const square = squareName(size, sq);
      if (this.position.cells[sq] !== EMPTY) return new RuleError(`${square} is occupied`, 'occupied', { square });
    }
    for (const sq of squares) {
      const square = squareName(size, sq);
      if (!this.position.touchesBall(sq)) return new RuleError(`${square} touches no ball`, 'touchesNoBall', { square });
    }
    if (this.position.canCapture()) {
      const n = this.position.generate(this.moveBuffer);
      const capturing = Array.from(this.moveBuffer.subarray(0, n), (m) => squareName(size, m));
      return new RuleError(`you must capture: ${listWords(capturing)} ${capturing.length === 1 ? 'captures' : 'capture'}`, 'mustCapture', { squares: capturing, count: capturing.length });
    }
    if (isDouble(move)) {
      if (!this.position.pro) return new RuleError('two balls in one turn are only allowed in the Pro variant', 'doubleNotPro');
      const name = moveName(size, move);
      return new RuleError(`${name} is not a double placement: the two balls must lie on one line with only other colours' balls between them`, 'notADouble', { move: name });
    }
    const square = squareName(size, move);
    return new RuleError(`${square} is not a legal move`, 'notLegal', { square });
  }

  private playMove(move: number, timedOut: boolean): GameEvent[] {
    const size = this.setup.size;
    const colour = this.state.toMove!;
    const events: GameEvent[] = [];
    if (timedOut) events.push({ type: 'timeExpired', colour });
    const n = this.position.rolls(move, this.rollBuffer);
    const squares = isDouble(move) ? [doubleFirst(move), doubleSecond(move)] : [move];
    for (const sq of squares) events.push({ type: 'ballPlaced', colour, square: squareName(size, sq) });
    if (n > 0) {
      const rolls = Array.from(this.rollBuffer.subarray(0, n), (sq) => ({
        square: squareName(size, sq),
        from: COLOURS[this.position.cells[sq]],
        to: colour,
      }));
      events.push({ type: 'ballsRolled', colour, rolls });
    }
    const after = this.position.clone();
    after.make(move);
    // The final board is the fold of the move's events: score it from the state, not from a copy.
    this.fold(events);
    const next: GameEvent = after.over
      ? { type: 'roundOver', ...roundResult(this.setup, this.state.board) }
      : { type: 'turn', colour: COLOURS[after.toMove], moveNumber: this.state.moves.length + 1 };
    this.emit([next]);
    return [...events, next];
  }

  /** Records and folds events, then rebuilds the fast position from the new state. */
  private emit(events: readonly GameEvent[]): GameEvent[] {
    this.fold(events);
    this.syncPosition();
    return [...events];
  }

  /** Records events and folds them into the state (applyEvent: the one place events change a round). */
  private fold(events: readonly GameEvent[]): void {
    for (const e of events) {
      this.current = applyEvent(this.current, e);
      this.events.push(e);
    }
  }

  private syncPosition(): void {
    const s = this.state;
    const size = s.setup.size;
    const cells = new Int8Array(64).fill(EMPTY);
    for (const [name, colour] of Object.entries(s.board)) cells[parseSquare(size, name)] = colourIndex(colour);
    const toMove = s.toMove ?? 'red';
    this.position.load(size, s.setup.colours.map(colourIndex), cells, colourIndex(toMove), s.setup.variant === 'pro');
  }
}
