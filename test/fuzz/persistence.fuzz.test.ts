/**
 * Fuzzing the kept game and the history (src/app/persistence): a save or history text of any
 * shape is read or refused with a worded reason, never another throw; nothing the page holds is
 * lost (an unreadable save comes back whole for download, a newer one is kept aside, a stored
 * text that is not a history is kept aside, and so is a damaged round, this page's rounds stay);
 * and whatever a save lets in comes back out of the history it leads to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGameKeeper, GAME_KEY, readSave, SAVE_VERSION } from '../../src/app/persistence/currentGame';
import { DAMAGED_ROUNDS_KEY, HISTORY_KEY, type HistoryEntry, historyEntry, historyFile, historyRounds, loadHistory, readHistoryFile, UNREADABLE_HISTORY_KEY, updateHistory } from '../../src/app/persistence/history';
import { Game, Random, readRecord, roundSeed, type Seat, toRecord } from '../../src/engine/index';
import { errorText } from '../../src/i18n/engineReasons';
import { CodedProblem } from '../../src/i18n/codedProblem';
import { playRandom } from '../record/samples';

const LEVELS = ['beginner', 'greedy', 'master'];

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

/** A finished two-player 6x6 round of match seed `seed`, round 0, as a record. */
function finishedRecord(seed: number): string {
  return toRecord(playRandom(new Game({ size: 6, players: 2, seed: roundSeed(seed, 0) }), new Random(seed)));
}
const SEED = 12;
const RECORD = finishedRecord(SEED);

const name = fc.oneof(fc.constantFrom('Ann', 'names:you', '', ' ', 'a'.repeat(40), 'a'.repeat(41), 'tab\there', 'bell\u0007', 'esc\u001b[31m', 'nul\u0000', 'bidi\u202e'), fc.string({ maxLength: 8 }));
const player = fc.oneof(
  fc.record({ kind: fc.constant('human'), name }),
  fc.record({ kind: fc.constant('computer'), name, level: fc.constantFrom('master', 'greedy', 'god', '__proto__', 'hud:human') }),
  fc.jsonValue({ maxDepth: 1 }),
);
/** Any JSON, and values close to a save's fields. */
const field = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(0, -1, 1.5, 1e300, SEED, 2 ** 32, 'x', null, [], {}));

/** A save: a good one with some fields replaced, removed, or added. */
const saveData = fc
  .record({
    version: fc.oneof({ arbitrary: fc.constant(SAVE_VERSION), weight: 4 }, { arbitrary: field, weight: 1 }),
    savedAt: fc.oneof(fc.constant('2026-11-25T08:00:00.000Z'), field),
    players: fc.oneof({ arbitrary: fc.array(player, { minLength: 2, maxLength: 2 }), weight: 4 }, { arbitrary: field, weight: 1 }),
    seed: fc.oneof({ arbitrary: fc.constant(SEED), weight: 4 }, { arbitrary: field, weight: 1 }),
    round: fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: field, weight: 1 }),
    results: fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: field, weight: 1 }),
    record: fc.oneof({ arbitrary: fc.constant(RECORD), weight: 4 }, { arbitrary: field, weight: 1 }),
  }, { requiredKeys: ['version', 'players', 'seed', 'round', 'results', 'record'] });

const saveText = fc.oneof(
  { arbitrary: saveData.map((d) => JSON.stringify(d)), weight: 6 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), weight: 1 },
  { arbitrary: fc.tuple(saveData, fc.nat()).map(([d, cut]) => { const t = JSON.stringify(d); return t.slice(0, cut % t.length); }), weight: 1 },
);

/** The problem readSave reports, or null when it reads the text. */
function saveProblem(text: string): CodedProblem<string> | null {
  try {
    readSave(text, LEVELS);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(CodedProblem);
    return e as CodedProblem<string>;
  }
}

describe('kept game fuzz', () => {
  it('regression: a save naming a player with a control character is refused (its round would have made the whole history unreadable)', () => {
    const save = JSON.stringify({ version: SAVE_VERSION, players: [{ kind: 'human', name: '' }, { kind: 'human', name: 'nul\u0000' }], seed: SEED, round: 0, results: [], record: RECORD });
    expect(saveProblem(save)?.code).toBe('players');
  });

  it('a save is read or refused with a worded reason', () => {
    fc.assert(
      fc.property(saveText, (text) => {
        const problem = saveProblem(text);
        if (problem) expect(errorText(problem).trim()).not.toBe('');
      }),
      { numRuns: 400, seed: 2025 },
    );
  });

  it('loading never throws and loses nothing: an unreadable save comes back whole, a newer one is kept aside', () => {
    fc.assert(
      fc.property(saveText, (text) => {
        const storage = memoryStorage({ [GAME_KEY]: text });
        const { resumed, unreadable } = createGameKeeper(storage, LEVELS).load();
        if (resumed) {
          expect(unreadable).toBeNull();
          expect(storage.map.get(GAME_KEY)).toBe(text);
        } else {
          expect(unreadable?.raw).toBe(text);
          expect(unreadable?.reason.trim()).not.toBe('');
          if (unreadable?.keptAside) expect(storage.map.get(unreadable.keptAside)).toBe(text);
        }
      }),
      { numRuns: 400, seed: 2025 },
    );
  });

  it('the players a save lets in come back out of the history of the round they finish', () => {
    fc.assert(
      fc.property(saveData, (data) => {
        let resumed;
        try {
          resumed = readSave(JSON.stringify(data), LEVELS);
        } catch {
          return;
        }
        const seats: Seat[] = resumed.match.players.map((p, i) => ({ ...p, colours: [...resumed.game.setup.players[i]], player: i }));
        const entry = historyEntry(data.record as string, seats, new Date(0));
        expect(readHistoryFile(historyFile([entry], true))).toEqual([entry]);
      }),
      { numRuns: 400, seed: 2025 },
    );
  });
});

