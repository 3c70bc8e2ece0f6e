import { describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createSession } from '../../src/app/session/session';
import { loadSettings, quoteStored, STORAGE_KEY } from '../../src/app/setup/settings';

const LEVELS = ['beginner', 'master'];
const idle: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };

function storageWith(text: string) {
  const map = new Map([[STORAGE_KEY, text]]);
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('saved settings: bad input never stops the app', () => {
  it('a field nested 5000 levels deep is refused with a short quote, and the session starts', () => {
    const text = '{"hints":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const { settings, problems } = loadSettings(storageWith(text), LEVELS, 'master');
    expect(settings.socketDots).toBe(false);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Saved setting "hints" \(\[{40}\.\.\.\) was not valid; the default is used\.$/);
    const session = createSession({ computer: idle, levels: LEVELS, defaultLevel: 'master', storage: storageWith(text) });
    expect(session.getState().problems).toEqual(problems);
    session.getState().dispose();
  });

  it('a speed of 1e999 (Infinity once parsed) is refused, not taken as instant', () => {
    const { settings, problems } = loadSettings(storageWith('{"speed":1e999}'), LEVELS, 'master');
    expect(settings.speed).toBe(1);
    expect(problems).toEqual(['Saved setting "speed" (Infinity) was not valid; the default is used.']);
    expect(loadSettings(storageWith('{"speed":"instant"}'), LEVELS, 'master').settings.speed).toBe(Infinity);
  });

  it('a 2 MB value is quoted in at most 40 characters, control characters escaped', () => {
    const huge = `\u0007\n${'x'.repeat(2_000_000)}`;
    const { problems } = loadSettings(storageWith(JSON.stringify({ takeBacks: huge })), LEVELS, 'master');
    expect(problems).toEqual([`Saved setting "takeBacks" (${`"\\u0007\\n${'x'.repeat(31)}`}...) was not valid; the default is used.`]);
    expect(problems[0].length).toBeLessThan(120); // not 2 MB
  });

  it('quotes short values whole, and escapes controls that JSON leaves as they are', () => {
    expect(quoteStored({ players: [], size: 8 })).toBe('{"players":[],"size":8}');
    expect(quoteStored('a\u0085b')).toBe('"a\\u0085b"');
    expect(quoteStored({ a: 'x'.repeat(50) })).toBe(`{"a":"${'x'.repeat(34)}...`);
    expect(quoteStored(undefined)).toBe('undefined');
  });

  it('the sockets-dots setting is still stored as "hints", so older pages read it', () => {
    const storage = storageWith('{"hints":true}');
    const { settings } = loadSettings(storage, LEVELS, 'master');
    expect(settings.socketDots).toBe(true);
  });
});
