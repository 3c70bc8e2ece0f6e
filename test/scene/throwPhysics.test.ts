import { Quaternion } from 'three';
import { describe, expect, it } from 'vitest';
import { COLOURS } from '../../src/engine';
import { colourOnTop, repaint, TETRA } from '../../src/scene/ballGeometry';
import { BOARD_WIDTH } from '../../src/scene/layout';
import { simulateThrow } from '../../src/scene/throwPhysics';

describe('the start-ball throw', () => {
  it('comes to rest on a face, beside the board, and is the same for the same seed', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rec = await simulateThrow(seed * 7919);
      expect(rec.settled).toBe(true);
      const n = rec.frames - 1;
      const q = new Quaternion().fromArray(rec.quaternions, n * 4);
      // A corner points straight up: the ball rests on the opposite face.
      const up = TETRA[rec.top].clone().applyQuaternion(q).y;
      expect(up).toBeGreaterThan(0.97);
      const [x, y] = [rec.positions[n * 3], rec.positions[n * 3 + 1]];
      expect(x).toBeLessThan(-BOARD_WIDTH / 2); // on the table, not on the board
      expect(y).toBeLessThan(0.6);
      // It tumbled: the orientation changed a lot during the flight.
      const q0 = new Quaternion().fromArray(rec.quaternions, 0);
      expect(Math.abs(q0.dot(q))).toBeLessThan(0.999);
      expect(rec.frames * rec.dt).toBeLessThan(6);
    }
    const a = await simulateThrow(42);
    const b = await simulateThrow(42);
    expect(Array.from(a.positions)).toEqual(Array.from(b.positions));
  });

  it('repainting puts any wanted colour on top of any resting orientation', async () => {
    const rec = await simulateThrow(5);
    const n = rec.frames - 1;
    const q = new Quaternion().fromArray(rec.quaternions, n * 4);
    COLOURS.forEach((_, wanted) => {
      const shown = q.clone().multiply(repaint(wanted, rec.top));
      expect(colourOnTop(shown)).toBe(wanted);
    });
  });
});
