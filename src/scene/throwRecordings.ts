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

/** The recording of a throw, or null while it is being simulated (then `onReady` is called). */
export function throwRecording(seed: number, onReady: () => void): ThrowRecording | null {
  const known = recordings.get(seed);
  if (known && !(known instanceof Promise)) return known;
  if (!known) {
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
        .catch((error: unknown) => console.error('the throw could not be simulated; the ball is shown at rest', error)),
    );
  }
  return null;
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
