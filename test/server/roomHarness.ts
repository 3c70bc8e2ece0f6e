/**
 * A `rolit` room run in-process, with no network: its Colyseus callbacks are called as the
 * framework would (join, drop, reconnect, leave, messages), its clients are fakes that keep what
 * they are sent, its computer is scripted by the test, and its clock ticks on vitest's fake timers.
 * For tests of the room's turn flow (time-outs, stand-ins, returns, host passing, rematches);
 * test/server/helpers.ts starts a real server for what crosses the wire.
 */
import { type Client, Deferred, LocalPresence, matchMaker } from '@colyseus/core';
import { afterEach, beforeEach, vi } from 'vitest';
import type { GameEvent } from '../../src/engine';
import type { RoundJournal } from '../../src/server/db/journal';
import type { ComputerPool } from '../../src/server/computers/computerPool';
import { ClientLimiter, NO_LIMITS } from '../../src/server/front/limits';
import { RolitRoom, type RoomConfig } from '../../src/server/room/rolitRoom';

export interface Sent {
  type: string;
  message: unknown;
}

/** A client of the room: what it was sent, and whether the room closed it. */
export interface FakeClient {
  sessionId: string;
  auth: { address: string };
  inbox: Sent[];
  closed: { code?: number; reason?: string } | null;
  send(type: string, message?: unknown): void;
  leave(code?: number, reason?: string): void;
}

/** A question to the scripted computer, answered (or failed) by the test. */
export interface Question {
  level: string;
  moves: number;
  wanted: () => boolean;
  answer(move: string | null): void;
  fail(error: Error): void;
}

let set = false;

export async function openRoom(config: Partial<RoomConfig>, options: Record<string, unknown>) {
  // The local matchmaker (no Redis, no transport): the room's code is looked up there.
  if (!set) await matchMaker.setup();
  set = true;
  const questions: Question[] = [];
  const pool = {
    choose: (events: readonly GameEvent[], level: string, by: { wanted?: () => boolean }) =>
      new Promise<string | null>((answer, fail) =>
        questions.push({ level, moves: events.filter((e) => e.type === 'ballPlaced').length, wanted: by.wanted ?? (() => true), answer, fail }),
      ),
  } as unknown as ComputerPool;
  const room = new RolitRoom();
  const handlers = new Map<string, (client: Client, ...rest: unknown[]) => void>();
  const clients: FakeClient[] = [];
  const reconnections = new Map<string, Deferred<Client>>();
  // The Colyseus surface that reaches out of the process (matchmaking listing, broadcasting, reconnection) is kept here.
  Object.assign(room, {
    onMessage: (type: string, handler: (client: Client, ...rest: unknown[]) => void) => void handlers.set(type, handler),
    setPrivate: async () => undefined,
    setMatchmaking: async () => undefined,
    setMetadata: async () => undefined,
    // Where players hold seats and the room's phase (playing.ts): a presence of the room's own.
    presence: new LocalPresence(),
    broadcast: (type: string, message: unknown) => {
      for (const c of clients) c.send(type, message);
    },
    allowReconnection: (client: Client) => {
      const reconnection = new Deferred<Client>();
      reconnections.set(client.sessionId, reconnection);
      return reconnection;
    },
  });
  const full: RoomConfig = {
    // Rounds are kept through the journal by the tests of a whole server (journal.test.ts, players.test.ts): here each is taken at once.
    journal: { keep: () => ({ journaled: Promise.resolve(), written: Promise.resolve(null) }) } as unknown as RoundJournal,
    presenceSeconds: 30,
    graceSeconds: 1,
    computerDelayMs: 100,
    pool,
    messagesPerSecond: 1000,
    messageBurst: 1000,
    closingSeconds: 0,
    limiter: new ClientLimiter(NO_LIMITS),
    tvPauseMs: 1000,
    tvMoveMs: 2000,
    seatReservationSeconds: 15,
    ...config,
  };
  await room.onCreate({ config: full, ...options });
  let ids = 0;
  const asClient = (c: FakeClient) => c as unknown as Client;
  const connect = (c: FakeClient) => (room.clients as unknown as FakeClient[]).push(c);
  const disconnect = (c: FakeClient) => {
    const list = room.clients as unknown as FakeClient[];
    list.splice(list.indexOf(c), 1);
  };

  return {
    room,
    state: room.state,
    questions,
    /** A new client joins with these options (the creator's own join first, with {}). */
    join(options: Record<string, unknown>): FakeClient {
      const client: FakeClient = {
        sessionId: `client${++ids}`,
        auth: { address: '127.0.0.1' },
        inbox: [],
        closed: null,
        send(type, message) {
          this.inbox.push({ type, message });
        },
        leave(code, reason) {
          this.closed = { code, reason };
        },
      };
      clients.push(client);
      connect(client);
      room.onJoin(asClient(client), options);
      return client;
    },
    /** A message from a client, as the framework hands it to the room. */
    send(client: FakeClient, type: string, message: unknown = {}): void {
      const handler = handlers.get(type) ?? handlers.get('*');
      if (!handler) throw new Error(`the room handles no ${type}`);
      if (handlers.has(type)) handler(asClient(client), message);
      else handler(asClient(client), type, message);
    },
    /** The connection breaks: the seat is held for the grace. */
    async drop(client: FakeClient): Promise<void> {
      disconnect(client);
      await room.onDrop(asClient(client), 1006);
    },
    /** The dropped client comes back with its reconnection token. */
    reconnect(client: FakeClient): void {
      reconnections.get(client.sessionId)?.resolve(asClient(client));
      connect(client);
      room.onReconnect(asClient(client));
    },
    /** The client leaves for good. */
    leave(client: FakeClient): Promise<void> {
      disconnect(client);
      clients.splice(clients.indexOf(client), 1);
      return room.onLeave(asClient(client));
    },
    /** Time passes: the fake timers and the room's clock, in ticks of 10 ms as the framework's. */
    async advance(ms: number): Promise<void> {
      for (let left = ms; left > 0; left -= 10) {
        await vi.advanceTimersByTimeAsync(Math.min(10, left));
        room.clock.tick();
      }
    },
    close(): void {
      room.onDispose();
      room.clock.clear();
    },
  };
}

/** The messages of one type a client was sent. */
export function received<T = Record<string, unknown>>(client: FakeClient, type: string): T[] {
  return client.inbox.filter((s) => s.type === type).map((s) => s.message as T);
}

/** The round's events a client was sent, in order. */
export function eventsSent(client: FakeClient): GameEvent[] {
  return received<{ events: GameEvent[] }>(client, 'events').flatMap((m) => m.events);
}

/** A room openRoom opened. */
export type OpenedRoom = Awaited<ReturnType<typeof openRoom>>;

/**
 * A test file's rooms on vitest's fake clock (from 2026-01-01): the returned `openRoom` opens a
 * room as openRoom does, and each test's rooms are closed after it, with the real clock back.
 */
export function roomsOnFakeClock(): typeof openRoom {
  const opened: OpenedRoom[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
  });
  afterEach(() => {
    for (const room of opened.splice(0)) room.close();
    vi.useRealTimers();
  });
  return async (config, options) => {
    const room = await openRoom(config, options);
    opened.push(room);
    return room;
  };
}
