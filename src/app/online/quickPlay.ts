/**
 * Quick play (docs/online.md, "Quick play"): the page joins the server's `quick` queue with the
 * player's name and key (as every join: the table's seat is the player's) and waits; the queue groups up to four waiting players and, once the
 * first one has waited as long as the server waits (`wait`, sent on joining: --quick-wait), makes a
 * room for them with computers on the free seats. It sends `clients` (how many the group holds so
 * far) while waiting and `seat` (a seat reservation) when the room is made; the
 * page then enters the room through the online room (`enter`, which follows it like any other) and
 * confirms, which ends its place in the queue.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Client, Room, SeatReservation } from '@colyseus/sdk';
import { type Failure, failureOf, lostConnection, type OnlineState } from './onlineRoom';

export interface QuickPlayState {
  /** idle; joining the queue; waiting in it; seated: the room was given and entered; failed: see `failure`. */
  status: 'idle' | 'joining' | 'waiting' | 'seated' | 'failed';
  /** When this page joined the queue (ms since 1970), for "waiting for 12 s". */
  since: number;
  /** Players in this page's group so far, this page included. */
  group: number;
  /** Seconds the queue waits for others at most, as the server said on joining (null until it has). */
  wait: number | null;
  failure: Failure | null;
  /** Joins the queue as `name`. */
  start(name: string): Promise<void>;
  /** Leaves the queue. */
  cancel(): Promise<void>;
}

/** The queue, joined with the page's client; the room it gives is entered by the page's online room. */
export function createQuickPlay(online: Pick<OnlineState, 'client' | 'enter' | 'playerOption'>, now: () => number = Date.now): StoreApi<QuickPlayState> {
  let queue: Room | null = null;
  return createStore<QuickPlayState>()((set, get) => ({
    status: 'idle',
    since: 0,
    group: 0,
    wait: null,
    failure: null,

    async start(name) {
      if (get().status === 'joining' || get().status === 'waiting') return;
      set({ status: 'joining', since: now(), group: 1, failure: null });
      let client: Client;
      let joined: Room;
      try {
        client = await online.client();
        joined = await client.joinOrCreate('quick', { name, ...online.playerOption() });
      } catch (e) {
        set({ status: 'failed', failure: failureOf(e) });
        return;
      }
      // Cancelled while joining.
      if (get().status !== 'joining') return void joined.leave(true).catch(() => undefined);
      queue = joined;
      set({ status: 'waiting' });
      joined.onMessage('clients', (count: number) => {
        if (Number.isInteger(count) && count > 0) set({ group: count });
      });
      joined.onMessage('wait', (seconds: number) => {
        if (Number.isFinite(seconds) && seconds > 0) set({ wait: seconds });
      });
      joined.onMessage('seat', async (seat: SeatReservation) => {
        if (queue !== joined) return;
        queue = null;
        set({ status: 'seated' });
        await online.enter((c) => c.consumeSeatReservation(seat));
        // The room has the seat: the queue lets this page go.
        joined.send('confirm');
      });
      joined.onLeave((_code, reason) => {
        if (queue !== joined) return;
        queue = null;
        set({ status: 'failed', failure: lostConnection(reason) });
      });
    },

    async cancel() {
      const leaving = queue;
      queue = null;
      set({ status: 'idle', group: 0, failure: null });
      await leaving?.leave(true).catch(() => undefined);
    },
  }));
}
