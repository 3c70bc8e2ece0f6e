/**
 * History of finished rounds, kept in localStorage (`rolit.history`, compact JSON): each round's
 * record with what the list shows (date, players and levels, size, variant, result). A round is
 * about 1.6 kB; at most HISTORY_CAP rounds are kept (about 2 MB, well inside the browser's 5 MB),
 * and the oldest beyond it are handed back to be offered for export. The record is the round's
 * identity: the same record is never kept twice (a resumed game finishing again, an import of
 * rounds already there, two tabs). Every write reads the stored list again and changes only what
 * it means to (updateHistory), so rounds another tab finished meanwhile stay; a stored round that
 * cannot be read costs only itself, set aside untouched (DAMAGED_ROUNDS_KEY). Export writes every
 * round as one JSON file; import reads it back all or nothing, naming the first bad round and
 * what is wrong with it (its record's line and column, a player).
 */
import { type Game, type GameState, readRecord, RecordError, resultBalls, resultText, type Seat } from '../../engine/index';
import { errorText } from '../../i18n/engineReasons';
import { CodedProblem } from '../../i18n/codedProblem';
import { parseStoredJson } from './json';
import { currentVersion, migrate, type VersionedFormat } from './migrations';
import { isPlayerName, MAX_NAME_CHARS } from '../setup/settings';

export const HISTORY_KEY = 'rolit.history';
export const HISTORY_FORMAT = 'rolit-history';
/** The history file's versions (stored and exported alike): a change adds its step here. */
export const HISTORY_VERSIONS: VersionedFormat = { versionLabel: 'history format', texts: 'replay:historyFormat', first: 1, migrations: [] };
export const HISTORY_VERSION = currentVersion(HISTORY_VERSIONS);
/** An import file larger than this is refused before it is read. */
export const MAX_IMPORT_CHARS = 20_000_000;
/** Rounds kept at most: the oldest beyond it leave the history (offered for export first). */
export const HISTORY_CAP = 1000;
/** A level as the computer's levels are written: a word, never an i18next key (no ":" or "."). */
const LEVEL_WORD = /^[a-z][a-z0-9-]{0,23}$/;

export interface HistoryPlayer {
  name: string;
  /** "human" or the computer's level. */
  level: string;
  colours: string[];
}

export interface HistoryEntry {
  /** ISO time the round finished. */
  finishedAt: string;
  players: HistoryPlayer[];
  size: number;
  variant: string;
  misere: boolean;
  /** "red 20, yellow 15, ..." (as the record's Result tag) */
  result: string;
  /** The same, per colour, for the list to word in the reader's language (read from the record, like `result`). */
  balls: { colour: string; balls: number }[];
  record: string;
}

/** The result fields of an entry, both from the round's final state. */
function resultOf(state: GameState): Pick<HistoryEntry, 'result' | 'balls'> {
  return { result: resultText(state), balls: resultBalls(state) };
}

/** What is wrong with a history file or one of its rounds: one key each in the `historyFile` object of replay.json. */
export type HistoryCode = 'fileTooLong' | 'notHistoryFile' | 'noRounds' | 'round' | 'notRound' | 'noRecord' | 'record' | 'unfinished' | 'noDate' | 'players' | 'playerName' | 'playerLevel' | 'playerColours';

