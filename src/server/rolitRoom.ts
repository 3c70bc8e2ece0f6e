/**
 * The `rolit` room (docs/online.md): a match of Rolit played by people and computers across
 * machines. The engine is authoritative: the room holds each round's Game, checks every intent
 * with it and publishes the result (state patches, and the round's engine events); clients never
 * decide the outcome of a move.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type AuthContext, type Client as ColyseusClient, CloseCode, type Deferred, type Delayed, ErrorCode, matchMaker, Room, ServerError } from '@colyseus/core';
import {
  ballCounts, type Colour, type Game, type GameEvent, type Match, PLAYER_COLOURS, playerInSeat, type PlayerSpec,
  recordDate, roundSetup, type RoundSetup, type RuleError, seatOfColour, seatOfPlayer, setupRefusal, startMatch, toRecord,
} from '../engine';
import { type FlowClock, type Mover, notInPlay, TurnFlow, type TurnFlowHost } from '../flow/turnFlow';
import { addressOf, type ClientAuth, coolDownIfFlooded } from './admission';
import { FALLBACK_LEVEL, fallbackMove } from './computerFallback';
import { refuseUnknown } from './unknownMessage';
import type { ComputerPool } from './computerPool';
import type { GameStore } from './db/store';
import {
  createOptions, type CreateOptions, type Emote, type ErrorCode as MessageErrorCode, type ErrorMessage, type FaultMessage, issuesText, type JoinCode,
  joinOptions, MESSAGE_TYPES, type MessageType, parseMessage, type ReceivedMessages, ROOM_FAULT_CLOSE, SEAT_TAKEN_BACK, type ServerMessages,
  type TableListing, quickOptions, tvOptions, type YouMessage,
} from '../wire/contract';
import { type ClientLimiter, TokenBucket } from './limits';
import { computerPlayerId, playerIdOf } from './playerId';
import { seatFreed, seatHeld } from './playing';
import { keepRecord, recordFileName, type RecordStore } from './records';
import { newRoomCode } from './roomCode';
import { asksForSeat, clientCap, reserveSpectatorPlaces, SpectatorPlaces, type WatchedRoom } from './seating';
import { atPace } from './tvPace';
import { QUICK_COMPUTER, ServerTable } from './serverTable';
import { resultState, RoomState, SeatState } from './state';

/** What the server gives every room (not the clients: create options cannot change it). */
export interface RoomConfig {
  /** Where finished rounds are saved. */
  records: RecordStore;
  /** The database of players, ratings and kept rounds, written at each round's end. */
  store: GameStore;
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

/** A player of the match: seats (and so colours) rotate between rounds, players stay. */
interface Player {
  name: string;
  kind: 'human' | 'computer';
  /** A computer's level, or the level that stands in for a person. */
  level: string;
  /** The connected (or dropped, within reach of reconnection) client; null for computers and free seats. */
  sessionId: string | null;
  /** A computer plays for this person. */
  standIn: boolean;
  /** The person resigned this round: the stand-in keeps the seat until the round ends, even while they are here. */
  resigned: boolean;
  /** Pending Colyseus reconnection of a dropped person. */
  reconnection: Deferred<Client> | null;
  /** Ends the grace of a dropped person. */
  graceTimer: Delayed | null;
  /** When the person took the seat (an order, not a time): the host role passes to the one seated longest. */
  seatedAt: number;
  /** The secret that takes this person's seat back from any device (`you.seatKey`); null for computers and free seats. */
  seatKey: string | null;
  /** Moves a computer played for this person this round (the result's `standInMoves`). */
  standInMoves: number;
  /** The person's public id, from the key they joined with (option `player`): their seat follows it. */
  playerId: string | null;
}

/** A client of the room: what it is sent is typed by the wire's ServerMessages. */
type Client = ColyseusClient<{ auth: ClientAuth; messages: ServerMessages }>;

/** A new seat key: 128 random bits, in URL-safe base64 (22 characters). */
function newSeatKey(): string {
  return randomBytes(16).toString('base64url');
}

/** Compares a key given with a seat's in constant time, so answer times tell nothing of the key. */
function sameKey(seat: string, given: string): boolean {
  const [a, b] = [Buffer.from(seat), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A refused create or join: the request fails with "<code>: <text>". */
export function refuse(code: JoinCode, text: string): ServerError {
  return new ServerError(ErrorCode.APPLICATION_ERROR, `${code}: ${text}`);
}

export class RolitRoom extends Room<{ state: RoomState; client: Client }> implements WatchedRoom {
  private config!: RoomConfig;
  private players: Player[] = [];
  /** The seats' colours of the lobby (round 0, before the match starts). */
  private lobby!: RoundSetup;
  private options!: CreateOptions;
  private match: Match | null = null;
  /** The round being played (or the last one): its Game, whose turn, the move clock and computer turns. */
  private flow: TurnFlow | null = null;
  /** Creator's choice of seat, used when the creator's own join arrives. */
  private creator: { name: string; player: number | null; id: string | null } | null = null;
  private hostSession: string | null = null;
  /** Seatings so far: each seated person's `seatedAt`. */
  private seatings = 0;
  private readonly spectators = new Set<string>();
  /** Spectators' places (seating.ts), so that no number of them locks out the players. */
  private watchers!: SpectatorPlaces;
  private readonly buckets = new Map<string, TokenBucket>();
  /** Spectators who joined with a player key: their public ids (the `you` message's `player`). */
  private readonly watcherIds = new Map<string, string>();
  private disposed = false;
  /** When the room closes because the server stops (ms since 1970), 0 while it does not. */
  private closesAt = 0;
  /** The finished round's record being written, waited for before the room closes. */
  private saving: Promise<void> = Promise.resolve();
  /** A fault closes the room: nothing plays on after it. */
  private faulted = false;
  /** The creator's address: the room's computer searches count against it (computerPool.ts). */
  private owner: string | null = null;
  /** Quick play or TV: the table the server set up (serverTable.ts); null for a client's room. */
  private table: ServerTable | null = null;
  /** Quick play: the group's players who have taken their seats so far. */
  private arrived = 0;
  /** The lobby's metadata last published (a listed table), to publish only changes. */
  private listing = '';
  /**
   * The saves of that metadata still on their way. The room closes only after them: Colyseus'
   * LobbyRoom takes a listing change heard after a room's removal as the room back, so a change
   * saved late would leave a closed table in every lobby.
   */
  private listingSaved: Promise<void> = Promise.resolve();
  /** TV: the pause before the next round. */
  private tvTimer: Delayed | null = null;
  /** Computer levels whose searches failed in this room (each told once): they play at FALLBACK_LEVEL. */
  private readonly failedLevels = new Set<string>();

  /** Why a join of `address` with these options would find no spectator's place (admission.ts asks first, for a clear refusal). */
  spectatorRefusal(options: unknown, address: string): string | null {
    return this.table?.kind === 'tv' || asksForSeat(options) ? null : this.watchers.refusal(address);
  }

  /** Every client carries its address (admission.ts), for its room's computers and its cool-down. */
  static override async onAuth(_token: string, _options: unknown, context: AuthContext): Promise<ClientAuth> {
    return { address: addressOf(context) };
  }

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    const { config, ...clientOptions } = raw as { config: RoomConfig } & Record<string, unknown>;
    this.config = config;
    this.seatReservationTimeout = config.seatReservationSeconds;
    this.watchers = new SpectatorPlaces(config.limiter.limits.watchers);
    // Only the server makes a ServerTable; a client's `table` stays an unknown key, refused below.
    if (clientOptions.table instanceof ServerTable) this.table = clientOptions.table;
    const parsed = createOptions.safeParse(this.table?.options ?? clientOptions);
    if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error));
    // Without `colours`: all four, but two on the 4x4 board, which is for one or two players.
    const options = (this.options = { ...parsed.data, colours: parsed.data.colours ?? (parsed.data.size === 4 ? PLAYER_COLOURS[2] : undefined) });
    const setupOptions = { size: options.size, colours: options.colours, variant: options.variant, misere: options.misere, moveTimeLimit: options.timeLimit };
    const problem = setupRefusal(setupOptions);
    if (problem) throw refuse('badSetup', problem.message);
    this.lobby = roundSetup({ ...setupOptions, seed: 0 });
    const seats = options.seats ?? this.lobby.players.map(() => ({ kind: 'human' as const }));
    if (seats.length !== this.lobby.players.length) {
      throw refuse('badSetup', `seats: ${this.lobby.players.length} seats are in play (${this.lobby.players.map((cs) => cs.join('+')).join(', ')}), not ${seats.length}`);
    }
    this.players = seats.map((spec) => ({
      name: spec.kind === 'computer' ? `computer (${spec.level})` : '',
      kind: spec.kind,
      level: spec.kind === 'computer' ? spec.level : options.standIn,
      sessionId: null,
      standIn: false,
      resigned: false,
      reconnection: null,
      graceTimer: null,
      seatedAt: 0,
      seatKey: null,
      standInMoves: 0,
      playerId: null,
    }));
    const player = options.colour === undefined ? null : this.seatOfColour(options.colour, this.lobby);
    if (options.colour !== undefined) this.checkFreeSeat(options.colour, player);
    this.creator = this.table ? null : { name: options.name, player, id: options.player === undefined ? null : playerIdOf(options.player) };

    // The room's code: random, and no other room's (with Redis, no room of any process).
    let code = newRoomCode();
    while (await matchMaker.driver.findOne({ roomId: code })) code = newRoomCode();
    this.roomId = code;

    if (this.table?.kind === 'tv') this.maxClients = TV_WATCHERS;
    else {
      this.maxClients = clientCap(this.players.length);
      reserveSpectatorPlaces(this, this.watchers, this.players.length, (sessionId) => this.table?.players.includes(sessionId) ?? false);
    }
    if (this.table?.kind === 'tv') {
      // Found by joinOrCreate('tv'), so public, but not one of the lobby's tables.
      await this.setMatchmaking({ unlisted: true });
    } else if (!this.table) {
      // Reached by its code only: `join('rolit')` never matches a room a client was not invited to.
      // A listed table goes public once its creator has joined, so its first listing shows them seated.
      this.setPrivate(true).catch((e: unknown) => this.fault('setPrivate', e));
    }
    // A client flooding messages far past the soft limit (messagesPerSecond) is disconnected.
    this.maxMessagesPerSecond = config.messageBurst * 4;
    this.setState(new RoomState());
    const s = this.state;
    s.size = options.size;
    s.variant = options.variant;
    s.misere = options.misere;
    s.timeLimit = options.timeLimit;
    s.help = options.help;
    this.publishSeats();

    for (const type of MESSAGE_TYPES) {
      this.onMessage(type, (client: Client, message: unknown) => this.receive(client, type, message));
    }
    this.onMessage('*', (client: Client, type: string | number | undefined) => {
      if (this.allow(client)) refuseUnknown(client, type, `the room's messages are ${MESSAGE_TYPES.join(', ')}`);
    });
    if (this.table?.kind === 'tv') this.begin();
    // Quick play: the group's players who have not arrived when their reservations run out are replaced by computers.
    if (this.table?.kind === 'quick') {
      this.clock.setTimeout(() => {
        if (this.clients.length > 0) this.begin();
      }, this.seatReservationTimeout * 1000);
    }
  }

