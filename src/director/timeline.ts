/**
 * The director: turns a round's engine events into a timed animation queue and tells, for any
 * moment, what the table looks like. Pure TypeScript (no three, react or DOM) so it is tested
 * without WebGL; the scene only samples it.
 *
 * Model: 64 identical balls with fixed ids 0..63. A ball is either in the supply (a tray with 64
 * slots) or in a socket (internal 8x8 index, engine geometry). Each engine event becomes one Step
 * on a timeline measured in "script seconds" (the length at speed 1). Steps never overlap; the
 * clock runs at `speed` script seconds per real second and is always at most the end of the
 * timeline, so new steps start at once when the director is idle and queue up when it is busy.
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
interface Flight {
  kind: 'arrive' | 'leave';
  ball: number;
  square: number;
  slot: number;
  colour: Colour;
  delay: number;
  duration: number;
}

interface RollMotion {
  kind: 'roll';
  square: number;
  from: Colour;
  to: Colour;
  delay: number;
  duration: number;
}

interface Hop {
  kind: 'hop';
  square: number;
  colour: Colour;
  delay: number;
  duration: number;
}

type Motion = Flight | RollMotion | Hop;

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

/** What one socket shows at a moment. Progress runs 0..1 (linear; the scene eases). */
export type SocketPhase =
  | { kind: 'still' }
  /** Rolling in the socket from one colour region to the next (`colour` is where it ends). */
  | { kind: 'rolling'; from: Colour; progress: number }
  /** Flying from supply slot `slot` into the socket. */
  | { kind: 'arriving'; slot: number; progress: number }
  /** Flying from the socket to supply slot `slot`. */
  | { kind: 'leaving'; slot: number; progress: number }
  /** A short hop while the balls are counted at the end of a round. */
  | { kind: 'counting'; progress: number };

export interface SocketView {
  ball: number;
  colour: Colour;
  phase: SocketPhase;
}

export interface ThrowView {
  /** 0 for the first throw of the round, 1 for a re-throw, ... */
  index: number;
  colour: Colour;
  inPlay: boolean;
  /** Varies the throw's physics per round and throw. */
  seed: number;
  /** 0..1 through the flight; 1 when the ball is at rest showing `colour`. */
  progress: number;
}

export interface VisualState {
  /** The script time sampled. */
  time: number;
  size: BoardSize;
  /** 64 entries by internal index. */
  sockets: (SocketView | null)[];
  /** 64 supply slots: ball id or -1 (a ball in flight is in neither its slot nor a still socket). */
  supply: number[];
  throwBall: ThrowView | null;
  litButton: Colour | null;
  /** Set once the round is over: the counts add up while the balls are counted. */
  roundOver: { result: RoundResult; counted: Partial<Record<Colour, number>>; progress: number } | null;
  /** The step playing at this time, null when idle. */
  step: StepKind | null;
}

