import { describe, expect, it } from 'vitest';
import { BALL_COUNT } from '../../src/director/steps';
import { BALL_RADIUS, BOARD_WIDTH, setSupplySide, SUPPLY_BEVEL, SUPPLY_INNER_HALF, SUPPLY_WALL_HEIGHT, supplyFootprint, supplySideFor, supplySlotPosition } from '../../src/scene/layout';
import { TABLE_SIZE } from '../../src/scene/Table';

/** The walls' inner faces, from the box's centre (the bevel rounds them inward a little). */
const inside = SUPPLY_INNER_HALF.map((h) => h - SUPPLY_BEVEL);

describe('the supply box', () => {
  it('holds the 64 balls within its walls, none in another, each upper one resting on those below', () => {
    setSupplySide('beside');
    const { centre } = supplyFootprint();
    const at = Array.from({ length: BALL_COUNT }, (_, slot) => supplySlotPosition(slot));
    for (const [x, , z] of at) {
      expect(Math.abs(x - centre[0]) + BALL_RADIUS).toBeLessThanOrEqual(inside[0]);
      expect(Math.abs(z - centre[1]) + BALL_RADIUS).toBeLessThanOrEqual(inside[1]);
    }
    for (let i = 0; i < at.length; i++) {
      const touching = at.filter((q, j) => j !== i && Math.hypot(q[0] - at[i][0], q[1] - at[i][1], q[2] - at[i][2]) < 2 * BALL_RADIUS + 1e-6);
      for (const q of touching) expect(Math.hypot(q[0] - at[i][0], q[1] - at[i][1], q[2] - at[i][2])).toBeGreaterThan(2 * BALL_RADIUS - 1e-6);
      // Above the floor: on four balls below it, or an outer one on two (a corner one on one) and the walls it leans on, which stand up to its centre.
      const below = touching.filter((q) => q[1] < at[i][1] - 0.1);
      const walls = [0, 1].filter((axis) => Math.abs(at[i][axis * 2] - centre[axis]) + BALL_RADIUS > inside[axis] - 0.1).length;
      if (at[i][1] > BALL_RADIUS + 0.2) {
        expect(below.length + 2 * walls).toBeGreaterThanOrEqual(4);
        if (walls > 0) expect(SUPPLY_WALL_HEIGHT).toBeGreaterThanOrEqual(at[i][1]);
      }
    }
  });

  it('stands beside the board, clear of it, or turned and away beyond its far side, on the table', () => {
    const beside = supplyFootprint('beside');
    expect(beside.centre[0] - beside.half[0]).toBeGreaterThan(BOARD_WIDTH / 2);
    // Compact: under half the board's length, as deep as three balls.
    expect(2 * beside.half[1]).toBeLessThan(BOARD_WIDTH / 2);
    const away = supplyFootprint('away');
    expect(away.half).toEqual([beside.half[1], beside.half[0]]);
    // Two board widths and more beyond the far edge, and on the table.
    expect(away.centre[1] + away.half[1]).toBeLessThan(-BOARD_WIDTH / 2 - 2 * BOARD_WIDTH);
    expect(away.centre[1] - away.half[1]).toBeGreaterThan(-TABLE_SIZE / 2);
  });

  it('stands beside the board on a landscape screen, away on a phone upright or sideways', () => {
    expect(supplySideFor(1280, 800)).toBe('beside');
    expect(supplySideFor(960, 640)).toBe('beside');
    expect(supplySideFor(390, 844)).toBe('away');
    expect(supplySideFor(844, 390)).toBe('away');
    expect(supplySideFor(768, 1024)).toBe('away');
  });
});
