import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { GAME_KEY, NEWER_SAVE_PREFIX, readSave, SAVE_VERSION } from '../../src/app/persistence/currentGame';
import { historyFile } from '../../src/app/persistence/history';
import { createSession, type SessionDeps, type SessionState } from '../../src/app/session/session';
import { withoutGameParameters } from '../../src/app/setup/url';
import { readRecord } from '../../src/engine/index';

const LEVELS = ['beginner', 'greedy', 'master'];
const fixture = (name: string) => readFileSync(`test/fixtures/records/${name}.rolit`, 'utf8');

/** A computer that answers with the first legal move at once. */
const computer: ComputerPlayer = {
  think: (request) => ({ result: Promise.resolve(request.game.legalMoves()[0]), moveNow: () => undefined, cancel: () => undefined }),
};

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

let stores: StoreApi<SessionState>[] = [];
function page(search: string, storage: SessionDeps['storage']) {
  const store = createSession({ computer, levels: LEVELS, defaultLevel: 'master', storage, keepGame: true }, { search });
  stores.push(store);
  return () => store.getState();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const store of stores) store.getState().dispose();
  stores = [];
  vi.useRealTimers();
});

describe('keeping the current game', () => {
  it('saves after every move and a new page resumes the same round, seats and match', async () => {
    const storage = memoryStorage();
    const first = page('seats=human,ai:greedy,human&seed=77&size=8', storage);
    first().clickSquare(first().snapshot.legalMoves[0]);
    await vi.runAllTimersAsync(); // the computer (seat 2) answers
    first().clickSquare(first().snapshot.legalMoves[1]);
    const saved = JSON.parse(storage.map.get(GAME_KEY)!);
    expect(saved.version).toBe(SAVE_VERSION);
    expect(saved.record).toBe(first().snapshot.record);

    const again = page('', storage); // a reload without the game's URL parameters
    expect(again().snapshot.record).toBe(first().snapshot.record);
    expect(again().snapshot.state.moves).toEqual(first().snapshot.state.moves);
    expect(again().seats).toEqual(first().seats);
    expect(again().saveNotice).toBeNull();
  });

  it('resumes a later round of a match with its results', async () => {
    const storage = memoryStorage();
    const first = page('seats=ai:beginner,ai:greedy&size=4&seed=5', storage);
    for (let i = 0; i < 40 && !first().snapshot.over; i++) {
      first().setAnimating(false);
      await vi.runAllTimersAsync();
    }
    expect(first().snapshot.over).toBe(true);
    first().nextRound();
    await vi.runAllTimersAsync();
    const again = page('', storage);
    expect(again().round).toBe(1);
    expect(again().results).toEqual(first().results);
    expect(again().seats.map((s) => s.name)).toEqual(first().seats.map((s) => s.name));
    expect(again().snapshot.record).toBe(first().snapshot.record);
  });

  it('URL parameters that choose a game start it instead of the saved one; the others do not', () => {
    const storage = memoryStorage();
    const first = page('seats=human,human&seed=9', storage);
    first().clickSquare(first().snapshot.legalMoves[0]);
    expect(page('speed=2', storage)().snapshot.state.moves).toHaveLength(1);
    expect(page('seats=human,human&seed=9', storage)().snapshot.state.moves).toHaveLength(0);
    expect(withoutGameParameters('?seats=human,ai&size=6&speed=2&seed=4&variant=pro&misere=on&hints=on')).toBe('?speed=2&hints=on');
    expect(withoutGameParameters('?seats=human')).toBe('');
  });

  it.each([
    ['not JSON', '{"version":1,', /not readable data/],
    ['another version', JSON.stringify({ version: 2 }), /format version 2, this page reads version 1/],
    ['altered record', null, /the round record, line \d+, column \d+/],
    ['wrong seed', null, /seed/],
  ])('a corrupted save (%s) is reported with its raw data, removed, and a new game starts', (_, raw, reason) => {
    const storage = memoryStorage();
    const first = page('seats=human,human&seed=9', storage);
    first().clickSquare(first().snapshot.legalMoves[0]);
    const good = storage.map.get(GAME_KEY)!;
    const bad = raw ?? (_ === 'altered record' ? good.replace(/1\. (\w+) (\w+)/, '1. $1 a1') : good.replace('"seed":9', '"seed":10'));
    expect(bad).not.toBe(good);
    expect(() => readSave(bad, LEVELS)).toThrow(reason);
    storage.map.set(GAME_KEY, bad);
    const again = page('', storage);
    // A newer version's save is kept aside untouched for that version; any other is only offered for download.
    expect(again().saveNotice?.text).toMatch(_ === 'another version' ? /saved by a newer version of Rolit.*set aside untouched/ : reason);
    expect(again().saveNotice?.raw).toBe(bad);
    expect(storage.map.get(`${NEWER_SAVE_PREFIX}${GAME_KEY}`)).toBe(_ === 'another version' ? bad : undefined);
    expect(again().snapshot.state.moves).toHaveLength(0);
    expect(storage.map.get(GAME_KEY)).not.toBe(bad); // replaced by the new game's save
  });

  it('storage that refuses writes: one notice, the game goes on', () => {
    const storage = { getItem: () => null, setItem: (): never => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => undefined };
    const s = page('seats=human,human&seed=9', storage);
    expect(s().saveNotice).toMatchObject({ text: expect.stringMatching(/storage is full.*no longer saved/), storageFull: true });
    s().dismissSaveNotice();
    s().clickSquare(s().snapshot.legalMoves[0]);
    expect(s().snapshot.state.moves).toHaveLength(1);
    expect(s().saveNotice).toBeNull(); // reported once
  });
});

