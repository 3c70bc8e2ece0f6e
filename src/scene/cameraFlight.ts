/**
 * The camera's flight to a chosen view (a camera button, Reset view, a tour's view, the home view
 * framing the resting start ball): along a spherical path, eased, the short way round, in the same
 * time at any frame rate.
 */
import { type Camera, Spherical, type Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { easeInOut } from './easing';

/** How long a flight takes (s). */
const FLIGHT_SECONDS = 0.9;
/**
 * The most of a flight one frame moves on (s): a flight keeps to its time on a machine that draws a
 * frame in half a second (software rendering) instead of crawling for as many frames as a fast one
 * draws, and a tab shown again after a while does not end its flight in one jump.
 */
const FLIGHT_STEP_SECONDS = 0.5;

export interface Flight {
  from: Spherical;
  to: Spherical;
  fromTarget: Vector3;
  toTarget: Vector3;
  /** How far along it is: 0 at its start, 1 at its end. */
  t: number;
}

/** A flight from where the camera is (about the controls' target) to `to` about `toTarget`, turning the short way round. */
export function flightTo(camera: Camera, target: Vector3, to: Spherical, toTarget: Vector3): Flight {
  const from = new Spherical().setFromVector3(camera.position.clone().sub(target));
  while (to.theta - from.theta > Math.PI) to.theta -= Math.PI * 2;
  while (to.theta - from.theta < -Math.PI) to.theta += Math.PI * 2;
  return { from, to, fromTarget: target.clone(), toTarget, t: 0 };
}

/** Takes a flight's view at once (reduced motion, or nothing drawn yet): the next frame shows it. */
export function landAt(camera: Camera, controls: OrbitControlsImpl, flight: Flight): void {
  controls.target.copy(flight.toTarget);
  camera.position.setFromSpherical(flight.to).add(controls.target);
  camera.lookAt(controls.target);
  controls.update();
}

/** One frame of a flight `delta` seconds long (`along`: a reused point of the path); returns whether it has ended. */
export function flightFrame(f: Flight, camera: Camera, controls: OrbitControlsImpl, along: Spherical, delta: number): boolean {
  f.t = Math.min(1, f.t + Math.min(delta, FLIGHT_STEP_SECONDS) / FLIGHT_SECONDS);
  const k = easeInOut(f.t);
  along.set(
    f.from.radius + (f.to.radius - f.from.radius) * k,
    f.from.phi + (f.to.phi - f.from.phi) * k,
    f.from.theta + (f.to.theta - f.from.theta) * k,
  );
  controls.target.lerpVectors(f.fromTarget, f.toTarget, k);
  camera.position.setFromSpherical(along).add(controls.target);
  camera.lookAt(controls.target);
  controls.update();
  return f.t >= 1;
}
