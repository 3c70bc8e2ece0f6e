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

/**
 * The environment variables of TV's pace (ms): `npm run server` reads them behind --tv-move and
 * --tv-pause, and the game server of `npm start` (scripts/gameServerPlugin.ts) reads them alone.
 */
export const TV_PACE_ENV = { move: 'ROLIT_TV_MOVE', pause: 'ROLIT_TV_PAUSE' } as const;

/** TV's pace as the environment sets it: each variable given, in ms (>= 0); one set wrong throws, saying which and what it holds. */
export function tvPaceFromEnv(env: Record<string, string | undefined>): { tvMoveMs?: number; tvPauseMs?: number } {
  const ms = (name: string) => {
    const text = env[name];
    if (text === undefined || text === '') return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name}: expected a number of ms >= 0, not ${JSON.stringify(text)}`);
    return value;
  };
  return { tvMoveMs: ms(TV_PACE_ENV.move), tvPauseMs: ms(TV_PACE_ENV.pause) };
}