export class HistoryError extends CodedProblem<HistoryCode> {
  constructor(code: HistoryCode, params: Record<string, string | number>, english: string, cause?: unknown) {
    super('replay:historyFile', code, params, english, cause);
  }
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The entry for a finished round on the table. */
export function historyEntry(record: string, seats: readonly Seat[], finishedAt: Date): HistoryEntry {
  const { game } = readRecord(record);
  const setup = game.setup;
  return {
    finishedAt: finishedAt.toISOString(),
    players: seats.map((s) => ({ name: s.name, level: s.kind === 'human' ? 'human' : s.level!, colours: [...s.colours] })),
    size: setup.size,
    variant: setup.variant,
    misere: setup.misere,
    ...resultOf(game.state),
    record,
  };
}

/** Reads one stored or imported entry; throws a HistoryError saying what is wrong. */
export function readEntry(value: unknown): HistoryEntry {
  if (typeof value !== 'object' || value === null) throw new HistoryError('notRound', {}, 'not a round');
  const v = value as Record<string, unknown>;
  if (typeof v.record !== 'string') throw new HistoryError('noRecord', {}, 'no record');
  let game: Game;
  try {
    game = readRecord(v.record).game;
  } catch (e) {
    if (e instanceof RecordError) throw new HistoryError('record', {}, `its record, ${e.message}`, e);
    throw e;
  }
  if (!game.state.over) throw new HistoryError('unfinished', {}, 'its record is of an unfinished round');
  const date = typeof v.finishedAt === 'string' && !Number.isNaN(Date.parse(v.finishedAt)) ? v.finishedAt : null;
  if (!date) throw new HistoryError('noDate', {}, 'no valid date');
  const setup = game.setup;
  const players = readHistoryPlayers(v.players, game);
  return { finishedAt: date, players, size: setup.size, variant: setup.variant, misere: setup.misere, ...resultOf(game.state), record: v.record };
}

/** A round's players: one per seat of its record, each with a name, a level word and the seat's colours. */
function readHistoryPlayers(value: unknown, game: Game): HistoryPlayer[] {
  const seats = game.setup.players;
  if (!Array.isArray(value) || value.length !== seats.length) throw new HistoryError('players', {}, 'the players do not match its record');
  return value.map((p: unknown, i): HistoryPlayer => {
    const player = i + 1;
    const { name, level, colours } = (typeof p === 'object' && p !== null ? p : {}) as Record<string, unknown>;
    if (!isPlayerName(name)) {
      throw new HistoryError('playerName', { player, max: MAX_NAME_CHARS }, `player ${player}: the name must be text of at most ${MAX_NAME_CHARS} characters, with no control characters`);
    }
    if (typeof level !== 'string' || (level !== 'human' && !LEVEL_WORD.test(level))) throw new HistoryError('playerLevel', { player }, `player ${player}: the level must be “human” or the name of a computer level`);
    const seat = seats[i];
    if (!Array.isArray(colours) || colours.length !== seat.length || !colours.every((c, j) => c === seat[j])) {
      throw new HistoryError('playerColours', { player }, `player ${player}: the colours are not those of the seat in its record`);
    }
    return { name, level, colours: [...seat] };
  });
}

/** The rounds of an export file (or the stored history), still to be read one by one (readRound); throws if it is not a history file. */
export function historyRounds(text: string): unknown[] {
  if (text.length > MAX_IMPORT_CHARS) throw new HistoryError('fileTooLong', { length: text.length, max: MAX_IMPORT_CHARS }, `the file is ${text.length} characters long, more than ${MAX_IMPORT_CHARS}`);
  const data = parseStoredJson(text);
  const file = data as Record<string, unknown> | null;
  if (typeof file !== 'object' || file === null || file.format !== HISTORY_FORMAT) throw new HistoryError('notHistoryFile', { format: HISTORY_FORMAT }, `not a Rolit history file (expected "format": "${HISTORY_FORMAT}")`);
  const d = migrate(file, HISTORY_VERSIONS);
  if (!Array.isArray(d.rounds)) throw new HistoryError('noRounds', {}, 'no list of rounds');
  return d.rounds;
}

/** Round `index` (0-based) of a file; the error names the round. */
export function readRound(value: unknown, index: number): HistoryEntry {
  try {
    return readEntry(value);
  } catch (e) {
    throw new HistoryError('round', { round: index + 1 }, `round ${index + 1}: ${(e as Error).message}`, e);
  }
}

/** The rounds in an export file; throws an error naming what is wrong (nothing is half-read). */
export function readHistoryFile(text: string): HistoryEntry[] {
  return historyRounds(text).map(readRound);
}

/** The export file (one round per line, readable in an editor); `compact` for storage. */
export function historyFile(entries: readonly HistoryEntry[], compact = false): string {
  if (compact) return JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, rounds: entries });
  return `{"format":${JSON.stringify(HISTORY_FORMAT)},"version":${HISTORY_VERSION},"rounds":[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`;
}

/** `entries` with `more` added, skipping records already there; newest first. */
export function mergeHistory(entries: readonly HistoryEntry[], more: readonly HistoryEntry[]): { entries: HistoryEntry[]; added: number; skipped: number } {
  const seen = new Set(entries.map((e) => e.record));
  const fresh = more.filter((e) => !seen.has(e.record) && seen.add(e.record));
  const all = [...entries, ...fresh].sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
  return { entries: all, added: fresh.length, skipped: more.length - fresh.length };
}

/**
 * Reads the stored history, each round on its own: a damaged round costs only itself (`damaged`,
 * set aside untouched by the next write, see updateHistory). A store that is not a history at all
 * reads as empty, with the reason and its raw text.
 */
export function loadHistory(storage: StorageLike | null): { entries: HistoryEntry[]; damaged: unknown[]; problem: { reason: string; raw: string } | null } {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(HISTORY_KEY) ?? null;
  } catch {
    return { entries: [], damaged: [], problem: null };
  }
  if (raw === null) return { entries: [], damaged: [], problem: null };
  try {
    return { ...readStoredRounds(historyRounds(raw), []), problem: null };
  } catch (e) {
    return { entries: [], damaged: [], problem: { reason: errorText(e), raw } };
  }
}

