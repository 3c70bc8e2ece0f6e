/**
 * Open tables: the game server's lobby (docs/online.md, "Lobby"), live. The page joins the `lobby`
 * room with its own client while the Play online dialog shows it and follows its messages: `rooms`
 * (the whole list), `+` (a table added or changed) and `-` (a table gone). Each listed table's
 * metadata is read defensively: a listing the page cannot read is left out, never shown half. A
 * table without a host (just created, before its creator sits down) is left out too: nobody is there yet.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Client, Room } from '@colyseus/sdk';
import { COLOURS, type Colour } from '../../engine/index';
import type { TableListing } from '../../wire/contractCodes';
import { type Failure, failureOf, lostConnection } from './onlineRoom';

/** A public table as the lobby lists it (the contract's listing metadata, with the room's code). */
export interface OpenTable extends Omit<TableListing, 'phase'> {
  roomId: string;
  phase: 'waiting' | 'playing' | 'over';
}

/** Who sits in one taken seat of a table. */
export type SeatedPlayer = TableListing['seated'][number];

const seatedOf = (list: unknown): SeatedPlayer[] | null =>
  Array.isArray(list) && list.every((p) => p && isColour(p.colour) && typeof p.name === 'string' && (p.kind === 'human' || p.kind === 'computer'))
    ? list.map(({ colour, name, kind, level, bot }: SeatedPlayer) =>
        kind === 'computer' && typeof level === 'string' ? { colour, name, kind, level } : { colour, name, kind, ...(bot === true ? { bot } : {}) },
      )
    : null;

const isColour = (c: unknown): c is Colour => (COLOURS as readonly unknown[]).includes(c);
const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** A lobby listing (`{ roomId, metadata }`) as an open table, or null when it is not one the page can read. */
export function tableOf(listing: unknown): OpenTable | null {
  const { roomId, metadata: m } = (listing ?? {}) as { roomId?: unknown; metadata?: Record<string, unknown> };
  if (typeof roomId !== 'string' || !m || typeof m !== 'object') return null;
  const colours = Array.isArray(m.colours) && m.colours.every(isColour) ? m.colours : null;
  const free = Array.isArray(m.free) && m.free.every(isColour) ? m.free : null;
  const phase = m.phase === 'waiting' || m.phase === 'playing' || m.phase === 'over' ? m.phase : null;
  if (typeof m.host !== 'string' || m.host === '' || !isCount(m.size) || !colours || colours.length === 0 || !free || !phase) return null;
  const seated = seatedOf(m.seated);
  if (typeof m.variant !== 'string' || typeof m.misere !== 'boolean' || !isCount(m.timeLimit) || !isCount(m.spectators) || !seated) return null;
  return { roomId, host: m.host, size: m.size, colours, variant: m.variant, misere: m.misere, timeLimit: m.timeLimit, free: free.filter((c) => colours.includes(c)), phase, spectators: m.spectators, seated };
}

/** The list after a lobby message: `rooms` replaces it, `+` adds or updates a table (in place), `-` removes one. */
export function listAfter(tables: readonly OpenTable[], type: string, payload: unknown): OpenTable[] {
  if (type === 'rooms') return Array.isArray(payload) ? payload.map(tableOf).filter((t) => t !== null) : [...tables];
  if (type === '+' && Array.isArray(payload)) {
    const [roomId, listing] = payload as [unknown, Record<string, unknown> | undefined];
    const others = tables.filter((t) => t.roomId !== roomId);
    const table = tableOf({ ...listing, roomId });
    if (!table) return others;
    const at = tables.findIndex((t) => t.roomId === roomId);
    return at === -1 ? [...tables, table] : tables.map((t) => (t.roomId === roomId ? table : t));
  }
  if (type === '-') return tables.filter((t) => t.roomId !== payload);
  return [...tables];
}

export interface OpenTablesState {
  /** idle: not following the lobby; connecting; open: the list is live; failed: see `failure`. */
  status: 'idle' | 'connecting' | 'open' | 'failed';
  tables: OpenTable[];
  failure: Failure | null;
  /** Joins the lobby and follows it (again after a failure). */
  follow(): Promise<void>;
  /** Leaves the lobby. */
  stop(): Promise<void>;
}

/** The lobby, followed with the page's client (`connect`: the online room's `client()`). */
export function createOpenTables(connect: () => Promise<Client>): StoreApi<OpenTablesState> {
  let lobby: Room | null = null;
  return createStore<OpenTablesState>()((set, get) => ({
    status: 'idle',
    tables: [],
    failure: null,
    async follow() {
      if (get().status === 'connecting' || get().status === 'open') return;
      set({ status: 'connecting', failure: null });
      let joined: Room;
      try {
        joined = await (await connect()).joinOrCreate('lobby');
      } catch (e) {
        set({ status: 'failed', failure: failureOf(e) });
        return;
      }
      // Stopped while joining: the dialog is gone.
      if (get().status !== 'connecting') return void joined.leave(true).catch(() => undefined);
      lobby = joined;
      set({ status: 'open' });
      for (const type of ['rooms', '+', '-']) joined.onMessage(type, (payload: unknown) => set({ tables: listAfter(get().tables, type, payload) }));
      joined.onLeave((_code, reason) => {
        if (lobby !== joined) return;
        lobby = null;
        set({ status: 'failed', failure: lostConnection(reason) });
      });
    },
    async stop() {
      const leaving = lobby;
      lobby = null;
      set({ status: 'idle', tables: [], failure: null });
      await leaving?.leave(true).catch(() => undefined);
    },
  }));
}
