/**
 * Whether the database answers (docs/online.md, Health): a trivial query every few seconds, its
 * failure's cause kept for `/health`, and the journal woken as soon as the database is back, so
 * the rounds that waited go at once rather than at their next try. A change is logged once.
 */
import { type Kysely, sql } from 'kysely';
import { causeOf } from './failures';
import type { Database } from './schema';

/** A check with no answer in this time counts as a failure. */
const CHECK_TIMEOUT_MS = 5000;

export class DatabaseWatch {
  private cause: string | null = null;
  private checking: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    /** The database answers again after it did not. */
    private readonly back: () => void,
  ) {}

  /** Checks every `intervalMs` from now on. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.check(), intervalMs).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Why the database did not answer its last check; null when it did. */
  down(): string | null {
    return this.cause;
  }

  /** Whether the database answers now (a check of its own, or the one under way). */
  check(): Promise<boolean> {
    this.checking ??= this.ask().finally(() => (this.checking = null));
    return this.checking;
  }

  private async ask(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS)));
      await Promise.race([sql`select 1`.execute(this.db), late]);
      if (this.cause !== null) {
        console.log('rolit database: the database answers again');
        this.cause = null;
        this.back();
      }
      return true;
    } catch (e) {
      if (this.cause === null) console.error(`rolit database: the database does not answer: ${causeOf(e)}`);
      this.cause = causeOf(e);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
