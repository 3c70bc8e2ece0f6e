/**
 * The start ball, thrown onto the table like a die at the start of a round. Its motion is a
 * physics recording (throwRecordings.ts) played back over the director's throw step,
 * painted so that the colour of the engine's ballThrown event ends on top. It is drawn as one
 * more instance of the balls' InstancedMesh (Balls.tsx), so it costs no extra draw call.
 */
import { Quaternion, Vector3 } from 'three';
import { colourIndex } from '../engine/colours';
import { FACE_RADIUS, repaint, restingOrientation } from './ballGeometry';
import { BALL_RADIUS, SUPPLY_CLEAR_Y, SUPPLY_FLOOR, supplyFootprint, THROW_AREA } from './layout';
import { throwRecording, throwRecordingOf } from './throwRecordings';
import { TIMING } from '../director/steps';
import type { ThrowView } from '../director/view';

/**
 * Where the start ball comes to rest on the table (its throw's last frame, or the throw area with
 * reduced motion), or false when no ball is thrown or its throw is not simulated yet. The camera
 * frames this place with the board, so the resting ball stays clear of the panels.
 */
export function throwRestPlace(thrown: ThrowView | null, reducedMotion: boolean, place: Vector3): boolean {
  if (!thrown) return false;
  const rec = reducedMotion ? null : throwRecordingOf(thrown.seed);
  if (rec) place.fromArray(rec.positions, (rec.frames - 1) * 3);
  else if (reducedMotion) place.set(THROW_AREA[0], FACE_RADIUS, THROW_AREA[1]);
  return rec !== null || reducedMotion;
}

/** The thrown ball as last drawn, and how far through its throw (0 in the hand, 1 at rest): Balls.tsx writes it each frame; the render probe reads it. */
export const drawnThrow = { shown: false, progress: 1, position: new Vector3(), quaternion: new Quaternion() };

// Scratch for each frame's interpolation (no allocation per frame).
const a = new Vector3();
const b = new Vector3();
const qa = new Quaternion();
const qb = new Quaternion();

/** How high the start ball's arc back into the box rises above the straight line from its resting place. */
const BOXING_ARC = 3;

/**
 * Where the thrown ball is at this point of its throw, or of its way back into the box (as the
 * first move is played it is lifted off the table in an arc and dropped into the supply, out of
 * sight among the balls). Returns false when it is not to be shown (no throw, still in flight
 * while its physics is being simulated, or going back with reduced motion: it is gone at once).
 * With reduced motion there is no bouncing throw: the ball lies at rest showing its result from
 * the start.
 */
export function throwBallPose(thrown: ThrowView | null, onReady: () => void, position: Vector3, quaternion: Quaternion, reducedMotion = false): boolean {
  if (!thrown || (thrown.boxed > 0 && reducedMotion)) return false;
  const shown = restingOrFlying(thrown, onReady, position, quaternion, reducedMotion);
  if (shown && thrown.boxed > 0) {
    // Three quarters of the way in an arc to above the box, the last quarter straight down into it.
    const { centre } = supplyFootprint();
    const above = SUPPLY_CLEAR_Y + BALL_RADIUS;
    const u = Math.min(1, thrown.boxed / 0.75);
    const e = u * u * (3 - 2 * u);
    const down = Math.max(0, (thrown.boxed - 0.75) / 0.25) ** 2;
    position.set(
      position.x + (centre[0] - position.x) * e,
      position.y + (above - position.y) * u + BOXING_ARC * Math.sin(Math.PI * u) - (above - SUPPLY_FLOOR - BALL_RADIUS) * down,
      position.z + (centre[1] - position.z) * e,
    );
  }
  return shown;
}

function restingOrFlying(thrown: ThrowView, onReady: () => void, position: Vector3, quaternion: Quaternion, reducedMotion: boolean): boolean {
  const rec = reducedMotion ? null : throwRecording(thrown.seed, onReady);
  if (!rec) {
    // Reduced motion, or not simulated yet: at rest, the outcome in the throw area (reduced motion: at once).
    position.set(THROW_AREA[0], FACE_RADIUS, THROW_AREA[1]);
    restingOrientation(thrown.colour, 0.6, quaternion);
    return reducedMotion || thrown.progress >= 1;
  }
  // Real time while the throw fits its step; a longer one is played a little faster.
  const length = (rec.frames - 1) * rec.dt;
  const t = thrown.progress * Math.max(length, TIMING.throw);
  const f = Math.min(rec.frames - 1, t / rec.dt);
  const i = Math.floor(f);
  const j = Math.min(rec.frames - 1, i + 1);
  position.lerpVectors(a.fromArray(rec.positions, i * 3), b.fromArray(rec.positions, j * 3), f - i);
  quaternion.slerpQuaternions(qa.fromArray(rec.quaternions, i * 4), qb.fromArray(rec.quaternions, j * 4), f - i).multiply(repaint(colourIndex(thrown.colour), rec.top));
  return true;
}
