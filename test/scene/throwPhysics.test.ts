import { readdirSync, readFileSync } from 'node:fs';
import { Quaternion } from 'three';
import { describe, expect, it } from 'vitest';
import { COLOURS } from '../../src/engine';
import { colourOnTop, FACE_RADIUS, repaint, TETRA } from '../../src/scene/ballGeometry';
import { BALL_RADIUS, BOARD_WIDTH, type SupplySide, supplyFootprint } from '../../src/scene/layout';
import { TABLE_SIZE } from '../../src/scene/Table';
import { BAKED_THROWS, bakedThrowName, decodeThrow, encodeThrow, FILE_RATE, type ThrowFile, throwIndex, type ThrowRecording } from '../../src/scene/throwFile';
import { MAX_SECONDS, simulateThrow } from '../../src/scene/throwPhysics';

const SIDES: SupplySide[] = ['beside', 'away'];
const readBaked = (index: number) => JSON.parse(readFileSync(`public/throws/${bakedThrowName(index)}`, 'utf8')) as ThrowFile;
/** Every baked throw the page plays (public/throws), by its seed, decoded as the page decodes it. */
const throws = new Map<number, ThrowRecording>(Array.from({ length: BAKED_THROWS }, (_, i) => [readBaked(i).seed, decodeThrow(readBaked(i))]));

function quaternionAt(rec: ThrowRecording, frame: number): Quaternion {
  return new Quaternion().fromArray(rec.quaternions, frame * 4);
}

/** Highest the ball rose after first touching the table (0 if it never left it again). */
function bounceHeight(rec: ThrowRecording): number {
  // Touching: the centre no higher than a corner's reach (1.08 ball radii) and a little.
  const touching = BALL_RADIUS * 1.08 + 0.02;
  let touched = false;
  let highest = 0;
  for (let i = 0; i < rec.frames; i++) {
    const y = rec.positions[i * 3 + 1];
    if (y < touching) touched = true;
    else if (touched) highest = Math.max(highest, y);
  }
  return highest;
}