describe('replay', () => {
  const record = fixture('four-players');
  const recorded = readRecord(record).game.state.moves.map((m) => m.squares.join('+'));

  it('leaving a replay puts back the game in memory: not the older one storage holds once full, nor another tab\'s', () => {
    const storage = memoryStorage();
    let full = false;
    const filling = {
      ...storage,
      setItem: (k: string, v: string) => {
        if (full) throw new DOMException('full', 'QuotaExceededError');
        storage.setItem(k, v);
      },
    };
    const s = page('seats=human,human&seed=9', filling);
    const move = () => s().clickSquare(s().snapshot.legalMoves[0]);
    move();
    full = true;
    move();
    move();
    const live = s().snapshot.record;
    // Storage holds the game as of its first move only.
    expect(readRecord(JSON.parse(storage.map.get(GAME_KEY)!).record).game.state.moves).toHaveLength(1);
    expect(s().openRecord(record)).toBeNull();
    s().leaveReplay();
    expect(s().snapshot.record).toBe(live);

    // Another tab's game written under this key meanwhile: leaving still shows this page's game.
    full = false;
    const other = page('seats=human,human,human&seed=4', memoryStorage());
    storage.map.set(GAME_KEY, JSON.stringify({ ...JSON.parse(storage.map.get(GAME_KEY)!), record: other().snapshot.record }));
    expect(s().openRecord(record, { ply: 3 })).toBeNull();
    s().leaveReplay();
    expect(s().snapshot.record).toBe(live);
  });

  it('opens a record at its end, or where asked, and steps forward and back along it (back = a take-back the director rolls back)', () => {
    const s = page('seats=human,human&seed=9', memoryStorage());
    expect(s().openRecord(record)).toBeNull();
    expect(s().snapshot.state.moves).toHaveLength(recorded.length);
    expect(s().openRecord(record, { ply: 7 })).toBeNull();
    expect(s().snapshot.state.moves).toHaveLength(7);
    expect(s().openRecord(record, { ply: 0 })).toBeNull();
    expect(s().replay?.lines[0].map((m) => m.text)).toEqual(recorded);
    expect(s().snapshot.state.moves).toHaveLength(0);
    expect(s().seats.every((seat) => seat.kind === 'human')).toBe(true);
    // Review seats are named as the record names its players ([Red "Ann"], ...).
    expect(s().seats.map((seat) => seat.name)).toEqual(['Ann', 'Bob', 'Cleo', 'Dev']);
    s().replayStep(1);
    s().replayStep(1);
    expect(s().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual(recorded.slice(0, 2));
    s().replayStep(-1);
    expect(s().snapshot.events.at(-2)?.type).toBe('moveTakenBack');
    expect(s().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual(recorded.slice(0, 1));
    s().replayGo(0, recorded.length);
    expect(s().snapshot.state.result).toEqual(readRecord(record).game.state.result);
    expect(s().snapshot.over).toBe(true);
    expect(s().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual(recorded);
  });

  it('a strict record (take-backs off) can still be stepped back', () => {
    const s = page('', memoryStorage());
    expect(s().openRecord(fixture('unfinished-strict'))).toBeNull();
    s().replayGo(0, 3);
    s().replayStep(-1);
    expect(s().snapshot.state.moves).toHaveLength(2);
  });

  it('a different move makes a variation; the original line stays and can be returned to', () => {
    const s = page('', memoryStorage());
    s().openRecord(record);
    s().replayGo(0, 5);
    const other = s().snapshot.legalMoves.find((m) => m !== recorded[5])!;
    s().clickSquare(other);
    expect(s().replay?.lines).toHaveLength(2);
    expect(s().replay?.line).toBe(1);
    expect(s().replay?.branchedAt[1]).toBe(5);
    expect(s().replay?.lines[0].map((m) => m.text)).toEqual(recorded);
    s().clickSquare(s().snapshot.legalMoves[0]); // playing on grows the variation
    expect(s().replay?.lines).toHaveLength(2);
    expect(s().replay?.lines[1]).toHaveLength(7);
    s().replayGo(0, 8);
    expect(s().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual(recorded.slice(0, 8));
    s().replayGo(1, 6);
    expect(s().snapshot.state.moves[5].squares.join('+')).toBe(other);
  });

  it('continues from a move with computer seats: they play on as a variation, the record stays; a step back returns to review', async () => {
    const s = page('', memoryStorage());
    s().openRecord(record);
    // A move where the computer (first legal move) leaves the record's line.
    let ply = 0;
    for (; ply < recorded.length; ply++) {
      s().replayGo(0, ply);
      if (s().snapshot.legalMoves[0] !== recorded[ply]) break;
    }
    const players = s().players.map((p, i) => (i === 1 ? p : { kind: 'computer' as const, level: 'greedy', name: `computer ${i + 1}` }));
    expect(s().replayContinue(players.slice(1))).toMatch(/3 players were chosen for 4 seats/);
    expect(s().replayContinue(players.map((p) => ({ ...p, kind: 'computer' as const, level: 'grandmaster' })))).toMatch(/"grandmaster" is not a computer level/);
    expect(s().replayContinue(players)).toBeNull();
    expect(s().seats.map((seat) => seat.kind)).toEqual(['computer', 'human', 'computer', 'computer']);
    for (let i = 0; i < 6; i++) {
      s().setAnimating(false);
      await vi.runAllTimersAsync();
    }
    // The computers played until the human seat (seat 2) was to move.
    expect(s().snapshot.state.moves.length).toBeGreaterThan(ply);
    expect(s().snapshot.seatToMove).toBe(1);
    expect(s().replay?.lines[0].map((m) => m.text)).toEqual(recorded);
    expect(s().replay?.lines).toHaveLength(2);
    expect(s().replay?.branchedAt[1]).toBe(ply);
    const played = s().snapshot.state.moves.length;
    s().replayStep(-1);
    await vi.runAllTimersAsync();
    expect(s().seats.every((seat) => seat.kind === 'human')).toBe(true);
    expect(s().snapshot.state.moves).toHaveLength(played - 1);
  });

  it('a bad record is refused with line and column, and the game on the table is untouched', () => {
    const storage = memoryStorage();
    const s = page('seats=human,human&seed=9', storage);
    s().clickSquare(s().snapshot.legalMoves[0]);
    const before = s().snapshot;
    const saved = storage.map.get(GAME_KEY);
    const reason = s().openRecord(record.replace('2. blue d3', '2. blue a1'));
    expect(reason).toMatch(/line 19, column 9: .*a1/);
    expect(s().snapshot).toBe(before);
    expect(s().replay).toBeNull();
    expect(storage.map.get(GAME_KEY)).toBe(saved);
  });

  it('a replay is not saved over the live game', () => {
    const storage = memoryStorage();
    const s = page('seats=human,human&seed=9', storage);
    s().clickSquare(s().snapshot.legalMoves[0]);
    const saved = storage.map.get(GAME_KEY);
    s().openRecord(record);
    s().replayStep(1);
    expect(storage.map.get(GAME_KEY)).toBe(saved);
  });
});

describe('history of finished rounds', () => {
  async function finishedRound(storage: ReturnType<typeof memoryStorage>, seed: number) {
    const s = page(`seats=ai:beginner,ai:greedy&size=4&seed=${seed}`, storage);
    for (let i = 0; i < 40 && !s().snapshot.over; i++) {
      s().setAnimating(false);
      await vi.runAllTimersAsync();
    }
    expect(s().snapshot.over).toBe(true);
    return s;
  }

  it('keeps each finished round once, with its players, size, variant and result; a reload still has it', async () => {
    const storage = memoryStorage();
    const s = await finishedRound(storage, 5);
    expect(s().history).toHaveLength(1);
    const [entry] = s().history;
    expect(entry.record).toBe(s().snapshot.record);
    expect(entry.players.map((p) => p.level)).toEqual(s().seats.map((seat) => seat.level));
    expect(entry).toMatchObject({ size: 4, variant: 'standard', misere: false });
    expect(entry.result).toMatch(/^red \d+, green \d+$/);
    const again = page('', storage); // resumes the finished round: not kept twice
    expect(again().history).toEqual(s().history);
    expect(again().openRecord(entry.record)).toBeNull();
    expect(again().replay?.lines[0]).toHaveLength(entry.record.match(/^\d+\. /gm)!.length);
  });

  it('export and import back: duplicates skipped, new rounds added; delete forgets one', async () => {
    const a = await finishedRound(memoryStorage(), 5);
    const b = await finishedRound(memoryStorage(), 6);
    const exported = historyFile([...a().history, ...b().history]);
    expect(await a().importHistory(exported)).toEqual({ ok: true, added: 1, skipped: 1, dropped: 0, stored: true });
    expect(a().history).toHaveLength(2);
    expect(await a().importHistory(exported)).toEqual({ ok: true, added: 0, skipped: 2, dropped: 0, stored: true });
    a().deleteFromHistory(b().history[0].record);
    expect(a().history.map((e) => e.record)).toEqual([a().snapshot.record]);
  });

  it.each([
    ['not JSON', () => '{', /not readable data/],
    ['another file', () => JSON.stringify({ format: 'other' }), /not a Rolit history file/],
    ['another version', (good: string) => good.replace('"version":1', '"version":9'), /history format version 9/],
    ['an altered record', (good: string) => good.replace(/\\n1\. (\w+) (\w+)/, '\\n1. $1 b2'), /round 1: its record, line \d+, column \d+/],
  ])('an import of %s is refused with the reason and adds nothing', async (_, spoil, reason) => {
    const s = await finishedRound(memoryStorage(), 5);
    const good = historyFile(s().history);
    const bad = spoil(good);
    expect(bad).not.toBe(good);
    const before = s().history;
    expect(await s().importHistory(bad)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
    expect(s().history).toBe(before);
  });
});