function emptyModel(): TableModel {
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

function sameEvent(a: GameEvent, b: GameEvent): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

export type DirectorListener = () => void;

export class Director {
  private steps: Step[] = [];
  private known: GameEvent[] = [];
  private model: TableModel = emptyModel();
  private setup: RoundSetup | null = null;
  private throwCount = 0;
  private clock = 0;
  private rate = 1;
  private paused = false;
  /** Events of the log turned into steps so far (each step records it as `through`). */
  private appended = 0;
  private revisions = 0;
  private listeners = new Set<DirectorListener>();

  /** Current script time. */
  get time(): number {
    return this.clock;
  }

  /** End of the last queued step. */
  get end(): number {
    const last = this.steps[this.steps.length - 1];
    return last ? Math.max(last.start + last.duration, this.clock) : this.clock;
  }

  /** Grows whenever the timeline changes (samples at the same time may differ across revisions). */
  get revision(): number {
    return this.revisions;
  }

  get busy(): boolean {
    return this.clock < this.end;
  }

  get speed(): number {
    return this.rate;
  }

  /** Script seconds per real second, 0.25..8, or Infinity to show every change at once. */
  setSpeed(speed: number): void {
    if (!(speed > 0)) throw new Error(`animation speed must be positive, not ${speed}`);
    this.rate = speed;
    if (speed === Infinity) this.skip();
  }

  /** While paused (a dialog is open) the clock stands still; skip still jumps to the end. */
  setPaused(paused: boolean): void {
    this.paused = paused;
  }

  /**
   * How many events of the log the table has shown: those whose step has ended. A ball counts
   * once it is at rest (placed and landed, rolled to its new colour), so the HUD's fold of these
   * events says what the board shows.
   */
  get shownEvents(): number {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const step = this.steps[i];
      if (step.start + step.duration <= this.clock) return this.busy ? step.through : this.known.length;
    }
    return this.busy ? 0 : this.known.length;
  }

  /** Queued steps, oldest first (for tests and diagnostics). */
  get queue(): readonly Step[] {
    return this.steps;
  }

  /** Called on every change of the timeline or the clock. */
  subscribe(listener: DirectorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  /**
   * Follows the session's event log. A log that extends what was seen queues the new events; a
   * log for another round (or a new game) empties the board into the supply and starts over;
   * a log cut back to a prefix of what was seen snaps to its final state.
   */
  sync(events: readonly GameEvent[]): void {
    const known = this.known;
    const continues = known.length > 0 && events.length > 0 && sameEvent(events[0], known[0]);
    if (continues && events.length >= known.length && sameEvent(events[known.length - 1], known[known.length - 1])) {
      if (events.length === known.length) return;
      this.known = [...events];
      this.append(events.slice(known.length));
    } else if (continues && events.length < known.length && sameEvent(events[events.length - 1], known[events.length - 1])) {
      this.rebuild(events);
    } else {
      this.known = [...events];
      this.skipSilently();
      this.steps = [];
      this.appended = 0;
      this.append(events);
      if (events.length === 0) this.clearBoard();
    }
    if (this.rate === Infinity) this.clock = this.end;
    this.revisions++;
    this.notify();
  }

  /** Advances the clock by real seconds (times speed). Returns whether anything is still playing. */
  advance(realSeconds: number): boolean {
    if (!(realSeconds >= 0) || this.paused) return this.busy;
    const wasBusy = this.busy;
    this.clock = Math.min(this.end, this.clock + realSeconds * this.rate);
    if (wasBusy) this.notify();
    return this.busy;
  }

  /** Snaps to the final state of everything queued. */
  skip(): void {
    if (!this.busy) return;
    this.skipSilently();
    this.notify();
  }

  private skipSilently(): void {
    this.clock = this.end;
  }

  /** Rebuilds the timeline for a shorter log and shows its end at once (no animation). */
  private rebuild(events: readonly GameEvent[]): void {
    this.known = [];
    this.model = emptyModel();
    this.steps = [];
    this.setup = null;
    this.appended = 0;
    this.sync(events);
    this.skipSilently();
  }

  private push(kind: StepKind, duration: number, before: TableModel, after: TableModel, motions: Motion[]): void {
    this.steps.push({ kind, start: this.end, duration, before, after, motions, through: kind === 'clear' ? 0 : this.appended }); // a clear starts a log
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

  private append(events: readonly GameEvent[]): void {
    for (const event of events) {
      this.appended++;
      this.appendOne(event);
    }
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

  /** The table at script time t (default: now), as a new object (tests, diagnostics). */
  sample(t: number = this.clock): VisualState {
    return this.sampleInto(emptyVisualState(), t);
  }

  /**
   * The table at script time t written into `view` (from emptyVisualState), reusing its socket,
   * phase and round-over objects: the per-frame path allocates nothing.
   */
  sampleInto(view: VisualState, t: number = this.clock): VisualState {
    const parts = partsOf(view);
    const step = this.stepAt(t);
    if (!step) return still(view, parts, this.modelAt(t), t);
    const local = t - step.start;
    still(view, parts, step.before, t);
    view.step = step.kind;
    const { after } = step;
    view.size = step.kind === 'clear' ? step.before.size : after.size;
    view.litButton = after.lit;
    if (step.kind === 'throw') {
      view.throwBall = throwInto(parts.throwBall, after.throwBall!, clamp01(local / TIMING.throw));
    } else if (step.kind === 'clear') {
      view.throwBall = null;
    }
    if (step.kind === 'count') {
      view.roundOver = roundOverInto(parts, after.result!, null, clamp01(local / step.duration));
    } else if (step.kind === 'takeBack' || step.kind === 'clear') {
      view.roundOver = null;
    }
    for (const m of step.motions) {
      const p = clamp01((local - m.delay) / m.duration);
      const started = local >= m.delay;
      const socket = parts.sockets[m.square];
      if (m.kind === 'arrive') {
        if (!started) continue; // still waiting in its supply slot
        view.supply[m.slot] = -1;
        view.sockets[m.square] = socketInto(socket, m.ball, m.colour, p >= 1 ? STILL : phaseInto(parts.arriving[m.square], m.slot, p));
      } else if (m.kind === 'leave') {
        if (p >= 1) {
          view.sockets[m.square] = null;
          view.supply[m.slot] = m.ball;
        } else {
          view.sockets[m.square] = socketInto(socket, m.ball, m.colour, started ? phaseInto(parts.leaving[m.square], m.slot, p) : STILL);
        }
      } else if (m.kind === 'roll') {
        if (p >= 1) socketInto(socket, socket.ball, m.to, STILL);
        else if (started) {
          const rolling = parts.rolling[m.square];
          rolling.from = m.from;
          rolling.progress = p;
          socketInto(socket, socket.ball, m.to, rolling);
        }
      } else if (m.kind === 'hop') {
        if (started) {
          const counted = view.roundOver!.counted;
          counted[m.colour] = (counted[m.colour] ?? 0) + 1;
        }
        if (started && p < 1) {
          socket.phase = parts.counting[m.square];
          parts.counting[m.square].progress = p;
        }
      }
    }
    return view;
  }

  private stepAt(t: number): Step | null {
    // Steps are sorted and disjoint; search from the end (the clock is usually near it).
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const s = this.steps[i];
      if (t >= s.start + s.duration) return null;
      if (t >= s.start) return s;
    }
    return null;
  }

  /** The model between steps at time t. */
  private modelAt(t: number): TableModel {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const s = this.steps[i];
      if (t >= s.start + s.duration) return s.after;
    }
    return this.steps.length ? this.steps[0].before : this.model;
  }

}

const STILL: SocketPhase = Object.freeze({ kind: 'still' });

/** The reusable objects behind one VisualState: one of each per socket. */
interface ViewParts {
  sockets: SocketView[];
  arriving: { kind: 'arriving'; slot: number; progress: number }[];
  leaving: { kind: 'leaving'; slot: number; progress: number }[];
  rolling: { kind: 'rolling'; from: Colour; progress: number }[];
  counting: { kind: 'counting'; progress: number }[];
  throwBall: ThrowView;
  roundOver: NonNullable<VisualState['roundOver']>;
}

const viewParts = new WeakMap<VisualState, ViewParts>();

const perSocket = <T>(make: () => T): T[] => Array.from({ length: 64 }, make);

/** An empty visual state to sample into (Director.sampleInto), with its reusable parts. */
export function emptyVisualState(): VisualState {
  const view: VisualState = { time: 0, size: 8, sockets: new Array(64).fill(null), supply: new Array(BALL_COUNT).fill(-1), throwBall: null, litButton: null, roundOver: null, step: null };
  viewParts.set(view, {
    sockets: perSocket(() => ({ ball: -1, colour: 'red', phase: STILL })),
    arriving: perSocket(() => ({ kind: 'arriving', slot: 0, progress: 0 })),
    leaving: perSocket(() => ({ kind: 'leaving', slot: 0, progress: 0 })),
    rolling: perSocket(() => ({ kind: 'rolling', from: 'red', progress: 0 })),
    counting: perSocket(() => ({ kind: 'counting', progress: 0 })),
    throwBall: { index: 0, colour: 'red', inPlay: false, seed: 0, progress: 0 },
    roundOver: { result: { scores: {}, playerScores: [], winners: [] }, counted: {}, progress: 0 },
  });
  return view;
}

function partsOf(view: VisualState): ViewParts {
  const parts = viewParts.get(view);
  if (!parts) throw new Error('sampleInto needs a view made by emptyVisualState()');
  return parts;
}

function socketInto(socket: SocketView, ball: number, colour: Colour, phase: SocketPhase): SocketView {
  socket.ball = ball;
  socket.colour = colour;
  socket.phase = phase;
  return socket;
}

function throwInto(view: ThrowView, thrown: NonNullable<TableModel['throwBall']>, progress: number): ThrowView {
  view.index = thrown.index;
  view.colour = thrown.colour;
  view.inPlay = thrown.inPlay;
  view.seed = thrown.seed;
  view.progress = progress;
  return view;
}

function phaseInto<P extends { slot: number; progress: number }>(phase: P, slot: number, progress: number): P {
  phase.slot = slot;
  phase.progress = progress;
  return phase;
}

/** The round-over part: counted so far from `m`'s board, or nothing yet (the count step adds up). */
function roundOverInto(parts: ViewParts, result: RoundResult, m: TableModel | null, progress: number): VisualState['roundOver'] {
  const roundOver = parts.roundOver;
  roundOver.result = result;
  roundOver.progress = progress;
  for (const c of COLOURS) delete roundOver.counted[c];
  if (m) for (const c of m.colours) if (c) roundOver.counted[c] = (roundOver.counted[c] ?? 0) + 1;
  return roundOver;
}

/** The table between steps, written into `view`. */
function still(view: VisualState, parts: ViewParts, m: TableModel, t: number): VisualState {
  for (let sq = 0; sq < 64; sq++) {
    const ball = m.balls[sq];
    view.sockets[sq] = ball >= 0 ? socketInto(parts.sockets[sq], ball, m.colours[sq]!, STILL) : null;
  }
  for (let slot = 0; slot < BALL_COUNT; slot++) view.supply[slot] = m.supply[slot];
  view.time = t;
  view.size = m.size;
  view.throwBall = m.throwBall ? throwInto(parts.throwBall, m.throwBall, 1) : null;
  view.litButton = m.lit;
  view.roundOver = m.result ? roundOverInto(parts, m.result, m, 1) : null;
  view.step = null;
  return view;
}
