/**
 * Each tab keeps its own game, and the history is shared without loss: the choice of a tab's game
 * (reload, duplicated tab, new tab), the move of the single save of earlier versions, the Web
 * Locks claim (on a fake lock manager), two sessions on one storage, the history's merge, cap and
 * chunked import, and the checks of players and results on load and import.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { claimTabGame } from '../../src/app/page/tabGame';
import { GAME_KEY, readSave } from '../../src/app/persistence/currentGame';
import { DAMAGED_ROUNDS_KEY, HISTORY_CAP, HISTORY_KEY, type HistoryEntry, historyFile, loadHistory, readHistoryFile, updateHistory } from '../../src/app/persistence/history';
import { chooseGame, gameKey, KEPT_GAMES, keptGames, moveSingleSave, pruneGames, TAB_KEY } from '../../src/app/persistence/tabGames';
import { createSession, type SessionState } from '../../src/app/session/session';
import { readRecord, resultBalls, resultText } from '../../src/engine/index';

const LEVELS = ['beginner', 'greedy', 'master'];
const fixture = (name: string) => readFileSync(`test/fixtures/records/${name}.rolit`, 'utf8');
const computer: ComputerPlayer = {
  think: (request) => ({ result: Promise.resolve(request.game.legalMoves()[0]), moveNow: () => undefined, cancel: () => undefined }),
};

/** localStorage as the page sees it: keys can be listed. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const save = (savedAt: string) => JSON.stringify({ version: 1, savedAt });

describe("choosing a tab's game", () => {
  const storage = memoryStorage({ [gameKey('old')]: save('2026-01-01T00:00:00Z'), [gameKey('new')]: save('2026-03-01T00:00:00Z'), [gameKey('mid')]: save('2026-02-01T00:00:00Z'), 'rolit.settings.v1': '{}' });
  let n = 0;
  const fresh = () => `fresh${++n}`;

  it('lists the kept games, most recently saved first', () => {
    expect(keptGames(storage).map((g) => g.id)).toEqual(['new', 'mid', 'old']);
  });

  it('a reloaded tab takes its own game back, even if it is not the latest', () => {
    expect(chooseGame(storage, 'old', new Set(['new']), fresh)).toBe('old');
  });

  it('a new tab takes the latest game no tab holds; a duplicated tab (its game held) the same', () => {
    expect(chooseGame(storage, null, new Set(), fresh)).toBe('new');
    expect(chooseGame(storage, null, new Set(['new']), fresh)).toBe('mid');
    expect(chooseGame(storage, 'new', new Set(['new']), fresh)).toBe('mid');
  });

  it('with every game held, a new game', () => {
    expect(chooseGame(storage, null, new Set(['new', 'mid', 'old']), fresh)).toMatch(/^fresh/);
  });

  it('the single save of earlier versions moves to a slot of its own, its text untouched', () => {
    const text = save('2025-12-01T00:00:00Z');
    const s = memoryStorage({ [GAME_KEY]: text });
    expect(moveSingleSave(s, 'moved')).toBe(true);
    expect(s.map.get(gameKey('moved'))).toBe(text);
    expect(s.map.has(GAME_KEY)).toBe(false);
    expect(moveSingleSave(s, 'again')).toBe(false);
    // Storage refusing the copy: the old save stays.
    const full = { ...memoryStorage({ [GAME_KEY]: text }), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    expect(() => moveSingleSave(full, 'x')).toThrow();
    expect(full.map.get(GAME_KEY)).toBe(text);
  });

  it(`keeps at most ${KEPT_GAMES} games, never dropping a held one or its own`, () => {
    const s = memoryStorage();
    for (let i = 0; i < KEPT_GAMES + 5; i++) s.setItem(gameKey(`g${i}`), save(`2026-01-01T00:00:${String(i).padStart(2, '0')}Z`));
    pruneGames(s, new Set(['g0']), 'g1');
    const ids = keptGames(s).map((g) => g.id);
    expect(ids).toHaveLength(KEPT_GAMES + 2);
    expect(ids).toContain('g0');
    expect(ids).toContain('g1');
    expect(ids).not.toContain('g2');
  });
});

/** A lock manager as Web Locks: exclusive locks by name, held until the holder's promise settles; a tab's are released when it "closes". */
function fakeLocks() {
  const held = new Map<string, { tab: number; release: () => void }>();
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((w) => w());
  return {
    held,
    closeTab(tab: number) {
      for (const [name, h] of held) if (h.tab === tab) held.delete(name);
      wake();
    },
    forTab(tab: number) {
      return {
        async query() {
          return { held: [...held.keys()].map((name) => ({ name, mode: 'exclusive' as const, clientId: '' })), pending: [] };
        },
        request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
          return new Promise((resolve, reject) => {
            const attempt = () => {
              if (!held.has(name)) {
                held.set(name, { tab, release: () => undefined });
                return resolve(callback({ name, mode: 'exclusive' }));
              }
              if (options.ifAvailable) return resolve(callback(null));
              if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
              waiting.push(attempt);
              options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            };
            attempt();
          });
        },
      } as unknown as Pick<LockManager, 'request' | 'query'>;
    },
  };
}

