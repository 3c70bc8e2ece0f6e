/**
 * The HTTP requests that read the database (`/records`, `/records/<name>`, `/players/…`,
 * `/leaderboard`) count against their address (docs/online.md, Per client address): each takes
 * one of the address's reads of the minute (`reads`, 429 `tooManyReads` past them, with
 * `Retry-After`), and one address has at most READS_AT_ONCE of them at the database at once, its
 * others waiting their turn in the order they came. The database answers one query at a time, so
 * an address sending hundreds at once waits behind its own, and another address's request finds
 * at most READS_AT_ONCE of each other address's before it.
 */
import type { ClientLimiter } from './limits';
import { type FrontHandler, pathOf, sendBody } from './front';
import { LIMIT_STATUS, requestAddress } from './admission';

/** Requests of one address at the database at once. */
export const READS_AT_ONCE = 2;

/** The paths whose requests read the database. */
const READ_PATH = /^\/(?:records|players|leaderboard)(?:\/|$)/;

/** `handlers`, their database reads counted and taking turns by address (the others passed on untouched). */
export function countedReads(limiter: ClientLimiter, handlers: FrontHandler[]): FrontHandler {
  const turns = new TurnsByKey(READS_AT_ONCE);
  return async (req, res) => {
    const path = pathOf(req);
    if (path === null || !READ_PATH.test(path)) return false;
    const address = requestAddress(req);
    const refusal = limiter.takeRead(address);
    if (refusal) {
      const headers = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after', 'cache-control': 'no-store', 'content-type': 'application/json', 'retry-after': String(refusal.retrySeconds) };
      sendBody(req, res, LIMIT_STATUS, headers, JSON.stringify({ error: `${refusal.code}: ${refusal.text}` }));
      return true;
    }
    return turns.run(address, async () => {
      for (const handler of handlers) if (await handler(req, res)) return true;
      return false;
    });
  };
}

/** At most `each` pieces of work of one key run at once; the others wait their turn, in the order they came. */
export class TurnsByKey {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(readonly each: number) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.running.get(key) ?? 0;
    if (running < this.each) this.running.set(key, running + 1);
    // A turn handed over by one that ended (below): the count stays as it is.
    else {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key);
        if (queue) queue.push(resolve);
        else this.waiting.set(key, [resolve]);
      });
    }
    try {
      return await work();
    } finally {
      const queue = this.waiting.get(key);
      const next = queue?.shift();
      if (queue?.length === 0) this.waiting.delete(key);
      if (next) next();
      else {
        const left = (this.running.get(key) ?? 1) - 1;
        if (left > 0) this.running.set(key, left);
        else this.running.delete(key);
      }
    }
  }

  /** Keys with work running or waiting (for tests: nothing is kept once all is done). */
  get size(): number {
    return this.running.size + this.waiting.size;
  }
}