describe('the baked start throws', () => {
  it('are a full library, each seed playing one of them', () => {
    expect(readdirSync('public/throws').sort()).toEqual(Array.from({ length: BAKED_THROWS }, (_, i) => bakedThrowName(i)));
    expect(throws.size).toBe(BAKED_THROWS);
    const played = new Set(Array.from({ length: 1000 }, (_, seed) => throwIndex(seed * 2654435761)));
    expect(played.size).toBe(BAKED_THROWS);
    for (const seed of [0, 1, 2 ** 32 - 1, -1]) expect(throwIndex(seed)).toBeGreaterThanOrEqual(0);
  });

  it('are what the physics simulates from their seeds, kept within a step', () => {
    for (const index of [0, BAKED_THROWS - 1]) {
      const file = readBaked(index);
      const simulated = simulateThrow(file.seed, 'beside');
      expect(file).toEqual(encodeThrow(simulated, file.seed));
      // Played back at FILE_RATE: each kept frame where the simulation put the ball.
      const played = decodeThrow(file);
      const every = Math.round(1 / (simulated.dt * FILE_RATE));
      for (let frame = 0; frame < played.frames; frame++) {
        const from = Math.min(frame * every, simulated.frames - 1);
        for (let c = 0; c < 3; c++) expect(Math.abs(played.positions[frame * 3 + c] - simulated.positions[from * 3 + c])).toBeLessThan(0.005);
        expect(quaternionAt(played, frame).angleTo(quaternionAt(simulated, from))).toBeLessThan(0.002);
      }
      expect((played.frames - 1) * played.dt).toBeCloseTo((simulated.frames - 1) * simulated.dt, 1);
    }
  });

  it('never come near the supply tray, on either side it stands: one library serves both', () => {
    for (const side of SIDES) {
      const tray = supplyFootprint(side);
      for (const [seed, rec] of throws) {
        for (let i = 0; i < rec.frames; i++) {
          const [x, z] = [rec.positions[i * 3], rec.positions[i * 3 + 2]];
          const near = Math.abs(x - tray.centre[0]) < tray.half[0] + BALL_RADIUS * 2 && Math.abs(z - tray.centre[1]) < tray.half[1] + BALL_RADIUS * 2;
          expect(near, `seed ${seed} (${side}) at frame ${i}`).toBe(false);
        }
      }
    }
  });

  it('decoding refuses a file that is not a throw, saying what to do', () => {
    const file = readBaked(0);
    expect(() => decodeThrow({ ...file, motion: file.motion.slice(1) })).toThrow(/not a baked throw.*bake:throws/);
    expect(() => decodeThrow({} as ThrowFile)).toThrow(/not a baked throw/);
  });

  it('are simulated the same for the same seed, whatever was thrown before', () => {
    const [a, b] = [readBaked(3).seed, readBaked(4).seed];
    const first = simulateThrow(a, 'beside');
    simulateThrow(b, 'beside');
    expect(simulateThrow(a, 'beside')).toEqual(first);
    expect(simulateThrow(b, 'beside').positions).not.toEqual(first.positions);
  });

  it('come to rest in time, squarely on a face', () => {
    for (const [seed, rec] of throws) {
      expect(rec.settled, `seed ${seed}`).toBe(true);
      expect((rec.frames - 1) * rec.dt, `seed ${seed}`).toBeLessThanOrEqual(MAX_SECONDS);
      const rest = quaternionAt(rec, rec.frames - 1);
      expect(rec.top).toBe(colourOnTop(rest));
      // A corner points straight up: the ball rests on the opposite face.
      expect(TETRA[rec.top].clone().applyQuaternion(rest).y, `seed ${seed}`).toBeGreaterThan(0.97);
      expect(rec.upright).toBeGreaterThan(0.97);
    }
  });

  it('land on the table, beside the board and the supply tray, not in them', () => {
    const tray = supplyFootprint('beside');
    for (const [seed, rec] of throws) {
      const n = rec.frames - 1;
      const [x, y, z] = [rec.positions[n * 3], rec.positions[n * 3 + 1], rec.positions[n * 3 + 2]];
      expect(Math.max(Math.abs(x), Math.abs(z)), `seed ${seed}`).toBeLessThan(TABLE_SIZE / 2);
      // Resting on the table top on a face: neither sunk into it nor propped up.
      expect(Math.abs(y - FACE_RADIUS), `seed ${seed}`).toBeLessThan(0.03);
      const onBoard = Math.abs(x) < BOARD_WIDTH / 2 + 0.4 && Math.abs(z) < BOARD_WIDTH / 2 + 0.4;
      const onTray = Math.abs(x - tray.centre[0]) < tray.half[0] + 0.4 && Math.abs(z - tray.centre[1]) < tray.half[1] + 0.4;
      expect(onBoard || onTray, `seed ${seed} at ${x}, ${z}`).toBe(false);
    }
  });

  it('bounce and tumble on the way', () => {
    let bouncing = 0;
    for (const [seed, rec] of throws) {
      if (bounceHeight(rec) > BALL_RADIUS * 1.3) bouncing++; // clearly in the air again
      // Tumbling: the orientation keeps changing, by over half a turn in all.
      let turned = 0;
      for (let i = 1; i < rec.frames; i++) turned += quaternionAt(rec, i - 1).angleTo(quaternionAt(rec, i));
      expect(turned, `seed ${seed}`).toBeGreaterThan(Math.PI);
    }
    expect(bouncing).toBeGreaterThanOrEqual(throws.size / 2);
  });

  it('record their impacts in time order, the landing first and hardest', () => {
    for (const [seed, rec] of throws) {
      const impacts = Array.from(rec.impacts);
      expect(impacts.length % 2).toBe(0);
      expect(impacts.length / 2, `seed ${seed}`).toBeGreaterThanOrEqual(2);
      const times = impacts.filter((_, i) => i % 2 === 0);
      const strengths = impacts.filter((_, i) => i % 2 === 1);
      times.forEach((t, i) => {
        expect(t).toBeGreaterThan(i === 0 ? 0 : times[i - 1]);
        expect(t).toBeLessThan(rec.frames * rec.dt);
      });
      // At the landing the ball is down at the table.
      const landing = Math.round(times[0] / rec.dt);
      expect(rec.positions[landing * 3 + 1], `seed ${seed}`).toBeLessThan(FACE_RADIUS + 0.7);
      expect(Math.max(...strengths)).toBe(strengths[0]);
    }
  });

  it('repainting puts any wanted colour on top of any resting orientation', () => {
    const rec = throws.get(readBaked(4).seed)!;
    const rest = quaternionAt(rec, rec.frames - 1);
    COLOURS.forEach((_, wanted) => {
      expect(colourOnTop(rest.clone().multiply(repaint(wanted, rec.top)))).toBe(wanted);
    });
  });
});