describe('claiming a game with Web Locks', () => {
  it("two tabs get two games; each reload gets its own back; a third tab the latest game no tab holds, or a new one", async () => {
    const local = memoryStorage({ [GAME_KEY]: save('2026-01-01T00:00:00Z') });
    const locks = fakeLocks();
    const tabA = memoryStorage();
    const tabB = memoryStorage();
    const a = await claimTabGame(local, tabA, locks.forTab(1));
    // The earlier single save became tab A's game (the only one kept).
    expect(local.map.has(GAME_KEY)).toBe(false);
    expect(local.map.get(a!)).toBe(save('2026-01-01T00:00:00Z'));
    const b = await claimTabGame(local, tabB, locks.forTab(2));
    expect(b).not.toBe(a);
    local.setItem(b!, save('2026-02-01T00:00:00Z'));

    // Both reload: each page's locks go, the new page claims its tab's game.
    locks.closeTab(1);
    locks.closeTab(2);
    expect(await claimTabGame(local, tabB, locks.forTab(4))).toBe(b);
    expect(await claimTabGame(local, tabA, locks.forTab(3))).toBe(a);

    // A duplicated tab copies tab A's sessionStorage, but A holds its game: it gets a new one (B's is held too).
    const copy = memoryStorage({ [TAB_KEY]: tabA.getItem(TAB_KEY)! });
    // (It waits a moment first, as a reloaded tab would for its page's lock: RELOAD_WAIT_MS.)
    const c = await claimTabGame(local, copy, locks.forTab(5));
    expect([a, b]).not.toContain(c);

    // Tab B closes: a new tab takes B's game, the latest no tab holds.
    locks.closeTab(4);
    expect(await claimTabGame(local, memoryStorage(), locks.forTab(6))).toBe(b);
  }, 20_000);

  it('without Web Locks a tab still keeps its own game across reloads', async () => {
    const local = memoryStorage();
    const tab = memoryStorage();
    const first = await claimTabGame(local, tab, null);
    expect(await claimTabGame(local, tab, null)).toBe(first);
    expect(await claimTabGame(null, tab, null)).toBeNull();
  });
});

let stores: StoreApi<SessionState>[] = [];
function tab(search: string, storage: ReturnType<typeof memoryStorage>, key: string) {
  const store = createSession({ computer, levels: LEVELS, defaultLevel: 'master', storage, keepGame: true, gameKey: key }, { search });
  stores.push(store);
  return () => store.getState();
}

async function finish(s: () => SessionState) {
  for (let i = 0; i < 60 && !s().snapshot.over; i++) {
    s().setAnimating(false);
    await vi.runAllTimersAsync();
  }
  expect(s().snapshot.over).toBe(true);
}

