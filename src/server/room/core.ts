/**
 * What the `rolit` room's modules share (rolitRoom.ts and the modules of this folder): the room's
 * configuration, its people, its match flow and the part of Colyseus' Room they use. The room
 * implements RoomCore; each module takes it, so the concerns (admission, presence and the host
 * role, messages, the match's publication, records, the lobby listing) live in their own files.
 */
import { type Client as ColyseusClient, type Deferred, ErrorCode, type Room, ServerError } from '@colyseus/core';
import type { MatchFlow } from '../../flow/matchFlow';
import type { CreateOptions, JoinCode, ServerMessages } from '../../wire/contract';
import type { ClientAuth } from '../front/admission';
import type { ComputerPool } from '../computers/computerPool';
import type { RoundJournal } from '../db/journal';
import type { ClientLimiter, TokenBuckets } from '../front/limits';
import type { SpectatorPlaces } from './seating';
import type { ServerTable } from './serverTable';
import type { RoomState } from './state';

/** What the server gives every room (not the clients: create options cannot change it). */
export interface RoomConfig {
  /** Where the rounds to keep go (finished ones with their players rated, unfinished ones as records): to the disk, then the database. */
  journal: RoundJournal;
  /** Seconds the room's phase and seats stay in the presence unless renewed (players/playing.ts). */
  presenceSeconds: number;
  /** How long a dropped player keeps the seat before a computer plays on (seconds). */
  graceSeconds: number;
  /** Pause before a computer's move is played, so people can follow (ms). */
  computerDelayMs: number;
  pool: ComputerPool;
  /** Messages a client may send per second on average, and in a burst. */
  messagesPerSecond: number;
  messageBurst: number;
  /** Seconds between telling the clients that the server stops (`closing`) and closing the room. */
  closingSeconds: number;
  /** Limits per client address: a client kicked for flooding starts its address's cool-down. */
  limiter: ClientLimiter;
  /** TV: the pause between a round's end and the next (ms). */
  tvPauseMs: number;
  /** TV: the least time from one move to the next (ms; tvPace.ts), in place of computerDelayMs. */
  tvMoveMs: number;
  /** Seconds a seat reservation holds (quick play's players who have not come by then are replaced). */
  seatReservationSeconds: number;
}

/** Watchers one TV room holds; more open another. */
export const TV_WATCHERS = 500;
/** Rounds whose `results` and `records` a TV room's state keeps. */
export const TV_ROUNDS_KEPT = 20;

/** A client of the room: what it is sent is typed by the wire's ServerMessages. */
export type Client = ColyseusClient<{ auth: ClientAuth; messages: ServerMessages }>;

/**
 * The room's side of a match player's seat (the match flow holds the rest: name, kind, who holds
 * it and why): the connection in it, its key, and its public player id.
 */
export interface Person {
  /** The connected (or dropped, within reach of reconnection) client; null for computers and free seats. */
  sessionId: string | null;
  /** Pending Colyseus reconnection of a dropped person. */
  reconnection: Deferred<Client> | null;
  /** When the person took the seat (an order, not a time): the host role passes to the one seated longest. */
  seatedAt: number;
  /** The secret that takes this person's seat back from any device (`you.seatKey`); null for computers and free seats. */
  seatKey: string | null;
  /** The person's public id, from the key they joined with (option `player`): their seat follows it. */
  playerId: string | null;
  /** The person plays through the bot API (their latest connection is a bot's stream): shown as a bot. */
  bot: boolean;
}

type ColyseusRoom = Room<{ state: RoomState; client: Client }>;

export interface RoomCore
  extends Pick<ColyseusRoom, 'broadcast' | 'clients' | 'state' | 'roomId' | 'clock' | 'presence' | 'setMetadata' | 'setPrivate' | 'autoDispose' | 'disconnect'> {
  config: RoomConfig;
  options: CreateOptions;
  /** The match: its seats and who holds them, its rounds and results (src/flow/matchFlow.ts). */
  flow: MatchFlow;
  /** By match player: the room's side of their seat. */
  people: Person[];
  /** Quick play, TV or a challenge: the table the server set up; null for a client's room. */
  table: ServerTable | null;
  /** A challenge's table: the seat (match player) held for each of its two players, by public id; empty elsewhere. */
  heldSeats: Map<string, number>;
  hostSession: string | null;
  /** Seatings so far: each seated person's `seatedAt`. */
  seatings: number;
  spectators: Set<string>;
  /** Spectators' places (seating.ts), so that no number of them locks out the players. */
  watchers: SpectatorPlaces;
  /** Spectators who joined with a player key: their public ids (the `you` message's `player`). */
  watcherIds: Map<string, string>;
  /** Each client's allowance of messages. */
  buckets: TokenBuckets;
  disposed: boolean;
  /** When the room closes because the server stops (ms since 1970), 0 while it does not. */
  closesAt: number;
  /** A fault closes the room: nothing plays on after it. */
  faulted: boolean;
  /** The finished round going to the journal's disk, waited for before the room closes. */
  saving: Promise<void>;
  /** The creator's address: the room's computer searches count against it (computerPool.ts). */
  owner: string | null;
  /** The lobby's metadata last published (a listed table), and its saves still on their way. */
  listing: string;
  listingSaved: Promise<void>;
  /** A fault: the room ends (rolitRoom.ts). */
  fault(where: string, error: unknown): void;
}

/** A refused create or join: the request fails with "<code>: <text>". */
export function refuse(code: JoinCode, text: string): ServerError {
  return new ServerError(ErrorCode.APPLICATION_ERROR, `${code}: ${text}`);
}

/** Whether a client is a bot's stream of the bot API (front/admission.ts marks its auth). */
export function isBot(client: Client): boolean {
  return client.auth?.bot === true;
}

/** The match player whose seat this client holds, or -1. */
export function playerOf(room: RoomCore, sessionId: string | null): number {
  return sessionId === null ? -1 : room.people.findIndex((p) => p.sessionId === sessionId);
}

/** An error as one log line: its message and where it was thrown. */
export function faultText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const at = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))?.trim();
  return `${error.message}${at ? ` (${at})` : ''}`;
}
