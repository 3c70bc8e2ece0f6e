import { Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { BOARD_GEOMETRY_STEPS, createBoardGeometry } from '../../src/scene/Board';
import { buildAhead, builtAhead } from '../../src/scene/builtAhead';
import { BOARD_TOP, BOARD_WIDTH, PITCH, SOCKET_DEPTH, SOCKET_RADIUS, socketX, socketZ } from '../../src/scene/layout';

describe('the board geometry', () => {
  const geometry = createBoardGeometry();
  const position = geometry.getAttribute('position');
  const index = geometry.index!;

  // The triangles, bucketed by the cells of a grid on the table they cover, so a ray straight down
  // tests a few dozen of them instead of all.
  const CELL = 0.25;
  const cellKey = (x: number, z: number) => `${Math.floor(x / CELL)},${Math.floor(z / CELL)}`;
  const cells = new Map<string, Triangle[]>();
  for (let t = 0; t < index.count; t += 3) {
    const triangle = new Triangle(...[0, 1, 2].map((k) => new Vector3().fromBufferAttribute(position, index.getX(t + k))) as [Vector3, Vector3, Vector3]);
    const xs = [triangle.a.x, triangle.b.x, triangle.c.x];
    const zs = [triangle.a.z, triangle.b.z, triangle.c.z];
    for (let cx = Math.floor(Math.min(...xs) / CELL); cx <= Math.floor(Math.max(...xs) / CELL); cx++) {
      for (let cz = Math.floor(Math.min(...zs) / CELL); cz <= Math.floor(Math.max(...zs) / CELL); cz++) {
        const key = `${cx},${cz}`;
        cells.set(key, [...(cells.get(key) ?? []), triangle]);
      }
    }
  }

  /** The highest triangle straight under (x, z): its height and its front's normal, or undefined. */
  function below(x: number, z: number): { y: number; normal: Vector3 } | undefined {
    let best: { y: number; normal: Vector3 } | undefined;
    const p = new Vector3(x, 0, z);
    for (const triangle of cells.get(cellKey(x, z)) ?? []) {
      const { a, b, c } = triangle;
      // Barycentric test in the table's plane (x, z); the height interpolated.
      const d = (b.z - c.z) * (a.x - c.x) + (c.x - b.x) * (a.z - c.z);
      if (Math.abs(d) < 1e-12) continue;
      const u = ((b.z - c.z) * (p.x - c.x) + (c.x - b.x) * (p.z - c.z)) / d;
      const v = ((c.z - a.z) * (p.x - c.x) + (a.x - c.x) * (p.z - c.z)) / d;
      const w = 1 - u - v;
      if (u < -1e-9 || v < -1e-9 || w < -1e-9) continue;
      const y = u * a.y + v * b.y + w * c.y;
      if (!best || y > best.y) best = { y, normal: triangle.getNormal(new Vector3()) };
    }
    return best;
  }

  it('stays within its vertex budget (each is shaded per frame, twice with the shadow)', () => {
    expect(position.count).toBeLessThanOrEqual(25_000);
  });

  it('is closed seen from above, its front facing up: no seam between the top face, the rim and the bowls', () => {
    const check = (x: number, z: number) => {
      const hit = below(x, z);
      expect(hit, `nothing under (${x.toFixed(3)}, ${z.toFixed(3)})`).toBeDefined();
      expect(hit!.normal.y, `a back face under (${x.toFixed(3)}, ${z.toFixed(3)})`).toBeGreaterThan(0);
    };
    // Across the board, clear of the rounded corners...
    const inside = BOARD_WIDTH / 2 - 0.6;
    for (let x = -inside; x <= inside; x += 0.073) for (let z = -inside; z <= inside; z += 0.079) check(x, z);
    // ...and around every socket, where the lip meets the top face.
    for (let i = 0; i < 64; i++) {
      for (let k = 0; k < 60; k++) {
        const angle = (k / 60) * Math.PI * 2 + 0.013;
        // The lip's top edge is a polygon inside the circle of radius SOCKET_RADIUS + 0.06: sampled
        // closely from its chords' middles out.
        const radii = [SOCKET_RADIUS * 0.5, SOCKET_RADIUS + 0.03, SOCKET_RADIUS + 0.1];
        for (let r = SOCKET_RADIUS + 0.045; r <= SOCKET_RADIUS + 0.061; r += 0.0005) radii.push(r);
        for (const r of radii) check(socketX(i) + r * Math.sin(angle), socketZ(i) + r * Math.cos(angle));
      }
    }
  });

  it('has the top at BOARD_TOP between the sockets and each socket as deep as SOCKET_DEPTH', () => {
    expect(below(socketX(0) + PITCH / 2, socketZ(0) + PITCH / 2)!.y).toBeCloseTo(BOARD_TOP, 5);
    for (let i = 0; i < 64; i++) expect(below(socketX(i) + 0.002, socketZ(i))!.y).toBeCloseTo(BOARD_TOP - SOCKET_DEPTH, 3);
  });
});

describe('the board geometry built ahead in steps', () => {
  it('is the board built whole, and a second board builds its own', async () => {
    const whole = createBoardGeometry();
    await buildAhead(BOARD_GEOMETRY_STEPS);
    const ahead = builtAhead(createBoardGeometry);
    const again = builtAhead(createBoardGeometry);
    expect(again).not.toBe(ahead);
    for (const geometry of [ahead, again]) {
      expect(geometry.getAttribute('position').array).toEqual(whole.getAttribute('position').array);
      expect(geometry.getAttribute('normal').array).toEqual(whole.getAttribute('normal').array);
      expect(geometry.index!.array).toEqual(whole.index!.array);
    }
  });
});
