/**
 * The player's key (docs/online.md, Players and ratings): a secret the page makes once and keeps
 * in localStorage, sent with every create and join (option `player`). It is who the player is on
 * every server: their seat follows it, their games and rating belong to it. No sign-up.
 */
import { PLAYER_KEY_PATTERN } from '../../wire/contractCodes';

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
export function pagePlayerKey(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): string {
  const kept = storage?.getItem(PLAYER_KEY);
  if (kept && PLAYER_KEY_PATTERN.test(kept)) return kept;
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

