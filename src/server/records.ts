/**
 * Finished rounds kept on the server, behind a small interface (RecordStore: a page of the list,
 * write, read) that another store can implement. DirectoryRecords keeps one record file per round
 * (docs/record-format.md) in the data directory, written atomically (a temporary file renamed
 * into place), so a crash or a restart never leaves half a record and loses no finished round.
 * It reads the directory once, at start, into an index in memory, newest first, kept up to date
 * as it writes: listing a page never reads the disk.
 */
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const RECORD_EXTENSION = '.rolit';

/** Kinds of rounds nobody keeps (TV's, quick play's): their record names start with the kind, and they expire. */
export type PassingTable = 'tv' | 'quick';

/**
 * A record's file name: the room code, then the round (from 1), and `-unfinished` for a round the
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

/** One page of the records, newest first: `next` continues after it (null on the last page). */
export interface RecordPage {
  names: string[];
  next: string | null;
}

/** Where records are kept: the server reads and writes them through this only. */
export interface RecordStore {
  /** At most `limit` names, newest first, after the page `cursor` (a `next` of an earlier page) ends. */
  list(limit: number, cursor?: string): RecordPage;
  /** Keeps a record under `name`; resolves once it is safely stored. */
  write(name: string, text: string): Promise<void>;
  /** A record's text, or null when there is none of that name. */
  read(name: string): Promise<string | null>;
}

/** Longest record name read: a room code and a round number are far shorter, and no file system refuses it. */
const MAX_RECORD_NAME = 100;
const RECORD_NAME = /^[A-Za-z0-9_-]+\.rolit$/;
/** A page's cursor: the time (ms) and name of its last record. */
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{1,94}\.rolit)$/;

/** Whether `name` is a plain record name (letters, digits, `_`, `-`, then `.rolit`; at most 100 characters). */
export function isRecordName(name: string): boolean {
  return name.length <= MAX_RECORD_NAME && RECORD_NAME.test(name);
}

/** Whether `cursor` is of the form a page's `next` has. */
export function isCursor(cursor: string): boolean {
  return CURSOR.test(cursor);
}

interface Entry {
  at: number;
  name: string;
}

/** Oldest first: by time, then name. */
const before = (a: Entry, b: Entry) => a.at - b.at || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A write that failed for want of a resource that may come back (open files, disk space): worth trying again. */
const PASSING_FAILURES = ['EMFILE', 'ENFILE', 'ENOSPC', 'EDQUOT', 'EAGAIN', 'EBUSY', 'EIO'];

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
      const passing = PASSING_FAILURES.includes((e as NodeJS.ErrnoException).code ?? '');
      if (!passing || i >= pauses.length) throw e;
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

/** Records as files of a directory, indexed in memory. */
export class DirectoryRecords implements RecordStore {
  /** Every record, oldest first. */
  private readonly index: Entry[] = [];
  private readonly times = new Map<string, number>();

  private constructor(
    readonly dir: string,
    private readonly now: () => number,
  ) {}

  /** Opens `dir` (made on the first write if missing) and indexes its records by their files' times. */
  static async open(dir: string, now: () => number = Date.now): Promise<DirectoryRecords> {
    const store = new DirectoryRecords(dir, now);
    let names: string[] = [];
    try {
      names = (await readdir(dir)).filter((f) => isRecordName(f) && !f.startsWith('.'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    // A few at a time: a large directory must not take every open file.
    for (let i = 0; i < names.length; i += 64) {
      const chunk = names.slice(i, i + 64);
      const stats = await Promise.all(chunk.map((name) => stat(join(dir, name)).catch(() => null)));
      chunk.forEach((name, j) => {
        if (!stats[j]?.isFile()) return;
        store.index.push({ at: Math.floor(stats[j].mtimeMs), name });
        store.times.set(name, Math.floor(stats[j].mtimeMs));
      });
    }
    store.index.sort(before);
    return store;
  }

  list(limit: number, cursor?: string): RecordPage {
    let end = this.index.length;
    if (cursor !== undefined) {
      const [, at, name] = CURSOR.exec(cursor) ?? [];
      end = this.firstNotBefore({ at: Number(at), name });
    }
    const start = Math.max(0, end - limit);
    const page = this.index.slice(start, end).reverse();
    const last = page.at(-1);
    return { names: page.map((e) => e.name), next: start > 0 && last ? `${last.at}.${last.name}` : null };
  }

  async write(name: string, text: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `.${name}.${process.pid}.${Date.now()}.tmp`);
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, join(this.dir, name));
    this.remove(name);
    this.add({ at: this.now(), name });
  }

  async read(name: string): Promise<string | null> {
    if (!isRecordName(name)) return null;
    try {
      return await readFile(join(this.dir, name), 'utf8');
    } catch (e) {
      // No such file, or a directory of that name: no record.
      if (['ENOENT', 'EISDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) return null;
      throw e;
    }
  }

  /** Deletes the records of rounds nobody keeps (isPassing) older than `maxAgeMs`; how many. */
  async expire(maxAgeMs: number): Promise<number> {
    const limit = this.now() - maxAgeMs;
    const old = this.index.filter((e) => e.at < limit && isPassing(e.name));
    for (const { name } of old) {
      await unlink(join(this.dir, name)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
      this.remove(name);
    }
    return old.length;
  }

  /** Adds an entry at its place (new writes come last, so this is cheap for them). */
  private add(entry: Entry): void {
    this.times.set(entry.name, entry.at);
    const last = this.index.at(-1);
    if (!last || before(last, entry) <= 0) this.index.push(entry);
    else this.index.splice(this.firstNotBefore(entry), 0, entry);
  }

  private remove(name: string): void {
    const at = this.times.get(name);
    if (at === undefined) return;
    this.times.delete(name);
    this.index.splice(this.firstNotBefore({ at, name }), 1);
  }

  /** The index of the first entry not before `entry` (binary search). */
  private firstNotBefore(entry: Entry): number {
    let [low, high] = [0, this.index.length];
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(this.index[mid], entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
