import { expect, it } from 'vitest';
import { adoptPlayerKey, forgetPlayerKey, movePlayerLink, newPlayerKey, PLAYER_ID, PLAYER_KEY, pagePlayerKey, playerIdOfKey, playerKeyInFragment, storedPlayerKey } from '../../src/app/online/playerKey';
import { playerIdOf } from '../../src/server/players/playerId';
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

it('derives the public id as the server does, and reads and writes the move link’s fragment', async () => {
  for (let i = 0; i < 20; i++) {
    const key = newPlayerKey();
    expect(await playerIdOfKey(key)).toBe(playerIdOf(key));
  }
  const key = newPlayerKey();
  const link = movePlayerLink({ origin: 'https://rolit.example', pathname: '/play/', search: '?room=5ZXKZBCVA6' }, key);
  expect(link).toBe(`https://rolit.example/play/#player=${key}`);
  // The game server the page was told goes along; nothing else of the address does.
  expect(movePlayerLink({ origin: 'http://localhost:5173', pathname: '/', search: '?speed=2&server=10.0.0.2:2567' }, key)).toBe(`http://localhost:5173/?server=10.0.0.2%3A2567#player=${key}`);
  expect(playerKeyInFragment(new URL(link).hash)).toEqual({ key });
  expect(playerKeyInFragment('#player=short')).toEqual({ bad: true });
  expect(playerKeyInFragment('#record=1.abc')).toBeNull();
  expect(playerKeyInFragment('')).toBeNull();
});

it('adopts a key in place of the kept one (its id dropped), forgets it, and makes no key just to read', () => {
  const storage = memoryStorage({ [PLAYER_KEY]: newPlayerKey(), [PLAYER_ID]: 'old id' });
  const key = newPlayerKey();
  expect(adoptPlayerKey(storage, key)).toBe(true);
  expect(storage.map.get(PLAYER_KEY)).toBe(key);
  expect(storage.map.has(PLAYER_ID)).toBe(false);
  expect(adoptPlayerKey(storage, 'not a key')).toBe(false);
  expect(storedPlayerKey(storage)).toBe(key);
  expect(forgetPlayerKey(storage)).toBe(true);
  expect(storedPlayerKey(storage)).toBeNull();
  expect(storage.map.size).toBe(0);
});
