/**
 * The start throws' physics recordings (throwPhysics.ts, loaded lazily), simulated once per seed.
 * No three.js here: the page's sounds read the bounces of a throw (audio/soundtrack.ts) without
 * pulling the scene's library into the first scripts the page evaluates.
 */
import { physicsModule } from './physicsLoad';
import type { ThrowRecording } from './throwPhysics';
import type { ThrowView } from '../director/view';

const recordings = new Map<number, ThrowRecording | Promise<void>>();
const KEPT_THROWS = 8;
/** Throws whose simulation failed (the physics did not load): shown at rest. */
const failed = new Set<number>();

/** The recording of a throw, or null while it is being simulated (then `onReady` is called) or if that failed. */
export function throwRecording(seed: number, onReady: () => void): ThrowRecording | null {
  const known = recordings.get(seed);
  if (known && !(known instanceof Promise)) return known;
  if (!known && !failed.has(seed)) {
    recordings.set(
      seed,
      physicsModule()
        .then((m) => m.simulateThrow(seed))
        .then((rec) => {
          recordings.set(seed, rec);
          // Every round throws with a new seed: keep only the latest throws (an endless demo must not grow).
          for (const old of recordings.keys()) if (recordings.size > KEPT_THROWS && old !== seed) recordings.delete(old);
          onReady();
        })
        .catch((error: unknown) => {
          recordings.delete(seed);
          failed.add(seed);
          console.error('the throw could not be simulated; the ball is shown at rest', error);
          onReady();
        }),
    );
  }
  return null;
}

/**
 * Whether a throw can be played now: simulated, or its simulation failed (the ball is shown at
 * rest). Otherwise its simulation is started, and `onReady` is called when it ends.
 */
export function throwPlayable(seed: number, onReady: () => void): boolean {
  return throwRecording(seed, onReady) !== null || failed.has(seed);
}

/**
 * Starts simulating a throw before its first frame (the scene's mount, while the shaders compile):
 * the first frame then shows it, or frames where it rests. With reduced motion it needs none.
 */
export function prepareThrow(thrown: ThrowView | null, reducedMotion: boolean, onReady: () => void): void {
  if (thrown && !reducedMotion) throwRecording(thrown.seed, onReady);
}

/** Whether a throw is still being simulated (when it is ready, the ball is drawn along it). */
export function simulatingThrow(): boolean {
  for (const known of recordings.values()) if (known instanceof Promise) return true;
  return false;
}

/** The recording of a throw already simulated (its impacts drive the bounce sounds), or null. */
export function throwRecordingOf(seed: number): ThrowRecording | null {
  const known = recordings.get(seed);
  return known && !(known instanceof Promise) ? known : null;
}
