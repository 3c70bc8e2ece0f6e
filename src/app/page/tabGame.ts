/**
 * Which kept game this tab plays (see persistence/tabGames.ts for the choice). A tab holds a Web
 * Lock named after its game for as long as it is open, so other tabs know the game is taken; the
 * browser releases it when the tab closes or reloads. Without Web Locks (old browsers) every tab
 * still keeps its own game across reloads through sessionStorage.
 */
import { chooseGame, gameKey, GAME_PREFIX, type ListableStorage, moveSingleSave, pruneGames, TAB_KEY } from '../persistence/tabGames';

type Locks = Pick<LockManager, 'request' | 'query'>;

/** How long a reloaded tab waits for its own game's lock, which the page it replaces may still hold for a moment. */
const RELOAD_WAIT_MS = 3000;

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

/** Games held by open tabs (their locks), by id. */
async function heldGames(locks: Locks): Promise<Set<string>> {
  const { held = [], pending = [] } = await locks.query();
  return new Set([...held, ...pending].map((l) => l.name ?? '').filter((n) => n.startsWith(GAME_PREFIX)).map((n) => n.slice(GAME_PREFIX.length)));
}

/** Takes the lock of game `id` and holds it while the page lives; false when another tab holds it (after `waitMs`). */
function hold(locks: Locks, id: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const signal = waitMs > 0 ? AbortSignal.timeout(waitMs) : undefined;
    const options: LockOptions = waitMs > 0 ? { signal } : { ifAvailable: true };
    locks
      .request(gameKey(id), options, (lock) => {
        resolve(lock !== null);
        // Held until the page goes.
        return lock ? new Promise<void>(() => undefined) : undefined;
      })
      .catch(() => resolve(false));
  });
}

/**
 * The key of the save this tab keeps its game under: its own game after a reload, else the most
 * recent game no other tab holds, else a new one. Null without storage (nothing is kept).
 */
export async function claimTabGame(local: ListableStorage | null, tab: Pick<Storage, 'getItem' | 'setItem'> | null, locks: Locks | null): Promise<string | null> {
  if (!local) return null;
  const read = (f: () => string | null) => {
    try {
      return f();
    } catch {
      return null;
    }
  };
  const tabId = read(() => tab?.getItem(TAB_KEY) ?? null);
  try {
    // The single save of earlier versions becomes a kept game of its own (the most recent one).
    moveSingleSave(local, newId());
  } catch {
    // Storage refused the copy: the old save stays where it is, moved next time.
  }
  const taken = new Set<string>();
  let id = chooseGame(local, tabId, taken, newId);
  if (locks) {
    // A reloaded tab waits a moment for its own game, which the page it replaces may still hold.
    if (tabId === null || !(await hold(locks, tabId, RELOAD_WAIT_MS))) {
      if (tabId !== null) taken.add(tabId);
      for (let tries = 0; tries < 8; tries++) {
        for (const h of await heldGames(locks)) taken.add(h);
        id = chooseGame(local, null, taken, newId);
        if (await hold(locks, id, 0)) break;
        taken.add(id);
      }
    }
  }
  try {
    tab?.setItem(TAB_KEY, id);
    pruneGames(local, taken, id);
  } catch {
    // Nothing lost: the tab keeps its game in memory and in its slot.
  }
  return gameKey(id);
}
