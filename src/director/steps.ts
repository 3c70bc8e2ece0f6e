/**
 * A round's engine events as steps of the table: each event becomes the step that shows it (a
 * ball flying from the supply into a socket, balls rolling to a new colour, the start ball thrown,
 * the balls counted at the end), with the table before and after it. Pure TypeScript.
 *
 * Model: 64 identical balls with fixed ids 0..63. A ball is either in the supply (a tray with 64
 * slots) or in a socket (internal 8x8 index, engine geometry). Lengths are in "script seconds"
 * (the length at speed 1); the director (timeline.ts) places the steps on its clock.
 */
import { type Colour, COLOURS } from '../engine/colours';
import type { GameEvent, Roll, RoundSetup } from '../engine/events';
import { type BoardSize, parseSquare } from '../engine/geometry';
import type { RoundResult } from '../engine/state';

export const BALL_COUNT = 64;

/** Lengths in script seconds (speed 1). */
export const TIMING = {
  /** Board balls fly back into the supply when a new round starts on a used board. */
  clearBall: 0.55,
  clearStagger: 0.025,
  /** The four start balls go from the supply into the centre. */
  startBall: 0.6,
  startStagger: 0.12,
  /** One throw of the start ball: flight, tumble and rest (the scene fits its physics in). */
  throw: 3,
  /** A thrown colour that is not in play stays visible this long before the next throw. */
  rethrowPause: 0.6,
  turn: 0.3,
  place: 0.7,
  roll: 0.5,
  /** Delay between successive rolls of one move: the wave outward. */
  rollStagger: 0.12,
  /** Take-back: a placed ball flying back to the supply. */
  remove: 0.6,
  /** Round over: every ball hops once, colour by colour, while the counts add up. */
  countBall: 0.35,
  countTotal: 2.2,
} as const;

export type StepKind = 'clear' | 'start' | 'throw' | 'turn' | 'place' | 'roll' | 'takeBack' | 'count';

/** The state of the table between steps. */
export interface TableModel {
  size: BoardSize;
  /** Ball id in each socket (internal index), -1 when empty. */
  balls: number[];
  /** Colour on top of each socket's ball, null when empty. */
  colours: (Colour | null)[];
  /** Ball id in each supply slot, -1 when empty. */
  supply: number[];
  throwBall: { index: number; colour: Colour; inPlay: boolean; seed: number } | null;
  lit: Colour | null;
  result: RoundResult | null;
}

/** A ball going from a supply slot to a socket, or back. */
export interface Flight {
  kind: 'arrive' | 'leave';
  ball: number;
  square: number;
  slot: number;
  colour: Colour;
  delay: number;
  duration: number;
}

export interface RollMotion {
  kind: 'roll';
  square: number;
  from: Colour;
  to: Colour;
  delay: number;
  duration: number;
}

export interface Hop {
  kind: 'hop';
  square: number;
  colour: Colour;
  delay: number;
  duration: number;
}

export type Motion = Flight | RollMotion | Hop;

export interface Step {
  kind: StepKind;
  start: number;
  duration: number;
  before: TableModel;
  after: TableModel;
  motions: Motion[];
  /** How many events of the log the table shows once this step has ended (the presentation clock). */
  through: number;
}

/** A step before the director places it on its clock. */
export type StepDraft = Pick<Step, 'kind' | 'duration' | 'before' | 'after' | 'motions'>;

export function emptyModel(): TableModel {
  return {
    size: 8,
    balls: new Array(64).fill(-1),
    colours: new Array(64).fill(null),
    supply: Array.from({ length: BALL_COUNT }, (_, i) => i),
    throwBall: null,
    lit: null,
    result: null,
  };
}

function cloneModel(m: TableModel): TableModel {
  return { ...m, balls: [...m.balls], colours: [...m.colours], supply: [...m.supply] };
}

/** Takes the ball from the highest occupied supply slot. */
function takeFromSupply(m: TableModel): { ball: number; slot: number } {
  for (let slot = m.supply.length - 1; slot >= 0; slot--) {
    if (m.supply[slot] >= 0) {
      const ball = m.supply[slot];
      m.supply[slot] = -1;
      return { ball, slot };
    }
  }
  throw new Error('the supply is empty: more than 64 balls on the board');
}

/** Puts a ball into the lowest empty supply slot. */
function returnToSupply(m: TableModel, ball: number): number {
  const slot = m.supply.indexOf(-1);
  if (slot < 0) throw new Error(`no free supply slot for ball ${ball}`);
  m.supply[slot] = ball;
  return slot;
}

/** Writes the steps of a log's events one by one, keeping the table between them. */
export class StepWriter {
  /** The table after the last step written. */
  model: TableModel = emptyModel();
  private setup: RoundSetup | null = null;
  private throwCount = 0;
  private drafts: StepDraft[] = [];

  /** The steps that show `event` (a new round first empties the board: two steps). */
  write(event: GameEvent): StepDraft[] {
    this.drafts = [];
    this.appendOne(event);
    return this.drafts;
  }

  /** The step that empties the board into the supply, or none when it is empty already. */
  clear(): StepDraft[] {
    this.drafts = [];
    this.clearBoard();
    return this.drafts;
  }

  private push(kind: StepKind, duration: number, before: TableModel, after: TableModel, motions: Motion[]): void {
    this.drafts.push({ kind, duration, before, after, motions });
    this.model = after;
  }

