/**
 * The camera: orbit, zoom and pan (drei OrbitControls) kept above the table and near the game,
 * smooth flights to the presets (from a seat's side, or top-down) along a spherical path, and the
 * optional cinematic camera (cinematicCamera.ts): a slow orbit leaning toward the last move.
 * During the start throw it follows the thrown ball, then flies back to the player's view (not with
 * reduced motion, where the ball lies still and the camera stays).
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Matrix4, type PerspectiveCamera, Spherical, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { reducedMotionOn, useAccess } from '../app/setup/accessPrefs';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { CAMERA_PRESETS, type CameraPreset, type FrameInsets, useCamera } from './cameraStore';
import { cinematicOn, stopCinematic, useCinematic } from './cinematicCamera';
import { easeInOut } from './easing';
import { BALL_RADIUS, BOARD_TOP, BOARD_WIDTH, COORDINATE_FONT, MARGIN, socketX, socketZ, VIEW_BOUNDS } from './layout';
import { loadProgress } from './loadProgress';
import { probe } from './renderInfo';
import { drawnThrow, throwRestPlace } from './throwBallPose';
import { currentView } from './view';

/**
 * Where each preset looks from, as (distance, polar angle from straight up, azimuth about +Y).
 * The distance is the least: the camera moves back until the board fits the free area (fitRadius).
 */
const PRESETS: Record<CameraPreset, { radius: number; polar: number; azimuth: number }> = {
  red: { radius: 18, polar: 0.58, azimuth: 0 },
  yellow: { radius: 18, polar: 0.58, azimuth: -Math.PI / 2 },
  green: { radius: 18, polar: 0.58, azimuth: Math.PI },
  blue: { radius: 18, polar: 0.58, azimuth: Math.PI / 2 },
  top: { radius: 18, polar: 0.0001, azimuth: 0 },
};
/**
 * On a free area taller than wide (a phone held upright, or sideways between its side panels) the
 * seats' views look down nearly straight and frame the sockets and the frame's middle, where the
 * coordinates and the side buttons' centres are (the board's outer rim may leave the screen at the
 * sides), so that the board fills the width and the far row's sockets stay as far apart as the near
 * row's, big enough to tap.
 */
const PORTRAIT_POLAR = 0.06;
/**
 * The point the views look at: a landscape screen's, right of the board's centre toward the supply
 * and toward the throw, so that from the red seat the board stands left of the screen's middle and
 * the supply whole right of it (the board's size changes by a few hundredths at most); a portrait
 * one's, the board's centre.
 */
const TARGET = new Vector3(1.5, 0, 0.6);
const PORTRAIT_TARGET = new Vector3(0, 0, 0);
const FLIGHT_SECONDS = 0.9;
/**
 * The most of a flight one frame moves on (s): a flight keeps to its time on a machine that draws a
 * frame in half a second (software rendering) instead of crawling for as many frames as a fast one
 * draws, and a tab shown again after a while does not end its flight in one jump.
 */
const FLIGHT_STEP_SECONDS = 0.5;
/** The controls' damping: the share of a drag's motion still to come that a 60th of a second applies. */
const DAMPING_PER_60TH = 0.12;

/**
 * The controls' damping factor for a frame `delta` seconds long. The controls apply it once a frame,
 * so a fixed factor makes a drag lag and its glide last a number of frames: seconds of the camera
 * creeping on where a frame takes half a second (software rendering). By the frame's length, the
 * motion keeps the same pace per second at any frame rate (from 120 frames a second down: a frame
 * of next to no time still moves the camera, and the controls then ask for the next one).
 */
export function dampingFactor(delta: number): number {
  return 1 - (1 - DAMPING_PER_60TH) ** (Math.min(1, Math.max(1 / 120, delta)) * 60);
}
const PAN_LIMIT = 12;
const MAX_DISTANCE = 48;
/** Part of the free area's half-width/height the fitted box may use. */
const FIT_MARGIN = 0.98;
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

type Box = { min: readonly [number, number, number]; max: readonly [number, number, number] };
const corners = (box: Box, centre: Vector3) =>
  [0, 1, 2, 3, 4, 5, 6, 7].map((i) => new Vector3(box[i & 1 ? 'max' : 'min'][0], box[i & 2 ? 'max' : 'min'][1], box[i & 4 ? 'max' : 'min'][2]).sub(centre));
