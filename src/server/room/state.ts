/**
 * The `rolit` room's synchronised state (docs/online.md, "State"): what every client sees, kept
 * by the room and sent to clients as patches by @colyseus/schema. Its fields are the wire's
 * RoomSnapshot (src/wire/roomSnapshot.ts, where they are described), no more and no fewer:
 * test/wire/roomSnapshot.test.ts checks it at compile time.
 */
import { schema, t, type SchemaType } from '@colyseus/schema';
import type { RoomResult } from '../../wire/contractCodes';

/** A seat of the round being played (or about to be): seats rotate between rounds of a match. */
export const SeatState = schema(
  {
    /** The seat's colour (its first colour in the team variant). */
    colour: t.string().default(''),
    /** All colours the seat plays (two in the team variant and solo). */
    colours: t.array('string'),
    /** The match's player in it (seats rotate between rounds). */
    player: t.uint8().default(0),
    /** The player's name; empty for a free seat. */
    name: t.string().default(''),
    /** `human` or `computer`. */
    kind: t.string().default(''),
    /** The person plays through the bot API (docs/online.md, Bots over HTTP). */
    bot: t.boolean().default(false),
    /** A computer's level; for a person, the level of the computer that stands in for them. */
    level: t.string().default(''),
    /** A person's connection is open (computers are always connected). */
    connected: t.boolean().default(false),
    /** A dropped person: the server time (ms since 1970) when a computer takes over, 0 otherwise. */
    dropDeadline: t.number().default(0),
    /** A computer plays this person's seat (they dropped and the grace ran out, or they left). */
    standIn: t.boolean().default(false),
    /** The person resigned this round: the stand-in plays their seat to the round's end. */
    resigned: t.boolean().default(false),
    /** Who plays its moves now: `person`, `computer` or `nobody` (SeatSnapshot's holder). */
    holder: t.string().default('nobody'),
    /** Why the seat is played the way it is: the match flow's HoldReason (src/wire/matchSnapshot.ts). */
    reason: t.string().default('free'),
    /** Moves a computer played for the person this round. */
    standInMoves: t.uint16().default(0),
    /** A person's seat: the moves a stand-in may still play before the round counts as given up (0 once it does). */
    standInLeft: t.uint16().default(0),
    /** A person's seat counts as given up this round (src/flow/givingUp.ts). */
    gaveUp: t.boolean().default(false),
    /** Balls of the seat's colours on the board. */
    score: t.uint8().default(0),
  },
  'SeatState',
);
export type SeatState = SchemaType<typeof SeatState>;

/** A finished round's result: the wire's RoomResult (its fields' meaning is there). */
export const ResultState = schema(
  {
    round: t.uint16().default(0),
    /** Balls of each colour in play at the end, by colour. */
    scores: t.map('uint8'),
    playerScores: t.array('uint8'),
    winners: t.array('uint8'),
    standInMoves: t.array('uint16'),
    gaveUp: t.array('boolean'),
  },
  'ResultState',
);
export type ResultState = SchemaType<typeof ResultState>;

/** The state's entry of a finished round's result. */
export function resultState(result: RoomResult): ResultState {
  const entry = new ResultState();
  entry.round = result.round;
  for (const [colour, balls] of Object.entries(result.scores)) entry.scores.set(colour, balls);
  entry.playerScores.push(...result.playerScores);
  entry.winners.push(...result.winners);
  entry.standInMoves.push(...result.standInMoves);
  entry.gaveUp.push(...result.gaveUp);
  return entry;
}

export const RoomState = schema(
  {
    /** `waiting` (lobby), `playing`, `over` (a round ended; the host may start a rematch). */
    phase: t.string().default('waiting'),
    /** The colour to move, empty when no one is. */
    toMove: t.string().default(''),
    /**
     * The legal moves of the colour to move, from the engine (Game.legalMoves): squares by row then
     * column, then the Pro doubles ("e3+e6") where the variant allows them; empty when no one is to move.
     */
    legal: t.array('string'),
    /** The round's moves in the notation of docs/protocol.md, "f4", "e3+e6" (a move played on time-out too). */
    moves: t.array('string'),
    seats: t.array(SeatState),
    /** Clients watching. */
    spectators: t.uint16().default(0),
    /** The host's colour; empty when the host is a spectator or left. */
    host: t.string().default(''),
    size: t.uint8().default(0),
    variant: t.string().default(''),
    misere: t.boolean().default(false),
    /** Seconds per move, 0 for none. */
    timeLimit: t.uint16().default(0),
    /** Players may use engine help (the host allowed it at creation); spectators always may. */
    help: t.boolean().default(false),
    /** Round of the match, from 0 (seats rotate between rounds). */
    round: t.uint16().default(0),
    /** Seed of this round (the start-ball throw is its first draw), chosen by the server. */
    seed: t.float64().default(0),
    /** The start-ball throws of this round, in order: the last one is the colour that moves first. */
    throws: t.array('string'),
    /** When the mover's time runs out (server time, ms since 1970), 0 without a time limit. */
    moveDeadline: t.float64().default(0),
    /** The finished rounds' results, in order (TV keeps the last ones only). */
    results: t.array(ResultState),
    /** File names of this room's saved records, one per finished round. */
    records: t.array('string'),
    /** A computers-only match (TV): when its next round starts by itself (server time, ms since 1970), 0 when none is due. */
    nextRoundAt: t.float64().default(0),
  },
  'RoomState',
);
export type RoomState = SchemaType<typeof RoomState>;
