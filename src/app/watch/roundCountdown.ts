/**
 * When no seat is human, the next round starts by itself after a visible countdown, so a match
 * can be watched end to end. The pause is the page's match flow's (SessionState.nextRoundAt): it
 * runs only once the round's end has been shown (animations over) and nothing is paused, and
 * cancelling it leaves that round's end on screen. This module sets its length and what ends it,
 * and shows it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { pageOwned } from '../page/pageOwned';
import type { SessionState } from '../session/session';

export const COUNTDOWN_SECONDS = 8;

export interface RoundCountdown {
  /** Milliseconds since the epoch when the next round starts, or null when none is due. */
  endsAt: number | null;
  /** Stops the countdown of this round (the next round is then started by hand). */
  cancel(): void;
}

export interface CountdownOptions {
  seconds?: number;
  /** What ends the countdown: the session's nextRound, or the demo's next game. */
  next?: (session: SessionState) => void;
}

/** Starts the countdown on the session; returns the countdown's store and the function that stops it. */
export function watchRoundEnd(session: StoreApi<SessionState>, options: CountdownOptions = {}): { countdown: StoreApi<RoundCountdown>; stop(): void } {
  const countdown = createStore<RoundCountdown>()(() => ({
    endsAt: null,
    cancel: () => session.getState().cancelNextRound(),
  }));
  const show = (s: SessionState) => {
    const endsAt = s.nextRoundAt || null;
    if (countdown.getState().endsAt !== endsAt) countdown.setState({ endsAt });
  };
  const unsubscribe = session.subscribe(show);
  session.getState().setNextRoundPause((options.seconds ?? COUNTDOWN_SECONDS) * 1000, options.next);
  show(session.getState());
  return {
    countdown,
    stop() {
      unsubscribe();
      session.getState().setNextRoundPause(null);
    },
  };
}

const page = pageOwned<{ countdown: StoreApi<RoundCountdown>; stop(): void }>('the round countdown', 'initRoundCountdown', (earlier) => earlier.stop());

/** The page's countdown (main.tsx), replacing any earlier one. */
export function initRoundCountdown(session: StoreApi<SessionState>, options: CountdownOptions = {}): StoreApi<RoundCountdown> {
  return page.start(() => watchRoundEnd(session, options)).countdown;
}

/** React hook on the page's countdown. */
export function useRoundCountdown<T>(selector: (c: RoundCountdown) => T): T {
  return useStore(page.current().countdown, selector);
}
