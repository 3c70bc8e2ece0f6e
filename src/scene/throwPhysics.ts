/**
 * The start-ball throw under rigid-body physics (cannon-es: plain JavaScript, deterministic within
 * one JavaScript engine). The page runs none of it: `npm run bake:throws` simulates a library of
 * throws with it ahead of time (throwFile.ts says how the page gets them).
 *
 * Decide first, then simulate: the engine's event already says which colour starts. The throw
 * is simulated to rest and recorded; whichever corner of the ball ends on top, the paint is
 * turned by a symmetry of the tetrahedron (ballGeometry.repaint) so that the wanted colour is the
 * one there. The motion shown is exactly the simulated one.
 */
import { Body, Box, ContactMaterial, ConvexPolyhedron, Material, Plane, Quaternion as CannonQuaternion, Vec3, World } from 'cannon-es';
import { Quaternion, Vector3 } from 'three';
import { ConvexHull } from 'three/examples/jsm/math/ConvexHull.js';
import { Random } from '../engine/random';
import { colourOnTop, hullPoints, TETRA } from './ballGeometry';
import { BOARD_TOP, BOARD_WIDTH, supplyFootprint, type SupplySide, SUPPLY_WALL_HEIGHT, THROW_AREA } from './layout';
import type { ThrowRecording } from './throwFile';

export type { ThrowRecording };

const STEP = 1 / 120;
export const MAX_SECONDS = 6;
/** Gravity in scene units (1 unit ~ 2.4 cm): lower than real, so the throw can be followed. */
const GRAVITY = -70;
/**
 * Slower contacts (units/s) neither bounce nor count as impacts, as in Rapier and PhysX: else the
 * speed gravity adds in one step (0.6) is bounced back for ever and a resting ball keeps hopping.
 */
const BOUNCE_SPEED = 1.5;
/** Fractions of its speed the ball loses per second in the air. */
const AIR_DAMPING = { linear: 0.26, angular: 0.36 };
/** Fraction of its turning lost per second while it touches something (rolling resistance). */
const ROLLING_DAMPING = 0.9;
/** At rest: within STILL_DISTANCE units and STILL_ANGLE radians of one pose for STILL_SECONDS. */
const STILL_SECONDS = 0.25;
const STILL_DISTANCE = 0.01;
const STILL_ANGLE = 0.02;

/** The ball's hull, computed once (a few milliseconds); each throw gets its own shape of it. */
let ballHull: { vertices: Vec3[]; faces: number[][] } | null = null;

/**
 * Simulates one throw to rest, the supply tray on `side` of the board. Same seed, same throw. A
 * throw that ends balanced on an edge (rare) is thrown again from a varied seed: the result must
 * show one colour plainly on top.
 */
export function simulateThrow(seed: number, side: SupplySide): ThrowRecording {
  ballHull ??= convexBall();
  let best: ThrowRecording | null = null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const rec = simulateOnce((seed + attempt * 0x9e3779b9) >>> 0, side);
    if (rec.settled && rec.upright > 0.97) return rec;
    if (!best || rec.upright > best.upright) best = rec;
  }
  return best!;
}

/**
 * The ball's hull as cannon wants it: faces wound counter-clockwise seen from outside, so that
 * their normals point out (three's ConvexHull builds its faces that way, as ConvexGeometry does).
 */
function convexBall(): { vertices: Vec3[]; faces: number[][] } {
  const flat = hullPoints();
  const points: Vector3[] = [];
  for (let i = 0; i < flat.length; i += 3) points.push(new Vector3(flat[i], flat[i + 1], flat[i + 2]));
  const hull = new ConvexHull().setFromPoints(points);
  const index = new Map<Vector3, number>();
  const vertices: Vec3[] = [];
  const faces = hull.faces.map((face) => {
    const corners: number[] = [];
    let edge = face.edge;
    do {
      const point = edge.head().point;
      let i = index.get(point);
      if (i === undefined) {
        i = vertices.push(new Vec3(point.x, point.y, point.z)) - 1;
        index.set(point, i);
      }
      corners.push(i);
      edge = edge.next;
    } while (edge !== face.edge);
    return corners;
  });
  return { vertices, faces };
}