  override onJoin(client: Client, raw: unknown): void {
    this.watchers.arrived(client.sessionId);
    let name: string;
    let player: number | null;
    const creating = this.creator !== null;
    let id: string | null = null;
    if (this.creator) {
      ({ name, player, id } = this.creator);
      this.creator = null;
      this.hostSession = client.sessionId;
      this.owner = (client.auth as ClientAuth | undefined)?.address ?? null;
    } else if (this.table?.kind === 'tv') {
      const parsed = tvOptions.safeParse(raw);
      if (!parsed.success) throw refuse('badOptions', `${issuesText(parsed.error)} (TV is watched: join with { name })`);
      name = parsed.data.name;
      player = null;
    } else if (this.table?.players.includes(client.sessionId)) {
      // Quick play: the group's players (their seats reserved by the queue) take the human seats in the order they arrive.
      const parsed = quickOptions.safeParse(raw);
      if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error));
      name = parsed.data.name;
      id = parsed.data.player === undefined ? null : playerIdOf(parsed.data.player);
      // One arriving after the start (its reservation not yet run out) watches: its seat has a computer.
      player = this.state.phase === 'waiting' ? this.arrived++ : null;
      if (!this.owner) this.owner = (client.auth as ClientAuth | undefined)?.address ?? null;
    } else {
      const parsed = joinOptions.safeParse(raw);
      if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error));
      name = parsed.data.name;
      id = parsed.data.player === undefined ? null : playerIdOf(parsed.data.player);
      // The seat follows the player: their key takes back a seat they hold here, whatever else the join asks.
      const held = id === null ? undefined : this.players.find((p) => p.playerId === id);
      if (held) return this.takeSeatBack(client, held);
      if ('seatKey' in parsed.data) return this.takeSeatBack(client, this.seatWithKey(parsed.data.seatKey));
      if (this.table && 'colour' in parsed.data) throw refuse('started', 'the seats of a quick-play table are its players\': join as a spectator');
      if ('colour' in parsed.data) {
        if (this.state.phase !== 'waiting') throw refuse('started', 'the match has started: join as a spectator');
        player = this.seatOfColour(parsed.data.colour, this.lobby);
        this.checkFreeSeat(parsed.data.colour, player);
      } else player = null;
    }
    if (player === null) {
      this.watchers.joined(client.sessionId);
      this.spectators.add(client.sessionId);
      this.state.spectators = this.spectators.size;
      if (id !== null) this.watcherIds.set(client.sessionId, id);
    } else {
      Object.assign(this.players[player], { name, sessionId: client.sessionId, seatedAt: ++this.seatings, seatKey: newSeatKey(), playerId: id });
      if (id !== null) seatHeld(this.presence, id, this.roomId).catch((e: unknown) => console.error(`rolit room ${this.roomId}: seat held: ${faultText(e)}`));
    }
    if (this.hostSession === null) this.passHost();
    this.publishSeats();
    if (creating && this.options.listed) this.list();
    this.welcome(client);
    if (this.table?.kind === 'quick' && this.arrived === this.table.players.length) this.begin();
    this.nextTvRound();
  }

  /**
   * A person takes their seat back with its key, from this or another device: a connection still in
   * the seat is told why and closed, a pending reconnection is given up, a computer standing in hands
   * the seat back on the spot (its pending move is dropped), and the turn's deadline stands.
   */
  private takeSeatBack(client: Client, player: Player): void {
    const previous = player.sessionId;
    player.sessionId = client.sessionId;
    player.graceTimer?.clear();
    player.graceTimer = null;
    const reconnection = player.reconnection;
    player.reconnection = null;
    player.standIn = player.resigned;
    if (this.state.phase === 'playing') this.flow?.hostChanged();
    if (previous !== null && this.hostSession === previous) this.hostSession = client.sessionId;
    // The earlier connection no longer holds a seat: its leaving (now or after the grace) changes nothing.
    reconnection?.reject(new Error('the seat was taken back on another device'));
    this.clients.find((c) => c.sessionId === previous)?.leave(SEAT_TAKEN_BACK, 'your seat was taken back with its key on another device');
    if (this.hostSession === null) this.passHost();
    this.publishSeats();
    this.welcome(client);
  }

  /** The seat a seat key takes back; refused when none has it. */
  private seatWithKey(key: string): Player {
    const player = this.players.find((p) => p.seatKey !== null && sameKey(p.seatKey, key));
    if (!player) throw refuse('badSeatKey', 'no seat of this room has that key');
    return player;
  }

  /** A seat freed (in the lobby) or the room closing: its player no longer plays here. */
  private releasePlayer(player: Player): void {
    if (player.playerId === null) return;
    seatFreed(this.presence, player.playerId, this.roomId).catch((e: unknown) => console.error(`rolit room ${this.roomId}: seat freed: ${faultText(e)}`));
    player.playerId = null;
  }

  override async onDrop(client: Client, code?: number): Promise<void> {
    const flooded = coolDownIfFlooded(this.config.limiter, client, code);
    const player = this.playerOf(client.sessionId);
    if (player) {
      player.graceTimer = this.clock.setTimeout(() => this.graceOver(player), this.config.graceSeconds * 1000);
      this.publishSeats();
      // Held until the person returns, or the room closes (releaseIfDeserted): after the grace a computer plays for them.
      const reconnection = this.allowReconnection(client, 'manual');
      reconnection.catch(() => {});
      if ('reject' in reconnection) player.reconnection = reconnection;
    } else if (!(flooded && this.config.limiter.limits.coolDownSeconds > 0)) {
      // A spectator's place is held for the grace; one kicked for flooding may not come back during its cool-down, so it leaves now.
      this.allowReconnection(client, this.config.graceSeconds).catch(() => {});
    }
  }

  override onReconnect(client: Client): void {
    const player = this.playerOf(client.sessionId);
    if (player) {
      player.graceTimer?.clear();
      player.graceTimer = null;
      player.reconnection = null;
      // On their turn, with a computer thinking for them, the person plays it (the turn flow drops
      // the computer's answer), and the turn's deadline stands. One who resigned leaves it to the computer.
      player.standIn = player.resigned;
      if (this.state.phase === 'playing') this.flow?.hostChanged();
      if (this.hostSession === null) this.passHost();
      this.publishSeats();
    }
    this.welcome(client);
    this.nextTvRound();
  }

  override async onLeave(client: Client): Promise<void> {
    this.buckets.delete(client.sessionId);
    this.watchers.left(client.sessionId);
    this.watcherIds.delete(client.sessionId);
    if (this.spectators.delete(client.sessionId)) {
      this.state.spectators = this.spectators.size;
    }
    const player = this.playerOf(client.sessionId);
    if (player) {
      player.graceTimer?.clear();
      player.graceTimer = null;
      player.reconnection = null;
      player.sessionId = null;
      if (this.state.phase === 'waiting') {
        Object.assign(player, { name: '', seatKey: null });
        this.releasePlayer(player);
      } else this.standIn(player);
    }
    if (this.hostSession === client.sessionId) this.passHost();
    this.publishSeats();
    this.releaseIfDeserted();
    // The last person left a round in play: the room stays open while the stand-ins finish it (finishRound closes it).
    // TV's rounds are nobody's: it closes with its last watcher.
    if (this.clients.length === 0 && this.state.phase === 'playing' && this.table?.kind !== 'tv') this.autoDispose = false;
    // Colyseus closes an empty room once no onLeave is running: after the listing's saves.
    await this.listingSaved;
  }

  override onDispose(): void {
    this.disposed = true;
    for (const player of this.players) this.releasePlayer(player);
    this.flow?.stop();
    this.tvTimer?.clear();
  }

  /**
   * The server stops (SIGTERM, SIGINT; docs/online.md, Running the server): the round in play
   * stops where it stands and is saved as an unfinished record, every client is told the seconds
   * left (`closing`), and the room closes after them.
   */
  override onBeforeShutdown(): void {
    const seconds = this.config.closingSeconds;
    this.closesAt = Date.now() + seconds * 1000;
    // No computer answer or clock plays on.
    this.flow?.stop();
    this.state.moveDeadline = 0;
    this.broadcast('closing', { seconds });
    void (async () => {
      try {
        await this.saving;
        if (this.state.phase === 'playing' && this.game) this.state.records.push(await this.saveRound());
      } catch (e) {
        console.error(`rolit room ${this.roomId}: closing: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
      // The record's name reaches the clients before they are let go.
      this.broadcastPatch();
      this.clock.setTimeout(() => void this.disconnect(CloseCode.SERVER_SHUTDOWN), Math.max(0, this.closesAt - Date.now()));
    })();
  }

  /** Colyseus hands every room callback's throw (messages, clock, joins, leaves) here. */
  override onUncaughtException(error: Error & { cause?: unknown }, method: string): void {
    // Refused creates and joins are answers to the client, not faults.
    if (error.cause instanceof ServerError) return;
    // A room that failed to be created never opened: the create fails, nothing to close.
    if (method === 'onCreate' || method === 'onDispose') return void console.error(`rolit room ${this.roomId}: fault in ${method}: ${faultText(error.cause ?? error)}`);
    this.fault(method, error.cause ?? error);
  }

  /**
   * A fault (a throw or rejection in the room's own code): the room cannot be trusted to play on,
   * so it ends, and only it: the round in play is saved (an unfinished record), every client gets
   * a `fault` message and is disconnected with ROOM_FAULT_CLOSE. One log line per fault.
   */
  private fault(where: string, error: unknown): void {
    console.error(`rolit room ${this.roomId}: fault in ${where}: ${faultText(error)}${this.faulted ? '' : '; the room closes'}`);
    if (this.faulted || this.disposed) return;
    this.faulted = true;
    this.flow?.stop();
    void this.closeAfterFault();
  }

  private async closeAfterFault(): Promise<void> {
    let record = '';
    if (this.game && this.state.phase === 'playing') {
      try {
        record = await this.saveRound();
      } catch (e) {
        console.error(`rolit room ${this.roomId}: saving round ${this.state.round + 1} after the fault: ${faultText(e)}`);
      }
    }
    const message: FaultMessage = { text: 'the room failed and is closed', record };
    try {
      this.broadcast('fault', message);
      await this.disconnect(ROOM_FAULT_CLOSE);
    } catch (e) {
      console.error(`rolit room ${this.roomId}: closing after the fault: ${faultText(e)}`);
    }
  }

  // --- messages -------------------------------------------------------------------------------

  /** What the room does with each client message, given its checked payload (receive checks it first). */
  private readonly handlers: { [K in MessageType]: (client: Client, message: ReceivedMessages[K]) => void } = {
    start: (client) => this.start(client),
    play: (client, { move }) => this.play(client, move),
    fill: (client, seat) => this.fill(client, seat),
    rematch: (client) => this.rematch(client),
    emote: (client, { emote }) => this.emote(client, emote),
    resign: (client) => this.resign(client),
  };

  private receive<K extends MessageType>(client: Client, type: K, payload: unknown): void {
    if (this.faulted || !this.allow(client)) return;
    if (this.closesAt && type !== 'emote') return this.refuseMessage(client, 'closing', 'the server is stopping: this room closes in a moment');
    const parsed = parseMessage(type, payload);
    if (!parsed.ok) return this.refuseMessage(client, 'malformed', `${type}: ${parsed.problem}`);
    if (this.table?.kind === 'tv') return this.refuseMessage(client, 'spectator', 'TV is only watched: its computers play');
    // A throw here is a fault of the room (onUncaughtException), not the sender's.
    this.handlers[type](client, parsed.message);
  }

  private start(client: Client): void {
    if (!this.isHost(client, 'start')) return;
    if (this.state.phase !== 'waiting') return this.refuseMessage(client, 'notWaiting', 'the match has already started');
    const free = this.players.flatMap((p, i) => (p.kind === 'human' && !p.sessionId ? [this.lobby.players[i].join('+')] : []));
    if (free.length > 0) return this.refuseMessage(client, 'seatsFree', `free seats: ${free.join(', ')} (wait for players, or fill them with computers)`);
    this.begin();
  }

  /** The match starts (round 0): on the host's `start`, or by itself at a server table, whose seats left free get computers. */
  private begin(): void {
    if (this.state.phase !== 'waiting' || this.disposed) return;
    for (const p of this.players) if (p.kind === 'human' && !p.sessionId) Object.assign(p, { kind: 'computer', level: QUICK_COMPUTER, name: `computer (${QUICK_COMPUTER})` });
    const players: PlayerSpec[] = this.players.map((p) => ({ kind: p.kind, level: p.kind === 'computer' ? p.level : undefined, name: p.name }));
    const o = this.options;
    this.match = startMatch({ players, colours: o.colours, size: o.size, variant: o.variant, misere: o.misere, moveTimeLimit: o.timeLimit, takeBacks: false });
    this.startRound(0);
  }

  private play(client: Client, move: string): void {
    if (this.state.phase !== 'playing' || !this.game) return this.refuseMessage(client, 'notPlaying', 'no round is being played');
    const player = this.playerOf(client.sessionId);
    if (!player) return this.refuseMessage(client, 'spectator', 'spectators cannot play');
    const refusal = this.flow!.play(this.players.indexOf(player), move);
    if (refusal?.code === 'notYourTurn') return this.refuseMessage(client, 'notYourTurn', `it is ${this.state.toMove}'s turn`);
    if (refusal) return this.refuseMessage(client, 'illegalMove', refusal.refusal.message, refusal.refusal);
  }

  private fill(client: Client, { colour, level }: ReceivedMessages['fill']): void {
    if (!this.isHost(client, 'fill seats')) return;
    if (this.state.phase !== 'waiting') return this.refuseMessage(client, 'notWaiting', 'seats are filled before the match starts');
    const index = seatOfColour(this.lobby.players, colour);
    const player = this.players[index];
    if (!player) return this.refuseMessage(client, 'notFree', `${colour} is not in play`);
    if (player.kind !== 'human' || player.sessionId) return this.refuseMessage(client, 'notFree', `${colour}'s seat is not free`);
    Object.assign(player, { kind: 'computer', level, name: `computer (${level})` });
    this.publishSeats();
  }

  private rematch(client: Client): void {
    if (!this.isHost(client, 'start a rematch')) return;
    if (this.state.phase !== 'over' || !this.match) return this.refuseMessage(client, 'notOver', 'a rematch follows a finished round');
    this.startRound(this.state.round + 1);
  }

  private emote(client: Client, emote: Emote): void {
    const player = this.playerOf(client.sessionId);
    if (!player) return this.refuseMessage(client, 'spectator', 'spectators cannot send emotes');
    this.broadcast('emote', { colour: this.colourOf(player), emote });
  }

  /** A player gives up the round: the stand-in computer plays their seat to its end (a rematch seats them again). */
  private resign(client: Client): void {
    if (this.state.phase !== 'playing') return this.refuseMessage(client, 'notPlaying', 'no round is being played');
    const player = this.playerOf(client.sessionId);
    if (!player) return this.refuseMessage(client, 'spectator', 'spectators cannot resign');
    if (player.resigned) return this.refuseMessage(client, 'resigned', 'you have already resigned this round');
    player.resigned = true;
    this.broadcast('resigned', { colour: this.colourOf(player), name: player.name });
    this.standIn(player);
    this.publishSeats();
  }

  /** Rate limit: a token bucket per client; a refused message changes nothing. */
  private allow(client: Client): boolean {
    const { messagesPerSecond, messageBurst } = this.config;
    let bucket = this.buckets.get(client.sessionId);
    if (!bucket) this.buckets.set(client.sessionId, (bucket = new TokenBucket(messageBurst, messagesPerSecond, () => this.clock.currentTime)));
    if (bucket.take()) return true;
    this.refuseMessage(client, 'rateLimited', `too many messages: at most ${messagesPerSecond} a second`);
    return false;
  }

  /** Refuses a client's message, to it alone; an illegal move with the engine's reason and what it names. */
  private refuseMessage(client: Client, code: MessageErrorCode, text: string, refusal?: RuleError): void {
    const message: ErrorMessage = refusal ? { code, text, reason: refusal.code, params: refusal.params } : { code, text };
    client.send('error', message);
  }

  private isHost(client: Client, what: string): boolean {
    if (client.sessionId === this.hostSession) return true;
    this.refuseMessage(client, 'notHost', `only the host can ${what}`);
    return false;
  }

  // --- rounds ---------------------------------------------------------------------------------

  private startRound(round: number): void {
    this.flow?.stop();
    const flow = (this.flow = new TurnFlow(this.match!, round, this.flowHost()));
    const game = flow.game;
    const s = this.state;
    s.round = round;
    s.phase = 'playing';
    s.seed = game.setup.seed;
    s.throws.clear();
    s.throws.push(...game.state.throws);
    s.moves.clear();
    for (const player of this.players) player.standInMoves = 0;
    for (const player of this.players.filter((p) => p.resigned)) {
      player.resigned = false;
      // Back at the table for the new round, unless they are away.
      player.standIn = player.sessionId === null || player.graceTimer !== null;
    }
    this.publishSeats();
    // Each client's colour this round, then the round's log once (welcome would send it again).
    for (const client of this.clients) this.tellWho(client);
    this.broadcast('events', { round, from: 0, events: game.events });
    flow.start();
    this.publishTurn();
  }

  /** What the round's turn flow is given: the room's clock, its players' seats, the computer pool. */
  private flowHost(): TurnFlowHost {
    const clock: FlowClock = { now: () => Date.now(), setTimeout: (run, ms) => this.clock.setTimeout(run, ms) };
    const tv = this.table?.kind === 'tv';
    return {
      clock,
      holder: (player) => this.players[player],
      // TV asks at once and plays each answer at its pace; other rooms pause before asking.
      computerDelayMs: tv ? 0 : this.config.computerDelayMs,
      askComputer: (game, level, wanted) => {
        const answer = this.config.pool.choose([...game.events], level, { room: this.roomId, owner: this.owner ?? this.roomId, wanted, background: tv });
        return tv ? atPace(answer, this.config.tvMoveMs, this.clock) : answer;
      },
      moved: (events, mover) => this.moved(events, mover),
      computerFailed: (e, level) => this.computerFailed(e, level),
      fallbackMove,
      fault: (e) => this.fault('computer move', e),
    };
  }

  /** A level that cannot search is told once (a log line, every client's `computerFallback`); its seats play at the fallback level. */
  private computerFailed(error: unknown, level: string): void {
    if (this.failedLevels.has(level)) return;
    this.failedLevels.add(level);
    console.error(`rolit room ${this.roomId}: the ${level} computer cannot search (${faultText(error)}); its seats play at ${FALLBACK_LEVEL}`);
    const toMove = this.game?.state.toMove;
    if (toMove) this.broadcast('computerFallback', { colour: toMove, level, fallback: FALLBACK_LEVEL });
  }

  /** A move was played and the turn handed on: publish both. A computer's move for a person is counted (the result's standInMoves). */
  private moved(events: GameEvent[], mover: Mover): void {
    const player = this.players[mover.player];
    if (mover.by === 'computer' && player.kind === 'human') player.standInMoves++;
    const game = this.game!;
    const from = game.events.length - events.length;
    for (const m of game.state.moves.slice(this.state.moves.length)) this.state.moves.push(m.squares.join('+'));
    this.broadcast('events', { round: this.state.round, from, events });
    this.publishTurn();
  }

  /** The turn to move (its colour and deadline) and the scores; the round's end once it is over. */
  private publishTurn(): void {
    const game = this.game!;
    const s = this.state;
    s.toMove = game.state.toMove ?? '';
    s.legal.clear();
    s.legal.push(...game.legalMoves());
    s.moveDeadline = this.flow!.deadline;
    this.publishScores();
    if (game.state.over) this.saving = this.finishRound().catch((e: unknown) => this.fault('finishRound', e));
  }

  private async finishRound(): Promise<void> {
    const game = this.game!;
    const s = this.state;
    s.phase = 'over';
    s.toMove = '';
    s.moveDeadline = 0;
    const standInMoves = game.setup.players.map((_, seat) => this.players[playerInSeat(seat, s.round, this.players.length)].standInMoves);
    s.results.push(resultState({ round: s.round, ...game.state.result!, standInMoves }));
    // TV plays on for as long as anyone watches: its state keeps the last rounds only.
    if (this.table?.kind === 'tv') while (s.results.length > TV_ROUNDS_KEPT) s.results.shift();
    try {
      const file = await this.saveRound();
      if (!this.disposed) s.records.push(file);
      if (this.table?.kind === 'tv') while (s.records.length > TV_ROUNDS_KEPT) s.records.shift();
    } catch (e) {
      console.error(`rolit room ${this.roomId}: saving round ${s.round + 1}: ${faultText(e)}`);
    }
    this.publishListing();
    this.nextTvRound();
    this.releaseIfDeserted();
    await this.keepRound(game, standInMoves);
    if (!this.autoDispose) {
      this.autoDispose = true;
      if (this.clients.length === 0) await this.disconnect();
    }
  }

  /**
   * Keeps the finished round in the database, rating its players (docs/online.md, Players and
   * ratings), and tells everyone the new ratings. After everything the round's end shows, so the
   * database is never on a move's path; a failure is logged, and the round stays in its file.
   */
  private async keepRound(game: Game, standInMoves: number[]): Promise<void> {
    // TV's computers play for watchers, as long as anyone watches: their rounds are nobody's games.
    if (this.table?.kind === 'tv') return;
    const round = this.state.round;
    try {
      const result = game.state.result!;
      const ratings = await this.config.store.saveRound({
        id: recordFileName(this.roomId, round, false, this.table?.kind),
        room: this.roomId,
        round: round + 1,
        finishedAt: new Date(),
        size: game.setup.size,
        variant: game.setup.variant,
        misere: game.setup.misere,
        rated: this.options.rated !== false,
        record: this.roundRecord(),
        seats: game.setup.players.map((colours, seat) => {
          const p = this.players[playerInSeat(seat, round, this.players.length)];
          const moves = game.state.moves.filter((m) => colours.includes(m.colour)).length;
          return {
            colours,
            player: p.kind === 'computer' ? computerPlayerId(p.level) : p.playerId,
            name: p.name,
            kind: p.kind,
            score: result.playerScores[seat],
            // Given up: resigned, or a computer played most of the seat's moves (docs/online.md).
            forfeit: p.kind === 'human' && (p.resigned || 2 * standInMoves[seat] > moves),
            standInMoves: standInMoves[seat],
          };
        }),
      });
      if (!ratings?.length || this.disposed) return;
      this.broadcast('rated', { round, seats: ratings.map(({ seat, player, rating, change, provisional }) => ({ colour: game.setup.players[seat][0], player, rating, change, provisional })) });
    } catch (e) {
      console.error(`rolit room ${this.roomId}: keeping round ${round + 1} in the database: ${faultText(e)}`);
    }
  }

  /** TV: the next round, after a pause, while anyone watches (a watcher arriving later starts it again). */
  private nextTvRound(): void {
    if (this.table?.kind !== 'tv' || this.state.phase !== 'over' || this.tvTimer) return;
    this.tvTimer = this.clock.setTimeout(() => {
      this.tvTimer = null;
      if (this.clients.length > 0 && this.state.phase === 'over' && !this.closesAt && !this.faulted) this.startRound(this.state.round + 1);
    }, this.config.tvPauseMs);
  }

  /** Saves the round as it stands (finished, or unfinished with Result "*") and gives its file name. */
  private async saveRound(): Promise<string> {
    return keepRecord(this.config.records, recordFileName(this.roomId, this.state.round, !this.game!.state.over, this.table?.kind), this.roundRecord());
  }

  /** The round's record as it stands, its players named. */
  private roundRecord(): string {
    const game = this.game!;
    const round = this.state.round;
    // Records count rounds from 1 (the wire's `round` from 0).
    const names: Record<string, string> = { Room: this.roomId, Round: String(round + 1) };
    game.setup.players.forEach((colours, seat) => {
      const player = this.players[playerInSeat(seat, round, this.players.length)];
      for (const colour of colours) names[colour[0].toUpperCase() + colour.slice(1)] = player.name;
    });
    return toRecord(game, { Date: recordDate(new Date()), ...names });
  }

  // --- seats ----------------------------------------------------------------------------------

  private graceOver(player: Player): void {
    player.graceTimer = null;
    if (this.state.phase === 'waiting') {
      // Nobody plays yet: the seat is free again for someone else.
      player.reconnection?.reject(new Error('the grace period is over'));
      return;
    }
    this.standIn(player);
    // A host away past the grace hands the role on, so the others can start the next round.
    if (player.sessionId === this.hostSession) this.passHost();
    this.publishSeats();
    this.releaseIfDeserted();
  }

  private standIn(player: Player): void {
    if (player.kind !== 'human' || player.standIn) return;
    player.standIn = true;
    // On their turn the computer thinks for them now; the turn (and so its deadline) stays the same.
    if (this.state.phase === 'playing') this.flow?.hostChanged();
  }

  /**
   * Nobody is connected and no round is being played: dropped players' seats are given up, so the
   * room can close. (While a round is played, computers play it to the end and the record is kept.)
   */
  private releaseIfDeserted(): void {
    if (this.clients.length > 0 || this.state.phase === 'playing') return;
    for (const player of this.players) {
      player.reconnection?.reject(new Error('the room is closing'));
      player.reconnection = null;
    }
  }

  /** The lobby seat (player index) that plays `colour`; refuses a colour not in play, with the flow's reason. */
  private seatOfColour(colour: Colour, setup: RoundSetup): number {
    const seat = seatOfColour(setup.players, colour);
    if (seat < 0) throw refuse('notInPlay', notInPlay(setup, colour));
    return seat;
  }

  private checkFreeSeat(colour: Colour, index: number | null): void {
    const player = index === null ? null : this.players[index];
    if (player?.kind === 'computer') throw refuse('computerSeat', `${colour} is played by a computer`);
    if (player?.sessionId) throw refuse('colourTaken', `${colour} is taken`);
  }

  private playerOf(sessionId: string): Player | undefined {
    return this.players.find((p) => p.sessionId === sessionId);
  }

  /** Seat index of a player this round. */
  private seatOf(player: Player): number {
    return seatOfPlayer(this.players.indexOf(player), this.state.round, this.players.length);
  }

  /** The round being played, or the last one. */
  private get game(): Game | null {
    return this.flow?.game ?? null;
  }

  private setup(): RoundSetup {
    return this.game?.setup ?? this.lobby;
  }

  private colourOf(player: Player): Colour {
    return this.setup().players[this.seatOf(player)][0];
  }

  /**
   * The host role passes to the person at the table seated longest (connected, no computer standing
   * in); none when nobody is. Every client is told again who it is, so each page shows the new host.
   */
  private passHost(): void {
    const present = this.players.filter((p) => p.sessionId !== null && (!p.standIn || p.resigned) && !p.graceTimer);
    const next = present.sort((a, b) => a.seatedAt - b.seatedAt)[0]?.sessionId ?? null;
    if (next === this.hostSession) return;
    this.hostSession = next;
    for (const client of this.clients) this.tellWho(client);
  }

  /** Tells a client who it is, and the round's events so far. */
  private welcome(client: Client): void {
    this.tellWho(client);
    if (this.game) client.send('events', { round: this.state.round, from: 0, events: this.game.events });
    if (this.closesAt) client.send('closing', { seconds: Math.max(0, Math.ceil((this.closesAt - Date.now()) / 1000)) });
  }

  /** The `you` message: the client's seat's colour ('' for a spectator) and whether it hosts. */
  private tellWho(client: Client): void {
    const player = this.playerOf(client.sessionId);
    const you: YouMessage = { colour: player ? this.colourOf(player) : '', host: client.sessionId === this.hostSession };
    if (player?.seatKey) you.seatKey = player.seatKey;
    const id = player?.playerId ?? this.watcherIds.get(client.sessionId);
    if (id) you.player = id;
    client.send('you', you);
  }

  private publishSeats(): void {
    const s = this.state;
    const setup = this.setup();
    const n = this.players.length;
    setup.players.forEach((colours, seat) => {
      const player = this.players[playerInSeat(seat, s.round, n)];
      let state = s.seats[seat];
      if (!state) s.seats.push((state = new SeatState()));
      state.colour = colours[0];
      if (state.colours.join() !== colours.join()) {
        state.colours.clear();
        state.colours.push(...colours);
      }
      state.name = player.name;
      state.kind = player.kind;
      state.level = player.level;
      state.connected = player.kind === 'computer' || (player.sessionId !== null && !player.graceTimer && (!player.standIn || player.resigned));
      state.dropDeadline = player.graceTimer ? Date.now() + player.graceTimer.time - player.graceTimer.elapsedTime : 0;
      state.standIn = player.standIn;
      state.resigned = player.resigned;
    });
    const host = this.playerOf(this.hostSession ?? '');
    s.host = host ? this.colourOf(host) : '';
    this.publishScores();
    this.publishListing();
  }

  /** A listed table enters the lobby once its creator has joined, so that its first listing shows them at the table. */
  private list(): void {
    const listed = this.setPrivate(false).catch((e: unknown) => this.fault('setPrivate', e));
    this.listingSaved = Promise.all([this.listingSaved, listed]).then(() => undefined);
  }

  /** A listed table's entry in the lobby (its metadata), published when it changes. */
  private publishListing(): void {
    if (!this.options.listed) return;
    const s = this.state;
    const listing: TableListing = {
      host: this.playerOf(this.hostSession ?? '')?.name ?? '',
      size: s.size,
      colours: [...this.lobby.colours],
      variant: s.variant,
      misere: s.misere,
      timeLimit: s.timeLimit,
      free: s.phase === 'waiting' ? this.players.flatMap((p, i) => (p.kind === 'human' && !p.sessionId ? [this.lobby.players[i][0]] : [])) : [],
      seated: this.players.flatMap((p, i): TableListing['seated'] => {
        const colour = this.lobby.players[i][0];
        if (p.kind === 'computer') return [{ colour, name: p.name, kind: p.kind, level: p.level }];
        return p.sessionId ? [{ colour, name: p.name, kind: p.kind }] : [];
      }),
      phase: s.phase,
      spectators: s.spectators,
    };
    const text = JSON.stringify(listing);
    if (text === this.listing) return;
    this.listing = text;
    const saved = this.setMetadata(listing).catch((e: unknown) => this.fault('setMetadata', e));
    this.listingSaved = Promise.all([this.listingSaved, saved]).then(() => undefined);
  }

  private publishScores(): void {
    if (!this.game) return;
    const { playerScores } = ballCounts(this.game.setup, this.game.state.board);
    playerScores.forEach((score, seat) => {
      if (this.state.seats[seat]) this.state.seats[seat].score = score;
    });
  }
}

/** An error as one log line: its message and where it was thrown. */
function faultText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const at = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))?.trim();
  return `${error.message}${at ? ` (${at})` : ''}`;
}
