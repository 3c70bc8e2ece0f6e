/**
 * The camera: orbit, zoom and pan (drei OrbitControls) kept above the table and near the game,
 * and smooth flights to the presets (from a seat's side, or top-down) along a spherical path.
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { Matrix4, type PerspectiveCamera, Spherical, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { reducedMotionOn, useAccess } from '../app/accessPrefs';
import { CAMERA_PRESETS, type CameraPreset, useCamera } from './cameraStore';
import { easeInOut } from './easing';
import { VIEW_BOUNDS } from './layout';

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

const BOUNDS_CORNERS = [0, 1, 2, 3, 4, 5, 6, 7].map(
  (i) => new Vector3(VIEW_BOUNDS[i & 1 ? 'max' : 'min'][0], VIEW_BOUNDS[i & 2 ? 'max' : 'min'][1], VIEW_BOUNDS[i & 4 ? 'max' : 'min'][2]).sub(TARGET),
);

/**
 * The least distance from TARGET, looking from (polar, azimuth), at which a camera with this
 * vertical field of view (degrees) and aspect (width / height) shows every corner of VIEW_BOUNDS.
 */
export function fitRadius(polar: number, azimuth: number, aspect: number, fov: number): number {
  const back = new Vector3().setFromSpherical(new Spherical(1, polar, azimuth));
  const basis = new Matrix4().lookAt(back, new Vector3(), new Vector3(0, 1, 0));
  const right = new Vector3().setFromMatrixColumn(basis, 0);
  const up = new Vector3().setFromMatrixColumn(basis, 1);
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

export function CameraRig() {
  const controls = useRef<OrbitControlsImpl>(null);
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const aspect = useThree((s) => s.size.width / Math.max(1, s.size.height));
  const fov = (camera as PerspectiveCamera).fov ?? FOV;
  const request = useCamera((s) => s.request);
  const preset = useCamera((s) => s.preset);
  const focus = useCamera((s) => s.focus);
  const flight = useRef<{ from: Spherical; to: Spherical; fromTarget: Vector3; toTarget: Vector3; t: number } | null>(null);
  // The flight's point of each frame, reused (no allocation per frame).
  const along = useMemo(() => new Spherical(), []);

  // First frame: sit at the preset without flying.
  useEffect(() => {
    camera.position.copy(presetPosition(useCamera.getState().preset, aspect, fov));
    camera.lookAt(TARGET);
    controls.current?.target.copy(TARGET);
    controls.current?.update();
    invalidate();
    // Only at mount: later screen shapes fly to the preset instead (below).
  }, [camera, invalidate]);

  // A preset chosen, or the screen's shape changed (a phone turned): fly to the preset's fitted view.
  const shape = useRef(aspect);
  useEffect(() => {
    const reshaped = Math.abs(shape.current - aspect) > 0.05;
    shape.current = aspect;
    if ((request === 0 && !reshaped) || !controls.current) return;
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
  }, [request, preset, focus, aspect, fov, camera, invalidate]);

  useFrame((_, delta) => {
    const f = flight.current;
    const c = controls.current;
    if (!f || !c) return;
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
      onStart={() => (flight.current = null)}
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
