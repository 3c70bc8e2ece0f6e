/**
 * The cinematic camera (switched by cinematicCamera.ts): a slow orbit of the table leaning toward the
 * last move the board shows; with reduced motion, a cut to the seat's side nearest the last move.
 */
import { useEffect } from 'react';
import { type Camera, Spherical, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { type CameraPreset, useCamera } from './cameraStore';
import { fitRadius, type FreeArea, PRESETS, presetView, restingBall, TARGET } from './cameraViews';
import { cinematicOn } from './cinematicCamera';
import { BOARD_TOP, socketX, socketZ } from './layout';

/**
 * The cinematic camera's path: a turn of the table in about two minutes, the height (polar angle)
 * and the distance (a share of the side views' fitted one) slowly breathing; always well above the table
 * (polar at most 0.86, below OrbitControls' 1.32). `follow` is the easing time (seconds) of every
 * change, `lean` how far the view's centre moves from the board's centre toward the last move.
 */
const CINEMA = { turn: 0.05, polarMid: 0.7, polarSwing: 0.16, polarRate: 0.11, dollyMid: 1, dollySwing: 0.06, dollyRate: 0.17, follow: 1.6, lean: 0.35 };
/** The fixed views the cinematic camera cuts between with reduced motion: the seats' sides. */
const SIDE_VIEWS: readonly CameraPreset[] = ['red', 'yellow', 'green', 'blue'];

/** The seat's side nearest a point of the board: the fixed view the cinematic camera cuts to with reduced motion. */
function nearestSide(x: number, z: number): CameraPreset {
  const angle = Math.atan2(x - TARGET.x, z - TARGET.z);
  let nearest = SIDE_VIEWS[0];
  let gap = Infinity;
  for (const side of SIDE_VIEWS) {
    const d = angle - PRESETS[side].azimuth;
    const g = Math.abs(Math.atan2(Math.sin(d), Math.cos(d)));
    if (g < gap) [nearest, gap] = [side, g];
  }
  return nearest;
}

/**
 * The cinematic camera's state, reused every frame: where it is on its path, the centre it looks
 * at, the last move's socket it leans toward, and the side view it last cut to (reduced motion).
 */
export interface Cinema {
  at: Spherical;
  speed: number;
  clock: number;
  focus: Vector3;
  goal: Vector3;
  lastMove: Vector3;
  side: CameraPreset | null;
}

export const newCinema = (): Cinema => ({ at: new Spherical(), speed: 0, clock: 0, focus: new Vector3(), goal: new Vector3(), lastMove: TARGET.clone(), side: null });

/** The cinematic camera switched on: its path starts where the camera is, looking where it looks. */
export function startCinema(cinema: Cinema, camera: Camera, target: Vector3): void {
  cinema.side = null;
  cinema.at.setFromVector3(camera.position.clone().sub(target));
  cinema.focus.copy(target);
  cinema.speed = 0;
  cinema.clock = 0;
}

/** Keeps the last move as the board shows it (the board's centre before the first) in `cinema`, for it to lean toward. */
export function useLastMoveAim(cinema: Cinema, invalidate: () => void): void {
  useEffect(() => {
    const lastSquare = (s: ReturnType<typeof useSession.getState>) => s.shown.moves.at(-1)?.squares[0] ?? null;
    const aim = () => {
      const s = useSession.getState();
      const square = lastSquare(s);
      const index = square === null ? -1 : parseSquare(s.snapshot.setup.size, square);
      if (index < 0) cinema.lastMove.copy(TARGET);
      else cinema.lastMove.set(socketX(index), BOARD_TOP, socketZ(index));
      if (cinematicOn()) invalidate();
    };
    aim();
    return useSession.subscribe((s, previous) => {
      if (lastSquare(s) !== lastSquare(previous) || s.snapshot.setup !== previous.snapshot.setup) aim();
    });
  }, [cinema, invalidate]);
}

/** One frame of the cinematic camera: with reduced motion a cut when the nearest side changes, else the slow eased orbit. */
export function cinematicFrame(cinema: Cinema, camera: Camera, c: OrbitControlsImpl, area: FreeArea, reduced: boolean, delta: number, invalidate: () => void, aimFor: (side: CameraPreset) => FreeArea): void {
  if (reduced) {
    const side = nearestSide(cinema.lastMove.x, cinema.lastMove.z);
    if (side === cinema.side) return; // nothing moves: the canvas rests until the next cut
    cinema.side = side;
    // The side's fixed view, as its camera button shows it: the board framed for that view (`aimFor`
    // puts the camera's axis through its free area for this frame; CameraRig frames the board for the
    // side cut to from then on), the start ball lying on the table framed too.
    const framed = aimFor(side);
    if (useCamera.getState().cut !== side) useCamera.setState({ cut: side });
    const view = presetView(side, framed, restingBall(true));
    camera.position.copy(view.position);
    c.target.copy(view.target);
  } else {
    const dt = Math.min(delta, 0.1);
    const ease = 1 - Math.exp(-dt / CINEMA.follow);
    const at = cinema.at;
    cinema.clock += dt;
    cinema.speed += (CINEMA.turn - cinema.speed) * ease; // eases into the turn
    at.theta += cinema.speed * dt;
    const polar = CINEMA.polarMid + CINEMA.polarSwing * Math.sin(cinema.clock * CINEMA.polarRate);
    const dolly = CINEMA.dollyMid + CINEMA.dollySwing * Math.sin(cinema.clock * CINEMA.dollyRate);
    at.phi += (polar - at.phi) * ease;
    at.radius += (Math.max(PRESETS.red.radius, fitRadius(polar, at.theta, area.aspect, area.fov)) * dolly - at.radius) * ease;
    cinema.goal.subVectors(cinema.lastMove, TARGET).multiplyScalar(CINEMA.lean).add(TARGET);
    cinema.focus.lerp(cinema.goal, ease);
    c.target.copy(cinema.focus);
    camera.position.setFromSpherical(at).add(c.target);
  }
  camera.lookAt(c.target);
  c.update();
  invalidate();
}
