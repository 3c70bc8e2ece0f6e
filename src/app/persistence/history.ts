/**
 * History of finished rounds, kept in localStorage (`rolit.history`): each round's record with what
 * the list shows (date, players and levels, size, variant, result). A record is about 1.6 kB, so
 * thousands of rounds fit. The same record is never kept twice (a resumed game finishing again, an
 * import of rounds already there). Export writes every round as one JSON file; import reads it back
 * all or nothing, naming the first bad round and its record's line and column.
 */
import { type GameState, readRecord, RecordError, resultBalls, resultText, type Seat } from '../../engine/index';
import { errorText } from '../../i18n/engineReasons';
import { CodedProblem } from '../../i18n/codedProblem';
import { parseStoredJson } from './json';
import { currentVersion, migrate, type VersionedFormat } from './migrations';

export const HISTORY_KEY = 'rolit.history';
export const HISTORY_FORMAT = 'rolit-history';
/** The history file's versions (stored and exported alike): a change adds its step here. */
export const HISTORY_VERSIONS: VersionedFormat = { versionLabel: 'history format', texts: 'replay:historyFormat', first: 1, migrations: [] };
export const HISTORY_VERSION = currentVersion(HISTORY_VERSIONS);
/** An import file larger than this is refused before it is read. */
export const MAX_IMPORT_CHARS = 20_000_000;

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
export type HistoryCode = 'fileTooLong' | 'notHistoryFile' | 'noRounds' | 'round' | 'notRound' | 'noRecord' | 'record' | 'unfinished' | 'noDate' | 'players';

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
function readEntry(value: unknown): HistoryEntry {
  if (typeof value !== 'object' || value === null) throw new HistoryError('notRound', {}, 'not a round');
  const v = value as Record<string, unknown>;
  if (typeof v.record !== 'string') throw new HistoryError('noRecord', {}, 'no record');
  let game;
  try {
    game = readRecord(v.record).game;
  } catch (e) {
    if (e instanceof RecordError) throw new HistoryError('record', {}, `its record, ${e.message}`, e);
    throw e;
  }
  if (!game.state.over) throw new HistoryError('unfinished', {}, 'its record is of an unfinished round');
  const date = typeof v.finishedAt === 'string' && !Number.isNaN(Date.parse(v.finishedAt)) ? v.finishedAt : null;
  if (!date) throw new HistoryError('noDate', {}, 'no valid date');
  const players = Array.isArray(v.players) ? v.players : null;
  const playerOk = (p: unknown) => typeof p === 'object' && p !== null && typeof (p as HistoryPlayer).name === 'string' && typeof (p as HistoryPlayer).level === 'string' && Array.isArray((p as HistoryPlayer).colours);
  if (!players || players.length !== game.setup.players.length || !players.every(playerOk)) throw new HistoryError('players', {}, 'the players do not match its record');
  const setup = game.setup;
  return { finishedAt: date, players: players as HistoryPlayer[], size: setup.size, variant: setup.variant, misere: setup.misere, ...resultOf(game.state), record: v.record };
}

/** The rounds in an export file; throws an error naming what is wrong (nothing is half-read). */
export function readHistoryFile(text: string): HistoryEntry[] {
  if (text.length > MAX_IMPORT_CHARS) throw new HistoryError('fileTooLong', { length: text.length, max: MAX_IMPORT_CHARS }, `the file is ${text.length} characters long, more than ${MAX_IMPORT_CHARS}`);
  const data = parseStoredJson(text);
  const file = data as Record<string, unknown> | null;
  if (typeof file !== 'object' || file === null || file.format !== HISTORY_FORMAT) throw new HistoryError('notHistoryFile', { format: HISTORY_FORMAT }, `not a Rolit history file (expected "format": "${HISTORY_FORMAT}")`);
  const d = migrate(file, HISTORY_VERSIONS);
  if (!Array.isArray(d.rounds)) throw new HistoryError('noRounds', {}, 'no list of rounds');
  return d.rounds.map((r, i) => {
    try {
      return readEntry(r);
    } catch (e) {
      throw new HistoryError('round', { round: i + 1 }, `round ${i + 1}: ${(e as Error).message}`, e);
    }
  });
}

export function historyFile(entries: readonly HistoryEntry[]): string {
  return JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, rounds: entries }, null, 1);
}

/** `entries` with `more` added, skipping records already there; newest first. */
export function mergeHistory(entries: readonly HistoryEntry[], more: readonly HistoryEntry[]): { entries: HistoryEntry[]; added: number; skipped: number } {
  const seen = new Set(entries.map((e) => e.record));
  const fresh = more.filter((e) => !seen.has(e.record) && seen.add(e.record));
  const all = [...entries, ...fresh].sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
  return { entries: all, added: fresh.length, skipped: more.length - fresh.length };
}

/** Reads the stored history (an unreadable store reads as empty, with the reason and its raw text). */
export function loadHistory(storage: StorageLike | null): { entries: HistoryEntry[]; problem: { reason: string; raw: string } | null } {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(HISTORY_KEY) ?? null;
  } catch {
    return { entries: [], problem: null };
  }
  if (raw === null) return { entries: [], problem: null };
  try {
    return { entries: readHistoryFile(raw), problem: null };
  } catch (e) {
    return { entries: [], problem: { reason: errorText(e), raw } };
  }
}

/** Writes the history; false when storage refused it. */
export function storeHistory(storage: StorageLike | null, entries: readonly HistoryEntry[]): boolean {
  if (!storage) return false;
  try {
    storage.setItem(HISTORY_KEY, historyFile(entries));
    return true;
  } catch {
    return false;
  }
}
