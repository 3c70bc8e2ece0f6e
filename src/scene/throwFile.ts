/**
 * A start throw as the page gets it: one of the throws baked ahead of time (`npm run bake:throws`
 * simulates them under rigid-body physics, throwPhysics.ts), each a small JSON file of
 * public/throws/ (the app's throws/) fetched when a round's start ball is thrown. A throw's seed picks the file, so
 * the same seed is the same throw on every page; whichever corner ends on top, the paint is turned
 * to the engine's colour (ballGeometry.repaint). The throws land in front of the board, away from
 * the supply tray on either side it stands (test/scene/throwPhysics.test.ts), so one library serves
 * both. No three.js and no physics engine here: the page ships neither the simulation nor cannon-es.
 *
 * The file keeps the motion at 60 frames a second (the page interpolates between frames), each of
 * its seven channels (x, y, z, then the rotation's x, y, z, w) as whole steps (POSITION_STEP units,
 * ROTATION_STEP of a unit quaternion) written as second differences: a smooth motion is mostly
 * zeros and small numbers, which compress to about a kilobyte a throw.
 */
export interface ThrowRecording {
  /** Seconds between recorded frames. */
  dt: number;
  frames: number;
  /** x, y, z per frame. */
  positions: Float32Array;
  /** x, y, z, w per frame. */
  quaternions: Float32Array;
  /**
   * The ball striking the table, the board or the supply tray, for sound: (time, strength) pairs,
   * time in seconds of the recording (frame = time / dt), strength the speed at which the ball
   * met the surface along its normal, in scene units per second.
   */
  impacts: Float32Array;
  /** Colour index whose corner is up at rest (before repainting). */
  top: number;
  /** Whether the ball came to rest within the time allowed. */
  settled: boolean;
  /** Height of the top corner's direction at rest (1 = resting squarely on a face). */
  upright: number;
}

/** Baked throws: a seed picks one. */
export const BAKED_THROWS = 32;
/** Frames a second kept in a file. */
export const FILE_RATE = 60;
/** The position's step, in scene units (0.005 units: about a tenth of a millimetre on the table). */
export const POSITION_STEP = 1 / 200;
/** The rotation's step, in a unit quaternion's components. */
export const ROTATION_STEP = 1 / 4096;

/** A baked throw's file (bakedThrowName). */
export interface ThrowFile {
  /** The seed it was simulated from (throwPhysics.simulateThrow), to bake it again. */
  seed: number;
  rate: number;
  frames: number;
  top: number;
  settled: boolean;
  upright: number;
  impacts: number[];
  /** Seven channels of `frames` second differences each, channel after channel. */
  motion: number[];
}

/** Which of the baked throws a throw's seed plays. */
export function throwIndex(seed: number): number {
  return (seed >>> 0) % BAKED_THROWS;
}

/** The file of a baked throw, in public/throws/. */
export function bakedThrowName(index: number): string {
  return `throw-${String(index).padStart(2, '0')}.json`;
}

/** A simulated throw as a file: every other frame of a 120 Hz simulation, the last one kept. */
export function encodeThrow(rec: ThrowRecording, seed: number): ThrowFile {
  const every = Math.round(1 / (rec.dt * FILE_RATE));
  if (Math.abs(every * rec.dt * FILE_RATE - 1) > 1e-9) throw new Error(`a throw recorded every ${rec.dt} s cannot be kept at ${FILE_RATE} frames a second`);
  const frames = Math.ceil((rec.frames - 1) / every) + 1;
  const motion: number[] = [];
  for (let channel = 0; channel < 7; channel++) {
    let last = 0;
    let lastStep = 0;
    for (let frame = 0; frame < frames; frame++) {
      const from = Math.min(frame * every, rec.frames - 1);
      const value = channel < 3 ? Math.round(rec.positions[from * 3 + channel] / POSITION_STEP) : Math.round(rec.quaternions[from * 4 + channel - 3] / ROTATION_STEP);
      const step = value - last;
      motion.push(step - lastStep);
      last = value;
      lastStep = step;
    }
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { seed, rate: FILE_RATE, frames, top: rec.top, settled: rec.settled, upright: round(rec.upright), impacts: Array.from(rec.impacts, round), motion };
}

/** A file's throw, ready to play; throws saying what is wrong with a file that is not a throw. */
export function decodeThrow(file: ThrowFile): ThrowRecording {
  const { rate, frames, motion, impacts, top } = file;
  if (!(rate > 0) || !Number.isInteger(frames) || frames < 2 || motion?.length !== 7 * frames || !Array.isArray(impacts) || impacts.length % 2 || !(top >= 0 && top < 4)) {
    throw new Error(`not a baked throw (rate ${rate}, ${frames} frames, ${motion?.length} motion values, top ${top}): bake the throws again (npm run bake:throws)`);
  }
  const positions = new Float32Array(frames * 3);
  const quaternions = new Float32Array(frames * 4);
  for (let channel = 0; channel < 7; channel++) {
    let value = 0;
    let step = 0;
    for (let frame = 0; frame < frames; frame++) {
      step += motion[channel * frames + frame];
      value += step;
      if (channel < 3) positions[frame * 3 + channel] = value * POSITION_STEP;
      else quaternions[frame * 4 + channel - 3] = value * ROTATION_STEP;
    }
  }
  // The rotations, rounded to their steps, made unit length again.
  for (let frame = 0; frame < frames; frame++) {
    const at = frame * 4;
    const length = Math.hypot(quaternions[at], quaternions[at + 1], quaternions[at + 2], quaternions[at + 3]);
    for (let i = 0; i < 4; i++) quaternions[at + i] /= length;
  }
  return { dt: 1 / rate, frames, positions, quaternions, impacts: Float32Array.from(impacts), top, settled: file.settled, upright: file.upright };
}
