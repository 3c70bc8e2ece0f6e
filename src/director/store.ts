/**
 * The page's director and its clock, created by the page (main.tsx: initDirector) rather than at
 * import, so tests and a restarted page each get their own. The clock runs on
 * requestAnimationFrame only while something is playing (idle = no frames), independent of the
 * 3D canvas, so the game never waits on a canvas that is lost or missing.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { Director } from './timeline';
import { pageOwned } from '../app/page/pageOwned';

export interface DirectorStatus {
  /** Whether animations are playing. */
  busy: boolean;
  /** Snaps every queued animation to its end. */
  skip(): void;
}

export interface PageDirector {
  director: Director;
  /** Busy/idle for React (the director itself changes every frame). */
  status: StoreApi<DirectorStatus>;
  /** Stops the clock and the subscription. */
  dispose(): void;
}

/** Longest real step per frame: after a stall (tab hidden, slow frame) animations do not jump. */
const MAX_FRAME_SECONDS = 0.5;

/** A director with its frame clock and busy status. */
export function createPageDirector(director: Director = new Director()): PageDirector {
  const status = createStore<DirectorStatus>(() => ({ busy: false, skip: () => director.skip() }));
  let frame = 0;
  let last = 0;

  /**
   * One frame of the clock. The next frame's tick is asked for before this one advances: the frame
   * the canvas asks for when it hears of the change (scene/view.ts) then comes after the clock's in
   * every animation frame, so the canvas draws the moment the HUD shows in the same frame. (Asked for
   * after, the canvas drew each frame what the clock had shown one frame before: under software
   * rendering, seconds a frame, the HUD said "The start ball is rolling…" over a board still empty.)
   * `frame` stays set while advancing, so listeners do not schedule another.
   */
  const tick = (now: number): void => {
    frame = requestAnimationFrame(tick);
    const seconds = Math.min(MAX_FRAME_SECONDS, Math.max(0, (now - last) / 1000));
    last = now;
    director.advance(seconds);
    if (director.busy) return;
    cancelAnimationFrame(frame);
    frame = 0;
  };

  const unsubscribe = director.subscribe(() => {
    const busy = director.busy;
    if (status.getState().busy !== busy) status.setState({ busy });
    if (busy && !frame && typeof requestAnimationFrame === 'function') {
      last = performance.now();
      frame = requestAnimationFrame(tick);
    }
  });

  return {
    director,
    status,
    dispose() {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
    },
  };
}

const page = pageOwned<PageDirector>('the director', 'initDirector', (earlier) => earlier.dispose());

/** Creates the page's director (main.tsx), disposing of any earlier one. */
export function initDirector(): PageDirector {
  return page.start(createPageDirector);
}

export function pageDirector(): PageDirector {
  return page.current();
}

/** React hook on the page director's status: `useDirector((s) => s.busy)`. */
export function useDirector<T>(selector: (status: DirectorStatus) => T): T {
  return useStore(pageDirector().status, selector);
}
