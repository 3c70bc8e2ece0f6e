/**
 * The camera: orbit, zoom and pan (drei OrbitControls) kept above the table and near the game,
 * smooth flights to the presets (from a seat's side, or top-down) along a spherical path, and the
 * optional cinematic camera (cinematicCamera.ts): a slow orbit leaning toward the last move.
 * During the start throw it follows the thrown ball, then flies back to the player's view (not with
 * reduced motion, where the ball lies still and the camera stays).
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { Matrix4, type PerspectiveCamera, Spherical, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { reducedMotionOn, useAccess } from '../app/setup/accessPrefs';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { CAMERA_PRESETS, type CameraPreset, useCamera } from './cameraStore';
import { cinematicOn, stopCinematic, useCinematic } from './cinematicCamera';
import { easeInOut } from './easing';
import { BOARD_TOP, socketX, socketZ, VIEW_BOUNDS } from './layout';
import { probe } from './renderInfo';
import { drawnThrow } from './throwBallPose';
import { currentView } from './view';

/**
 * Where each preset looks from, as (distance, polar angle from straight up, azimuth about +Y).
 * The distance is the least: narrow (portrait) screens move back until VIEW_BOUNDS fits (fitRadius).
 */
const PRESETS: Record<CameraPreset, { radius: number; polar: number; azimuth: number }> = {
  red: { radius: 30, polar: 0.58, azimuth: 0 },
  yellow: { radius: 30, polar: 0.58, azimuth: -Math.PI / 2 },
  green: { radius: 30, polar: 0.58, azimuth: Math.PI },
  blue: { radius: 30, polar: 0.58, azimuth: Math.PI / 2 },
  top: { radius: 34, polar: 0.0001, azimuth: 0 },
};
const TARGET = new Vector3(0.5, 0, 0.6);
const FLIGHT_SECONDS = 0.9;
const PAN_LIMIT = 12;
const MAX_DISTANCE = 48;
/** Part of the screen's half-width/height the fitted box may use (room for the HUD). */
const FIT_MARGIN = 0.9;
const LANDSCAPE_ASPECT = 1.6;
const FOV = 38;

/**
 * The cinematic camera's path: a turn of the table in about two minutes, the height (polar angle)
 * and the distance (a share of the side views' fitted one) slowly breathing; always well above the table
 * (polar at most 0.86, below OrbitControls' 1.32). `follow` is the easing time (seconds) of every
 * change, `lean` how far the view's centre moves from the board's centre toward the last move.
 */
const CINEMA = { turn: 0.05, polarMid: 0.7, polarSwing: 0.16, polarRate: 0.11, dollyMid: 1, dollySwing: 0.06, dollyRate: 0.17, follow: 1.6, lean: 0.35 };
/**
 * Following the start throw: the view's centre eases toward the ball (`lean` of the way from the
 * board's centre, `ease` seconds), the camera `closer` to it, its angle kept. From `home` of the
 * throw's step on it glides back, so that the player's view is whole when the throw ends (when the
 * board waits for the first move, the camera is home).
 */
const THROW_FOLLOW = { lean: 0.75, ease: 0.3, closer: 0.8, home: 0.7 };
/** The fixed views the cinematic camera cuts between with reduced motion: the seats' sides. */
const SIDE_VIEWS: readonly CameraPreset[] = ['red', 'yellow', 'green', 'blue'];

const BOUNDS_CORNERS = [0, 1, 2, 3, 4, 5, 6, 7].map(
  (i) => new Vector3(VIEW_BOUNDS[i & 1 ? 'max' : 'min'][0], VIEW_BOUNDS[i & 2 ? 'max' : 'min'][1], VIEW_BOUNDS[i & 4 ? 'max' : 'min'][2]).sub(TARGET),
);

/**
 * The least distance from TARGET, looking from (polar, azimuth), at which a camera with this
 * vertical field of view (degrees) and aspect (width / height) shows every corner of VIEW_BOUNDS.
 */
const fit = { direction: new Spherical(), back: new Vector3(), basis: new Matrix4(), origin: new Vector3(), upward: new Vector3(0, 1, 0), right: new Vector3(), up: new Vector3() };
export function fitRadius(polar: number, azimuth: number, aspect: number, fov: number): number {
  // Scratch objects, not new ones: the cinematic camera asks this every frame.
  const { back, basis, right, up } = fit;
  back.setFromSpherical(fit.direction.set(1, polar, azimuth));
  basis.lookAt(back, fit.origin, fit.upward);
  right.setFromMatrixColumn(basis, 0);
  up.setFromMatrixColumn(basis, 1);
  const tanV = Math.tan((fov * Math.PI) / 360) * FIT_MARGIN;
  const tanH = tanV * aspect;
  let radius = 0;
  // A corner at depth (radius - q.back) in front of the camera is on screen while |q.right| <= tanH * depth.
  for (const q of BOUNDS_CORNERS) {
    const depth = q.dot(back);
    radius = Math.max(radius, Math.abs(q.dot(right)) / tanH + depth, Math.abs(q.dot(up)) / tanV + depth);
  }
  return radius;
}