const BOUNDS_CORNERS = corners(VIEW_BOUNDS, TARGET);
/**
 * The sockets and the frame's middle, its coordinates' width beyond (a portrait screen's fit), up to
 * the board's top: seen from above, a higher corner would stand nearer the camera and shrink the
 * board for nothing (the outer sockets' balls lie well inside).
 */
const SOCKETS_HALF = BOARD_WIDTH / 2 - MARGIN / 2 + COORDINATE_FONT.size / 3;
const SOCKETS_BOX: Box = { min: [-SOCKETS_HALF, 0, -SOCKETS_HALF], max: [SOCKETS_HALF, BOARD_TOP, SOCKETS_HALF] };
const SOCKET_CORNERS = corners(SOCKETS_BOX, PORTRAIT_TARGET);
/** Room kept around the start ball's resting place when it is framed: the ball and a rim (each unit of room costs a short screen's board size). */
const REST_REACH = BALL_RADIUS + 0.05;

/**
 * The part of the canvas the board is framed in (the panels' insets taken off), as the fit sees
 * it: its aspect (width / height) and the vertical field of view (degrees) it spans; and the shift
 * (CSS px, camera.setViewOffset) that puts the camera's axis at its centre.
 */
export interface FreeArea {
  aspect: number;
  fov: number;
  shiftX: number;
  shiftY: number;
  /** A screen too short for a slanted view (a phone held sideways): framed like a portrait one. */
  short: boolean;
}
const LANDSCAPE: FreeArea = { aspect: LANDSCAPE_ASPECT, fov: FOV, shiftX: 0, shiftY: 0, short: false };
/** Screens up to this height (CSS px: a phone held sideways, as in hud.css) are short. */
const SHORT_SCREEN = 500;
/** Whether the presets look down nearly straight and frame the sockets and the frame's middle only. */
const steep = (area: FreeArea) => area.aspect < 1 || area.short;

export function freeArea(width: number, height: number, insets: FrameInsets, fov: number): FreeArea {
  // Panels that would leave less than half the screen are not taken off (a tiny window): the board uses all of it.
  const top = insets.top + insets.bottom < height / 2 ? insets.top : 0;
  const bottom = insets.top + insets.bottom < height / 2 ? insets.bottom : 0;
  const left = insets.left + insets.right < width / 2 ? insets.left : 0;
  const right = insets.left + insets.right < width / 2 ? insets.right : 0;
  const w = Math.max(1, width - left - right);
  const h = Math.max(1, height - top - bottom);
  const half = Math.atan(Math.tan((fov * Math.PI) / 360) * (h / Math.max(1, height)));
  return { aspect: w / h, fov: (half * 360) / Math.PI, shiftX: (right - left) / 2, shiftY: (bottom - top) / 2, short: height <= SHORT_SCREEN };
}

/**
 * The least distance from the box's centre of view (TARGET, or PORTRAIT_TARGET for the sockets),
 * looking from (polar, azimuth), at which a camera with this vertical field of view (degrees) and
 * aspect (width / height) shows every corner of the box (VIEW_BOUNDS, the board and the start ball's
 * landing strip, unless told).
 */
const fit = { direction: new Spherical(), back: new Vector3(), basis: new Matrix4(), origin: new Vector3(), upward: new Vector3(0, 1, 0), right: new Vector3(), up: new Vector3() };
export function fitRadius(polar: number, azimuth: number, aspect: number, fov: number, box: readonly Vector3[] = BOUNDS_CORNERS): number {
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
  for (const q of box) {
    const depth = q.dot(back);
    radius = Math.max(radius, Math.abs(q.dot(right)) / tanH + depth, Math.abs(q.dot(up)) / tanV + depth);
  }
  return radius;
}

/**
 * What the presets frame on this free area: the point they look at and the corners of the box kept
 * in view around it. With the start ball lying on the table (`rest`, its resting place), the box
 * grows to hold it and the point looked at moves with the box's centre (homeView).
 */
function framing(area: FreeArea, rest: Vector3 | null = null): { target: Vector3; box: readonly Vector3[] } {
  const portrait = steep(area);
  const target = portrait ? PORTRAIT_TARGET : TARGET;
  const base = portrait ? SOCKETS_BOX : VIEW_BOUNDS;
  if (!rest) return { target, box: portrait ? SOCKET_CORNERS : BOUNDS_CORNERS };
  const min = [Math.min(base.min[0], rest.x - REST_REACH), base.min[1], Math.min(base.min[2], rest.z - REST_REACH)] as const;
  const max = [Math.max(base.max[0], rest.x + REST_REACH), base.max[1], Math.max(base.max[2], rest.z + REST_REACH)] as const;
  const moved = new Vector3((min[0] + max[0] - base.min[0] - base.max[0]) / 2, 0, (min[2] + max[2] - base.min[2] - base.max[2]) / 2).add(target);
  return { target: moved, box: corners({ min, max }, moved) };
}

