/**
 * The page's director and its clock. The clock runs on requestAnimationFrame only while
 * something is playing (idle = no frames), independent of the 3D canvas, so the game never
 * waits on a canvas that is lost or missing.
 */
import { create } from 'zustand';
import { Director } from './timeline';

export const director = new Director();

export interface DirectorStore {
  /** Whether animations are playing. */
  busy: boolean;
  /** Snaps every queued animation to its end. */
  skip(): void;
}

export const useDirector = create<DirectorStore>(() => ({
  busy: false,
  skip: () => director.skip(),
}));

/** Longest real step per frame: after a stall (tab hidden, slow frame) animations do not jump. */
const MAX_FRAME_SECONDS = 0.5;

let frame = 0;
let last = 0;

/** One frame of the clock. `frame` stays set while advancing, so listeners do not schedule another. */
function tick(now: number): void {
  const seconds = Math.min(MAX_FRAME_SECONDS, Math.max(0, (now - last) / 1000));
  last = now;
  director.advance(seconds);
  frame = director.busy ? requestAnimationFrame(tick) : 0;
}

director.subscribe(() => {
  const busy = director.busy;
  if (useDirector.getState().busy !== busy) useDirector.setState({ busy });
  if (busy && !frame && typeof requestAnimationFrame === 'function') {
    last = performance.now();
    frame = requestAnimationFrame(tick);
  }
});
