/**
 * The pixel ratio that holds a steady frame rate, from the times between drawn frames. Pure, so it
 * is tested without a browser. The scene draws on demand, so a long gap between two frames may be
 * a pause (nothing moved), not a slow frame: gaps over PAUSE_MS are left out of the measure, unless
 * the frame followed an animating one (then the gap is the frame's own time: a very slow device,
 * whose every frame takes longer than PAUSE_MS, must lower the ratio most of all).
 */
export const PAUSE_MS = 250;
/** Frames slower than this (under 40 per second) lower the pixel ratio... */
export const SLOW_MS = 25;
/** ...and frames faster than this (over 55 per second) raise it back. */
export const FAST_MS = 18;
/** Frames measured before lowering; raising waits three times as long, so the ratio does not flip-flop. */
const SLOW_WINDOW = 20;
const FAST_WINDOW = 60;
const STEP = 0.25;

export class PixelRatioPolicy {
  private times: number[] = [];

  constructor(
    readonly minDpr: number,
    readonly maxDpr: number,
    /** The pixel ratio now. */
    public dpr = maxDpr,
  ) {}

  /**
   * Feeds the time since the previous frame (ms) and whether that frame was animating (so this one
   * followed at once); returns the new pixel ratio when it changes, else null.
   */
  frame(ms: number, afterAnimating = false): number | null {
    if (ms > PAUSE_MS && !afterAnimating) {
      this.times = []; // a pause: the frames on each side of it are not one run
      return null;
    }
    this.times.push(ms);
    const slow = this.times.length >= SLOW_WINDOW && median(this.times.slice(-SLOW_WINDOW)) > SLOW_MS;
    const fast = this.times.length >= FAST_WINDOW && median(this.times) < FAST_MS;
    if (this.times.length >= FAST_WINDOW) this.times.shift();
    const next = slow ? Math.max(this.minDpr, this.dpr - STEP) : fast ? Math.min(this.maxDpr, this.dpr + STEP) : this.dpr;
    if (!slow && !fast) return null;
    this.times = []; // measure afresh at the new ratio
    if (next === this.dpr) return null;
    this.dpr = next;
    return next;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * The viewer's graphics choice (`?graphics=`): `auto` adapts the pixel ratio on a graphics card
 * and draws at FAST_DPR on a software renderer (SwiftShader, llvmpipe: too slow to adapt from
 * sharp); `adaptive` adapts on any renderer; `sharp` and `fast` hold the screen's ratio or FAST_DPR.
 */
export const GRAPHICS_MODES = ['auto', 'adaptive', 'sharp', 'fast'] as const;
export type GraphicsMode = (typeof GRAPHICS_MODES)[number];
/** The pixel ratio of `fast` and of software rendering, and the lowest the adaptation goes. */
export const FAST_DPR = 0.75;

export function isGraphicsMode(value: string): value is GraphicsMode {
  return (GRAPHICS_MODES as readonly string[]).includes(value);
}

/** How the canvas draws: the starting pixel ratio and whether it follows the frame rate (down to FAST_DPR). */
export function graphicsQuality(mode: GraphicsMode, software: boolean, deviceDpr: number): { dpr: number; adaptive: boolean } {
  const screen = Math.min(2, Math.max(1, deviceDpr || 1));
  if (mode === 'fast' || (mode === 'auto' && software)) return { dpr: FAST_DPR, adaptive: false };
  return { dpr: screen, adaptive: mode !== 'sharp' };
}
