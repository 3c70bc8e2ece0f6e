/**
 * The round as the page sees it: an immutable snapshot published after every change, so
 * components select what they show and never touch the engine's Game (which mutates in place).
 */
import { ballCounts, type Colour, type Game, type GameEvent, type GameState, type RoundResult, type RoundSetup, type Seat } from '../../engine/index';
import { type PlayedSeat, playerTags, seatOfColour, toRecord } from '../../engine/index';

export interface RoundSnapshot {
  /** The round's event log (what the director animates); a new array on every change. */
  readonly events: readonly GameEvent[];
  readonly setup: RoundSetup;
  /** A copy of the engine's state at this moment. */
  readonly state: Readonly<GameState>;
  readonly toMove: Colour | null;
  /** Index of the seat to move, or null when nobody is (round over, or between throws). */
  readonly seatToMove: number | null;
  /** Legal moves as text ("f4", "e3+e6"), whoever is to move. */
  readonly legalMoves: readonly string[];
  /** Balls showing each colour in play, and each seat's total. */
  readonly scores: Partial<Record<Colour, number>>;
  readonly playerScores: readonly number[];
  readonly over: boolean;
  readonly result: RoundResult | null;
  /** Whether undo would take something back now. */
  readonly canUndo: boolean;
  /** The round in the record format (docs/record-format.md). */
  readonly record: string;
}

/** Why undo would take nothing back now (a key of the session's texts), or null when it would. */
export function undoRefusal(game: Game, seats: readonly Seat[]): 'takeBacksOff' | 'takeBacksNeedHuman' | 'nothingToTakeBack' | null {
  if (!game.setup.takeBacks) return 'takeBacksOff';
  // Undo goes back to a human's turn: with no human seat there is none.
  if (!seats.some((s) => s.kind === 'human')) return 'takeBacksNeedHuman';
  if (game.state.moves.length === 0) return 'nothingToTakeBack';
  return null;
}

/** `named`: who the record names as the players (the recorded ones while a replay is reviewed), else `seats`. */
export function takeSnapshot(game: Game, seats: readonly Seat[], named: readonly PlayedSeat[] = seats): RoundSnapshot {
  const state = game.state;
  const copy: GameState = { ...state, board: { ...state.board }, throws: [...state.throws], moves: [...state.moves] };
  const { scores, playerScores } = ballCounts(game.setup, state.board);
  return Object.freeze({
    events: Object.freeze([...game.events]),
    setup: game.setup,
    state: Object.freeze(copy),
    toMove: state.toMove,
    seatToMove: state.over || !state.toMove ? null : seatOfColour(game.setup.players, state.toMove),
    legalMoves: Object.freeze(game.legalMoves()),
    scores: Object.freeze(scores),
    playerScores: Object.freeze([...playerScores]),
    over: state.over,
    result: state.result,
    canUndo: undoRefusal(game, seats) === null,
    record: toRecord(game, playerTags(named)),
  });
}
