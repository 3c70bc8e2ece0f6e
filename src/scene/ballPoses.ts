/**
 * Where each of the 64 balls is and how it is turned, frame by frame, from the director's visual
 * state. Pure three.js math (no rendering), so it is unit-tested. Orientation is kept per ball,
 * so a roll starts from where the ball was and ends exactly with the new colour on top.
 */
import { Matrix4, Quaternion, Vector3 } from 'three';
import { type Colour, COLOURS, colourIndex } from '../engine/colours';
import { ballYaw, colourOnTop, restingOrientation, rollTo } from './ballGeometry';
import { BALL_RADIUS, BALL_REST_Y, socketX, socketZ, SUPPLY_CLEAR_Y, SUPPLY_FLOOR, supplySlotPosition } from './layout';
import { easeInOut } from './easing';
import { BALL_COUNT } from '../director/steps';
import { type VisualState } from '../director/view';

type Motion =
  | { kind: 'roll'; to: Colour; from: Quaternion; axis: Vector3; angle: number }
  | { kind: 'arrive' | 'leave'; from: Quaternion; to: Quaternion };

/** How high a highlighted ball (one the hovered move would roll) is lifted. */
export const HIGHLIGHT_LIFT = 0.12;
/** How high a ball hops when counted at the end of a round. */
export const COUNT_HOP = 0.6;

/** The part of a flight between the supply and a socket a ball on the supply's floor spends rising out of it (or sinking into it). */
const LIFT_SHARE = 0.25;

const UNIT = new Vector3(1, 1, 1);
const HIDDEN = new Matrix4().makeScale(0, 0, 0);

export class BallPoser {
  /** Orientation of each ball when not moving. */
  readonly rest: Quaternion[] = Array.from({ length: BALL_COUNT }, (_, b) => restingOrientation(COLOURS[b % 4], ballYaw(b)));
  private readonly motion: (Motion | null)[] = new Array(BALL_COUNT).fill(null);
  /** The last pose computed per ball (for tests and the renderer). */
  readonly position: Vector3[] = Array.from({ length: BALL_COUNT }, () => new Vector3());
  readonly orientation: Quaternion[] = Array.from({ length: BALL_COUNT }, () => new Quaternion());
  readonly visible: boolean[] = new Array(BALL_COUNT).fill(false);
  readonly highlighted: boolean[] = new Array(BALL_COUNT).fill(false);
  private readonly a = new Vector3();
  private readonly b = new Vector3();

  /** Poses every ball for a visual state; `highlight` holds the internal indices of sockets to lift. */
  update(view: VisualState, highlight: ReadonlySet<number> = new Set()): void {
    this.visible.fill(false);
    this.highlighted.fill(false);
    view.sockets.forEach((socket, sq) => {
      if (!socket) return;
      const ball = socket.ball;
      const p = this.position[ball].set(socketX(sq), BALL_REST_Y, socketZ(sq));
      const q = this.orientation[ball];
      this.visible[ball] = true;
      const phase = socket.phase;
      switch (phase.kind) {
        case 'still':
        case 'counting':
          this.settle(ball, socket.colour);
          q.copy(this.rest[ball]);
          if (phase.kind === 'counting') p.y += Math.sin(Math.PI * phase.progress) * COUNT_HOP;
          if (phase.kind === 'still' && highlight.has(sq)) {
            p.y += HIGHLIGHT_LIFT;
            this.highlighted[ball] = true;
          }
          break;
        case 'rolling': {
          let motion = this.motion[ball];
          if (motion?.kind !== 'roll' || motion.to !== socket.colour) {
            this.settle(ball, phase.from);
            const { axis, angle } = rollTo(this.rest[ball], socket.colour);
            motion = { kind: 'roll', to: socket.colour, from: this.rest[ball].clone(), axis, angle };
            this.motion[ball] = motion;
          }
          const t = easeInOut(phase.progress);
          q.setFromAxisAngle(motion.axis, motion.angle * t).multiply(motion.from);
          // A rounded tetrahedron rises a little as it tips over an edge.
          p.y += Math.sin(Math.PI * t) * 0.1;
          break;
        }
        case 'arriving':
        case 'leaving': {
          const arriving = phase.kind === 'arriving';
          let motion = this.motion[ball];
          if (motion?.kind !== (arriving ? 'arrive' : 'leave')) {
            const to = arriving ? restingOrientation(socket.colour, ballYaw(ball)) : tumbled(this.rest[ball], ball);
            motion = { kind: arriving ? 'arrive' : 'leave', from: this.rest[ball].clone(), to };
            this.motion[ball] = motion;
          }
          const t = easeInOut(phase.progress);
          const slot = supplySlotPosition(phase.slot);
          // A ball below the supply's walls goes straight up out of it first (or down into it last):
          // the lowest layer for a quarter of the motion, higher ones for less.
          const rise = Math.max(0, SUPPLY_CLEAR_Y - slot[1]);
          const share = LIFT_SHARE * (rise / (SUPPLY_CLEAR_Y - SUPPLY_FLOOR - BALL_RADIUS));
          const fromSupply = arriving ? t : 1 - t;
          if (fromSupply < share) {
            p.set(slot[0], slot[1] + (rise * fromSupply) / share, slot[2]);
          } else {
            // Then an arc between the point above its slot and the socket.
            const s = (fromSupply - share) / (1 - share);
            this.a.set(slot[0], slot[1] + rise, slot[2]);
            this.b.copy(p);
            p.lerpVectors(this.a, this.b, s);
            p.y += Math.sin(Math.PI * s) * (2 + this.a.distanceTo(this.b) * 0.12);
          }
          q.slerpQuaternions(motion.from, motion.to, t);
          break;
        }
      }
    });
    view.supply.forEach((ball, slot) => {
      if (ball < 0) return;
      const motion = this.motion[ball];
      if (motion && motion.kind !== 'roll') this.rest[ball].copy(motion.to);
      this.motion[ball] = null;
      const [x, y, z] = supplySlotPosition(slot);
      this.position[ball].set(x, y, z);
      this.orientation[ball].copy(this.rest[ball]);
      this.visible[ball] = true;
    });
  }

  /** Writes ball `ball`'s matrix (a zero scale when it is nowhere). */
  matrix(ball: number, out: Matrix4): Matrix4 {
    return this.visible[ball] ? out.compose(this.position[ball], this.orientation[ball], UNIT) : out.copy(HIDDEN);
  }

  /** Ends any motion of a ball in a socket and makes sure it rests showing `colour`. */
  private settle(ball: number, colour: Colour): void {
    const motion = this.motion[ball];
    const rest = this.rest[ball];
    if (motion?.kind === 'roll') rest.setFromAxisAngle(motion.axis, motion.angle).multiply(motion.from);
    else if (motion) rest.copy(motion.to);
    this.motion[ball] = null;
    // Snapped timelines (skip, instant) change colours without a roll: turn the ball at once.
    if (colourOnTop(rest) !== colourIndex(colour)) restingOrientation(colour, ballYaw(ball), rest);
  }
}

/** A ball put back into the supply lands with another side up. */
function tumbled(q: Quaternion, ball: number): Quaternion {
  const colour = COLOURS[(colourOnTop(q) + 1 + (ball % 3)) % 4];
  return restingOrientation(colour, ballYaw(ball) + 1);
}
