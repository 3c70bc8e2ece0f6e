/**
 * The page's connection to an online room (docs/online.md): creating, joining, taking a seat,
 * watching, and the room as the server publishes it, as a plain copy (the wire's RoomSnapshot) in a zustand
 * store. The Colyseus client is loaded only when the page goes online. A dropped connection is
 * retried by the client; the reconnection token is kept in sessionStorage, so a reload of the
 * page rejoins the same seat.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Client, Room } from '@colyseus/sdk';
import type { Colour } from '../../engine/index';
import type { CreateOptions, JoinOptions, MessageType, PayloadArgs } from '../../wire/contract';
import {
  type Emote, type ErrorMessage, JOIN_CODES, type JoinCode, type RatedMessage, type ResignedMessage, type ComputerFallbackMessage, ROOM_FAULT_CLOSE, roomCodeOf, SEAT_TAKEN_BACK, type ServerMessages,
  type ServerMessageType, TV_ROOM, type YouMessage,
} from '../../wire/contractCodes';
import { mergeEvents } from './remoteRound';
import type { GameEvent } from '../../engine/index';
import type { DecodedRoom, RoomSnapshot } from '../../wire/roomSnapshot';

export type { Emote } from '../../wire/contractCodes';

/**
 * Why the page is not (or no longer) in the room; `closed`: the server stopped and closed the room;
 * `faulted`: the room failed on the server and closed (its round saved); `seatMoved`: the seat was
 * taken with its key on another device.
 */
export type FailureKind = 'unknownRoom' | 'seatTaken' | 'started' | 'serverDown' | 'refused' | 'lost' | 'closed' | 'faulted' | 'seatMoved';

/** Close code of a room the server closed as it stopped (Colyseus' CloseCode.SERVER_SHUTDOWN). */
export const SERVER_SHUTDOWN = 4001;
export interface Failure {
  kind: FailureKind;
  /** The server's code of a refused create or join (docs/online.md), null for anything else. */
  code: JoinCode | null;
  /** The server's or the network's own words (English), for the curious; never a bare code. */
  detail: string;
}

export interface EmoteShown {
  colour: Colour;
  emote: Emote;
  /** Grows with every emote, so the same one twice is news. */
  id: number;
}

export interface OnlineState {
  /** idle: local play; connecting; open; dropped: the connection is lost and being retried; failed. */
  status: 'idle' | 'connecting' | 'open' | 'dropped' | 'failed';
  roomId: string | null;
  /** The room is TV (docs/online.md, TV): its address is `?tv`, whichever TV room serves it. */
  tv: boolean;
  /** The room's state as the server publishes it (docs/online.md, "State"), a plain copy taken on every patch. */
  room: RoomSnapshot | null;
  /** This page's seat colour ('' for a spectator), whether it hosts, and its seat's key. */
  you: YouMessage | null;
  /** The current round's engine events, as the server sent them. */
  log: { round: number; events: readonly GameEvent[] } | null;
  failure: Failure | null;
  /** The server refused the last message (not your turn, illegal move...). */
  refusal: (ErrorMessage & { id: number }) | null;
  emote: EmoteShown | null;
  /** The latest resignation in the room (`id` grows with every message). */
  resigned: (ResignedMessage & { id: number }) | null;
  /** The latest computer level of the room that could not search, and the level its seats play at instead. */
  fallback: (ComputerFallbackMessage & { id: number }) | null;
  /** The latest rated round's new ratings (`rated`), with the round they follow. */
  rated: RatedMessage | null;
  /** The server is stopping: when it closes the room (ms since 1970, this page's clock). */
  closing: { deadline: number } | null;

  /** Creates a room as its host and joins it (a seat of `options.colour`, or watching). */
  create(options: CreateOptions): Promise<void>;
  /**
   * Opens a room by its code (as typed: any case): rejoins this tab's seat after a reload, or takes a
   * seat back by its key (given, as from a link, or kept by this tab), else joins as a spectator.
   */
  open(roomId: string, name: string, seatKey?: string | null): Promise<void>;
  /** Takes a free seat of the room (from watching), or of another room by its code (an open table). */
  takeSeat(colour: Colour, name: string, roomId?: string): Promise<void>;
  /** Leaves the seat and watches (lobby only). */
  watch(name: string): Promise<void>;
  /** Sends a message of the contract (start, play, fill, rematch, emote, resign), its payload typed by the wire. */
  send<K extends MessageType>(type: K, ...payload: PayloadArgs<K>): void;
  /** Leaves the room for good: back to local play. */
  leave(): Promise<void>;
  /** Gets into a room another way (a quick-play seat, live TV) with the page's client, and follows it. */
  enter(join: (client: Client) => Promise<Room>): Promise<void>;
  /** The page's Colyseus client (its code loaded on first use), for the lobby and the quick-play queue. */
  client(): Promise<Client>;
  /** The join option naming the page's player (`{ player: KEY }`), for every join: quick play's too; `{}` for nobody (demo mode). */
  playerOption(): { player?: string };
}

