/** Versioned saves: migrations run on load, a newer version is refused with the reason, corrupted saves are reported whole. */
import { describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createGameKeeper, GAME_KEY, NEWER_SAVE_PREFIX, readSave, SAVE_FORMAT, SAVE_VERSION } from '../../src/app/persistence/currentGame';
import { HISTORY_VERSION, readHistoryFile } from '../../src/app/persistence/history';
import { currentVersion, migrate, type Migration, type VersionedFormat } from '../../src/app/persistence/migrations';
import { createSession } from '../../src/app/session/session';

const LEVELS = ['beginner', 'greedy', 'master'];
const nobody: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

/** A real save of a round two moves in, as the page writes it. */
function goodSave(): string {
  const storage = memoryStorage();
  const session = createSession({ computer: nobody, levels: LEVELS, defaultLevel: 'master', storage, keepGame: true }, { search: '?seats=human,ai:greedy&seed=9' });
  session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
  session.getState().dispose();
  return storage.map.get(GAME_KEY)!;
}

describe('migrations', () => {
  // A synthetic format with three versions: v2 renamed `name` to `title`, v3 added `tags`.
  const renameTitle: Migration = ({ name, ...rest }) => {
    if (typeof name !== 'string') throw new Error('no name');
    return { ...rest, title: name };
  };
  const addTags: Migration = (data) => ({ ...data, tags: [] });
  const format: VersionedFormat = { versionLabel: 'notes format', texts: 'replay:historyFormat', first: 1, migrations: [renameTitle, addTags] };

  it('bring every older version up to the current one, one step at a time', () => {
    expect(currentVersion(format)).toBe(3);
    expect(migrate({ version: 1, name: 'a', n: 4 }, format)).toEqual({ version: 3, title: 'a', n: 4, tags: [] });
    expect(migrate({ version: 2, title: 'b' }, format)).toEqual({ version: 3, title: 'b', tags: [] });
    expect(migrate({ version: 3, title: 'c', tags: ['x'] }, format)).toEqual({ version: 3, title: 'c', tags: ['x'] });
  });

  it('refuse a newer version, no version, one before the first, and a step that fails, with the reason', () => {
    expect(() => migrate({ version: 4 }, format)).toThrow('notes format version 4, this page reads version 3 and older (a newer Rolit wrote it)');
    expect(() => migrate({ title: 'x' }, format)).toThrow('notes format version null: not a version number, this page reads versions 1 to 3');
    expect(() => migrate({ version: '2' }, format)).toThrow('notes format version "2": not a version number');
    expect(() => migrate({ version: 0 }, format)).toThrow('notes format version 0, this page reads versions 1 to 3');
    expect(() => migrate({ version: 1, name: 7 }, format)).toThrow('notes format version 1 could not be updated to version 2: no name');
  });

  it('the save and the history read their first version as their current one (nothing to migrate yet)', () => {
    expect(SAVE_VERSION).toBe(1);
    expect(HISTORY_VERSION).toBe(1);
    expect(JSON.parse(goodSave()).version).toBe(SAVE_VERSION);
  });
});

describe('reading a save', () => {
  it('an older version is migrated on load: a synthetic version 0 (the record under "moves", no date) resumes the same game', () => {
    const good = goodSave();
    const { version: _, record, savedAt: __, ...rest } = JSON.parse(good);
    const v0 = JSON.stringify({ version: 0, ...rest, moves: record });
    const v0ToV1: Migration = ({ moves, ...data }) => ({ ...data, record: moves, savedAt: new Date(0).toISOString() });
    const withV0: VersionedFormat = { ...SAVE_FORMAT, first: 0, migrations: [v0ToV1, ...SAVE_FORMAT.migrations] };
    const resumed = readSave(v0, LEVELS, withV0);
    const expected = readSave(good, LEVELS);
    expect(resumed.game.state.moves).toEqual(expected.game.state.moves);
    expect(resumed.match).toEqual(expected.match);
    expect(resumed.game.state.moves).toHaveLength(1);
    // The page's own reader has no version 0.
    expect(() => readSave(v0, LEVELS)).toThrow('saved in format version 0, this page reads version 1');
  });

  it('a save of a newer version: refused with a clear notice, kept aside untouched under another key and offered for download, a new game starts', () => {
    const newer = JSON.stringify({ ...JSON.parse(goodSave()), version: 2, camera: 'top' });
    const storage = memoryStorage({ [GAME_KEY]: newer });
    const loaded = createGameKeeper(storage, LEVELS).load();
    expect(loaded.resumed).toBeNull();
    expect(loaded.unreadable).toEqual({ reason: 'saved in format version 2, this page reads version 1 and older (a newer Rolit wrote it)', raw: newer, keptAside: `${NEWER_SAVE_PREFIX}${GAME_KEY}` });
    expect(storage.map.has(GAME_KEY)).toBe(false);
    // Kept aside untouched, for the newer version to continue.
    expect(storage.map.get(`${NEWER_SAVE_PREFIX}${GAME_KEY}`)).toBe(newer);

    storage.map.set(GAME_KEY, newer);
    const session = createSession({ computer: nobody, levels: LEVELS, defaultLevel: 'master', storage, keepGame: true }, { search: '' });
    expect(session.getState().saveNotice).toEqual({ text: expect.stringContaining('saved by a newer version of Rolit'), raw: newer });
    expect(session.getState().snapshot.state.moves).toHaveLength(0);
    session.getState().dispose();
  });

  it.each([
    ['cut off', (good: string) => good.slice(0, Math.floor(good.length / 2)), /not readable data/],
    ['not an object', () => '[1,2]', /not a saved game/],
    ['no version', (good: string) => good.replace('"version":1,', ''), /version null: not a version number/],
    ['an unknown level', (good: string) => good.replace('"level":"greedy"', '"level":"grandmaster"'), /the players are not valid/],
    ['a missing result', (good: string) => good.replace('"round":0', '"round":1'), /the results of the earlier rounds are not valid/],
    ['a record cut in the middle of a move', (good: string) => good.replace(/1\. (\w+) (\w\d)/, '1. $1 $2+'), /the round record, line \d+, column \d+/],
  ])('a corrupted save (%s) is refused whole with the reason', (_, spoil, reason) => {
    const good = goodSave();
    const bad = spoil(good);
    expect(bad).not.toBe(good);
    expect(() => readSave(bad, LEVELS)).toThrow(reason);
    const storage = memoryStorage({ [GAME_KEY]: bad });
    expect(createGameKeeper(storage, LEVELS).load().unreadable).toEqual({ reason: expect.stringMatching(reason), raw: bad });
  });

  it('a history file of a newer version is refused with the same kind of reason', () => {
    expect(() => readHistoryFile(JSON.stringify({ format: 'rolit-history', version: 2, rounds: [] }))).toThrow('history format version 2, this page reads version 1 and older (a newer Rolit wrote it)');
    expect(readHistoryFile(JSON.stringify({ format: 'rolit-history', version: 1, rounds: [] }))).toEqual([]);
  });
});
