/**
 * When no seat is human, the next round starts by itself after a visible countdown, so a match
 * can be watched end to end. It runs only once the round's end has been shown (animations over)
 * and the spectator has not paused; cancelling it leaves that round's end on screen.
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
  now?: () => number;
  /** What starts the next round: the session's nextRound, or the demo's next game. */
  next?: (session: SessionState) => void;
}

/** Starts watching the session; returns the countdown's store and the function that stops watching. */
export function watchRoundEnd(session: StoreApi<SessionState>, options: CountdownOptions = {}): { countdown: StoreApi<RoundCountdown>; stop(): void } {
  const seconds = options.seconds ?? COUNTDOWN_SECONDS;
  const now = options.now ?? (() => Date.now());
  const next = options.next ?? ((s: SessionState) => s.nextRound());
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The round (its event log's first event) whose countdown was cancelled. */
  let cancelledFor: unknown = null;

  const countdown = createStore<RoundCountdown>()(() => ({
    endsAt: null,
    cancel() {
      cancelledFor = session.getState().snapshot.events[0];
      update();
    },
  }));

  function due(s: SessionState): boolean {
    return s.snapshot.over && !s.remote && !s.animating && !s.paused && !s.spectatorPaused && !s.seats.some((seat) => seat.kind === 'human') && cancelledFor !== s.snapshot.events[0];
  }

  function update(): void {
    const s = session.getState();
    if (due(s) === (timer !== null)) return;
    if (timer) {
      clearTimeout(timer);
      timer = null;
      countdown.setState({ endsAt: null });
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      countdown.setState({ endsAt: null });
      next(session.getState());
    }, seconds * 1000);
    countdown.setState({ endsAt: now() + seconds * 1000 });
  }

  const unsubscribe = session.subscribe(update);
  update();
  return {
    countdown,
    stop() {
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
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