/** sessionStorage key of a room's reconnection token (per tab, so each tab keeps its own seat). */
export const tokenKey = (roomId: string) => `rolit.online.token.${roomId}`;
/** sessionStorage key of the key of this tab's seat in a room: it takes the seat back if the token no longer does. */
export const seatKeyKey = (roomId: string) => `rolit.online.seat.${roomId}`;

export interface OnlineDeps {
  /** The server's address ("http://host:2567"). */
  endpoint: string;
  /** This tab's storage (sessionStorage), for the reconnection token; null keeps none. */
  tabStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /**
   * The player's key (playerKey.ts), sent with every create and join: a seat the player holds comes
   * back to it. Asked at each join, so a key forgotten or adopted from another device counts at once.
   */
  playerKey?: () => string;
}

/** A connection to the server closed by the server or the network: its reason's words as the detail, never the bare close code (no raw codes where a player reads). */
export function lostConnection(reason?: string): Failure {
  return { kind: 'lost', code: null, detail: reason ?? '' };
}

/** Which failure a refused create or join (or a network error) is. */
export function failureOf(error: unknown): Failure {
  const detail = error instanceof Error ? error.message : String(error);
  const status = (error as { code?: unknown } | null)?.code;
  const prefix = /^(\w+):/.exec(detail)?.[1];
  const code = (JOIN_CODES as readonly string[]).includes(prefix ?? '') ? (prefix as JoinCode) : null;
  if (error instanceof TypeError || /fetch|network|ECONNREFUSED|Failed to/i.test(detail)) return { kind: 'serverDown', code: null, detail };
  if (status === 522 || /not found|invalid room|locked/i.test(detail)) return { kind: 'unknownRoom', code, detail };
  if (code === 'colourTaken' || code === 'computerSeat' || code === 'notInPlay') return { kind: 'seatTaken', code, detail };
  if (code === 'started') return { kind: 'started', code, detail };
  return { kind: 'refused', code, detail };
}

/** Follows one type of the room's messages, its payload typed by the wire (ServerMessages). */
function on<K extends ServerMessageType>(room: Room, type: K, handler: (message: ServerMessages[K]) => void): void {
  room.onMessage(type, handler);
}

