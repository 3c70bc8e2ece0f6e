/**
 * The room's state on the page: the state the server synchronises (docs/online.md, "State"), as
 * the Colyseus client decodes it, and the plain immutable view the page keeps of it. The synced
 * state's shape is written here as a plain type (the server's schema, src/server/state.ts, is not
 * the page's to import): the server's arrays and maps arrive as iterables.
 */
import type { Colour } from '../../engine/index';
import type { RoomResult } from '../../wire/contractCodes';

/** A seat of the synced state (the schema's SeatState). */
export interface SyncedSeat {
  colour: Colour;
  colours: Iterable<Colour>;
  name: string;
  kind: 'human' | 'computer';
  level: string;
  connected: boolean;
  dropDeadline: number;
  standIn: boolean;
  /** Absent from a server older than resignations. */
  resigned?: boolean;
  score: number;
}

/** A finished round's result in the synced state (the schema's ResultState): its scores a map by colour. */
export interface SyncedResult {
  round: number;
  scores: { entries(): Iterable<[Colour, number]> };
  playerScores: Iterable<number>;
  winners: Iterable<number>;
  standInMoves: Iterable<number>;
}

/** The room's synced state (the schema's RoomState), as far as the page reads it. */
export interface SyncedRoomState {
  phase: RoomView['phase'];
  toMove: Colour | '';
  moves: Iterable<string>;
  seats: Iterable<SyncedSeat>;
  spectators: number;
  host: Colour | '';
  size: number;
  variant: string;
  misere: boolean;
  timeLimit: number;
  /** Absent from a server older than engine help's switch. */
  help?: boolean;
  round: number;
  moveDeadline: number;
  results: Iterable<SyncedResult>;
  /** Absent from a server older than the room's records. */
  records?: Iterable<string>;
}

/** A seat of the room as the server publishes it (the contract's SeatState). */
export interface SeatView {
  colour: Colour;
  colours: Colour[];
  /** Empty for a free seat. */
  name: string;
  kind: 'human' | 'computer';
  level: string;
  connected: boolean;
  /** A dropped person: when a computer takes over (ms since 1970), 0 otherwise. */
  dropDeadline: number;
  standIn: boolean;
  /** The person resigned this round: the computer plays on for them. */
  resigned: boolean;
  score: number;
}

/** The room's state (the contract's RoomState), copied out of the schema on every patch. */
export interface RoomView {
  phase: 'waiting' | 'playing' | 'over';
  toMove: Colour | '';
  moves: string[];
  seats: SeatView[];
  spectators: number;
  host: Colour | '';
  size: number;
  variant: string;
  misere: boolean;
  timeLimit: number;
  help: boolean;
  round: number;
  moveDeadline: number;
  /** The finished rounds' results, in order (TV's last rounds only: each says its round). */
  results: RoomResult[];
  /** File names of the room's records, one per finished round (served at /records/<name>). */
  records: string[];
}

/** The room's state as the page keeps it: a plain copy of the synced state, taken on every patch. */
export function viewOf(state: SyncedRoomState): RoomView {
  return {
    phase: state.phase,
    toMove: state.toMove,
    moves: [...state.moves],
    seats: [...state.seats].map((s) => ({
      colour: s.colour,
      colours: [...s.colours],
      name: s.name,
      kind: s.kind,
      level: s.level,
      connected: s.connected,
      dropDeadline: s.dropDeadline,
      standIn: s.standIn,
      resigned: s.resigned ?? false,
      score: s.score,
    })),
    spectators: state.spectators,
    host: state.host,
    size: state.size,
    variant: state.variant,
    misere: state.misere,
    timeLimit: state.timeLimit,
    help: state.help ?? false,
    round: state.round,
    moveDeadline: state.moveDeadline,
    results: [...state.results].map((r) => ({
      round: r.round,
      scores: Object.fromEntries(r.scores.entries()),
      playerScores: [...r.playerScores],
      winners: [...r.winners],
      standInMoves: [...r.standInMoves],
    })),
    records: [...(state.records ?? [])],
  };
}