function presetSpherical(preset: CameraPreset, aspect: number, fov: number): Spherical {
  const p = PRESETS[preset];
  return new Spherical(Math.max(p.radius, fitRadius(p.polar, p.azimuth, aspect, fov)), p.polar, p.azimuth);
}

export function presetPosition(preset: CameraPreset, aspect = LANDSCAPE_ASPECT, fov = FOV): Vector3 {
  return new Vector3().setFromSpherical(presetSpherical(preset, aspect, fov)).add(TARGET);
}

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

export function CameraRig() {
  const controls = useRef<OrbitControlsImpl>(null);
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const aspect = useThree((s) => s.size.width / Math.max(1, s.size.height));
  const fov = (camera as PerspectiveCamera).fov ?? FOV;
  const request = useCamera((s) => s.request);
  const preset = useCamera((s) => s.preset);
  const focus = useCamera((s) => s.focus);
  const cinematic = useCinematic();
  const reduced = useAccess(reducedMotionOn);
  const flight = useRef<{ from: Spherical; to: Spherical; fromTarget: Vector3; toTarget: Vector3; t: number } | null>(null);
  // The flight's point of each frame, reused (no allocation per frame).
  const along = useMemo(() => new Spherical(), []);
  // The cinematic camera's state, reused every frame: where it is on its path, the centre it looks
  // at, the last move's socket it leans toward, and the side view it last cut to (reduced motion).
  const cinema = useMemo(() => ({ at: new Spherical(), speed: 0, clock: 0, focus: new Vector3(), goal: new Vector3(), lastMove: TARGET.clone(), side: null as CameraPreset | null }), []);
  // Following the start throw: the player's view it left (null when not following), the throw the viewer took the camera from.
  const follow = useMemo(() => ({ from: null as Spherical | null, at: new Spherical(), centre: new Vector3(), goal: new Vector3(), declined: -1 }), []);

  // window.rolit.settled waits for a flight to end.
  useEffect(() => {
    probe.flying = () => flight.current !== null;
    return () => {
      probe.flying = null;
    };
  }, []);

  // First frame: sit at the preset without flying.
  useEffect(() => {
    camera.position.copy(presetPosition(useCamera.getState().preset, aspect, fov));
    camera.lookAt(TARGET);
    controls.current?.target.copy(TARGET);
    controls.current?.update();
    invalidate();
    // Only at mount: later screen shapes fly to the preset instead (below).
  }, [camera, invalidate]);

  // A preset chosen (a camera button, Reset view), or the screen's shape changed (a phone turned):
  // fly to the preset's fitted view. A chosen view also stops the cinematic camera.
  const shape = useRef(aspect);
  const asked = useRef(request);
  useEffect(() => {
    const reshaped = Math.abs(shape.current - aspect) > 0.05;
    const requested = request !== asked.current;
    shape.current = aspect;
    asked.current = request;
    if (requested) stopCinematic();
    if ((!requested && !reshaped) || !controls.current) return;
    if (!requested && cinematicOn()) {
      cinema.side = null; // the cinematic camera fits the new shape itself (reduced motion: cut again)
      return;
    }
    const target = controls.current.target;
    const from = new Spherical().setFromVector3(camera.position.clone().sub(target));
    // A focus is framed for a landscape screen: narrower ones move back (less than in proportion: a phone's board stays big enough to tap).
    const to = focus ? new Spherical(focus.radius * Math.max(1, LANDSCAPE_ASPECT / aspect) ** 0.75, focus.polar, focus.azimuth) : presetSpherical(preset, aspect, fov);
    const toTarget = focus ? new Vector3(...focus.target) : TARGET;
    // Turn the short way round.
    while (to.theta - from.theta > Math.PI) to.theta -= Math.PI * 2;
    while (to.theta - from.theta < -Math.PI) to.theta += Math.PI * 2;
    // Reduced motion: no glide, the first frame is already the end of the flight.
    flight.current = { from, to, fromTarget: target.clone(), toTarget, t: reducedMotionOn(useAccess.getState()) ? 1 : 0 };
    invalidate();
  }, [request, preset, focus, aspect, fov, camera, invalidate, cinema]);

  // The last move as the board shows it (the board's centre before the first): the cinematic camera leans toward it.
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

  // The cinematic camera switched on (or reduced motion changed while on): start its path where the camera is.
  useEffect(() => {
    const c = controls.current;
    if (!cinematic || !c) return;
    flight.current = null;
    cinema.side = null;
    cinema.at.setFromVector3(camera.position.clone().sub(c.target));
    cinema.focus.copy(c.target);
    cinema.speed = 0;
    cinema.clock = 0;
    invalidate();
  }, [cinematic, reduced, camera, cinema, invalidate]);

  /** One frame of the cinematic camera: with reduced motion a cut when the nearest side changes, else the slow eased orbit. */
  const cinematicFrame = (c: OrbitControlsImpl, delta: number) => {
    if (reduced) {
      const side = nearestSide(cinema.lastMove.x, cinema.lastMove.z);
      if (side === cinema.side) return; // nothing moves: the canvas rests until the next cut
      cinema.side = side;
      camera.position.copy(presetPosition(side, aspect, fov));
      c.target.copy(TARGET);
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
      at.radius += (Math.max(PRESETS.red.radius, fitRadius(polar, at.theta, aspect, fov)) * dolly - at.radius) * ease;
      cinema.goal.subVectors(cinema.lastMove, TARGET).multiplyScalar(CINEMA.lean).add(TARGET);
      cinema.focus.lerp(cinema.goal, ease);
      c.target.copy(cinema.focus);
      camera.position.setFromSpherical(at).add(c.target);
    }
    camera.lookAt(c.target);
    c.update();
    invalidate();
  };

  /**
   * One frame of following the start throw, while it plays (not with reduced motion, the cinematic
   * camera, a view of the tour's or after the viewer took the camera); once the ball is at rest, the
   * flight back to the player's view. Returns whether it moved the camera.
   */
  const throwFrame = (c: OrbitControlsImpl, delta: number): boolean => {
    const thrown = currentView().throwBall;
    const playing = thrown !== null && thrown.progress < 1 && drawnThrow.shown && thrown.seed !== follow.declined;
    if (!follow.from) {
      if (!playing || reduced || cinematic || flight.current || useCamera.getState().focus) return false;
      follow.from = new Spherical().setFromVector3(camera.position.clone().sub(c.target));
      follow.at.copy(follow.from);
      follow.centre.copy(c.target);
    }
    // How far back home the camera is: 0 while it follows, 1 as the throw ends.
    const home = playing ? Math.min(1, Math.max(0, (thrown.progress - THROW_FOLLOW.home) / (1 - THROW_FOLLOW.home))) : 1;
    const ease = 1 - Math.exp(-Math.min(delta, 0.1) / THROW_FOLLOW.ease);
    const ball = drawnThrow.position;
    follow.goal.set(TARGET.x + (ball.x - TARGET.x) * THROW_FOLLOW.lean, 0, TARGET.z + (ball.z - TARGET.z) * THROW_FOLLOW.lean);
    follow.centre.lerp(follow.goal, ease);
    follow.at.radius += (follow.from.radius * THROW_FOLLOW.closer - follow.at.radius) * ease;
    const k = easeInOut(home);
    c.target.lerpVectors(follow.centre, TARGET, k);
    along.set(follow.at.radius + (follow.from.radius - follow.at.radius) * k, follow.from.phi, follow.from.theta);
    camera.position.setFromSpherical(along).add(c.target);
    camera.lookAt(c.target);
    if (!playing) follow.from = null; // home: the player's view
    c.update();
    invalidate();
    return true;
  };

  useFrame((_, delta) => {
    const c = controls.current;
    if (!c) return;
    if (throwFrame(c, delta)) return;
    if (cinematic && !flight.current) return cinematicFrame(c, delta);
    const f = flight.current;
    if (!f) return;
    f.t = Math.min(1, f.t + Math.min(delta, 0.1) / FLIGHT_SECONDS);
    const k = easeInOut(f.t);
    along.set(
      f.from.radius + (f.to.radius - f.from.radius) * k,
      f.from.phi + (f.to.phi - f.from.phi) * k,
      f.from.theta + (f.to.theta - f.from.theta) * k,
    );
    c.target.lerpVectors(f.fromTarget, f.toTarget, k);
    camera.position.setFromSpherical(along).add(c.target);
    camera.lookAt(c.target);
    c.update();
    if (f.t >= 1) flight.current = null;
    invalidate();
  });

  return (
    <OrbitControls
      ref={controls}
      makeDefault
      enableDamping
      dampingFactor={0.12}
      minDistance={9}
      maxDistance={Math.max(MAX_DISTANCE, ...CAMERA_PRESETS.map((p) => presetSpherical(p, aspect, fov).radius * 1.2))}
      minPolarAngle={0}
      maxPolarAngle={1.32}
      onStart={() => {
        // The viewer takes the camera: a flight, following the throw or the cinematic camera stops at once.
        flight.current = null;
        if (follow.from) follow.declined = currentView().throwBall?.seed ?? -1;
        follow.from = null;
        stopCinematic();
      }}
      onChange={() => {
        // Keep the pan near the game and above the table.
        const t = controls.current?.target;
        if (!t) return;
        t.x = Math.max(-PAN_LIMIT, Math.min(PAN_LIMIT, t.x));
        t.z = Math.max(-PAN_LIMIT, Math.min(PAN_LIMIT, t.z));
        t.y = Math.max(0, Math.min(4, t.y));
      }}
    />
  );
}