/** The preset's angles on this free area (a portrait one looks down steeply). */
function presetAngles(preset: CameraPreset, area: FreeArea): { polar: number; azimuth: number } {
  const p = PRESETS[preset];
  return { polar: steep(area) ? Math.min(p.polar, PORTRAIT_POLAR) : p.polar, azimuth: p.azimuth };
}

function presetSpherical(preset: CameraPreset, area: FreeArea): Spherical {
  const { polar, azimuth } = presetAngles(preset, area);
  return new Spherical(Math.max(PRESETS[preset].radius, fitRadius(polar, azimuth, area.aspect, area.fov, framing(area).box)), polar, azimuth);
}

/** The point the presets look at on this free area. */
function homeTarget(area: FreeArea): Vector3 {
  return framing(area).target;
}

/**
 * A preset's view on this free area with the start ball lying at `rest`: the preset's own when the
 * ball (its body) already shows in the free area, else one framing the ball's resting place too, so
 * that it lies clear of the panels (on a phone it rests below the board, where the status line is).
 * The board shrinks only when it must (on a laptop's short free area it would, for nothing).
 */
function homeView(preset: CameraPreset, area: FreeArea, rest: Vector3 | null): { spherical: Spherical; target: Vector3 } {
  const spherical = presetSpherical(preset, area);
  const target = homeTarget(area);
  if (!rest) return { spherical, target };
  const { polar, azimuth } = presetAngles(preset, area);
  const ball = corners({ min: [rest.x - BALL_RADIUS, 0, rest.z - BALL_RADIUS], max: [rest.x + BALL_RADIUS, 2 * BALL_RADIUS, rest.z + BALL_RADIUS] }, target);
  if (fitRadius(polar, azimuth, area.aspect, area.fov, ball) <= spherical.radius) return { spherical, target };
  const grown = framing(area, rest);
  return { spherical: new Spherical(Math.max(PRESETS[preset].radius, fitRadius(polar, azimuth, area.aspect, area.fov, grown.box)), polar, azimuth), target: grown.target };
}

/** Where a preset's view stands and the point it looks at on this free area (framing the start ball lying at `rest` too). */
export function presetView(preset: CameraPreset, area: FreeArea = LANDSCAPE, rest: Vector3 | null = null): { position: Vector3; target: Vector3 } {
  const { spherical, target } = homeView(preset, area, rest);
  return { position: new Vector3().setFromSpherical(spherical).add(target), target };
}

export function presetPosition(preset: CameraPreset, area: FreeArea = LANDSCAPE): Vector3 {
  return presetView(preset, area).position;
}

