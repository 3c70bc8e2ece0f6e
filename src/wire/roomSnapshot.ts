/**
 * A room's synchronised state (docs/online.md, "State") as plain data: the match flow's snapshot
 * (MatchSnapshot) with the room's own fields beside it. The server's schema (src/server/room/state.ts)
 * has exactly these fields (test/wire/roomSnapshot.test.ts checks it when tsc runs); a client's
 * decoded state turns into one by the schema's own `toJSON()` (DecodedRoom).
 */
import type { Colour } from '../engine';
import type { MatchSnapshot, SeatSnapshot } from './matchSnapshot';

/** A seat as the room publishes it: the flow's SeatSnapshot, with the fields bots read besides. */
export interface RoomSeat extends SeatSnapshot {
  /** The seat's colour (its first colour in the team variant). */
  colour: Colour;
  /** A person's connection is open (computers are always connected). */
  connected: boolean;
  /** The person plays through the bot API (docs/online.md, Bots over HTTP): a program, not someone at a page. */
  bot: boolean;
  /** A computer plays this person's seat: `kind` is `human` and `holder` is `computer`. */
  standIn: boolean;
  /** `reason` is `resigned`: the stand-in plays the seat to the round's end. */
  resigned: boolean;
  /** Balls of the seat's colours on the board. */
  score: number;
}

export interface RoomSnapshot extends Omit<MatchSnapshot, 'seats' | 'toMove'> {
  seats: RoomSeat[];
  /** The colour to move, `''` when no one is. */
  toMove: Colour | '';
  /** The legal moves of the colour to move, from the engine (Game.legalMoves); empty when no one is to move. */
  legal: string[];
  /** The round's moves in the notation of docs/protocol.md, "f4", "e3+e6" (a move played on time-out too). */
  moves: string[];
  /** Clients watching. */
  spectators: number;
  /** The host's colour; `''` when the host watches or left. */
  host: Colour | '';
  size: number;
  variant: string;
  misere: boolean;
  /** Seconds per move, 0 for none. */
  timeLimit: number;
  /** Players may use engine help (the host allowed it at creation); spectators always may. */
  help: boolean;
  /** Seed of this round (the start-ball throw is its first draw), chosen by the server. */
  seed: number;
  /** The start-ball throws of this round, in order: the last one is the colour that moves first. */
  throws: Colour[];
  /** File names of this room's saved records, one per finished round. */
  records: string[];
}

/** The room's state as a client's decoder holds it (schema instances): its plain copy is the snapshot. */
export interface DecodedRoom {
  toJSON(): RoomSnapshot;
}
