/**
 * The ball: a sphere swollen slightly towards the four corners of a tetrahedron (a rounded
 * tetrahedron), painted in four regions. Model: colour i (COLOURS order) is the region of points
 * nearest to corner direction TETRA[i]; resting on the opposite face, a ball shows that corner,
 * so that colour, on top. Rolling from one colour to another turns the ball by the angle between
 * two corner directions (acos(-1/3) = 109.47 degrees) about a horizontal axis.
 * Every ball shares one geometry and one material: its orientation alone decides the colour on top.
 */
import { BufferGeometry, IcosahedronGeometry, Quaternion, Vector3 } from 'three';
import { mergeVertices } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { type Colour, colourIndex } from '../engine/colours';
import { BALL_RADIUS } from './layout';

const s = 1 / Math.sqrt(3);
/** Corner directions in the ball's own frame, by colour index (red, yellow, green, blue). */
export const TETRA: readonly Vector3[] = [
  new Vector3(s, s, s),
  new Vector3(s, -s, -s),
  new Vector3(-s, s, -s),
  new Vector3(-s, -s, s),
];

export const ROLL_ANGLE = Math.acos(-1 / 3);
const UP = new Vector3(0, 1, 0);

/** Radius in a direction: 0.93 R at a face centre, 1.08 R at a corner. */
export function ballRadius(direction: Vector3): number {
  let g = -1;
  for (const t of TETRA) g = Math.max(g, direction.dot(t));
  return BALL_RADIUS * (0.855 + 0.225 * g);
}

/** Radius under a resting ball (towards a face centre). */
export const FACE_RADIUS = BALL_RADIUS * (0.855 + 0.225 / 3);

/**
 * Subdivisions of the ball's icosphere: 20 * (d + 1)^2 triangles (320 at 3). Close-ups at 3 look
 * like 5 (the colour regions are per fragment), and a frame draws ~50k fewer triangles.
 */
export const BALL_DETAIL = 3;

export function createBallGeometry(detail = BALL_DETAIL): BufferGeometry {
  const ico = new IcosahedronGeometry(1, detail);
  ico.deleteAttribute('normal');
  ico.deleteAttribute('uv');
  const geometry = mergeVertices(ico);
  ico.dispose();
  const p = geometry.attributes.position;
  const v = new Vector3();
  for (let i = 0; i < p.count; i++) {
    v.fromBufferAttribute(p, i).normalize();
    const r = ballRadius(v);
    p.setXYZ(i, v.x * r, v.y * r, v.z * r);
  }
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  return geometry;
}

/** Points of the convex hull used by the physics of the thrown ball. */
export function hullPoints(detail = 3): Float32Array {
  const ico = new IcosahedronGeometry(1, detail);
  const geometry = mergeVertices(ico.deleteAttribute('normal').deleteAttribute('uv'));
  const p = geometry.attributes.position;
  const out = new Float32Array(p.count * 3);
  const v = new Vector3();
  for (let i = 0; i < p.count; i++) {
    v.fromBufferAttribute(p, i).normalize();
    v.multiplyScalar(ballRadius(v));
    out.set([v.x, v.y, v.z], i * 3);
  }
  return out;
}

/** Orientation showing `colour` on top, turned by `yaw` about the vertical. */
export function restingOrientation(colour: Colour, yaw: number, out = new Quaternion()): Quaternion {
  out.setFromUnitVectors(TETRA[colourIndex(colour)], UP);
  return out.premultiply(new Quaternion().setFromAxisAngle(UP, yaw));
}

/** The colour whose corner points most nearly up for an orientation. */
export function colourOnTop(q: Quaternion): number {
  let best = 0;
  let bestY = -2;
  const v = new Vector3();
  TETRA.forEach((t, i) => {
    const y = v.copy(t).applyQuaternion(q).y;
    if (y > bestY) {
      bestY = y;
      best = i;
    }
  });
  return best;
}

/**
 * The roll that brings corner `to` of a ball oriented `q` to the top: a horizontal axis and an
 * angle (109.47 degrees when the ball rests on a face).
 */
export function rollTo(q: Quaternion, to: Colour): { axis: Vector3; angle: number } {
  const corner = TETRA[colourIndex(to)].clone().applyQuaternion(q);
  const axis = new Vector3().crossVectors(corner, UP);
  if (axis.lengthSq() < 1e-9) return { axis: new Vector3(1, 0, 0), angle: 0 };
  return { axis: axis.normalize(), angle: Math.acos(Math.min(1, Math.max(-1, corner.y))) };
}

/**
 * A symmetry of the tetrahedron that takes corner `from` to corner `to` (a half turn about the
 * axis through the middle of their edge). Applied in the ball's own frame it moves the paint,
 * not the shape: a thrown ball's simulated motion stays exact while the wanted colour lands on top.
 */
export function repaint(from: number, to: number): Quaternion {
  if (from === to) return new Quaternion();
  const axis = TETRA[from].clone().add(TETRA[to]).normalize();
  return new Quaternion().setFromAxisAngle(axis, Math.PI);
}

/** A stable pseudo-random yaw per ball, so the balls do not all face the same way. */
export function ballYaw(ball: number): number {
  const x = Math.sin(ball * 12.9898 + 78.233) * 43758.5453;
  return (x - Math.floor(x)) * Math.PI * 2;
}
