/**
 * The page's online room (main.tsx starts it): the connection store, linked to the session, and
 * the address bar following the room (`?room=CODE` while in one, `?tv` while watching TV, so a
 * reload comes back to it). A room lost or never reached for want of a connection is tried again
 * by itself when the device's network returns.
 */
import type { StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { pageOwned } from '../page/pageOwned';
import { onNetworkBack } from '../page/network';
import { pageStorage } from '../page/pageStorage';
import type { SessionState } from '../session/session';
import { createOnlineRoom, type FailureKind, type OnlineDeps, type OnlineState } from './onlineRoom';
import { linkOnline } from './onlineLink';
import { MAX_NAME, TV_ROOM } from '../../wire/contractCodes';
import { t } from '../../i18n/index';

/** localStorage key of the name this player goes by online. */
export const ONLINE_NAME_KEY = 'rolit.online.name';

/** The name this player last went by online, else a default one in the page's language. */
export function onlineName(storage: Pick<Storage, 'getItem'> | null): string {
  const stored = storage?.getItem(ONLINE_NAME_KEY)?.trim();
  return stored && Array.from(stored).length <= MAX_NAME ? stored : t('online:defaultName');
}

export interface PageOnlineDeps extends OnlineDeps {
  session: StoreApi<SessionState>;
  /** The page's address: the room's code goes in and out of it. */
  address?: { search(): string; replace(search: string): void };
}

/** Failures a returning network may mend: the connection, not a refusal or a room that is gone. */
const NETWORK_FAILURES: readonly FailureKind[] = ['lost', 'serverDown'];

interface PageOnline {
  store: StoreApi<OnlineState>;
  endpoint: string;
  stop(): void;
}

const page = pageOwned<PageOnline>('online play', 'initOnline', (earlier) => earlier.stop());

export function initOnline(deps: PageOnlineDeps): StoreApi<OnlineState> {
  return page.start(() => {
    const store = createOnlineRoom(deps);
    const unlink = linkOnline(store, deps.session);
    const unfollow = store.subscribe((s, previous) => {
      if (!deps.address || (s.roomId === previous.roomId && s.tv === previous.tv)) return;
      const params = new URLSearchParams(deps.address.search());
      // TV's address is `?tv` whichever of its rooms serves it (one closes when nobody watches).
      if (s.roomId && !s.tv) params.set('room', s.roomId);
      else params.delete('room');
      if (s.roomId && s.tv) params.set('tv', '');
      else params.delete('tv');
      // A seat's key is a secret: once used it leaves the address bar (the tab keeps it).
      params.delete('seat');
      const search = params.toString();
      deps.address.replace(search ? `?${search}` : '');
    });
    const unretry = onNetworkBack(() => {
      const s = store.getState();
      if (s.status !== 'failed' || !NETWORK_FAILURES.includes(s.failure?.kind ?? 'lost')) return;
      // TV by its address (a `?tv` link that never reached a room has no room code), else the room by its code.
      const tv = s.tv || new URLSearchParams(deps.address?.search() ?? '').has('tv');
      if (tv) void watchTv(s, onlineName(pageStorage()));
      else if (s.roomId) void s.open(s.roomId, onlineName(pageStorage()));
    });
    return {
      store,
      endpoint: deps.endpoint,
      stop() {
        unretry();
        unfollow();
        unlink();
        void store.getState().leave();
      },
    };
  }).store;
}

export function onlineEndpoint(): string {
  return page.current().endpoint;
}

/** React hook on the page's online room: `useOnline((s) => s.view)`; also `useOnline.getState()`. */
export const useOnline = Object.assign(<T>(selector: (state: OnlineState) => T): T => useStore(page.current().store, selector), {
  getState: (): OnlineState => page.current().store.getState(),
});

/** Watches TV (a "Watch live" link, the Play online dialog): its room, whichever serves everyone now. */
export function watchTv(online: OnlineState, name: string): Promise<void> {
  return online.enter((client) => client.joinOrCreate(TV_ROOM, { name }));
}
