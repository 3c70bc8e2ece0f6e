/**
 * The journal of rounds to keep (docs/online.md, The journal): every finished round's record,
 * game and ratings, and every round saved unfinished, goes first to the process's journal on its
 * own disk (journalFile.ts), then to the database, by one writer in the order the rounds came,
 * each tried again until the database has it. Writing is idempotent by the round's id (a record
 * replaced by the same text, a game kept once), so a write tried again after an answer lost on
 * the way writes nothing twice. A process that stops or dies leaves what waits in its file, and
 * the next process on the directory writes it. A failure is logged with its cause, once a cause
 * and minute (foldedLog.ts); a round the database refuses while it answers (no passing failure:
 * a bug, data it cannot take) is set aside after a few tries, so that the rounds after it go on,
 * and stays in the file for the next start.
 */
import type { FoldedLog } from '../front/foldedLog';
import { causeOf, isPassingFailure } from './failures';
import { type Journaled, JournalFile, type RoundToKeep } from './journalFile';
import type { RecordStore } from './records';
import type { GameStore, SeatRating } from './store';

export type { KeptGame, RoundToKeep } from './journalFile';

/** Pauses after a round's first failures; after them, the longest pause (JournalOptions.retryMaxMs). */
const FIRST_PAUSES_MS = [500, 1000, 2000, 5000];
/** Longest pause between tries of a round (ms) unless told otherwise. */
export const DEFAULT_RETRY_MAX_MS = 10_000;
/** Tries of a round the database refuses while it answers, before it is set aside. */
const REFUSED_TRIES = 3;
/** How long a stopping server waits for the rounds still to be written (the rest wait in the file). */
const CLOSING_WAIT_MS = 2000;

/** Writes a round to the database: its ratings when it rated anyone (none otherwise, or when it was kept already). */
export type RoundWriter = (round: RoundToKeep) => Promise<SeatRating[] | null>;

export interface JournalOptions {
  /** Longest pause between tries of a round that failed (ms; default DEFAULT_RETRY_MAX_MS). */
  retryMaxMs?: number;
  /** Where failures are logged, once a cause and interval. */
  log: FoldedLog;
  /** Whether the database answers now: a failure while it does not is waited out, whatever its code. */
  answers: () => Promise<boolean>;
}

/** What a round kept becomes: on the disk (or in memory alone when the disk cannot take it), then in the database. */
export interface Keeping {
  /** Resolves once the round is on the journal's disk; rejects when the disk failed (the round waits in memory). */
  journaled: Promise<void>;
  /** Resolves with its ratings once the database has it; rejects when it was set aside or the server stopped first. */
  written: Promise<SeatRating[] | null>;
}

/** What the journal tells /health. */
export interface JournalState {
  /** Rounds waiting for the database. */
  waiting: number;
  /** Rounds set aside (the database refused them), written again at the next start. */
  setAside: number;
  /** Why the first waiting round's last try failed; null when it did not (or none waits). */
  failing: string | null;
}

interface Waiting {
  seq: number | null;
  round: RoundToKeep;
  tries: number;
  journaled: Promise<void>;
  written: { promise: Promise<SeatRating[] | null>; resolve: (r: SeatRating[] | null) => void; reject: (e: Error) => void };
}

export class RoundJournal {
  private readonly queue: Waiting[] = [];
  private readonly setAside: Waiting[] = [];
  private failing: string | null = null;
  /** When the writes began to fail (ms), 0 while they do not. */
  private failingSince = 0;
  private draining: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private closed = false;
  private readonly retryMaxMs: number;

  private constructor(
    private readonly file: JournalFile,
    private readonly write: RoundWriter,
    private readonly options: JournalOptions,
  ) {
    this.retryMaxMs = options.retryMaxMs ?? DEFAULT_RETRY_MAX_MS;
  }

  /** Opens the journal of `dir` and starts writing what waits in it (this process's earlier rounds, and those of processes that ended). */
  static async open(dir: string, write: RoundWriter, options: JournalOptions): Promise<RoundJournal> {
    const { file, waiting, unread, files } = await JournalFile.open(dir, (line) => options.log.line(line));
    const journal = new RoundJournal(file, write, options);
    if (unread > 0) console.error(`rolit journal: ${unread} line${unread === 1 ? '' : 's'} of ${files.join(', ')} did not read (a write cut short) and ${unread === 1 ? 'was' : 'were'} skipped`);
    if (waiting.length > 0) console.log(`rolit journal: ${waiting.length} round${waiting.length === 1 ? '' : 's'} left in ${files.join(', ')} go to the database`);
    for (const { seq, round } of waiting) journal.enqueue(round, seq, Promise.resolve());
    journal.drain();
    return journal;
  }

  /** The file of this process's journal. */
  get path(): string {
    return this.file.path;
  }

  /** Keeps a round: to the journal's disk, then to the database after every round kept before it. */
  keep(round: RoundToKeep): Keeping {
    if (this.closed) {
      const refused = Promise.reject(new Error('the server is stopping: the round was not kept'));
      refused.catch(() => {});
      return { journaled: refused, written: refused };
    }
    const item = this.enqueue(round, null, null);
    this.drain();
    return { journaled: item.journaled, written: item.written.promise };
  }