function simulateOnce(seed: number, side: SupplySide): ThrowRecording {
  const random = new Random(seed);
  const world = new World({ gravity: new Vec3(0, GRAVITY, 0) });
  // Boxes against boxes, not spheres around them (the board's sphere reaches the throw area).
  world.broadphase.useBoundingBoxes = true;

  // The table, the board and the supply tray, each with its own feel.
  const ball = new Material('ball');
  const table = new Material('table');
  const board = new Material('board');
  const tray = new Material('tray');
  const surfaces = [
    { contact: new ContactMaterial(ball, table, { friction: 0.65 }), restitution: 0.35 },
    { contact: new ContactMaterial(ball, board, { friction: 0.55 }), restitution: 0.32 },
    { contact: new ContactMaterial(ball, tray, { friction: 0.55 }), restitution: 0.2 },
  ];
  for (const s of surfaces) world.addContactMaterial(s.contact);
  const block = (half: [number, number, number], centre: [number, number, number], material: Material) =>
    world.addBody(new Body({ mass: 0, shape: new Box(new Vec3(...half)), position: new Vec3(...centre), material }));
  // The table as a plane facing up: tested against the hull point by point, far cheaper than a box.
  const up = new CannonQuaternion().setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(new Body({ mass: 0, shape: new Plane(), quaternion: up, material: table }));
  block([BOARD_WIDTH / 2, BOARD_TOP / 2, BOARD_WIDTH / 2], [0, BOARD_TOP / 2, 0], board);
  const supply = supplyFootprint(side);
  block([supply.half[0], SUPPLY_WALL_HEIGHT / 2, supply.half[1]], [supply.centre[0], SUPPLY_WALL_HEIGHT / 2, supply.centre[1]], tray);

  // Thrown from the red player's right, along the board's red side, to land in front of it.
  const [ax, az] = THROW_AREA;
  const start = { x: ax + 3 + random.next() * 1.5, y: 3 + random.next() * 1.5, z: az + 1.5 + random.next() };
  const flight = 0.5 + random.next() * 0.15;
  const land = { x: ax - 0.5 + random.next() * 1.5, z: az - 0.3 + random.next() * 0.6 };
  const body = new Body({
    mass: 1,
    shape: new ConvexPolyhedron(ballHull!),
    material: ball,
    position: new Vec3(start.x, start.y, start.z),
    quaternion: randomRotation(random),
    velocity: new Vec3((land.x - start.x) / flight, 3 + random.next() * 3, (land.z - start.z) / flight),
    angularVelocity: new Vec3((random.next() - 0.5) * 30, (random.next() - 0.5) * 12, (random.next() - 0.5) * 30),
    linearDamping: AIR_DAMPING.linear,
    angularDamping: AIR_DAMPING.angular,
  });
  world.addBody(body);

  const positions: number[] = [];
  const quaternions: number[] = [];
  const impacts: number[] = [];
  let time = 0;
  // Fired for each contact point of a new touch of the ball and a block (several at once on
  // the table), at the start of the step (time): one impact per step, the strongest.
  body.addEventListener('collide', (event: { contact: { getImpactVelocityAlongNormal(): number } }) => {
    const strength = Math.abs(event.contact.getImpactVelocityAlongNormal());
    if (strength < BOUNCE_SPEED) return;
    const last = impacts.length - 2;
    if (last >= 0 && impacts[last] === time) impacts[last + 1] = Math.max(impacts[last + 1], strength);
    else impacts.push(time, strength);
  });

  const record = () => {
    positions.push(body.position.x, body.position.y, body.position.z);
    quaternions.push(body.quaternion.x, body.quaternion.y, body.quaternion.z, body.quaternion.w);
  };
  // At rest once it has stayed put for STILL_SECONDS. (Not by its speed: cannon's contacts
  // nudge a resting hull by a few hundredths of a unit per second, invisibly, for ever.)
  const anchor = { position: new Vec3(), quaternion: new CannonQuaternion(), time: 0 };
  const moveAnchor = () => {
    anchor.position.copy(body.position);
    anchor.quaternion.copy(body.quaternion);
    anchor.time = time;
  };
  let settled = false;
  for (let i = 0; i < MAX_SECONDS / STEP; i++) {
    record();
    time = i * STEP;
    if (i === 0) moveAnchor();
    const bouncing = body.velocity.length() > BOUNCE_SPEED;
    for (const s of surfaces) s.contact.restitution = bouncing ? s.restitution : 0;
    world.step(STEP);
    // Rolling resistance: a ball rocking on its rounded face would otherwise rock for long.
    body.angularDamping = world.contacts.length > 0 ? ROLLING_DAMPING : AIR_DAMPING.angular;
    if (body.position.distanceTo(anchor.position) > STILL_DISTANCE || angleBetween(body.quaternion, anchor.quaternion) > STILL_ANGLE) moveAnchor();
    else if (time + STEP - anchor.time >= STILL_SECONDS) {
      settled = true;
      break;
    }
  }
  record();
  const q = body.quaternion;
  const rest = new Quaternion(q.x, q.y, q.z, q.w);
  const top = colourOnTop(rest);
  const upright = TETRA[top].clone().applyQuaternion(rest).y;
  return {
    dt: STEP,
    frames: positions.length / 3,
    positions: Float32Array.from(positions),
    quaternions: Float32Array.from(quaternions),
    impacts: Float32Array.from(impacts),
    top,
    settled,
    upright,
  };
}

function angleBetween(a: CannonQuaternion, b: CannonQuaternion): number {
  const dot = Math.abs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w);
  return 2 * Math.acos(Math.min(1, dot));
}

function randomRotation(random: Random): CannonQuaternion {
  // Uniform random rotation (Shoemake).
  const u1 = random.next();
  const u2 = random.next() * Math.PI * 2;
  const u3 = random.next() * Math.PI * 2;
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  return new CannonQuaternion(a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3));
}
