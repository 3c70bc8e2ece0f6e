/**
 * Saved rounds (docs/online.md, Records): their names, and where they are kept (RecordStore: a
 * page of the list, write, read; the database's is db/recordTable.ts). Rooms keep theirs through
 * the journal (journal.ts), which writes them here.
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
  /** Keeps a record under `name`, saved at `savedAt` (default now), replacing one of that name; resolves once it is safely stored. */
  write(name: string, text: string, savedAt?: Date): Promise<void>;
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
