import { expect, it } from 'vitest';
import { newPlayerKey, PLAYER_KEY, pagePlayerKey } from '../../src/app/online/playerKey';
import { playerKey } from '../../src/wire/contract';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

it('makes a key of 128 random bits the contract takes, keeps it, and gives the kept one back', () => {
  const storage = memoryStorage();
  const key = pagePlayerKey(storage);
  expect(playerKey.safeParse(key).success).toBe(true);
  expect(key).toHaveLength(22);
  expect(storage.map.get(PLAYER_KEY)).toBe(key);
  expect(pagePlayerKey(storage)).toBe(key);
  expect(newPlayerKey()).not.toBe(key);
  // Every byte value maps into base64url.
  expect(newPlayerKey((b) => b.fill(255))).toBe('_____________________w');
});

it('replaces a kept key of the wrong shape, and makes one without storage', () => {
  const storage = memoryStorage({ [PLAYER_KEY]: 'not a key' });
  const key = pagePlayerKey(storage);
  expect(key).not.toBe('not a key');
  expect(storage.map.get(PLAYER_KEY)).toBe(key);
  expect(playerKey.safeParse(pagePlayerKey(null)).success).toBe(true);
});
