/**
 * The camera: orbit, zoom and pan (drei OrbitControls) kept above the table and near the game,
 * and smooth flights to the presets (from a seat's side, or top-down) along a spherical path.
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { Spherical, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { type CameraPreset, useCamera } from './cameraStore';
import { easeInOut } from './easing';

/** Where each preset looks from, as (distance, polar angle from straight up, azimuth about +Y). */
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

export function presetPosition(preset: CameraPreset): Vector3 {
  const p = PRESETS[preset];
  return new Vector3().setFromSpherical(new Spherical(p.radius, p.polar, p.azimuth)).add(TARGET);
}

export function CameraRig() {
  const controls = useRef<OrbitControlsImpl>(null);
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const request = useCamera((s) => s.request);
  const preset = useCamera((s) => s.preset);
  const flight = useRef<{ from: Spherical; to: Spherical; fromTarget: Vector3; t: number } | null>(null);

  // First frame: sit at the preset without flying.
  useEffect(() => {
    camera.position.copy(presetPosition(useCamera.getState().preset));
    camera.lookAt(TARGET);
    controls.current?.target.copy(TARGET);
    controls.current?.update();
    invalidate();
  }, [camera, invalidate]);

  useEffect(() => {
    if (request === 0 || !controls.current) return;
    const target = controls.current.target;
    const from = new Spherical().setFromVector3(camera.position.clone().sub(target));
    const p = PRESETS[preset];
    const to = new Spherical(p.radius, p.polar, p.azimuth);
    // Turn the short way round.
    while (to.theta - from.theta > Math.PI) to.theta -= Math.PI * 2;
    while (to.theta - from.theta < -Math.PI) to.theta += Math.PI * 2;
    flight.current = { from, to, fromTarget: target.clone(), t: 0 };
    invalidate();
  }, [request, preset, camera, invalidate]);

  useFrame((_, delta) => {
    const f = flight.current;
    const c = controls.current;
    if (!f || !c) return;
    f.t = Math.min(1, f.t + Math.min(delta, 0.1) / FLIGHT_SECONDS);
    const k = easeInOut(f.t);
    const s = new Spherical(
      f.from.radius + (f.to.radius - f.from.radius) * k,
      f.from.phi + (f.to.phi - f.from.phi) * k,
      f.from.theta + (f.to.theta - f.from.theta) * k,
    );
    c.target.lerpVectors(f.fromTarget, TARGET, k);
    camera.position.setFromSpherical(s).add(c.target);
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
      maxDistance={48}
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
