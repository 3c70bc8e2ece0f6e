/**
 * The plain part of the room's contract (contract.ts): its name, codes and limits, without the
 * zod schemas, so that a page can read room codes and refusals without loading zod.
 */

import type { Colour } from '../engine/colours';
import type { GameEvent } from '../engine/events';
import type { RuleCode, RuleError } from '../engine/game';
import type { RoundResult } from '../engine/state';

export const ROOM_NAME = 'rolit';
/** The lobby (Colyseus' LobbyRoom): the listed tables, live. */
export const LOBBY_ROOM = 'lobby';
/** Quick play (Colyseus' QueueRoom): groups waiting players into a `rolit` room. */
export const QUICK_ROOM = 'quick';
/** TV: rounds of four computers, back to back, for anyone to watch. */
export const TV_ROOM = 'tv';

/** A listed table in the lobby: its room's `metadata` (docs/online.md, Lobby). */
export interface TableListing {
  /** The host's name; "" while the table has no host. */
  host: string;
  size: number;
  /** The colours in play, in seat order. */
  colours: Colour[];
  variant: string;
  misere: boolean;
  timeLimit: number;
  /** The seats a person may still take by colour (each seat's `colour`); none once the match has started. */
  free: Colour[];
  /** Who sits at the table: each taken seat's colour (a team seat's first), name and kind, a computer's level, and `bot` for a bot's seat, in seat order. */
  seated: { colour: Colour; name: string; kind: 'human' | 'computer'; level?: string; bot?: true }[];
  phase: string;
  spectators: number;
}

/** Port the game server listens on unless told otherwise (and the page looks for it on). */
export const DEFAULT_SERVER_PORT = 2567;

/**
 * Symbols of a room code: the digits and the capitals without I, L, O and U (Crockford's base 32),
 * so that no two look or sound alike when a code is read aloud or copied by hand.
 */
export const ROOM_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Symbols in a room code: 32^10 = 2^50 codes, drawn at random by the server. */
export const ROOM_CODE_LENGTH = 10;

/**
 * The room code a person typed or a link gave, as the server made it, or null when the text is
 * no room code. People may type it in any case, with spaces or hyphens between the symbols, and
 * with O for 0 and I or L for 1.
 */
export function roomCodeOf(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== ROOM_CODE_LENGTH) return null;
  for (const symbol of code) if (!ROOM_CODE_ALPHABET.includes(symbol)) return null;
  return code;
}

/** A room code as people read it aloud and copy it down: two groups of five (roomCodeOf reads it back). */
export function groupedRoomCode(code: string): string {
  return code.length === ROOM_CODE_LENGTH ? `${code.slice(0, ROOM_CODE_LENGTH / 2)} ${code.slice(ROOM_CODE_LENGTH / 2)}` : code;
}

/** Longest player name, in characters. */
export const MAX_NAME = 24;
/** Longest move text a `play` message may carry ("e3+e6" is 5). */
export const MAX_MOVE = 16;
/** Longest time limit per move, in seconds. */
export const MAX_TIME_LIMIT = 3600;

/** Emotes a player may send: short reactions, no free text. */
export const EMOTES = ['hello', 'wellPlayed', 'oops', 'thinking', 'goodGame'] as const;
export type Emote = (typeof EMOTES)[number];