describe('two tabs on one storage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const store of stores) store.getState().dispose();
    stores = [];
    vi.useRealTimers();
  });

  it("each keeps its own game; the history holds the rounds of both; a round deleted in one is not brought back by the other", async () => {
    const storage = memoryStorage();
    const a = tab('seats=ai:beginner,ai:greedy&size=4&seed=5', storage, gameKey('a'));
    const b = tab('seats=ai:greedy,ai:beginner,ai:beginner&size=6&seed=8', storage, gameKey('b'));
    await finish(a);
    await finish(b);
    expect(readSave(storage.map.get(gameKey('a'))!, LEVELS).game.state.moves.length).toBe(a().snapshot.state.moves.length);
    expect(JSON.parse(storage.map.get(gameKey('b'))!).record).toBe(b().snapshot.record);

    // The history was written by both: it holds both rounds, stored compactly.
    const stored = storage.map.get(HISTORY_KEY)!;
    expect(stored).not.toMatch(/\n/);
    expect(readHistoryFile(stored).map((e) => e.record).sort()).toEqual([a().snapshot.record, b().snapshot.record].sort());

    // Reloads: each tab's key resumes its own game.
    expect(tab('', storage, gameKey('a'))().snapshot.record).toBe(a().snapshot.record);
    expect(tab('', storage, gameKey('b'))().snapshot.record).toBe(b().snapshot.record);

    // A deletes B's round; B then finishes another round: A's deletion stays, nothing of A's is lost.
    a().deleteFromHistory(b().snapshot.record);
    const firstOfB = b().snapshot.record;
    b().nextRound();
    await finish(b);
    const after = readHistoryFile(storage.map.get(HISTORY_KEY)!).map((e) => e.record);
    expect(after).toContain(a().snapshot.record);
    expect(after).toContain(b().snapshot.record);
    expect(after).not.toContain(firstOfB);
    // A hears of it (the page listens to storage events).
    a().reloadHistory();
    expect(a().history.map((e) => e.record).sort()).toEqual([...after].sort());
  });
});

/** A history entry of a finished fixture round. */
function entry(record: string, finishedAt: string, players?: unknown[]): HistoryEntry {
  const { game } = readRecord(record);
  const setup = game.setup;
  return {
    finishedAt,
    players: (players ?? setup.players.map((colours, i) => ({ name: `Player ${i + 1}`, level: 'human', colours: [...colours] }))) as HistoryEntry['players'],
    size: setup.size,
    variant: setup.variant,
    misere: setup.misere,
    result: resultText(game.state),
    balls: resultBalls(game.state),
    record,
  };
}

describe('the history store', () => {
  it(`keeps the ${HISTORY_CAP} newest rounds and hands back the older ones`, () => {
    const storage = memoryStorage();
    // Rounds this page already read (known) are not read again: plain texts stand in for records.
    const one = entry(fixture('team'), '');
    const many = Array.from({ length: HISTORY_CAP + 3 }, (_, i) => ({ ...one, finishedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), record: `round ${i}` }));
    const update = updateHistory(storage, [], () => many);
    expect(update.stored).toBe(true);
    expect(update.entries).toHaveLength(HISTORY_CAP);
    expect(update.entries[0].record).toBe(`round ${HISTORY_CAP + 2}`);
    expect(update.dropped.map((e) => e.record)).toEqual(['round 2', 'round 1', 'round 0']);
    expect(JSON.parse(storage.map.get(HISTORY_KEY)!).rounds).toHaveLength(HISTORY_CAP);
  });

  it('storage refusing: the update says so and the page keeps the list', () => {
    const full = { ...memoryStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    const update = updateHistory(full, [], () => [entry(fixture('team'), '2026-01-01T00:00:00Z')]);
    expect(update).toMatchObject({ stored: false, dropped: [] });
    expect(update.entries).toHaveLength(1);
  });

  it('an unreadable stored history is kept aside, not overwritten', () => {
    const storage = memoryStorage({ [HISTORY_KEY]: '{broken' });
    updateHistory(storage, [], (e) => [...e, entry(fixture('team'), '2026-01-01T00:00:00Z')]);
    expect(storage.map.get('rolit.history.unreadable')).toBe('{broken');
    expect(readHistoryFile(storage.map.get(HISTORY_KEY)!)).toHaveLength(1);
  });
});

