/**
 * Following the start throw: while the ball flies the view's centre eases toward it and the camera
 * closes in, its angle kept; toward the throw's end it glides back to the player's view, framing the
 * resting ball with the board (not with reduced motion, the cinematic camera, a view of the tour's,
 * or after the viewer took the camera).
 */
import { type Camera, Spherical, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { useCamera } from './cameraStore';
import { type FreeArea, homeView, restingBall } from './cameraViews';
import { easeInOut } from './easing';
import { drawnThrow } from './throwBallPose';
import { currentView } from './view';

/**
 * Following the start throw: the view's centre eases toward the ball (`lean` of the way from the
 * board's centre, `ease` seconds), the camera `closer` to it, its angle kept. From `home` of the
 * throw's step on it glides back, so that the player's view is whole when the throw ends (when the
 * board waits for the first move, the camera is home).
 */
const THROW_FOLLOW = { lean: 0.75, ease: 0.3, closer: 0.8, home: 0.7 };
/**
 * Following the start throw: the player's view it left (null when not following), the distance and
 * centre it goes back to (the preset's, framing the ball's resting place too, unless the viewer
 * had moved the camera), and the throw the viewer took the camera from.
 */
export interface ThrowFollow {
  from: Spherical | null;
  at: Spherical;
  centre: Vector3;
  goal: Vector3;
  homeRadius: number;
  homeCentre: Vector3;
  declined: number;
}

export const newThrowFollow = (): ThrowFollow => ({ from: null, at: new Spherical(), centre: new Vector3(), goal: new Vector3(), homeRadius: 0, homeCentre: new Vector3(), declined: -1 });

/** What else holds the camera as a throw begins, and where the follow reports the throw whose resting ball it frames. */
export interface ThrowFollowRig {
  camera: Camera;
  area: FreeArea;
  /** A reused point of the path. */
  along: Spherical;
  reduced: boolean;
  cinematic: boolean;
  /** A flight to a chosen view is on its way. */
  flying: boolean;
  /** The viewer has moved the camera since the last view chosen. */
  taken: boolean;
  /** The home view now frames the resting ball of this throw (its seed). */
  framedRest(seed: number): void;
  invalidate(): void;
}

/** One frame of following the start throw, or of the glide home once the ball is at rest. Returns whether it moved the camera. */
export function throwFrame(follow: ThrowFollow, c: OrbitControlsImpl, rig: ThrowFollowRig, delta: number): boolean {
  const { camera, along } = rig;
  const thrown = currentView().throwBall;
  const playing = thrown !== null && thrown.progress < 1 && drawnThrow.shown && thrown.seed !== follow.declined;
  if (!follow.from) {
    if (!playing || rig.reduced || rig.cinematic || rig.flying || useCamera.getState().focus) return false;
    follow.from = new Spherical().setFromVector3(camera.position.clone().sub(c.target));
    follow.at.copy(follow.from);
    follow.centre.copy(c.target);
    const rest = rig.taken ? null : restingBall(false);
    const home = homeView(useCamera.getState().preset, rig.area, rest);
    follow.homeRadius = rest ? home.spherical.radius : follow.from.radius;
    follow.homeCentre.copy(home.target);
    rig.framedRest(thrown.seed);
  }
  // How far back home the camera is: 0 while it follows, 1 as the throw ends.
  const home = playing ? Math.min(1, Math.max(0, (thrown.progress - THROW_FOLLOW.home) / (1 - THROW_FOLLOW.home))) : 1;
  const ease = 1 - Math.exp(-Math.min(delta, 0.1) / THROW_FOLLOW.ease);
  const ball = drawnThrow.position;
  const centre = follow.homeCentre;
  follow.goal.set(centre.x + (ball.x - centre.x) * THROW_FOLLOW.lean, 0, centre.z + (ball.z - centre.z) * THROW_FOLLOW.lean);
  follow.centre.lerp(follow.goal, ease);
  follow.at.radius += (follow.from.radius * THROW_FOLLOW.closer - follow.at.radius) * ease;
  const k = easeInOut(home);
  c.target.lerpVectors(follow.centre, centre, k);
  along.set(follow.at.radius + (follow.homeRadius - follow.at.radius) * k, follow.from.phi, follow.from.theta);
  camera.position.setFromSpherical(along).add(c.target);
  camera.lookAt(c.target);
  if (!playing) follow.from = null; // home: the player's view
  c.update();
  rig.invalidate();
  return true;
}
