/**
 * Saved rounds (docs/online.md, Records): their names, where they are kept (RecordStore: a page of
 * the list, write, read; the database's is db/recordTable.ts), and keeping one through passing
 * failures, so that a round is never lost in silence.
 */
import type { Page, TimeKey } from '../front/pages';

export const RECORD_EXTENSION = '.rolit';

/** Kinds of rounds nobody keeps (TV's, quick play's): their record names start with the kind, and they expire. */
export type PassingTable = 'tv' | 'quick';

/**
 * A record's name: the room code, then the round (from 1), and `-unfinished` for a round the
 * server saved as it stopped; `tv-` or `quick-` first for a server table's round. Only
 * [A-Za-z0-9_-] from the room code.
 */
export function recordFileName(roomId: string, round: number, unfinished = false, table?: PassingTable): string {
  return `${table ? `${table}-` : ''}${roomId.replace(/[^A-Za-z0-9_-]/g, '_')}-round${round + 1}${unfinished ? '-unfinished' : ''}${RECORD_EXTENSION}`;
}

/** Whether a record is of a round nobody keeps (recordFileName's `table`). */
export function isPassing(name: string): boolean {
  return /^(?:tv|quick)-/.test(name);
}

/** Whether a record is of a round saved unfinished (recordFileName's `unfinished`). */
export function isUnfinished(name: string): boolean {
  return name.endsWith(`-unfinished${RECORD_EXTENSION}`);
}

/** Where records are kept: the server reads and writes them through this only. */
export interface RecordStore {
  /** At most `limit` names, newest first (by the time each was saved), after the record whose key is `after`. */
  list(limit: number, after: TimeKey | null): Promise<Page<string, TimeKey>>;
  /** Keeps a record under `name` (replacing one of that name); resolves once it is safely stored. */
  write(name: string, text: string): Promise<void>;
  /** A record's text, or null when there is none of that name. */
  read(name: string): Promise<string | null>;
}

/** Longest record name: a room code and a round number are far shorter. */
const MAX_RECORD_NAME = 100;
const RECORD_NAME = /^[A-Za-z0-9_-]+\.rolit$/;

/** Whether `name` is a plain record name (letters, digits, `_`, `-`, then `.rolit`; at most 100 characters). */
export function isRecordName(name: string): boolean {
  return name.length <= MAX_RECORD_NAME && RECORD_NAME.test(name);
}

/** Failures of the system that may pass (open files, disk space, a lost connection): worth trying again. */
const PASSING_CODES = ['EMFILE', 'ENFILE', 'ENOSPC', 'EDQUOT', 'EAGAIN', 'EBUSY', 'EIO', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'];
/** SQLite's primary result codes that may pass: busy, locked, I/O error, disk full. */
const PASSING_SQLITE = [5, 6, 10, 13];
/** PostgreSQL's SQLSTATEs that may pass: connection exceptions (08), serialization failure and deadlock, resources (53), shutdown (57P01-03). */
const PASSING_POSTGRES = /^(?:08...|40001|40P01|53...|57P0[123])$/;

/** Whether a failure to save is of a passing kind (the file system's, SQLite's or PostgreSQL's). */
export function isPassingFailure(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown } | null;
  if (typeof e?.code !== 'string') return /connection terminated|timeout exceeded when trying to connect/i.test(String((error as Error)?.message));
  if (e.code === 'ERR_SQLITE_ERROR') return typeof e.errcode === 'number' && PASSING_SQLITE.includes(e.errcode & 0xff);
  return PASSING_CODES.includes(e.code) || PASSING_POSTGRES.test(e.code);
}

/** Pauses between tries of a write that failed for a passing reason: about two minutes in all. */
export const WRITE_RETRIES_MS = [500, 1000, 2000, 5000, 10_000, 20_000, 30_000, 60_000];

/**
 * Runs `attempt` until it succeeds; after a failure of a passing kind it tells `report` and tries
 * again after the next pause of `pauses`. Rejects with the last error once they are spent, or at
 * once for any other failure.
 */
export async function withRetries<T>(attempt: () => Promise<T>, report: (error: Error, retryMs: number) => void, pauses = WRITE_RETRIES_MS): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (!isPassingFailure(e) || i >= pauses.length) throw e;
      report(e as Error, pauses[i]);
      await new Promise((resolve) => setTimeout(resolve, pauses[i]));
    }
  }
}

/**
 * Keeps a record, trying again after a passing failure (each one reported through `log`); when
 * the tries are spent the record's text goes to the log, so no round is lost in silence, and the
 * error is thrown. Gives the record's name.
 */
export async function keepRecord(store: RecordStore, name: string, text: string, log: (line: string) => void = console.error, pauses = WRITE_RETRIES_MS): Promise<string> {
  try {
    await withRetries(() => store.write(name, text), (e, ms) => log(`rolit records: saving ${name}: ${e.message}; trying again in ${ms / 1000} s`), pauses);
    return name;
  } catch (e) {
    log(`rolit records: ${name} could not be saved (${(e as Error).message}); its text follows:\n${text}`);
    throw e;
  }
}
