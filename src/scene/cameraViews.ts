/**
 * Where the camera's views stand: the presets (a seat's side, top-down) fitted to the free area the
 * panels leave, on a phone held upright looking down nearly straight, and the home view framing the
 * start ball's resting place with the board. Pure geometry, read by every camera mode (CameraRig.tsx).
 */
import { Matrix4, type PerspectiveCamera, Spherical, Vector3 } from 'three';
import type { CameraPreset, FrameInsets } from './cameraStore';
import { BALL_RADIUS, BOARD_FACE, BOARD_TOP, BOARD_WIDTH, COORDINATE_FONT, MARGIN, SHORT_SCREEN, VIEW_BOUNDS } from './layout';
import { throwRestPlace } from './throwBallPose';
import { currentView } from './view';

/**
 * Where each preset looks from, as (distance, polar angle from straight up, azimuth about +Y).
 * The distance is the least: the camera moves back until the board fits the free area (fitRadius).
 */
export const PRESETS: Record<CameraPreset, { radius: number; polar: number; azimuth: number }> = {
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
export const TARGET = new Vector3(1.5, 0, 0.6);
const PORTRAIT_TARGET = new Vector3(0, 0, 0);
/** Part of the free area's half-width/height the fitted box may use. */
const FIT_MARGIN = 0.98;
export const LANDSCAPE_ASPECT = 1.6;
export const FOV = 38;

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
/**
 * A short screen's fit (a phone held sideways, the board filling its height): the board's whole
 * face, its side buttons' pads to their outer edges, which a few pixels of the board's size pay for
 * there (on a phone held upright they would cost the sockets' spacing its last pixel: its yellow and
 * blue pads may touch the screen's sides).
 */
const FACE_BOX: Box = { min: [-BOARD_FACE.half, 0, -BOARD_FACE.half], max: [BOARD_FACE.half, BOARD_TOP, BOARD_FACE.half] };
const FACE_CORNERS = corners(FACE_BOX, PORTRAIT_TARGET);
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
  /** A screen taller than wide (a phone held upright): framed as a portrait one, whatever room the panels leave. */
  upright: boolean;
}
const LANDSCAPE: FreeArea = { aspect: LANDSCAPE_ASPECT, fov: FOV, shiftX: 0, shiftY: 0, short: false, upright: false };
/** Whether the presets look down nearly straight and frame the sockets and the frame's middle only. */
const steep = (area: FreeArea) => area.aspect < 1 || area.short || area.upright;

/** The insets the free area takes off: panels that would leave less than a third of the screen are not (a tiny window): the board uses all of it. */
export function effectiveInsets(width: number, height: number, insets: FrameInsets): FrameInsets {
  const across = insets.top + insets.bottom < (2 * height) / 3;
  const along = insets.left + insets.right < (2 * width) / 3;
  return { top: across ? insets.top : 0, bottom: across ? insets.bottom : 0, left: along ? insets.left : 0, right: along ? insets.right : 0 };
}

export function freeArea(width: number, height: number, insets: FrameInsets, fov: number): FreeArea {
  const { top, bottom, left, right } = effectiveInsets(width, height, insets);
  const w = Math.max(1, width - left - right);
  const h = Math.max(1, height - top - bottom);
  const half = Math.atan(Math.tan((fov * Math.PI) / 360) * (h / Math.max(1, height)));
  return { aspect: w / h, fov: (half * 360) / Math.PI, shiftX: (right - left) / 2, shiftY: (bottom - top) / 2, short: height <= SHORT_SCREEN, upright: height > width };
}

/** Puts the camera's axis through the free area's centre (its view offset), as drawn on a `width` x `height` canvas. */
export function aimAtArea(lens: PerspectiveCamera, width: number, height: number, area: FreeArea): void {
  if (area.shiftX === 0 && area.shiftY === 0) lens.clearViewOffset();
  else lens.setViewOffset(width, height, area.shiftX, area.shiftY, width, height);
  lens.updateProjectionMatrix();
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
  const base = area.short ? FACE_BOX : portrait ? SOCKETS_BOX : VIEW_BOUNDS;
  if (!rest) return { target, box: area.short ? FACE_CORNERS : portrait ? SOCKET_CORNERS : BOUNDS_CORNERS };
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

export function presetSpherical(preset: CameraPreset, area: FreeArea): Spherical {
  const { polar, azimuth } = presetAngles(preset, area);
  return new Spherical(Math.max(PRESETS[preset].radius, fitRadius(polar, azimuth, area.aspect, area.fov, framing(area).box)), polar, azimuth);
}

/** The point the presets look at on this free area. */
export function homeTarget(area: FreeArea): Vector3 {
  return framing(area).target;
}

/**
 * A preset's view on this free area with the start ball lying at `rest`: the preset's own when the
 * ball (its body) already shows in the free area, else one framing the ball's resting place too, so
 * that it lies clear of the panels (on a phone it rests below the board, where the status line is).
 * The board shrinks only when it must (on a laptop's short free area it would, for nothing).
 */
export function homeView(preset: CameraPreset, area: FreeArea, rest: Vector3 | null): { spherical: Spherical; target: Vector3 } {
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
export function restingBall(reduced: boolean): Vector3 | null {
  const place = new Vector3();
  return throwRestPlace(currentView().throwBall, reduced, place) ? place : null;
}
