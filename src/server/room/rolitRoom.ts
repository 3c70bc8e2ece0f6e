/**
 * The `rolit` room (docs/online.md): a match of Rolit played by people and computers across
 * machines. The match itself is the match flow's (src/flow/matchFlow.ts), as the engine's rules
 * are the engine's: the room turns Colyseus' callbacks (creates, joins, drops, returns, leaves,
 * messages) into calls of the flow, and publishes what the flow tells (room/match.ts). Its
 * concerns live in room/: admission, presence and the host role, messages, records, the lobby
 * listing; clients never decide the outcome of a move.
 */
import { type AuthContext, CloseCode, matchMaker, Room, ServerError } from '@colyseus/core';
import type { MatchFlow } from '../../flow/matchFlow';
import { type CreateOptions, type FaultMessage, MESSAGE_TYPES, ROOM_FAULT_CLOSE } from '../../wire/contract';
import { type ClientAuth, clientAuthOf, coolDownIfFlooded, type WatchedRoom } from '../front/admission';
import { TokenBuckets } from '../front/limits';
import { phaseNow, seatHeld, whenForgotten } from '../players/playing';
import { challengersArrived, type Creator, openTable, seatAsked } from './admission';
import { type Client, faultText, isBot, type Person, playerOf, type RoomConfig, type RoomCore, TV_WATCHERS } from './core';
import { list } from './listing';
import { matchHost } from './match';
import { begin, allow, receive } from './messages';
import { publishSeats } from './publish';
import { forgetPlayer, newSeatKey, passHost, releaseIfDeserted, releasePlayer, renewPresence, welcome } from './presence';
import { saveRound } from './records';
import { newRoomCode } from './roomCode';
import { asksForSeat, clientCap, reserveSpectatorPlaces, SpectatorPlaces } from './seating';
import { CHALLENGE_ARRIVAL_SECONDS, ServerTable } from './serverTable';
import { RoomState } from './state';
import { refuseUnknown } from './unknownMessage';

export { refuse, type RoomConfig, TV_ROUNDS_KEPT, TV_WATCHERS } from './core';

export class RolitRoom extends Room<{ state: RoomState; client: Client }> implements WatchedRoom, RoomCore {
  config!: RoomConfig;
  options!: CreateOptions;
  flow!: MatchFlow;
  people: Person[] = [];
  table: ServerTable | null = null;
  heldSeats = new Map<string, number>();
  hostSession: string | null = null;
  seatings = 0;
  readonly spectators = new Set<string>();
  watchers!: SpectatorPlaces;
  readonly watcherIds = new Map<string, string>();
  buckets!: TokenBuckets;
  disposed = false;
  closesAt = 0;
  faulted = false;
  saving: Promise<void> = Promise.resolve();
  owner: string | null = null;
  listing = '';
  listingSaved: Promise<void> = Promise.resolve();
  /** Creator's choice of seat, used when the creator's own join arrives. */
  private creator: Creator | null = null;
  /** Quick play: the group's players who have taken their seats so far. */
  private arrived = 0;
  /** Stops listening for "Forget me" (players/playing.ts whenForgotten). */
  private stopForgetting: () => void = () => {};

  /** Why a join of `address` with these options would find no spectator's place (admission.ts asks first, for a clear refusal). */
  spectatorRefusal(options: unknown, address: string): string | null {
    return this.table?.kind === 'tv' || asksForSeat(options) ? null : this.watchers.refusal(address);
  }

  /** Every client carries its address (admission.ts), for its room's computers and its cool-down. */
  static override async onAuth(_token: string, _options: unknown, context: AuthContext): Promise<ClientAuth> {
    return clientAuthOf(context);
  }

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    const { config, ...clientOptions } = raw as { config: RoomConfig } & Record<string, unknown>;
    this.config = config;
    this.seatReservationTimeout = config.seatReservationSeconds;
    this.watchers = new SpectatorPlaces(config.limiter.limits.watchers);
    this.buckets = new TokenBuckets(config.messageBurst, config.messagesPerSecond, () => this.clock.currentTime);
    // Only the server makes a ServerTable; a client's `table` stays an unknown key, refused below.
    if (clientOptions.table instanceof ServerTable) this.table = clientOptions.table;
    ({ options: this.options, flow: this.flow, creator: this.creator, held: this.heldSeats } = openTable(clientOptions, this.table, matchHost(this)));
    this.people = Array.from({ length: this.flow.players }, () => ({ sessionId: null, reconnection: null, seatedAt: 0, seatKey: null, playerId: null, bot: false }));