  state(): JournalState {
    return { waiting: this.queue.length, setAside: this.setAside.length, failing: this.queue.length > 0 ? this.failing : null };
  }

  /** Tries the first waiting round now (the database is back). */
  wake(): void {
    this.wakeUp?.();
  }

  /**
   * The server stops: waits a moment for the rounds still to be written, then stops writing. What
   * waits stays in the file for the next start; a round the disk could not take either goes to
   * the log, its text in full, the last place it can be kept.
   */
  async close(): Promise<void> {
    const waited = (work: Promise<unknown> | null) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, CLOSING_WAIT_MS).unref())]);
    // A database that takes rounds gets a moment to take the last ones; one that fails gets none.
    if (this.failing === null) await waited(this.draining);
    this.closed = true;
    this.wake();
    // A write under way may not answer (a database gone quiet): it is not waited for long.
    await waited(this.draining);
    await Promise.allSettled(this.queue.map((item) => item.journaled));
    for (const item of this.queue) {
      if (item.seq === null) console.error(`rolit journal: round ${item.round.id} is neither in the database nor on the disk as the server stops; its record follows:\n${item.round.record}`);
      item.written.reject(new Error('the server stopped before the database had the round: it waits in the journal'));
    }
    await this.file.close();
  }

  private enqueue(round: RoundToKeep, seq: number | null, journaled: Promise<void> | null): Waiting {
    let resolve!: Waiting['written']['resolve'];
    let reject!: Waiting['written']['reject'];
    const promise = new Promise<SeatRating[] | null>((yes, no) => ((resolve = yes), (reject = no)));
    // Heard here too, so that a rejection nobody waits for (a round of an earlier process) is no unhandled one.
    promise.catch(() => {});
    const item: Waiting = { seq, round, tries: 0, journaled: Promise.resolve(), written: { promise, resolve, reject } };
    item.journaled =
      journaled ??
      this.file.append(round).then(
        (n) => void (item.seq = n),
        (e: unknown) => {
          this.options.log.line(`rolit journal: ${causeOf(e)}: cannot write ${this.file.path}; the round waits in memory until the database has it`);
          throw e;
        },
      );
    item.journaled.catch(() => {});
    this.queue.push(item);
    return item;
  }

  private drain(): void {
    if (this.draining || this.closed) return;
    this.draining = this.writeAll().finally(() => {
      this.draining = null;
      // A round kept as the writer ended.
      if (this.queue.length > 0) this.drain();
    });
  }

  /** The one writer: the first waiting round until the database has it, then the next. */
  private async writeAll(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      const item = this.queue[0];
      // The disk first (its failure leaves the round in memory only).
      await item.journaled.catch(() => {});
      try {
        const ratings = await this.write(item.round);
        this.queue.shift();
        if (item.seq !== null) this.file.done(item.seq);
        item.written.resolve(ratings);
        this.recovered();
      } catch (e) {
        item.tries++;
        const cause = causeOf(e);
        if (!isPassingFailure(e) && item.tries >= REFUSED_TRIES && !this.closed && (await this.options.answers())) {
          this.queue.shift();
          this.setAside.push(item);
          // The database answers: it is not down, it refuses this round.
          this.failing = null;
          this.failingSince = 0;
          this.options.log.line(`rolit journal: the database refuses round ${item.round.id}: ${cause}; it is set aside (tried again at the next start) and the rounds after it go on`);
          item.written.reject(e instanceof Error ? e : new Error(cause));
          continue;
        }
        if (this.closed) break;
        this.failing = cause;
        this.failingSince ||= Date.now();
        const pause = Math.min(this.retryMaxMs, FIRST_PAUSES_MS[item.tries - 1] ?? this.retryMaxMs);
        // The cause first: lines fold by their start, so this is one line a cause and minute.
        this.options.log.line(`rolit journal: ${cause}: ${this.queue.length} rounds wait for the database, trying again in ${pause / 1000} s`);
        await this.pause(pause);
      }
    }
    // Nothing waits: the file holds only what was set aside.
    if (this.queue.length === 0 && !this.closed) this.file.reset(this.setAside.flatMap((item) => (item.seq === null ? [] : [{ seq: item.seq, round: item.round } satisfies Journaled])));
  }

  private recovered(): void {
    if (this.failingSince === 0) return;
    console.log(`rolit journal: the database takes rounds again after ${Math.round((Date.now() - this.failingSince) / 1000)} s; ${this.queue.length} more wait`);
    this.failing = null;
    this.failingSince = 0;
  }

  /** Waits `ms`, or less when woken. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

/** The database's side of the journal: a game and its ratings in one transaction, or a record alone; each idempotent by the round's id. */
export function databaseWriter(store: GameStore, records: RecordStore): RoundWriter {
  return async ({ id, at, record, game }) => {
    if (game) return store.saveRound({ ...game, id, record, finishedAt: new Date(at) });
    await records.write(id, record, new Date(at));
    return null;
  };
}