/** Where an unreadable stored history is kept aside when a new one is written, so nothing is lost. */
export const UNREADABLE_HISTORY_KEY = 'rolit.history.unreadable';
/** Where stored rounds that cannot be read are kept aside, untouched (a JSON list of them as they were stored). */
export const DAMAGED_ROUNDS_KEY = 'rolit.history.damaged';

/** The stored history's rounds: those that read, newest first as stored, and those that cannot be read, as they are stored. */
export interface StoredHistory {
  entries: HistoryEntry[];
  damaged: unknown[];
}

/** Reads stored rounds one by one: rounds already `known` (read before) are taken as they are; a round that cannot be read goes to `damaged`. */
function readStoredRounds(rounds: unknown[], known: readonly HistoryEntry[]): StoredHistory {
  const byRecord = new Map(known.map((e) => [e.record, e]));
  const entries: HistoryEntry[] = [];
  const damaged: unknown[] = [];
  for (const r of rounds) {
    const record = (r as { record?: unknown } | null)?.record;
    const mine = typeof record === 'string' ? byRecord.get(record) : undefined;
    if (mine) entries.push(mine);
    else {
      try {
        entries.push(readEntry(r));
      } catch {
        damaged.push(r);
      }
    }
  }
  return { entries, damaged };
}

/**
 * The stored history as it is now: rounds already `known` are taken as they are, the others (another
 * tab's) are read and checked, and those that cannot be read are set apart. Null when the store is
 * not a history at all.
 */
export function storedHistory(storage: StorageLike, known: readonly HistoryEntry[]): StoredHistory | null {
  const raw = storage.getItem(HISTORY_KEY);
  if (raw === null) return { entries: [], damaged: [] };
  let rounds: unknown[];
  try {
    rounds = historyRounds(raw);
  } catch {
    return null;
  }
  return readStoredRounds(rounds, known);
}

/**
 * Adds `damaged` rounds to those kept aside (DAMAGED_ROUNDS_KEY), each once; whatever is there
 * already stays, also a text that is not a list. Throws if storage refuses.
 */
function setDamagedAside(storage: StorageLike, damaged: readonly unknown[]): void {
  const before = storage.getItem(DAMAGED_ROUNDS_KEY);
  let aside: unknown[] = [];
  if (before !== null) {
    try {
      const parsed: unknown = JSON.parse(before);
      aside = Array.isArray(parsed) ? parsed : [before];
    } catch {
      aside = [before];
    }
  }
  const seen = new Set(aside.map((r) => JSON.stringify(r)));
  const fresh = damaged.filter((r) => !seen.has(JSON.stringify(r)) && seen.add(JSON.stringify(r)));
  if (fresh.length > 0 || before === null) storage.setItem(DAMAGED_ROUNDS_KEY, JSON.stringify([...aside, ...fresh]));
}

export interface HistoryUpdate {
  /** The history now, newest first, at most HISTORY_CAP rounds. */
  entries: HistoryEntry[];
  /** The oldest rounds that no longer fit (to offer for export). */
  dropped: HistoryEntry[];
  /** False when storage refused the write (the entries are then this page's only). */
  stored: boolean;
}

/**
 * Changes the stored history by `change`, applied to the list as stored now (so rounds another
 * tab finished are kept, and a round deleted stays deleted); `known` is this page's list, used
 * when storage cannot be read. The newest HISTORY_CAP rounds are kept.
 */
export function updateHistory(storage: StorageLike | null, known: readonly HistoryEntry[], change: (entries: HistoryEntry[]) => HistoryEntry[]): HistoryUpdate {
  let base = [...known];
  let unreadable: string | null = null;
  let damaged: unknown[] = [];
  try {
    const stored = storage && storedHistory(storage, known);
    if (stored) ({ entries: base, damaged } = stored);
    else unreadable = storage?.getItem(HISTORY_KEY) ?? null;
  } catch {
    // Storage cannot be read: this page's list is the best there is.
  }
  const all = change(base).sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
  const entries = all.slice(0, HISTORY_CAP);
  const dropped = all.slice(HISTORY_CAP);
  if (!storage) return { entries, dropped, stored: false };
  try {
    // A stored text that is not a history is kept aside, not overwritten; so are rounds that cannot
    // be read (if storage refuses them, the history is not written either: they stay where they are).
    if (unreadable !== null) storage.setItem(UNREADABLE_HISTORY_KEY, unreadable);
    if (damaged.length > 0) setDamagedAside(storage, damaged);
    storage.setItem(HISTORY_KEY, historyFile(entries, true));
    return { entries, dropped, stored: true };
  } catch {
    return { entries, dropped, stored: false };
  }
}
