import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { Director } from '../../src/director/timeline';
import { colourIndex, Game, parseSquare, Random } from '../../src/engine';
import { ROLL_ANGLE, TETRA } from '../../src/scene/ballGeometry';
import { BallPoser, HIGHLIGHT_LIFT } from '../../src/scene/ballPoses';
import { BALL_RADIUS, BALL_REST_Y, socketX, socketZ, SUPPLY_BEVEL, SUPPLY_INNER_HALF, SUPPLY_WALL_HEIGHT, supplyFootprint, supplySlotPosition } from '../../src/scene/layout';
import { TIMING } from '../../src/director/steps';

/** How squarely colour `colour` faces up for an orientation (1 = straight up). */
const upness = (q: Quaternion, colour: string) => TETRA[colourIndex(colour as 'red')].clone().applyQuaternion(q).y;

/** How far a point is from the supply box's walls (0 inside one). */
function fromWalls([x, y, z]: number[]): number {
  const { centre, half } = supplyFootprint('beside');
  const inside = SUPPLY_INNER_HALF.map((h) => h - SUPPLY_BEVEL);
  const p = [Math.abs(x - centre[0]), y, Math.abs(z - centre[1])];
  // Two slabs: the walls across x (from the inner face to the outer, along the whole depth), and those across z.
  const slabs = [
    { min: [inside[0], 0, 0], max: [half[0], SUPPLY_WALL_HEIGHT, half[1]] },
    { min: [0, 0, inside[1]], max: [half[0], SUPPLY_WALL_HEIGHT, half[1]] },
  ];
  return Math.min(...slabs.map(({ min, max }) => Math.hypot(...p.map((v, i) => Math.max(min[i] - v, 0, v - max[i])))));
}

describe('ball poses', () => {
  it('every ball at rest in a socket shows its colour straight up, through whole random games', () => {
    for (const seed of [1, 2, 3]) {
      const game = new Game({ seed });
      const d = new Director();
      const poser = new BallPoser();
      const random = new Random(seed);
      d.sync([...game.events]);
      while (!game.state.over) {
        const legal = game.legalMoves();
        game.play(legal[random.below(legal.length)]);
        d.sync([...game.events]);
        // Sample the animations at random moments, as frames would.
        while (d.advance(random.next() * 0.2)) poser.update(d.sample());
        const view = d.sample();
        poser.update(view);
        view.sockets.forEach((s) => {
          if (s) expect(upness(poser.orientation[s.ball], s.colour)).toBeGreaterThan(0.9999);
        });
      }
    }
  });

  it('a roll turns the ball about a horizontal axis by 109.47 degrees', () => {
    const game = new Game({ seed: 12, first: 'red' });
    const d = new Director();
    const poser = new BallPoser();
    d.sync([...game.events]);
    d.skip();
    poser.update(d.sample());
    game.play('f4'); // rolls e4 (yellow -> red)
    d.sync([...game.events]);
    const roll = d.queue.find((s) => s.kind === 'roll')!;
    const ball = d.sample().sockets[parseSquare(8, 'e4')]!.ball;
    const before = poser.orientation[ball].clone();
    const steps = 20;
    for (let i = 0; i <= steps; i++) {
      poser.update(d.sample(roll.start + (TIMING.roll * i) / steps));
      // Every intermediate orientation is the start turned about one horizontal axis.
      const delta = poser.orientation[ball].clone().multiply(before.clone().invert());
      const axis = new Vector3(delta.x, delta.y, delta.z);
      if (axis.length() > 1e-6) expect(Math.abs(axis.normalize().y)).toBeLessThan(1e-6);
    }
    poser.update(d.sample(roll.start + roll.duration));
    const after = poser.orientation[ball];
    const turn = after.clone().multiply(before.clone().invert());
    expect(2 * Math.acos(Math.min(1, Math.abs(turn.w)))).toBeCloseTo(ROLL_ANGLE, 5);
    expect((ROLL_ANGLE * 180) / Math.PI).toBeCloseTo(109.47, 2);
    expect(upness(after, 'red')).toBeGreaterThan(0.9999);
    expect(upness(before, 'yellow')).toBeGreaterThan(0.9999);
  });

  it('a placed ball flies from its supply slot along an arc into its socket', () => {
    const game = new Game({ seed: 12, first: 'red' });
    const d = new Director();
    const poser = new BallPoser();
    d.sync([...game.events]);
    d.skip();
    game.play('f4');
    d.sync([...game.events]);
    const place = d.queue.find((s) => s.kind === 'place')!;
    const start = d.sample(place.start);
    const sq = parseSquare(8, 'f4');
    const socket = start.sockets[sq]!;
    expect(socket.phase.kind).toBe('arriving');
    const slot = (socket.phase as { slot: number }).slot;
    poser.update(start);
    expect(poser.position[socket.ball].toArray()).toEqual(supplySlotPosition(slot));
    poser.update(d.sample(place.start + place.duration / 2));
    expect(poser.position[socket.ball].y).toBeGreaterThan(2);
    poser.update(d.sample(place.start + place.duration));
    expect(poser.position[socket.ball].toArray()).toEqual([socketX(sq), BALL_REST_Y, socketZ(sq)]);
    expect(upness(poser.orientation[socket.ball], 'red')).toBeGreaterThan(0.9999);
  });

  it('balls fly out of the supply box and back in over its walls, never through them', () => {
    const game = new Game({ seed: 3 });
    const d = new Director();
    const poser = new BallPoser();
    const random = new Random(3);
    d.sync([...game.events]);
    let flights = 0;
    const sampleFlights = () => {
      while (d.advance(0.02)) {
        const view = d.sample();
        poser.update(view);
        for (const socket of view.sockets) {
          if (socket?.phase.kind !== 'arriving' && socket?.phase.kind !== 'leaving') continue;
          flights++;
          expect(fromWalls(poser.position[socket.ball].toArray()), `ball ${socket.ball} ${socket.phase.kind}`).toBeGreaterThanOrEqual(BALL_RADIUS - 1e-6);
        }
      }
    };
    // A whole game takes the balls from the top of the box down to its floor; taken back, they fly into the floor's places first.
    while (!game.state.over) {
      const legal = game.legalMoves();
      game.play(legal[random.below(legal.length)]);
      d.sync([...game.events]);
      sampleFlights();
    }
    for (let i = 0; i < 6; i++) {
      game.takeBack(true);
      d.sync([...game.events]);
      sampleFlights();
    }
    expect(flights).toBeGreaterThan(100);
  });

  it('lifts and marks the balls a hovered move would roll; hides no ball', () => {
    const game = new Game({ seed: 12, first: 'red' });
    const d = new Director();
    d.sync([...game.events]);
    d.skip();
    const poser = new BallPoser();
    const e4 = parseSquare(8, 'e4');
    poser.update(d.sample(), new Set([e4]));
    const ball = d.sample().sockets[e4]!.ball;
    expect(poser.highlighted[ball]).toBe(true);
    expect(poser.highlighted.filter(Boolean)).toHaveLength(1);
    expect(poser.position[ball].y).toBeCloseTo(BALL_REST_Y + HIGHLIGHT_LIFT);
    expect(poser.visible.every(Boolean)).toBe(true);
  });
});
