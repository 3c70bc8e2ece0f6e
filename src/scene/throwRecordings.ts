/**
 * The start throws' recordings: a throw's seed picks one of the baked throws (throwFile.ts),
 * fetched the first time it is thrown (about a kilobyte).
 * No three.js here: the page's sounds read the bounces of a throw (audio/soundtrack.ts) without
 * pulling the scene's library into the first scripts the page evaluates.
 */
import { bakedThrowName, decodeThrow, type ThrowFile, throwIndex, type ThrowRecording } from './throwFile';
import type { ThrowView } from '../director/view';

const recordings = new Map<number, ThrowRecording | Promise<void>>();
const KEPT_THROWS = 8;
/** Throws whose recording could not be fetched: shown at rest. */
const failed = new Set<number>();
/** Told when a throw's recording could not be fetched (the page says so). */
const failureListeners = new Set<() => void>();

/**
 * How long a throw's file may take (about a kilobyte): the round waits at its throw until it is
 * there, so a request that never ends (a stalled connection) would hold the round for good.
 */
export const THROW_FETCH_MS = 10_000;

/** Fetches the throw `seed` plays. */
async function fetchThrow(seed: number): Promise<ThrowRecording> {
  const url = `${import.meta.env.BASE_URL}throws/${bakedThrowName(throwIndex(seed))}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(THROW_FETCH_MS) });
  if (!response.ok) throw new Error(`the start throw ${url} could not be fetched: HTTP ${response.status}`);
  return decodeThrow((await response.json()) as ThrowFile);
}

/** Calls `listener` whenever a throw's recording could not be fetched (its ball is then shown at rest); returns the unsubscribe. */
export function onThrowFailed(listener: () => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** The recording of a throw, or null while it is being fetched (then `onReady` is called) or if that failed. */
export function throwRecording(seed: number, onReady: () => void): ThrowRecording | null {
  const known = recordings.get(seed);
  if (known && !(known instanceof Promise)) return known;
  if (!known && !failed.has(seed)) {
    recordings.set(
      seed,
      fetchThrow(seed).then(
        (rec) => {
          recordings.set(seed, rec);
          // Every round throws with a new seed: keep only the latest throws (an endless demo must not grow).
          for (const old of recordings.keys()) if (recordings.size > KEPT_THROWS && old !== seed) recordings.delete(old);
          onReady();
        },
        (error: unknown) => {
          recordings.delete(seed);
          failed.add(seed);
          console.error('the start throw could not be loaded; the ball is shown at rest', error);
          onReady();
          for (const listener of failureListeners) listener();
        },
      ),
    );
  }
  return null;
}

/**
 * Whether a throw can be played now: fetched, or its fetch failed (the ball is shown at rest).
 * Otherwise its fetch is started, and `onReady` is called when it ends.
 */
export function throwPlayable(seed: number, onReady: () => void): boolean {
  return throwRecording(seed, onReady) !== null || failed.has(seed);
}

/**
 * Starts fetching a throw before its first frame (the scene's mount, while the shaders compile):
 * the first frame then shows it, or frames where it rests; resolves once it is there (or failed,
 * or needs no recording: no throw on the table, or reduced motion).
 */
export function prepareThrow(thrown: ThrowView | null, reducedMotion: boolean, onReady: () => void): Promise<void> {
  if (!thrown || reducedMotion || throwRecording(thrown.seed, onReady)) return Promise.resolve();
  const pending = recordings.get(thrown.seed);
  return pending instanceof Promise ? pending : Promise.resolve();
}

/** Whether a throw is still being fetched (when it is there, the ball is drawn along it). */
export function fetchingThrow(): boolean {
  for (const known of recordings.values()) if (known instanceof Promise) return true;
  return false;
}

/** The recording of a throw already fetched (its impacts drive the bounce sounds), or null. */
export function throwRecordingOf(seed: number): ThrowRecording | null {
  const known = recordings.get(seed);
  return known && !(known instanceof Promise) ? known : null;
}
