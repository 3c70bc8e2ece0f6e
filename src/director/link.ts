/**
 * Connects the page's session to the director: the event log, speed and pause go in; busy/idle
 * comes back as setAnimating (the session waits for it before the next computer move) and the
 * number of events shown as setShown (the HUD follows the board; while the board is emptied or
 * its start balls placed, the balls at rest on it). A board that falls behind
 * the log (on TV) catches up at once.
 */
import type { StoreApi } from 'zustand';
import { animationSpeed, reducedMotionOn, useAccess } from '../app/setup/accessPrefs';
import type { SessionState } from '../app/session/session';
import type { GameEvent } from '../engine/events';
import type { Director } from './timeline';

/** Moves the board may show behind the round's log before it skips its animations to catch up. */
export const MOST_MOVES_BEHIND = 2;

/** Moves started in events[from..to): a move's first ball placed (a Pro double places two). */
function movesIn(events: readonly GameEvent[], from: number, to: number): number {
  let moves = 0;
  for (let i = Math.max(from, 0); i < to; i++) if (events[i].type === 'ballPlaced' && events[i - 1]?.type !== 'ballPlaced') moves++;
  return moves;
}

/**
 * Wires a director to a session store; returns the function that unwires it. `catchesUp` says
 * whether the board catches up when it falls behind (the page's TV: a round only watched, played
 * at the server's pace); elsewhere every move is shown, however late.
 */
export function linkDirector(session: StoreApi<SessionState>, target: Director, catchesUp: () => boolean = () => true): () => void {
  const pull = (state: SessionState) => {
    // A log the director cannot play must not break the session that is notifying us: say so.
    try {
      const access = useAccess.getState();
      const speed = animationSpeed(state.settings.speed, access);
      if (target.speed !== speed) target.setSpeed(speed);
      target.setReducedMotion(reducedMotionOn(access));
      target.setPaused(state.paused);
      target.sync(state.snapshot.events);
      catchUp(state.snapshot.events);
    } catch (error) {
      console.error(`the board animation cannot follow the game: ${error instanceof Error ? error.message : String(error)}`);
      target.skip();
    }
  };
  /**
   * A board more than MOST_MOVES_BEHIND moves behind the log (a slow device, a tab in the
   * background while an online room plays on) shows the rest at once, so it never lags further.
   */
  const catchUp = (events: readonly GameEvent[]) => {
    if (catchesUp() && movesIn(events, target.shownEvents, events.length) > MOST_MOVES_BEHIND) target.skip();
  };
  const report = () => {
    const busy = target.busy;
    session.getState().setShown(target.shownEvents, target.ballsAtRest());
    if (session.getState().animating !== busy) session.getState().setAnimating(busy);
  };
  const unsubscribeDirector = target.subscribe(report);
  const unsubscribeSession = session.subscribe((state, previous) => {
    if (state.snapshot.events !== previous.snapshot.events || state.settings.speed !== previous.settings.speed || state.paused !== previous.paused) pull(state);
    // A jump in a replay: a log that may differ anywhere from the last one (another line), so
    // the board is rebuilt from it and shown at once, not rolled move by move.
    if (state.jumps !== previous.jumps) {
      target.sync([]);
      pull(state);
      target.skip();
    }
  });
  // Reduced motion switched on or off: the speed and the end-of-round count follow.
  const unsubscribeAccess = useAccess.subscribe(() => pull(session.getState()));
  pull(session.getState());
  // A resumed game (or a page opened after a jump) starts settled.
  if (session.getState().jumps > 0) target.skip();
  report();
  return () => {
    unsubscribeAccess();
    unsubscribeSession();
    unsubscribeDirector();
  };
}