    // The room's code: random, and no other room's (with Redis, no room of any process).
    let code = newRoomCode();
    while (await matchMaker.driver.findOne({ roomId: code })) code = newRoomCode();
    this.roomId = code;

    if (this.table?.kind === 'tv') {
      this.maxClients = TV_WATCHERS;
      // Found by joinOrCreate('tv'), so public, but not one of the lobby's tables.
      await this.setMatchmaking({ unlisted: true });
    } else {
      this.maxClients = clientCap(this.people.length);
      reserveSpectatorPlaces(this, this.watchers, this.people.length, (sessionId) => this.table?.players.includes(sessionId) ?? false);
      // Reached by its code only: `join('rolit')` never matches a room a client was not invited to.
      // A listed table goes public once its creator has joined, so its first listing shows them seated.
      if (!this.table) this.setPrivate(true).catch((e: unknown) => this.fault('setPrivate', e));
    }
    // A client flooding messages far past the soft limit (messagesPerSecond) is disconnected.
    this.maxMessagesPerSecond = config.messageBurst * 4;
    this.setState(new RoomState());
    this.stopForgetting = whenForgotten(this.presence, (id) => forgetPlayer(this, id));
    const s = this.state;
    const o = this.options;
    Object.assign(s, { size: o.size, variant: o.variant, misere: o.misere, timeLimit: o.timeLimit, help: o.help });
    publishSeats(this);
    // The room stays in the presence while this process lives (players/playing.ts).
    renewPresence(this);
    this.clock.setInterval(() => renewPresence(this), (config.presenceSeconds * 1000) / 3);