/** The start ball's resting place while one is thrown or lies on the table (its throw simulated), else null. */
function restingBall(reduced: boolean): Vector3 | null {
  const place = new Vector3();
  return throwRestPlace(currentView().throwBall, reduced, place) ? place : null;
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
  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  const aspect = width / Math.max(1, height);
  const fov = (camera as PerspectiveCamera).fov ?? FOV;
  const insets = useCamera((s) => s.insets);
  const area = useMemo(() => freeArea(width, height, insets, fov), [width, height, insets, fov]);
  const request = useCamera((s) => s.request);
  const preset = useCamera((s) => s.preset);
  const focus = useCamera((s) => s.focus);
  const cinematic = useCinematic();
  const reduced = useAccess(reducedMotionOn);
  // The viewer has moved the camera since the last view chosen: a change of the panels' room leaves it be.
  const taken = useRef(false);
  const flight = useRef<{ from: Spherical; to: Spherical; fromTarget: Vector3; toTarget: Vector3; t: number } | null>(null);
  // The flight's point of each frame, reused (no allocation per frame).
  const along = useMemo(() => new Spherical(), []);
  // The cinematic camera's state, reused every frame: where it is on its path, the centre it looks
  // at, the last move's socket it leans toward, and the side view it last cut to (reduced motion).
  const cinema = useMemo(() => ({ at: new Spherical(), speed: 0, clock: 0, focus: new Vector3(), goal: new Vector3(), lastMove: TARGET.clone(), side: null as CameraPreset | null }), []);
  // The throw whose resting ball the camera's home view frames (its seed): once it is at rest, a
  // view that did not frame it (the camera was flying as the throw began) flies home to frame it.
  const restFramed = useRef(-1);
  // Following the start throw: the player's view it left (null when not following), the distance and
  // centre it goes back to (the preset's, framing the ball's resting place too, unless the viewer
  // had moved the camera), and the throw the viewer took the camera from.
  const follow = useMemo(() => ({ from: null as Spherical | null, at: new Spherical(), centre: new Vector3(), goal: new Vector3(), homeRadius: 0, homeCentre: new Vector3(), declined: -1 }), []);

  // window.rolit.settled waits for a flight to end.
  useEffect(() => {
    probe.flying = () => flight.current !== null;
    return () => {
      probe.flying = null;
    };
  }, []);

  // The camera's axis through the free area's centre, so that the framed board sits there.
  useLayoutEffect(() => {
    const lens = camera as PerspectiveCamera;
    if (!lens.isPerspectiveCamera) return;
    if (area.shiftX === 0 && area.shiftY === 0) lens.clearViewOffset();
    else lens.setViewOffset(width, height, area.shiftX, area.shiftY, width, height);
    lens.updateProjectionMatrix();
    invalidate();
  }, [camera, invalidate, width, height, area]);

  // First frame: sit at the preset without flying.
  useEffect(() => {
    camera.position.copy(presetPosition(useCamera.getState().preset, area));
    const home = homeTarget(area);
    camera.lookAt(home);
    controls.current?.target.copy(home);
    controls.current?.update();
    invalidate();
    // Only at mount: later screen shapes fly to the preset instead (below).
  }, [camera, invalidate]);

  /** Frames this canvas has drawn: before its first, nobody has seen where the camera was. */
  const framesDrawn = useRef(0);

  /** Flies to a view (at once with reduced motion, or before the first frame), turning the short way round. */
  const flyTo = (to: Spherical, toTarget: Vector3) => {
    const target = controls.current!.target;
    const from = new Spherical().setFromVector3(camera.position.clone().sub(target));
    while (to.theta - from.theta > Math.PI) to.theta -= Math.PI * 2;
    while (to.theta - from.theta < -Math.PI) to.theta += Math.PI * 2;
    // Reduced motion, or a view taken before anything was drawn (the start ball already at rest when
    // the scene first shows): no glide, the view is taken now and the next frame shows it. Taken
    // outside a frame, the controls see no change in that frame and ask for no second one.
    if (reducedMotionOn(useAccess.getState()) || framesDrawn.current === 0) {
      flight.current = null;
      target.copy(toTarget);
      camera.position.setFromSpherical(to).add(target);
      camera.lookAt(target);
      controls.current!.update();
    } else flight.current = { from, to, fromTarget: target.clone(), toTarget, t: 0 };
    invalidate();
  };
  /** Flies to the preset's view, framing the start ball's resting place too when one lies there. */
  const flyHome = (rest: Vector3 | null) => {
    const thrown = currentView().throwBall;
    if (rest && thrown) restFramed.current = thrown.seed;
    const home = homeView(useCamera.getState().preset, area, rest);
    flyTo(home.spherical, home.target);
  };

  // A preset chosen (a camera button, Reset view), or the screen's shape changed (a phone turned):
  // fly to the preset's fitted view; so too when the panels' room changed, unless the viewer has
  // moved the camera since the last view chosen. A chosen view also stops the cinematic camera.
  const shape = useRef(aspect);
  const framed = useRef(area);
  const asked = useRef(request);
  useEffect(() => {
    const reshaped = Math.abs(shape.current - aspect) > 0.05;
    const reframed = Math.abs(framed.current.aspect - area.aspect) > 0.02 || Math.abs(framed.current.fov - area.fov) > 0.2;
    const requested = request !== asked.current;
    shape.current = aspect;
    framed.current = area;
    asked.current = request;
    if (requested) {
      stopCinematic();
      taken.current = false;
    }
    if ((!requested && !reshaped && (!reframed || taken.current)) || !controls.current) return;
    if (!requested && cinematicOn()) {
      cinema.side = null; // the cinematic camera fits the new shape itself (reduced motion: cut again)
      return;
    }
    // A focus is framed for a landscape screen: narrower ones move back (less than in proportion: a phone's board stays big enough to tap).
    if (focus) flyTo(new Spherical(focus.radius * Math.max(1, LANDSCAPE_ASPECT / aspect) ** 0.75, focus.polar, focus.azimuth), new Vector3(...focus.target));
    else flyHome(restingBall(reducedMotionOn(useAccess.getState())));
  }, [request, preset, focus, aspect, area, camera, invalidate, cinema]);

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
      // The side's fixed view, as its camera button shows it (framing the start ball lying on the table too).
      const view = presetView(side, area, restingBall(true));
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
  };

  /**
   * One frame of following the start throw, while it plays (not with reduced motion, the cinematic
   * camera, a view of the tour's or after the viewer took the camera); once the ball is at rest, the
   * flight back to the player's view, framing the resting ball with the board. Returns whether it
   * moved the camera.
   */
  const throwFrame = (c: OrbitControlsImpl, delta: number): boolean => {
    const thrown = currentView().throwBall;
    const playing = thrown !== null && thrown.progress < 1 && drawnThrow.shown && thrown.seed !== follow.declined;
    if (!follow.from) {
      if (!playing || reduced || cinematic || flight.current || useCamera.getState().focus) return false;
      follow.from = new Spherical().setFromVector3(camera.position.clone().sub(c.target));
      follow.at.copy(follow.from);
      follow.centre.copy(c.target);
      const rest = taken.current ? null : restingBall(false);
      const home = homeView(useCamera.getState().preset, area, rest);
      follow.homeRadius = rest ? home.spherical.radius : follow.from.radius;
      follow.homeCentre.copy(home.target);
      restFramed.current = thrown.seed;
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
    invalidate();
    return true;
  };

  /**
   * The start ball has come to rest where the home view does not frame it (the throw was not
   * followed: the camera was flying to the player's side as it began): fly home to frame it, unless
   * the viewer has the camera, the cinematic camera or a tour's view does, or with reduced motion
   * (the camera stays; the ball lies in the throw area, in view).
   */
  const frameRestingBall = () => {
    const thrown = currentView().throwBall;
    if (!thrown && restFramed.current >= 0) return frameBoard();
    if (!thrown || thrown.progress < 1 || thrown.seed === restFramed.current) return;
    if (reduced || cinematic || taken.current || flight.current || follow.from || useCamera.getState().focus) return;
    const rest = restingBall(false);
    if (rest) flyHome(rest);
  };

  /**
   * The start ball the home view framed has gone back into the box (the first move): the home view
   * frames the board alone again, closer, unless the viewer has the camera, the cinematic camera or
   * a tour's view does.
   */
  const frameBoard = () => {
    restFramed.current = -1;
    if (cinematic || taken.current || follow.from || useCamera.getState().focus) return;
    flyHome(null);
  };

  // A ball already at rest when the view first shows (a resumed game, instant speed) is framed as
  // the shaders are compiled, before the first frame rather than inside it (where the controls'
  // change would ask for a second frame: a second under software rendering).
  const latestFrameRestingBall = useRef(frameRestingBall);
  latestFrameRestingBall.current = frameRestingBall;
  useEffect(
    () =>
      loadProgress.subscribe((now, before) => {
        if (now.done.shaders && !before.done.shaders && framesDrawn.current === 0) latestFrameRestingBall.current();
      }),
    [],
  );

  useFrame((_, delta) => {
    const c = controls.current;
    if (!c) return;
    if (throwFrame(c, delta)) return;
    frameRestingBall();
    if (cinematic && !flight.current) return cinematicFrame(c, delta);
    const f = flight.current;
    if (!f) return;
    f.t = Math.min(1, f.t + Math.min(delta, FLIGHT_STEP_SECONDS) / FLIGHT_SECONDS);
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
    // This frame draws the flight's end: another is asked for only while it goes on.
    if (f.t >= 1) flight.current = null;
    else invalidate();
  });
  // After the frame's other work: counts the frames drawn.
  useFrame(() => void framesDrawn.current++);
  // Before the controls' own update (drei runs it at -1): this frame's damping.
  useFrame((_, delta) => {
    if (controls.current) controls.current.dampingFactor = dampingFactor(delta);
  }, -2);

  return (
    <OrbitControls
      ref={controls}
      makeDefault
      enableDamping
      minDistance={9}
      maxDistance={Math.max(MAX_DISTANCE, ...CAMERA_PRESETS.map((p) => presetSpherical(p, area).radius * 1.2))}
      minPolarAngle={0}
      maxPolarAngle={1.32}
      onStart={() => {
        // The viewer takes the camera: a flight, following the throw or the cinematic camera stops at once.
        flight.current = null;
        taken.current = true;
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