describe('a damaged round costs only itself', () => {
  const rounds = [entry(fixture('team'), '2026-01-03T00:00:00Z'), entry(fixture('four-players'), '2026-01-02T00:00:00Z'), entry(fixture('solo-4x4'), '2026-01-01T00:00:00Z')];
  /** The stored history with its second round damaged (a move of its record changed). */
  const damagedRound = { ...rounds[1], record: rounds[1].record.replace(/\n1\. (\w+)/, '\n1. z9') };
  const stored = () => JSON.stringify({ format: 'rolit-history', version: 1, rounds: [rounds[0], damagedRound, rounds[2]] });

  it('the good rounds load; the damaged one is counted apart, as it is stored', () => {
    expect(damagedRound.record).not.toBe(rounds[1].record);
    const loaded = loadHistory(memoryStorage({ [HISTORY_KEY]: stored() }));
    expect(loaded.problem).toBeNull();
    expect(loaded.entries.map((e) => e.record)).toEqual([rounds[0].record, rounds[2].record]);
    expect(loaded.damaged).toEqual([damagedRound]);
  });

  it('the page shows the good rounds, says once how many could not be read, and keeps the damaged one aside untouched', () => {
    const storage = memoryStorage({ [HISTORY_KEY]: stored() });
    const first = tab('seats=human,human&seed=9', storage, gameKey('t'));
    expect(first().history.map((e) => e.record)).toEqual([rounds[0].record, rounds[2].record]);
    expect(first().saveNotice?.text).toBe("1 finished round of the history could not be read: it is left out of the list and kept aside, untouched, in this browser's storage. It can be downloaded below.");
    expect(JSON.parse(first().saveNotice!.raw!)).toEqual([damagedRound]);
    expect(first().saveNotice!.rawFile).toBe('rolit-damaged-rounds.json');
    expect(JSON.parse(storage.map.get(DAMAGED_ROUNDS_KEY)!)).toEqual([damagedRound]);
    // Said once: the next page load finds the history clean.
    const again = tab('seats=human,human&seed=9', storage, gameKey('u'));
    expect(again().saveNotice).toBeNull();
    expect(again().history).toHaveLength(2);
  });

  it('a later history write never drops a damaged round, and adds it aside once', () => {
    const storage = memoryStorage({ [HISTORY_KEY]: stored(), [DAMAGED_ROUNDS_KEY]: JSON.stringify(['an older damaged round']) });
    const update = updateHistory(storage, [], (e) => e.filter((r) => r.record !== rounds[0].record));
    expect(update.entries.map((e) => e.record)).toEqual([rounds[2].record]);
    expect(JSON.parse(storage.map.get(DAMAGED_ROUNDS_KEY)!)).toEqual(['an older damaged round', damagedRound]);
    // The same damaged round stored again (another tab's older copy) is not kept twice.
    storage.setItem(HISTORY_KEY, stored());
    updateHistory(storage, [], (e) => e);
    expect(JSON.parse(storage.map.get(DAMAGED_ROUNDS_KEY)!)).toEqual(['an older damaged round', damagedRound]);
    // A text aside that is not a list stays, the damaged round joins it.
    storage.setItem(DAMAGED_ROUNDS_KEY, '{not a list');
    storage.setItem(HISTORY_KEY, stored());
    updateHistory(storage, [], (e) => e);
    expect(JSON.parse(storage.map.get(DAMAGED_ROUNDS_KEY)!)).toEqual(['{not a list', damagedRound]);
  });

  it('storage refusing the damaged round aside: the history is not rewritten, so the round stays where it was', () => {
    const text = stored();
    const storage = memoryStorage({ [HISTORY_KEY]: text });
    const refusing = { ...storage, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    const update = updateHistory(refusing, [], (e) => e);
    expect(update.stored).toBe(false);
    expect(storage.map.get(HISTORY_KEY)).toBe(text);
  });
});

describe('players and results checked on load and import', () => {
  const team = fixture('team');
  const seats = readRecord(team).game.setup.players;
  const good = seats.map((colours, i) => ({ name: `P${i + 1}`, level: 'master', colours: [...colours] }));
  const withPlayer = (i: number, change: object) => historyFile([entry(team, '2026-01-01T00:00:00Z', good.map((p, j) => (j === i ? { ...p, ...change } : p)))]);

  it('accepts good players', () => {
    expect(readHistoryFile(withPlayer(0, {}))[0].players).toEqual(good);
  });

  it.each([
    ['a name of 1 MB', { name: 'x'.repeat(1 << 20) }, /round 1: player 1: the name must be text of at most 40 characters/],
    ['a name with a control character', { name: 'A\u001b[2J' }, /player 1: the name/],
    ['a raw translation key as level', { level: 'hud:level.master' }, /round 1: player 1: the level must be “human”/],
    ['a level of a nested key', { level: 'level.master' }, /player 1: the level/],
    ["another seat's colours", { colours: ['blue'] }, /player 1: the colours are not those of the seat/],
  ])('refuses %s, saying which round and player', (_, change, reason) => {
    expect(() => readHistoryFile(withPlayer(0, change))).toThrow(reason);
  });

  it("refuses a saved match's result of 1e300 balls, or more than the board holds", () => {
    const storage = memoryStorage();
    const s = createSession({ computer, levels: LEVELS, defaultLevel: 'master', storage, keepGame: true }, { search: '?seats=human,human&seed=9&size=4' });
    s.getState().clickSquare(s.getState().snapshot.legalMoves[0]);
    s.getState().dispose();
    const text = storage.map.get(GAME_KEY)!;
    const withResults = (scores: number[]) => JSON.stringify({ ...JSON.parse(text), round: 1, results: [{ scores: { red: scores[0], green: scores[1] }, playerScores: scores, winners: [0] }], record: JSON.parse(text).record });
    // The round-1 seed check comes after the results: a good result gets as far as the seed.
    expect(() => readSave(withResults([9, 7]), LEVELS)).toThrow(/seed/);
    expect(() => readSave(withResults([1e300, 0]), LEVELS)).toThrow(/results of the earlier rounds are not valid \(each score must be a whole number of balls from 0 to 16\)/);
    expect(() => readSave(withResults([17, 0]), LEVELS)).toThrow(/from 0 to 16/);
  });
});

describe('a large import', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const store of stores) store.getState().dispose();
    stores = [];
    vi.useRealTimers();
  });

  it('reads in chunks with progress, letting other work run between them, and says truthfully what it added', async () => {
    const storage = memoryStorage();
    const s = tab('seats=human,human&seed=9', storage, gameKey('t'));
    const rounds = Array.from({ length: 60 }, (_, i) => entry(fixture(['team', 'four-players', 'solo-4x4'][i % 3]), new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()));
    const progress: number[] = [];
    // Other work (a task queued at each progress report) runs before the next chunk is read.
    let ran = 0;
    const ranBefore: number[] = [];
    const importing = s().importHistory(historyFile(rounds), (done, total) => {
      expect(total).toBe(60);
      progress.push(done);
      ranBefore.push(ran);
      setTimeout(() => ran++, 0);
    });
    await vi.runAllTimersAsync();
    // The same three records sixty times: three added, the rest already there.
    expect(await importing).toEqual({ ok: true, added: 3, skipped: 57, dropped: 0, stored: true });
    expect(progress).toEqual([25, 50, 60]);
    expect(ranBefore).toEqual([0, 1, 2]);
  });

  it('storage full: the rounds are added to the page, and the outcome says they were not stored', async () => {
    const storage = memoryStorage();
    const s = tab('seats=human,human&seed=9', storage, gameKey('t'));
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const importing = s().importHistory(historyFile([entry(fixture('team'), '2026-01-01T00:00:00Z')]));
    await vi.runAllTimersAsync();
    expect(await importing).toEqual({ ok: true, added: 1, skipped: 0, dropped: 0, stored: false });
    expect(s().history).toHaveLength(1);
    expect(s().saveNotice?.storageFull).toBe(true);
  });
});