    for (const type of MESSAGE_TYPES) this.onMessage(type, (client: Client, message: unknown) => receive(this, client, type, message));
    this.onMessage('*', (client: Client, type: string | number | undefined) => {
      if (allow(this, client)) refuseUnknown(client, type, `the room's messages are ${MESSAGE_TYPES.join(', ')}`);
    });
    if (this.table?.kind === 'tv') begin(this);
    // A challenge's table waits for its players longer than a seat reservation (Colyseus closes a room nobody joined after one).
    if (this.table?.kind === 'challenge') {
      this.autoDispose = false;
      this.clock.setTimeout(() => {
        if (this.flow.phase !== 'playing' || this.clients.length > 0) this.autoDispose = true;
      }, CHALLENGE_ARRIVAL_SECONDS * 1000);
    }
    // Quick play: the group's players who have not arrived when their reservations run out are replaced by computers.
    if (this.table?.kind === 'quick') {
      this.clock.setTimeout(() => {
        if (this.clients.length > 0) begin(this);
      }, this.seatReservationTimeout * 1000);
    }
  }

  override onJoin(client: Client, raw: unknown): void {
    this.watchers.arrived(client.sessionId);
    const creating = this.creator !== null;
    let seat: Creator | 'takenBack';
    if (this.creator) {
      seat = this.creator;
      this.creator = null;
      this.hostSession = client.sessionId;
      this.owner = (client.auth as ClientAuth | undefined)?.address ?? null;
    } else {
      seat = seatAsked(this, client, raw, () => this.arrived++);
      if (this.table?.kind === 'quick' && !this.owner) this.owner = (client.auth as ClientAuth | undefined)?.address ?? null;
    }
    if (seat === 'takenBack') return;
    const { name, player, id } = seat;
    if (player === null) {
      this.watchers.joined(client.sessionId);
      this.spectators.add(client.sessionId);
      this.state.spectators = this.spectators.size;
      if (id !== null) this.watcherIds.set(client.sessionId, id);
    } else {
      Object.assign(this.people[player], { sessionId: client.sessionId, seatedAt: ++this.seatings, seatKey: newSeatKey(), playerId: id, bot: isBot(client) });
      if (id !== null) seatHeld(this.presence, id, this.roomId, this.config.presenceSeconds).catch((e: unknown) => console.error(`rolit room ${this.roomId}: seat held: ${faultText(e)}`));
      this.flow.sit(player, name);
    }
    if (this.hostSession === null) passHost(this);
    publishSeats(this);
    if (creating && this.options.listed) list(this);
    welcome(this, client);
    if (this.table?.kind === 'quick' && this.arrived === this.table.players.length) begin(this);
    if (this.flow.phase === 'waiting' && challengersArrived(this)) {
      begin(this);
      this.autoDispose = true;
    }
    this.flow.playOn();
  }

  override async onDrop(client: Client, code?: number): Promise<void> {
    const flooded = coolDownIfFlooded(this.config.limiter, client, code);
    const player = playerOf(this, client.sessionId);
    if (player >= 0) {
      this.flow.dropped(player);
      // Held until the person returns, or the room closes (releaseIfDeserted): after the grace a computer plays for them.
      const reconnection = this.allowReconnection(client, 'manual');
      reconnection.catch(() => {});
      if ('reject' in reconnection) this.people[player].reconnection = reconnection;
    } else if (!(flooded && this.config.limiter.limits.coolDownSeconds > 0)) {
      // A spectator's place is held for the grace; one kicked for flooding may not come back during its cool-down, so it leaves now.
      this.allowReconnection(client, this.config.graceSeconds).catch(() => {});
    }
  }

  override onReconnect(client: Client): void {
    const player = playerOf(this, client.sessionId);
    if (player >= 0) {
      this.people[player].reconnection = null;
      // On their turn, with a computer thinking for them, the person plays it (the flow drops the
      // computer's answer), and the turn's deadline stands. One who resigned leaves it to the computer.
      this.flow.back(player, 'reconnect');
      if (this.hostSession === null) passHost(this);
      publishSeats(this);
    }
    welcome(this, client);
    this.flow.playOn();
  }

  override async onLeave(client: Client): Promise<void> {
    this.buckets.forget(client.sessionId);
    this.watchers.left(client.sessionId);
    this.watcherIds.delete(client.sessionId);
    if (this.spectators.delete(client.sessionId)) this.state.spectators = this.spectators.size;
    const player = playerOf(this, client.sessionId);
    if (player >= 0) {
      const person = this.people[player];
      Object.assign(person, { sessionId: null, reconnection: null });
      if (this.flow.phase === 'waiting') {
        person.seatKey = null;
        releasePlayer(this, player);
      }
      this.flow.left(player);
    }
    if (this.hostSession === client.sessionId) passHost(this);
    publishSeats(this);
    releaseIfDeserted(this);
    // The last person left a round in play: the room stays open while the stand-ins finish it (records.ts closes it).
    // TV's rounds are nobody's: it closes with its last watcher.
    if (this.clients.length === 0 && this.flow.phase === 'playing' && this.table?.kind !== 'tv') this.autoDispose = false;
    // Colyseus closes an empty room once no onLeave is running: after the listing's saves.
    await this.listingSaved;
  }

  override onDispose(): void {
    this.disposed = true;
    this.stopForgetting();
    for (const player of this.people.keys()) releasePlayer(this, player);
    phaseNow(this.presence, this.roomId, null, 0).catch((e: unknown) => console.error(`rolit room ${this.roomId}: phase shared: ${faultText(e)}`));
    this.flow?.stop();
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
    this.flow.stop();
    this.state.moveDeadline = 0;
    this.broadcast('closing', { seconds });
    void (async () => {
      try {
        await this.saving;
        if (this.flow.phase === 'playing') this.state.records.push(await saveRound(this));
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
  fault(where: string, error: unknown): void {
    console.error(`rolit room ${this.roomId}: fault in ${where}: ${faultText(error)}${this.faulted ? '' : '; the room closes'}`);
    if (this.faulted || this.disposed) return;
    this.faulted = true;
    this.flow?.stop();
    void this.closeAfterFault();
  }

  private async closeAfterFault(): Promise<void> {
    let record = '';
    if (this.flow.phase === 'playing') {
      try {
        record = await saveRound(this);
      } catch (e) {
        console.error(`rolit room ${this.roomId}: saving round ${this.flow.round + 1} after the fault: ${faultText(e)}`);
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
}
