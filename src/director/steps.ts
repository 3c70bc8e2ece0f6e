/**
 * A round's engine events as steps of the table: each event becomes the step that shows it (a
 * ball flying from the supply into a socket, balls rolling to a new colour, the start ball thrown,
 * the balls counted at the end and the winner's moment), with the table before and after it.
 * Pure TypeScript.
 *
 * Model: 64 identical balls with fixed ids 0..63. A ball is either in the supply (a tray with 64
 * slots) or in a socket (internal 8x8 index, engine geometry). Lengths are in "script seconds"
 * (the length at speed 1); the director (timeline.ts) places the steps on its clock.
 */
import type { Colour } from '../engine/colours';
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
  /**
   * Round over, the count: colour by colour (each player's colours in seat order), the balls of
   * one colour hop one after another while its number adds up, `countStagger` apart but all
   * started within `countColour` (a colour with many balls is counted faster), then its number
   * stands for `countPause` before the next colour.
   */
  countBall: 0.35,
  countStagger: 0.12,
  countColour: 1.0,
  countPause: 0.45,
  /** Round over, after the count: the winner's moment (their side buttons pulse, their balls glow). */
  winner: 2.4,
} as const;

export type StepKind = 'clear' | 'start' | 'throw' | 'turn' | 'place' | 'roll' | 'takeBack' | 'count' | 'winner';

/** The state of the table between steps. */
export interface TableModel {
  size: BoardSize;
  /** Ball id in each socket (internal index), -1 when empty. */
  balls: number[];
  /** Colour on top of each socket's ball, null when empty. */
  colours: (Colour | null)[];
  /** Ball id in each supply slot, -1 when empty. */
  supply: number[];
  /** The start ball, from its throw until the first move puts it back into the box. */
  throwBall: { index: number; colour: Colour; inPlay: boolean; seed: number } | null;
  lit: Colour | null;
  result: RoundResult | null;
  /** The colours of the round's winners (empty until the round is over). */
  winners: Colour[];
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

/** One colour's turn in the count at the end of a round: its balls hop, then its number stands. */
export interface Tally {
  kind: 'tally';
  colour: Colour;
  delay: number;
  duration: number;
}

export type Motion = Flight | RollMotion | Hop | Tally;

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
    winners: [],
  };
}

function cloneModel(m: TableModel): TableModel {
  return { ...m, balls: [...m.balls], colours: [...m.colours], supply: [...m.supply], winners: [...m.winners] };
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
    after.winners = [];
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
        // The start ball has done its work: it goes back into the box as the first move is played.
        after.throwBall = null;
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
        after.winners = [];
        this.push('takeBack', this.lengthOf(motions), before, after, motions);
        return;
      }
      case 'roundOver': {
        const players = this.setup!.players;
        after.result = { scores: event.scores, playerScores: event.playerScores, winners: event.winners };
        after.winners = event.winners.flatMap((p) => players[p] ?? []);
        after.lit = null;
        const motions = this.count(after, players.flat());
        this.push('count', this.lengthOf(motions), before, after, motions);
        this.push('winner', TIMING.winner, after, after, []);
        return;
      }
    }
  }

  /**
   * The count of a full board, colour by colour in `order` (the colours in play): each colour's
   * tally, and a hop of each of its balls in board order. A colour with no ball still has its
   * turn (its number stands at 0).
   */
  private count(m: TableModel, order: readonly Colour[]): Motion[] {
    const motions: Motion[] = [];
    let start = 0;
    for (const colour of order) {
      const squares: number[] = [];
      for (let sq = 0; sq < 64; sq++) if (m.colours[sq] === colour) squares.push(sq);
      const stagger = squares.length > 1 ? Math.min(TIMING.countStagger, TIMING.countColour / (squares.length - 1)) : 0;
      const hops = squares.length ? (squares.length - 1) * stagger + TIMING.countBall : 0;
      const duration = hops + TIMING.countPause;
      motions.push({ kind: 'tally', colour, delay: start, duration });
      squares.forEach((square, i) => motions.push({ kind: 'hop', square, colour, delay: start + i * stagger, duration: TIMING.countBall }));
      start += duration;
    }
    return motions;
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
