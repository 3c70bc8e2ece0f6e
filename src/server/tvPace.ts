/**
 * TV's pace (docs/online.md, TV): its computers' moves are played no sooner than a set time
 * after they were asked for (the moment the move before was played), so people can follow a
 * round; a search that takes longer is played when it ends.
 */

/** The default: a move about every 2 s. */
export const DEFAULT_TV_MOVE_MS = 2000;

/** `answer`, held until `ms` after now on the room's clock (a rejection is not held). */
export function atPace<T>(answer: Promise<T>, ms: number, clock: { setTimeout(run: () => void, ms: number): unknown }): Promise<T> {
  const paced = new Promise<void>((resolve) => void clock.setTimeout(resolve, ms));
  return Promise.all([answer, paced]).then(([value]) => value);
}
