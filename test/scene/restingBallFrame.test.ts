/**
 * The camera's home view frames the start ball's resting place with the board (CameraRig's
 * presetView): the ball and every socket project inside the free area, on a phone held upright and
 * on a laptop, and the phone's board keeps its size (the view moves rather than backs off); a ball
 * already in view changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { PerspectiveCamera, Vector3 } from 'three';
import { freeArea, presetView } from '../../src/scene/cameraViews';
import { BALL_RADIUS, socketX, socketZ } from '../../src/scene/layout';

/** Points projected by the home view (normalised device coordinates of the free area). */
function project(area: ReturnType<typeof freeArea>, view: { position: Vector3; target: Vector3 }, points: Vector3[]): Vector3[] {
  const camera = new PerspectiveCamera(area.fov, area.aspect, 0.5, 250);
  camera.position.copy(view.position);
  camera.lookAt(view.target);
  camera.updateMatrixWorld();
  return points.map((p) => p.clone().project(camera));
}

const sockets = Array.from({ length: 64 }, (_, i) => new Vector3(socketX(i), 0.78, socketZ(i)));
/** A ball's outline seen from above: its centre and four points of its rim. */
const ballAt = (rest: Vector3) => [rest, ...[[1, 0], [-1, 0], [0, 1], [0, -1]].map(([x, z]) => rest.clone().add(new Vector3(x * BALL_RADIUS, 0, z * BALL_RADIUS)))];
const inside = (p: Vector3) => Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1;

describe('the home view frames the resting start ball', () => {
  // The farthest resting places seen over 300 simulated throws lie about 3.5 units past the board's near edge.
  const rests = [new Vector3(-1.5, 0.45, 7.8), new Vector3(-3.5, 0.45, 10), new Vector3(0.2, 0.45, 9)];
  const screens = { phone: freeArea(390, 844, { top: 108, right: 0, bottom: 220, left: 0 }, 38), laptop: freeArea(1280, 800, { top: 0, right: 0, bottom: 70, left: 0 }, 38) };

  for (const [name, area] of Object.entries(screens)) {
    for (const rest of rests) {
      it(`on a ${name}: the ball resting at (${rest.x}, ${rest.z}) and every socket in the free area`, () => {
        const view = presetView('red', area, rest);
        const off = project(area, view, [...sockets, ...ballAt(rest)]).filter((p) => !inside(p));
        expect(off).toEqual([]);
      });
    }
  }

  it('on a phone the board keeps its size: the view moves toward the ball rather than backing off', () => {
    const area = screens.phone;
    const width = (view: { position: Vector3; target: Vector3 }) => {
      const [a, h] = project(area, view, [sockets[56], sockets[63]]);
      return h.x - a.x;
    };
    const alone = width(presetView('red', area));
    const withBall = width(presetView('red', area, rests[0]));
    expect(withBall).toBeGreaterThan(alone * 0.97);
    // Without the ball framed, it would rest outside the free area (under the status line).
    expect(project(area, presetView('red', area), ballAt(rests[1])).some((p) => !inside(p))).toBe(true);
  });

  it('a ball already in view changes nothing: the board does not shrink for it', () => {
    const laptop = screens.laptop;
    const rest = new Vector3(-1.5, 0.45, 6.9);
    expect(project(laptop, presetView('red', laptop), ballAt(rest)).every(inside)).toBe(true);
    expect(presetView('red', laptop, rest)).toEqual(presetView('red', laptop));
  });
});
