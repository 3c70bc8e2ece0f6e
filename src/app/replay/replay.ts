/**
 * Replay: a recorded round stepped through move by move, and the branches tried from it. Pure:
 * the session owns the Game on the table; this module says which lines exist and builds or
 * steps the Game along them.
 *
 * Stepping back takes the last move back on the same Game (Game.takeBack in review), so the
 * event log gains a moveTakenBack and the director rolls the balls back, exactly as undo does.
 * Playing a move that is not the line's next one makes a new line (a variation); every earlier
 * line stays and can be returned to.
 */
import { Game, type GameEvent, type PlayedMove, type PlayerSpec, playerTags, readRecord, recordedGaveUp, recordedPlayers, type Seat, toRecord } from '../../engine/index';
import { coloursName } from '../../i18n/index';

/** A move of a line: as written in records, and whether the clock played it. */
export interface LineMove {
  text: string;
  timedOut: boolean;
}

export interface Replay {
  /** Events up to the first move: the round set up and the start throw. */
  readonly opening: readonly GameEvent[];
  /** Line 0 is the record's; the others are variations, each from the start. */
  readonly lines: readonly (readonly LineMove[])[];
  /** The line being followed. */
  readonly line: number;
  /** Length of the common start with the line it branched from (0 for the record's line). */
  readonly branchedAt: readonly number[];
  /** Who played, one per seat, as the record names them (null: it names nobody). */
  readonly players: readonly PlayerSpec[] | null;
  /** Per seat, whether the record says its person gave the round up (`[GaveUp "red"]`, an online round's); all false without it. */
  readonly gaveUp: readonly boolean[];
}

/** Opens a record (throws the engine's RecordError, with line and column, if it cannot be read). */
export function openReplay(text: string): Replay {
  const { game, tags } = readRecord(text);
  const firstMove = game.events.findIndex((e) => e.type === 'ballPlaced' || e.type === 'timeExpired');
  const opening = firstMove < 0 ? game.events : game.events.slice(0, firstMove);
  return { opening, lines: [lineOf(game.state.moves)], line: 0, branchedAt: [0], players: recordedPlayers(tags, game.setup, coloursName), gaveUp: recordedGaveUp(tags, game.setup) };
}

export function lineOf(moves: readonly PlayedMove[]): LineMove[] {
  return moves.map((m) => ({ text: m.squares.join('+'), timedOut: m.timedOut }));
}

/** The position after the first `ply` moves of `line`, as a new Game. */
export function gameAt(replay: Replay, line: number, ply: number): Game {
  const game = Game.fromEvents(replay.opening);
  for (const move of replay.lines[line].slice(0, ply)) playLineMove(game, move);
  return game;
}

/** Who the record names as the seats' players: in review (every seat a person's) the recorded players, else the seats. */
export function namedSeats(seats: readonly Seat[], replay: Replay | null): readonly Seat[] {
  const recorded = replay?.players;
  return recorded && seats.every((s) => s.kind === 'human') ? seats.map((s, i) => ({ ...s, ...recorded[i] })) : seats;
}

/** The record of the whole followed line (every move, not only those up to the position shown), naming the players. */
export function lineRecord(replay: Replay, seats: readonly Seat[]): string {
  return toRecord(gameAt(replay, replay.line, replay.lines[replay.line].length), playerTags(namedSeats(seats, replay)));
}

/** Plays a line's move on the game (a timed-out move the way the clock played it). */
export function playLineMove(game: Game, move: LineMove): void {
  if (move.timedOut) game.expireClock();
  else game.play(move.text);
}

const sameMove = (a: LineMove, b: LineMove) => a.text === b.text && a.timedOut === b.timedOut;
const startsWith = (line: readonly LineMove[], moves: readonly LineMove[]) => moves.length <= line.length && moves.every((m, i) => sameMove(m, line[i]));

/**
 * The replay after the moves on the board changed to `moves`: the followed line if it still
 * contains them (or grows by them), else another line that does, else a new variation.
 */
export function follow(replay: Replay, moves: readonly PlayedMove[]): Replay {
  const played = lineOf(moves);
  const followed = replay.lines[replay.line];
  if (startsWith(followed, played)) return replay;
  // Played on past the end of the line: the line grows (no new variation for one line's moves).
  if (startsWith(played, followed)) return { ...replay, lines: replay.lines.map((l, i) => (i === replay.line ? played : l)) };
  const other = replay.lines.findIndex((line) => startsWith(line, played));
  if (other >= 0) return { ...replay, line: other };
  let common = 0;
  while (common < played.length && common < followed.length && sameMove(played[common], followed[common])) common++;
  return { ...replay, lines: [...replay.lines, played], line: replay.lines.length, branchedAt: [...replay.branchedAt, common] };
}
