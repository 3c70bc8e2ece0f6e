/**
 * The page's one instance of something main.tsx starts (the session, the director, the evaluator, the round
 * countdown, the exact values): starting it again ends the earlier one first, and reading it
 * before it was started is an error saying what to call.
 */
export interface PageOwned<T> {
  /** Ends the one held (if any), then holds and returns a new one. */
  start(create: () => T): T;
  /** The one held; throws if none was started. */
  current(): T;
  /** The one held, or null if none was started. */
  held(): T | null;
}

/** `name` says what it is ("the session"), `init` the function that starts it, `end` how an earlier one is ended. */
export function pageOwned<T>(name: string, init: string, end: (earlier: T) => void): PageOwned<T> {
  let held: T | null = null;
  return {
    start(create) {
      if (held) end(held);
      held = create();
      return held;
    },
    current() {
      if (held === null) throw new Error(`${name} is not started: call ${init} first`);
      return held;
    },
    held: () => held,
  };
}
