/**
 * The player's key (docs/online.md, Players and ratings): a secret the page makes once and keeps
 * in localStorage, sent with every create and join (option `player`). It is who the player is on
 * every server: their seat follows it, their games and rating belong to it. No sign-up.
 */
import { PLAYER_ID_LENGTH, PLAYER_ID_SALT, PLAYER_KEY_PATTERN } from '../../wire/contractCodes';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage key of the player's key. */
export const PLAYER_KEY = 'rolit.player.key';
/** localStorage key of the player's public id, as the server last told it (`you.player`): what the page asks about. */
export const PLAYER_ID = 'rolit.player.id';

/** A new key: 128 random bits, base64url (22 characters). */
export function newPlayerKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The page's player key: the one kept, else a new one, kept from now on (for this page only where storage is blocked). */
export function pagePlayerKey(storage: KeyStorage | null): string {
  const kept = storedPlayerKey(storage);
  if (kept) return kept;
  const key = newPlayerKey();
  try {
    storage?.removeItem(PLAYER_ID);
    storage?.setItem(PLAYER_KEY, key);
  } catch {
    // Storage full or refused: the key lasts as long as the page.
  }
  return key;
}

/** Keeps the player's public id the server told (`you.player`), for the next visit's question where they play. */
export function rememberPlayerId(storage: Pick<Storage, 'getItem' | 'setItem'> | null, id: string): void {
  try {
    if (storage?.getItem(PLAYER_ID) !== id) storage?.setItem(PLAYER_ID, id);
  } catch {
    // Storage refused: the next visit does not ask.
  }
}


/** The key kept on this device, without making one: null before the first online visit (and after Forget me). */
export function storedPlayerKey(storage: Pick<Storage, 'getItem'> | null): string | null {
  const kept = storage?.getItem(PLAYER_KEY);
  return kept && PLAYER_KEY_PATTERN.test(kept) ? kept : null;
}

/** Drops the kept key and id (Forget me, or a key adopted in its place); false when storage refused. */
function dropPlayer(storage: KeyStorage | null): boolean {
  try {
    storage?.removeItem(PLAYER_KEY);
    storage?.removeItem(PLAYER_ID);
    return true;
  } catch {
    return false;
  }
}

/** After Forget me: the key and id leave this device; a new key is made at the next join. */
export const forgetPlayerKey = dropPlayer;

/** Keeps `key` (from another device's link) as this device's player, in place of the one kept; false when storage refused. */
export function adoptPlayerKey(storage: KeyStorage | null, key: string): boolean {
  if (!PLAYER_KEY_PATTERN.test(key) || !dropPlayer(storage)) return false;
  try {
    storage?.setItem(PLAYER_KEY, key);
    return storage !== null;
  } catch {
    return false;
  }
}

/** The player's public id, derived as the server does (SHA-256 of the salt and the key, in base64url): what the page asks about. */
export async function playerIdOfKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${PLAYER_ID_SALT}${key}`)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').slice(0, PLAYER_ID_LENGTH);
}

/**
 * The fragment of a link that moves the player to another device: `#player=KEY`. In the fragment,
 * which browsers never send, so no server (nor its logs) sees the key.
 */
const FRAGMENT = /^#player=([^&]*)$/;

/**
 * The link that moves the player to another device: this page's address with the key in its
 * fragment, and the `server` parameter where the page has one (the other device finds the same server).
 */
export function movePlayerLink(page: Pick<Location, 'origin' | 'pathname' | 'search'>, key: string): string {
  const server = new URLSearchParams(page.search).get('server');
  return `${page.origin}${page.pathname}${server ? `?${new URLSearchParams({ server })}` : ''}#player=${key}`;
}

/** What a page's fragment says of a player key: none (another fragment), a key, or a `#player=` of no key. */
export function playerKeyInFragment(hash: string): { key: string } | { bad: true } | null {
  const found = FRAGMENT.exec(hash);
  if (!found) return null;
  return PLAYER_KEY_PATTERN.test(found[1]) ? { key: found[1] } : { bad: true };
}
