/**
 * The player's key (docs/online.md, Players and ratings): a secret the page makes once and keeps
 * in localStorage, sent with every create and join (option `player`). It is who the player is on
 * every server: their seat follows it, their games and rating belong to it. No sign-up.
 */
import { PLAYER_KEY_PATTERN } from '../../wire/contractCodes';

/** localStorage key of the player's key. */
export const PLAYER_KEY = 'rolit.player.key';

/** A new key: 128 random bits, base64url (22 characters). */
export function newPlayerKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The page's player key: the one kept, else a new one, kept from now on (for this page only where storage is blocked). */
export function pagePlayerKey(storage: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  const kept = storage?.getItem(PLAYER_KEY);
  if (kept && PLAYER_KEY_PATTERN.test(kept)) return kept;
  const key = newPlayerKey();
  try {
    storage?.setItem(PLAYER_KEY, key);
  } catch {
    // Storage full or refused: the key lasts as long as the page.
  }
  return key;
}
