/**
 * Start-up progress of the 3D view, from the loading steps' own promises: the scene's code, the
 * start throw's physics (its baked recording, throwRecordings.ts) and the shaders compiled ahead of
 * the first visible frame. No three.js here
 * (the page's loading screen reads it before the scene's chunk has arrived).
 */
import { t } from '../i18n/index';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type LoadStep = 'scene' | 'physics' | 'shaders';

export interface LoadProgress {
  done: Record<LoadStep, boolean>;
  /** The 3D view is showing, or will not (no WebGL, failed to load): the game need not wait for it. */
  settled: boolean;
  /** Shader programs compiled / to compile (known once the scene is built). */
  shaders: { compiled: number; total: number };
  /** The canvas lost its WebGL context: the 3D view is gone until it is rebuilt and its shaders compiled again. */
  restoring: boolean;
}

/** The loading screen's words (one place, for translation). */
export const loadTexts = {
  get title() {
    return t('hud:loading.title');
  },
  get steps(): Record<LoadStep, string> {
    return { scene: t('hud:loading.scene'), physics: t('hud:loading.physics'), shaders: t('hud:loading.shaders') };
  },
};

const initial = (): LoadProgress => ({ done: { scene: false, physics: false, shaders: false }, settled: false, shaders: { compiled: 0, total: 0 }, restoring: false });

export const loadProgress = createStore<LoadProgress>(initial);

/** Marks `step` done when its promise settles (a failure is shown elsewhere; loading moves on). */
export function trackLoad<T>(step: LoadStep, promise: Promise<T>): Promise<T> {
  const done = () => markLoaded(step);
  promise.then(done, done);
  return promise;
}

/** The performance mark set when the shaders are compiled (traces and tests see the warm-up's end). */
export const SHADERS_COMPILED = 'rolit:shaders-compiled';

/** A step is done; the shaders being compiled means the first frame can be shown. */
export function markLoaded(step: LoadStep): void {
  loadProgress.setState((s) => ({ done: { ...s.done, [step]: true }, settled: s.settled || step === 'shaders' }));
}

/** The 3D view will not show (no WebGL, or it failed to start): nothing waits for it. */
export function loadGaveUp(): void {
  loadProgress.setState({ settled: true });
}

/**
 * How often the shaders' count changes at most while they compile (their first and last count
 * always): each change redraws the loading screen, a frame of the whole page, 40-50 ms of the GPU
 * process under software rendering, and the WebGL context's start waits behind those frames.
 */
export const SHADER_COUNT_MS = 300;
let countShownAt = -Infinity;

export function shaderProgress(compiled: number, total: number): void {
  const now = performance.now();
  if (compiled > 0 && compiled < total && now - countShownAt < SHADER_COUNT_MS) return;
  countShownAt = now;
  loadProgress.setState({ shaders: { compiled, total } });
}

/** 0..1: each step a third, the shaders by the share compiled. */
export function loadFraction(p: LoadProgress): number {
  const shaders = p.done.shaders ? 1 : p.shaders.total ? p.shaders.compiled / p.shaders.total : 0;
  return ((p.done.scene ? 1 : 0) + (p.done.physics ? 1 : 0) + shaders) / 3;
}

export function useLoadProgress<T>(selector: (p: LoadProgress) => T): T {
  return useStore(loadProgress, selector);
}

/** The 3D view lost its WebGL context (true) or shows again after one (false). */
export function sceneRestoring(restoring: boolean): void {
  if (loadProgress.getState().restoring !== restoring) loadProgress.setState({ restoring });
}

/** For a restored WebGL context: the shaders are compiled again. */
export function resetShaders(): void {
  loadProgress.setState((s) => ({ done: { ...s.done, shaders: false }, shaders: { compiled: 0, total: 0 } }));
}