/** A history entry for the finished round of match seed `seed`, played by `names`. */
function entry(seed: number, names: [string, string], finishedAt: Date): HistoryEntry {
  const record = finishedRecord(seed);
  const colours = readRecord(record).game.setup.players;
  return historyEntry(record, names.map((name, i): Seat => ({ kind: 'human', name, colours: [...colours[i]], player: i })), finishedAt);
}
/** This page's rounds: finished rounds of a few match seeds. */
const KNOWN: HistoryEntry[] = [1, 2, 3].map((seed, i) => entry(seed, ['Ann', 'Bob'], new Date(Date.UTC(2026, 0, i + 1))));
const NEW_ROUND = entry(4, ['Cleo', 'Dev'], new Date(Date.UTC(2026, 5, 1)));

/** A stored history text: a real one damaged, or anything. */
const historyText = fc.oneof(
  fc.constant(historyFile(KNOWN.slice(0, 2), true)),
  fc.tuple(fc.constantFrom(historyFile(KNOWN, true), historyFile(KNOWN)), fc.nat(), fc.string({ maxLength: 6 }), fc.nat({ max: 10 })).map(([t, at, s, cut]) => {
    const i = at % t.length;
    return t.slice(0, i) + s + t.slice(i + cut);
  }),
  fc.record({ format: fc.constantFrom('rolit-history', 'x'), version: field, rounds: fc.oneof(field, fc.array(fc.oneof(fc.constantFrom(...KNOWN), field), { maxLength: 3 })) }).map((d) => JSON.stringify(d)),
  fc.string({ maxLength: 20 }),
);

/** The rounds of a stored history text, or null when it is not a history file. */
function storedRounds(text: string): unknown[] | null {
  try {
    return historyRounds(text);
  } catch {
    return null;
  }
}

describe('history fuzz', () => {
  it('loading never throws: each round read or counted as damaged, or an empty list with the reason and the raw text', () => {
    fc.assert(
      fc.property(historyText, (text) => {
        const { entries, damaged, problem } = loadHistory(memoryStorage({ [HISTORY_KEY]: text }));
        if (problem) {
          expect(entries).toEqual([]);
          expect(problem.raw).toBe(text);
          expect(problem.reason.trim()).not.toBe('');
        } else expect(entries.length + damaged.length).toBe(storedRounds(text)!.length);
      }),
      { numRuns: 300, seed: 2025 },
    );
  });

  it('adding a round over any stored text keeps the round, this page\'s rounds or the stored text, and every stored round (a damaged one aside)', () => {
    fc.assert(
      fc.property(historyText, (text) => {
        const storage = memoryStorage({ [HISTORY_KEY]: text });
        const update = updateHistory(storage, KNOWN, (entries) => [...entries, NEW_ROUND]);
        expect(update.stored).toBe(true);
        expect(update.entries).toContainEqual(NEW_ROUND);
        // What is stored now reads back as what the page holds.
        expect(readHistoryFile(storage.map.get(HISTORY_KEY)!)).toEqual(update.entries);
        const aside = storage.map.get(UNREADABLE_HISTORY_KEY);
        // A stored text that is not a history is kept aside, and this page's rounds stay.
        if (aside !== undefined) {
          expect(aside).toBe(text);
          for (const e of KNOWN) expect(update.entries).toContainEqual(e);
        }
        // Each stored round stays: in the history, or (damaged) aside as it was stored.
        const damaged = (JSON.parse(storage.map.get(DAMAGED_ROUNDS_KEY) ?? '[]') as unknown[]).map((r) => JSON.stringify(r));
        for (const round of storedRounds(text) ?? []) {
          const record = (round as { record?: unknown } | null)?.record;
          expect(update.entries.some((e) => e.record === record) || damaged.includes(JSON.stringify(round)), JSON.stringify(round)).toBe(true);
        }
      }),
      { numRuns: 120, seed: 2025 },
    );
  });
});
