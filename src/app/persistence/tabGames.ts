/**
 * One kept game per tab. Each game has a slot of its own in localStorage (`rolit.game.<id>`), and
 * the tab remembers which one it plays in sessionStorage (`rolit.tabGame`, which survives a
 * reload of that tab only). A tab that reloads takes its own game back; a new tab takes the most
 * recently saved game that no open tab holds, or starts a fresh one. Which games are open is the
 * page's business (Web Locks, see page/tabGame.ts): here it is a set of ids, so the choice can be
 * tested with plain maps. The single save of earlier versions (`rolit.currentGame`) moves into a
 * slot of its own, untouched.
 */
import { GAME_KEY } from './currentGame';

export const GAME_PREFIX = 'rolit.game.';
/** sessionStorage: the id of the game this tab plays. */
export const TAB_KEY = 'rolit.tabGame';
/** Games kept at most; beyond it the least recently saved game that no tab holds is dropped. */
export const KEPT_GAMES = 20;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** A storage whose keys can be listed (localStorage). */
export type ListableStorage = StorageLike & Pick<Storage, 'key' | 'length'>;

export function gameKey(id: string): string {
  return GAME_PREFIX + id;
}

/** The kept games, most recently saved first (a save whose date cannot be read counts as oldest). */
export function keptGames(storage: ListableStorage): { id: string; savedAt: string }[] {
  const games: { id: string; savedAt: string }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(GAME_PREFIX)) continue;
    games.push({ id: key.slice(GAME_PREFIX.length), savedAt: savedAtOf(storage.getItem(key)) });
  }
  return games.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

function savedAtOf(raw: string | null): string {
  try {
    const savedAt = (JSON.parse(raw ?? '') as { savedAt?: unknown } | null)?.savedAt;
    return typeof savedAt === 'string' ? savedAt : '';
  } catch {
    return '';
  }
}

/**
 * Moves the single save of earlier versions (`rolit.currentGame`) into a slot with `id`, its text
 * untouched; the old key goes only once the copy is written. Returns whether there was one.
 */
export function moveSingleSave(storage: StorageLike, id: string): boolean {
  const raw = storage.getItem(GAME_KEY);
  if (raw === null) return false;
  storage.setItem(gameKey(id), raw);
  storage.removeItem(GAME_KEY);
  return true;
}

/**
 * The game a tab plays: its own (`tabId`, kept across its reloads) unless another tab holds it
 * (a duplicated tab copies sessionStorage), else the most recently saved game no tab holds, else
 * a new id.
 */
export function chooseGame(storage: ListableStorage, tabId: string | null, held: ReadonlySet<string>, newId: () => string): string {
  if (tabId !== null && !held.has(tabId)) return tabId;
  return keptGames(storage).find((g) => !held.has(g.id))?.id ?? newId();
}

/** Drops the least recently saved games beyond KEPT_GAMES, never one that is held or `mine`. */
export function pruneGames(storage: ListableStorage, held: ReadonlySet<string>, mine: string): void {
  const games = keptGames(storage);
  for (const g of games.slice(KEPT_GAMES)) if (!held.has(g.id) && g.id !== mine) storage.removeItem(gameKey(g.id));
}