  /** Empties the board into the supply (before a new round, or when the log is emptied). */
  private clearBoard(): void {
    const before = cloneModel(this.model);
    const after = cloneModel(this.model);
    const motions: Flight[] = [];
    for (let square = 0; square < 64; square++) {
      const ball = after.balls[square];
      if (ball < 0) continue;
      const colour = after.colours[square]!;
      after.balls[square] = -1;
      after.colours[square] = null;
      const slot = returnToSupply(after, ball);
      motions.push({ kind: 'leave', ball, square, slot, colour, delay: motions.length * TIMING.clearStagger, duration: TIMING.clearBall });
    }
    after.throwBall = null;
    after.lit = null;
    after.result = null;
    const changed = motions.length > 0 || before.throwBall || before.lit || before.result;
    if (!changed) return;
    const duration = motions.length ? (motions.length - 1) * TIMING.clearStagger + TIMING.clearBall : 0;
    this.push('clear', duration, before, after, motions);
  }

  private square(name: string): number {
    const index = parseSquare(this.setup!.size, name);
    if (index < 0) throw new Error(`event names "${name}", which is not a square of the ${this.setup!.size}x${this.setup!.size} board`);
    return index;
  }

  private appendOne(event: GameEvent): void {
    if (event.type !== 'roundStarted' && !this.setup) throw new Error(`event "${event.type}" before roundStarted`);
    const before = this.model;
    const after = cloneModel(before);
    switch (event.type) {
      case 'roundStarted': {
        this.clearBoard();
        this.setup = event.setup;
        this.throwCount = 0;
        const base = this.model;
        const next = cloneModel(base);
        next.size = event.setup.size;
        const motions: Flight[] = event.start.map((ball, i) => {
          const square = this.square(ball.square);
          const taken = takeFromSupply(next);
          next.balls[square] = taken.ball;
          next.colours[square] = ball.colour;
          return { kind: 'arrive', ball: taken.ball, square, slot: taken.slot, colour: ball.colour, delay: i * TIMING.startStagger, duration: TIMING.startBall };
        });
        const duration = motions.length ? (motions.length - 1) * TIMING.startStagger + TIMING.startBall : 0;
        this.push('start', duration, base, next, motions);
        return;
      }
      case 'ballThrown': {
        after.throwBall = { index: this.throwCount, colour: event.colour, inPlay: event.inPlay, seed: (this.setup!.seed + this.throwCount * 7919) >>> 0 };
        this.throwCount++;
        this.push('throw', TIMING.throw + (event.inPlay ? 0 : TIMING.rethrowPause), before, after, []);
        return;
      }
      case 'turn':
        after.lit = event.colour;
        this.push('turn', TIMING.turn, before, after, []);
        return;
      case 'timeExpired':
        return; // the HUD says so; the move that follows animates as usual
      case 'ballPlaced': {
        const square = this.square(event.square);
        if (after.balls[square] >= 0) throw new Error(`ballPlaced on ${event.square}, which is occupied`);
        const taken = takeFromSupply(after);
        after.balls[square] = taken.ball;
        after.colours[square] = event.colour;
        this.push('place', TIMING.place, before, after, [
          { kind: 'arrive', ball: taken.ball, square, slot: taken.slot, colour: event.colour, delay: 0, duration: TIMING.place },
        ]);
        return;
      }
      case 'ballsRolled': {
        const motions = this.rolls(after, event.rolls);
        this.push('roll', this.lengthOf(motions), before, after, motions);
        return;
      }
      case 'moveTakenBack': {
        const motions: Motion[] = this.rolls(after, event.unrolled);
        let delay = this.lengthOf(motions);
        for (const name of event.removed) {
          const square = this.square(name);
          const ball = after.balls[square];
          if (ball < 0) throw new Error(`moveTakenBack removes ${name}, which is empty`);
          const colour = after.colours[square]!;
          after.balls[square] = -1;
          after.colours[square] = null;
          const slot = returnToSupply(after, ball);
          motions.push({ kind: 'leave', ball, square, slot, colour, delay, duration: TIMING.remove });
          delay += TIMING.remove * 0.5;
        }
        after.result = null;
        this.push('takeBack', this.lengthOf(motions), before, after, motions);
        return;
      }
      case 'roundOver': {
        after.result = { scores: event.scores, playerScores: event.playerScores, winners: event.winners };
        after.lit = null;
        // Count colour by colour (in play first, in seat order), each colour's balls in board order.
        const order = [...this.setup!.colours, ...COLOURS.filter((c) => !this.setup!.colours.includes(c))];
        const squares: number[] = [];
        for (const colour of order) for (let sq = 0; sq < 64; sq++) if (after.colours[sq] === colour) squares.push(sq);
        const stagger = squares.length > 1 ? (TIMING.countTotal - TIMING.countBall) / (squares.length - 1) : 0;
        const motions: Hop[] = squares.map((square, i) => ({ kind: 'hop', square, colour: after.colours[square]!, delay: i * stagger, duration: TIMING.countBall }));
        this.push('count', this.lengthOf(motions), before, after, motions);
        return;
      }
    }
  }

  private rolls(after: TableModel, rolls: readonly Roll[]): RollMotion[] {
    return rolls.map((roll, i) => {
      const square = this.square(roll.square);
      if (after.balls[square] < 0) throw new Error(`a roll on ${roll.square}, which is empty`);
      after.colours[square] = roll.to;
      return { kind: 'roll', square, from: roll.from, to: roll.to, delay: i * TIMING.rollStagger, duration: TIMING.roll };
    });
  }

  private lengthOf(motions: readonly Motion[]): number {
    return motions.reduce((end, m) => Math.max(end, m.delay + m.duration), 0);
  }
}