/** Codes of refused messages (the `error` message's `code`); docs/online.md explains each. */
export const ERROR_CODES = [
  'malformed', 'unknownMessage', 'rateLimited', 'notPlaying', 'notWaiting', 'notOver', 'notHost',
  'spectator', 'notYourTurn', 'illegalMove', 'seatsFree', 'notFree', 'closing', 'resigned', 'tooManyRounds', 'tooManyRatedRounds',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A refused message, sent to its sender only. An illegal move carries the engine's refusal:
 * `reason`, its rule code, and `params`, what the rule names (the square, the capturing moves...),
 * so that a client words it in its own language as the engine's RuleError.
 */
export interface ErrorMessage {
  code: ErrorCode;
  /** The refusal in English. */
  text: string;
  reason?: RuleCode;
  params?: RuleError['params'];
}

/** The `events` message: `events` replace the round's log from index `from` on (the whole log when `from` is 0). */
export interface EventsMessage {
  round: number;
  from: number;
  events: GameEvent[];
}

/**
 * A finished round's result as the room publishes it (the state's `results`): the engine's
 * RoundResult with its round, and where a computer played for a person.
 */
export interface RoomResult extends RoundResult {
  /** Round of the match, from 0. */
  round: number;
  /**
   * For each seat of the round, in seat order: the moves a computer played for the person in it
   * (a stand-in, after a drop, a leave or a resignation); 0 for a computer's own seat.
   */
  standInMoves: number[];
  /**
   * For each seat of the round: the person gave it up (resigned, or a stand-in played more than
   * half of its moves: src/flow/givingUp.ts). Given up, a seat is placed last and never wins:
   * `winners` leaves it out.
   */
  gaveUp: boolean[];
}

/** Sent to every client when a player sends an emote: the player's seat colour and the emote. */
export interface EmoteMessage {
  colour: Colour;
  emote: Emote;
}

/** Sent to every client when a player resigns: the computer plays their seat to the end of the round. */
export interface ResignedMessage {
  colour: Colour;
  name: string;
}

/**
 * Sent to every client the first time a computer level of the room cannot search (a fault of the
 * server): seat `colour`'s computer of `level` played the `fallback` level's move instead, and so
 * does every computer of that level in this room from then on.
 */
export interface ComputerFallbackMessage {
  colour: Colour;
  level: string;
  fallback: string;
}

/** Sent to every client when the server stops: the room closes in `seconds` (its round in play is saved unfinished). */
export interface ClosingMessage {
  seconds: number;
}

/**
 * Close code of the connections of a room that failed (a fault in the server's code): the room is
 * closed, its round in play saved, after a `fault` message. Colyseus' SDK does not reconnect on it.
 */
export const ROOM_FAULT_CLOSE = 4500;

/** The `fault` message, sent to every client of a room that failed, just before ROOM_FAULT_CLOSE. */
export interface FaultMessage {
  text: string;
  /** File name of the round in play, saved unfinished; "" when none was in play or it could not be saved. */
  record: string;
}

/** Codes of refused create and join requests: the request fails with the text `<code>: <explanation>`. */
export const JOIN_CODES = ['badOptions', 'badSetup', 'colourTaken', 'notInPlay', 'computerSeat', 'started', 'badSeatKey', 'noSeatHeld', 'spectatorsFull', 'unavailable'] as const;
export type JoinCode = (typeof JOIN_CODES)[number];

/**
 * Codes of requests refused by a limit per client address (limits.ts): the request fails with
 * code 429 and the text `<code>: <explanation>`; docs/online.md lists them.
 */
export const LIMIT_CODES = ['tooManyRooms', 'tooManyJoins', 'tooManyGuesses', 'coolingDown', 'tooManyReads', 'tooManyKeys'] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];

/** The `you` message: the client's seat colour this round ('' for a spectator), whether it hosts, and its seat's key. */
export interface YouMessage {
  colour: Colour | '';
  host: boolean;
  /** The secret that takes this seat back from any device (join option `seatKey`); players only. */
  seatKey?: string;
  /** The public id of the player whose key the client joined with (option `player`); never the key. */
  player?: string;
}

/** A player's secret key: base64url, 22 characters (128 bits) to 64. */
export const PLAYER_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
/**
 * A player's public id is the first PLAYER_ID_LENGTH base64url characters of SHA-256 of
 * PLAYER_ID_SALT and the key: the server's (src/server/players/playerId.ts) and the page's
 * (src/app/online/playerKey.ts) derivations share these.
 */
export const PLAYER_ID_SALT = 'rolit player:';
export const PLAYER_ID_LENGTH = 22;

/** One seat's rating after a rated round: its player's public id, new rating and change. */
export interface RatingChange {
  colour: Colour;
  player: string;
  rating: number;
  change: number;
  provisional: boolean;
  /** What the round weighed for the player, 0 to 1: less against provisional players or ones met again within a day (docs/online.md, Players and ratings). */
  weight: number;
}

/** Sent to every client when a rated round's ratings are saved. */
export interface RatedMessage {
  round: number;
  seats: RatingChange[];
}

/** Every message the room sends to clients, by type: what the server sends and a client receives. */
export interface ServerMessages {
  you: YouMessage;
  events: EventsMessage;
  emote: EmoteMessage;
  resigned: ResignedMessage;
  computerFallback: ComputerFallbackMessage;
  error: ErrorMessage;
  closing: ClosingMessage;
  fault: FaultMessage;
  rated: RatedMessage;
}
export type ServerMessageType = keyof ServerMessages;

/** Close code of a connection whose seat was taken back with its key on another device. */
export const SEAT_TAKEN_BACK = 4100;

/** Longest seat key a join may carry (the server's are 22 characters). */
export const MAX_SEAT_KEY = 64;
