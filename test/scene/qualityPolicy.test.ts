/** The pixel ratio policy: lowered by slow frames, restored by fast ones, pauses between animations ignored; the graphics choice. */
import { describe, expect, it } from 'vitest';
import { graphicsMode, readGraphicsParameter } from '../../src/scene/graphicsParameter';
import { FAST_DPR, graphicsQuality, PixelRatioPolicy } from '../../src/scene/qualityPolicy';

/** Feeds `count` frames of `ms` each; returns every pixel ratio the policy chose, in order. */
function run(policy: PixelRatioPolicy, ms: number, count: number, afterAnimating = false): number[] {
  const chosen: number[] = [];
  for (let i = 0; i < count; i++) {
    const dpr = policy.frame(ms, afterAnimating);
    if (dpr !== null) chosen.push(dpr);
  }
  return chosen;
}

describe('pixel ratio policy', () => {
  it('slow frames (20 per second) lower the ratio step by step to the minimum, and no further', () => {
    const policy = new PixelRatioPolicy(0.75, 2);
    expect(run(policy, 50, 200)).toEqual([1.75, 1.5, 1.25, 1, 0.75]);
    expect(policy.dpr).toBe(0.75);
  });

  it('fast frames (60 per second) raise it back to the screen ratio, more slowly than it fell', () => {
    const policy = new PixelRatioPolicy(0.75, 2, 0.75);
    expect(run(policy, 16.7, 59)).toEqual([]);
    expect(run(policy, 16.7, 400)).toEqual([1, 1.25, 1.5, 1.75, 2]);
  });

  it('a steady 45 frames per second changes nothing', () => {
    const policy = new PixelRatioPolicy(0.75, 2, 1.5);
    expect(run(policy, 22, 1000)).toEqual([]);
  });

  it('pauses between animations (render on demand) are not slow frames', () => {
    const policy = new PixelRatioPolicy(0.75, 2);
    const chosen: number[] = [];
    for (let animation = 0; animation < 50; animation++) {
      chosen.push(...run(policy, 16.7, 10)); // a short animation at 60 per second
      chosen.push(...run(policy, 3000, 1)); // then three seconds of stillness
    }
    expect(chosen).toEqual([]);
    expect(policy.dpr).toBe(2);
  });

  it('a very slow device (every animation frame 400 ms, longer than a pause) lowers it; the same gaps after still frames are pauses', () => {
    expect(run(new PixelRatioPolicy(0.75, 2), 400, 200, true)).toEqual([1.75, 1.5, 1.25, 1, 0.75]);
    expect(run(new PixelRatioPolicy(0.75, 2), 400, 200, false)).toEqual([]);
  });

  it('a few slow frames among fast ones (a hiccup) do not lower it', () => {
    const policy = new PixelRatioPolicy(0.75, 2);
    const chosen: number[] = [];
    for (let i = 0; i < 50; i++) chosen.push(...run(policy, 16.7, 8), ...run(policy, 60, 2));
    expect(chosen).toEqual([]);
  });
});

describe('the graphics choice', () => {
  it('auto adapts on a graphics card and holds the fast ratio on a software renderer; adaptive adapts on both', () => {
    expect(graphicsQuality('auto', false, 2)).toEqual({ dpr: 2, adaptive: true });
    expect(graphicsQuality('auto', true, 2)).toEqual({ dpr: FAST_DPR, adaptive: false });
    expect(graphicsQuality('adaptive', true, 2)).toEqual({ dpr: 2, adaptive: true });
    expect(graphicsQuality('sharp', true, 3)).toEqual({ dpr: 2, adaptive: false });
    expect(graphicsQuality('fast', false, 2)).toEqual({ dpr: FAST_DPR, adaptive: false });
    expect(graphicsQuality('sharp', false, 0.5)).toEqual({ dpr: 1, adaptive: false });
  });

  it('the address chooses it for the visit; a bad value is named and auto stays', () => {
    expect(readGraphicsParameter('?graphics=nice&seats=human')).toEqual({ rest: '?seats=human', problem: 'graphics: "nice" is not a graphics choice (auto, adaptive, sharp, fast); automatic applies' });
    expect(graphicsMode()).toBe('auto');
    expect(readGraphicsParameter('?speed=2')).toEqual({ rest: '?speed=2', problem: null });
    expect(readGraphicsParameter('?graphics=adaptive')).toEqual({ rest: '', problem: null });
    expect(graphicsMode()).toBe('adaptive');
  });
});
