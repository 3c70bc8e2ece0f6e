import { Quaternion } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLOURS } from '../../src/engine';
import { colourOnTop, FACE_RADIUS, repaint, TETRA } from '../../src/scene/ballGeometry';
import { BALL_RADIUS, BOARD_WIDTH, supplyFootprint } from '../../src/scene/layout';
import { TABLE_SIZE } from '../../src/scene/Table';
import { MAX_SECONDS, simulateThrow, type ThrowRecording } from '../../src/scene/throwPhysics';

const SEEDS = Array.from({ length: 20 }, (_, i) => (i + 1) * 7919);

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

describe('the start-ball throw', () => {
  const throws = new Map<number, ThrowRecording>();
  beforeAll(async () => {
    for (const seed of SEEDS) throws.set(seed, await simulateThrow(seed));
  });

  it('is the same for the same seed, whatever was thrown before', async () => {
    const again = await simulateThrow(SEEDS[0]);
    expect(again).toEqual(throws.get(SEEDS[0]));
    expect(throws.get(SEEDS[1])!.positions).not.toEqual(again.positions);
  });

  it('comes to rest in time, squarely on a face', () => {
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

  it('lands on the table, beside the board and the supply tray, not in them', () => {
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

  it('bounces and tumbles on the way', () => {
    let bouncing = 0;
    for (const [seed, rec] of throws) {
      if (bounceHeight(rec) > BALL_RADIUS * 1.3) bouncing++; // clearly in the air again
      // Tumbling: the orientation keeps changing, by over half a turn in all.
      let turned = 0;
      for (let i = 1; i < rec.frames; i++) turned += quaternionAt(rec, i - 1).angleTo(quaternionAt(rec, i));
      expect(turned, `seed ${seed}`).toBeGreaterThan(Math.PI);
    }
    expect(bouncing).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('records its impacts in time order, the landing first and hardest', () => {
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
    const rec = throws.get(SEEDS[4])!;
    const rest = quaternionAt(rec, rec.frames - 1);
    COLOURS.forEach((_, wanted) => {
      expect(colourOnTop(rest.clone().multiply(repaint(wanted, rec.top)))).toBe(wanted);
    });
  });
});