export function createOnlineRoom(deps: OnlineDeps): StoreApi<OnlineState> {
  let room: Room | null = null;
  let ids = 0;
  const sdk = () => import('@colyseus/sdk');

  const store = createStore<OnlineState>()((set, get) => {
    /** Follows a joined room: its state, messages, drops and the end of the connection. */
    function follow(joined: Room): void {
      room = joined;
      // A connection lost soon after joining is retried too (the SDK would give up within its first
      // 5 s): the page only ever rejoins its own seat with its token, and the retries are bounded.
      joined.reconnection.minUptime = 0;
      deps.tabStorage?.setItem(tokenKey(joined.roomId), joined.reconnectionToken);
      set({ status: 'open', roomId: joined.roomId, tv: joined.name === TV_ROOM, failure: null, refusal: null });
      joined.onStateChange((state: DecodedRoom) => {
        if (room === joined) set({ room: state.toJSON() });
      });
      on(joined, 'you', (you) => {
        if (you.seatKey) deps.tabStorage?.setItem(seatKeyKey(joined.roomId), you.seatKey);
        set({ you });
      });
      on(joined, 'events', (message) => {
        try {
          set({ log: mergeEvents(get().log, message) });
        } catch (e) {
          console.error(`online room ${joined.roomId}: ${e instanceof Error ? e.message : String(e)}`);
        }
      });
      on(joined, 'error', (error) => set({ refusal: { ...error, id: ++ids } }));
      on(joined, 'emote', (emote) => set({ emote: { ...emote, id: ++ids } }));
      on(joined, 'resigned', (message) => set({ resigned: { ...message, id: ++ids } }));
      on(joined, 'computerFallback', (message) => set({ fallback: { ...message, id: ++ids } }));
      on(joined, 'rated', (message) => set({ rated: message }));
      on(joined, 'closing', ({ seconds }) => set({ closing: { deadline: Date.now() + seconds * 1000 } }));
      // The room failed: the round it saved unfinished is listed with the room's records, to play on here.
      on(joined, 'fault', ({ record }) => {
        const current = get().room;
        if (record && current && !current.records.includes(record)) set({ room: { ...current, records: [...current.records, record] } });
      });
      joined.onDrop(() => {
        if (room === joined) set({ status: 'dropped' });
      });
      joined.onReconnect(() => {
        if (room !== joined) return;
        deps.tabStorage?.setItem(tokenKey(joined.roomId), joined.reconnectionToken);
        set({ status: 'open' });
      });
      joined.onLeave((code, reason) => {
        if (room !== joined) return;
        room = null;
        // The seat went to another device with its key: this tab's token is spent (its key still takes the seat back).
        const kind = code === SERVER_SHUTDOWN ? 'closed' : code === ROOM_FAULT_CLOSE ? 'faulted' : code === SEAT_TAKEN_BACK ? 'seatMoved' : 'lost';
        if (kind === 'seatMoved') deps.tabStorage?.removeItem(tokenKey(joined.roomId));
        // The kind says what happened in the player's words; the close code is no reading for a player.
        set({ status: 'failed', failure: { kind, code: null, detail: reason ?? '' } });
      });
    }

    /** Runs one attempt to get into a room; a refusal becomes `failure`. */
    async function attempt(roomId: string | null, join: () => Promise<Room>): Promise<void> {
      set({ status: 'connecting', roomId, failure: null, refusal: null, log: null, you: null, closing: null, resigned: null, fallback: null, rated: null });
      try {
        follow(await join());
      } catch (e) {
        set({ status: 'failed', failure: failureOf(e) });
      }
    }

    /** Leaves the room this page is in, if any, without a word to the store. */
    async function quit(): Promise<void> {
      const leaving = room;
      room = null;
      if (!leaving) return;
      deps.tabStorage?.removeItem(tokenKey(leaving.roomId));
      deps.tabStorage?.removeItem(seatKeyKey(leaving.roomId));
      await leaving.leave(true).catch(() => undefined);
    }

    const client = async () => new (await sdk()).Client(deps.endpoint);
    const playerOption = () => (deps.playerKey ? { player: deps.playerKey() } : {});
    const join = (roomId: string, options: JoinOptions) => attempt(roomId, async () => (await client()).joinById(roomId, { ...options, ...playerOption() }));

    return {
      status: 'idle',
      roomId: null,
      tv: false,
      room: null,
      you: null,
      log: null,
      failure: null,
      refusal: null,
      emote: null,
      resigned: null,
      fallback: null,
      rated: null,
      closing: null,

      async create(options) {
        await quit();
        await attempt(null, async () => (await client()).create('rolit', { ...options, ...playerOption() }));
      },

      async open(typed, name, givenKey) {
        await quit();
        // A code typed by hand may be in any case, grouped, with O for 0: asked for as the server
        // wrote it. A text that is no code is asked for as it is, and the server says there is no such room.
        const roomId = roomCodeOf(typed) ?? typed;
        const token = deps.tabStorage?.getItem(tokenKey(roomId));
        if (token && !givenKey) {
          await attempt(roomId, async () => (await client()).reconnect(token));
          if (get().status === 'open') return;
          deps.tabStorage?.removeItem(tokenKey(roomId));
        }
        const seatKey = givenKey || deps.tabStorage?.getItem(seatKeyKey(roomId));
        if (seatKey) {
          await join(roomId, { name, seatKey });
          if (get().status === 'open') return;
          deps.tabStorage?.removeItem(seatKeyKey(roomId));
          // A key that takes no seat (the match is over, a stale link): watch, and say why.
          const failure = get().failure;
          if (failure?.kind !== 'refused') return;
          await join(roomId, { name, spectator: true });
          if (givenKey) set({ failure });
          return;
        }
        await join(roomId, { name, spectator: true });
      },

      async takeSeat(colour, name, roomId = get().roomId ?? undefined) {
        if (!roomId) return;
        await quit();
        await join(roomId, { name, colour });
        // The seat went to someone else meanwhile: watch again, and say why.
        const failure = get().failure;
        if (failure?.kind === 'seatTaken' || failure?.kind === 'started') {
          await join(roomId, { name, spectator: true });
          set({ failure });
        }
      },

      async watch(name) {
        const roomId = get().roomId;
        if (!roomId) return;
        await quit();
        await join(roomId, { name, spectator: true });
      },

      send(type, ...[payload]) {
        room?.send(type, payload ?? {});
      },

      async leave() {
        await quit();
        set({ status: 'idle', roomId: null, tv: false, room: null, you: null, log: null, failure: null, refusal: null, emote: null, resigned: null, fallback: null, closing: null, rated: null });
      },

      async enter(joinRoom) {
        await quit();
        await attempt(null, async () => joinRoom(await client()));
      },

      client,
      playerOption,
    };
  });
  return store;
}
