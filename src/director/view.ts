/**
 * What the table looks like at one moment of the director's timeline: every socket's ball and
 * colour and how far it has moved, the supply, the thrown start ball, the lit side button, and at
 * the end of a round the count and the winner's moment. Sampled into one reused VisualState: the per-frame path allocates
 * nothing.
 */
import { type Colour, COLOURS } from '../engine/colours';
import type { BoardSize } from '../engine/geometry';
import type { RoundResult } from '../engine/state';
import { BALL_COUNT, type Step, type StepKind, type TableModel, TIMING } from './steps';

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
  /** 0..1 on its way back into the box while the round's first move is played; 0 while it lies where it came to rest. */
  boxed: number;
}

/** The end of a round at a moment: the count, then the winner's moment, then done (the result shown). */
export interface RoundOverView {
  result: RoundResult;
  phase: 'counting' | 'winner' | 'done';
  /** Balls counted so far per colour in play. */
  counted: Partial<Record<Colour, number>>;
  /** The colour being counted (its balls hopping, or its number standing), null outside the count. */
  counting: Colour | null;
  /** The winners' colours. */
  winners: readonly Colour[];
  /** 0..1 through the current phase (1 when done). */
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
  roundOver: RoundOverView | null;
  /** The step playing at this time, null when idle. */
  step: StepKind | null;
}

/**
 * The table at script time t written into `view` (from emptyVisualState), reusing its socket,
 * phase and round-over objects. `step` is the step playing at t (null when none plays), `between`
 * the table as it stands between steps (then, or before `step`).
 */
export function sampleInto(view: VisualState, t: number, step: Step | null, between: TableModel): VisualState {
  const parts = partsOf(view);
  if (!step) return still(view, parts, between, t);
  const local = t - step.start;
  still(view, parts, step.before, t);
  view.step = step.kind;
  const { after } = step;
  view.size = step.kind === 'clear' ? step.before.size : after.size;
  view.litButton = after.lit;
  if (step.kind === 'throw') {
    view.throwBall = throwInto(parts.throwBall, after.throwBall!, clamp01(local / TIMING.throw));
  } else if (step.kind === 'place' && step.before.throwBall && !after.throwBall) {
    view.throwBall = throwInto(parts.throwBall, step.before.throwBall, 1, clamp01(local / step.duration));
  } else if (step.kind === 'clear') {
    view.throwBall = null;
  }
  if (step.kind === 'count' || step.kind === 'winner') {
    const counted = step.kind === 'winner' ? after : null;
    view.roundOver = roundOverInto(parts, after, counted, step.kind === 'count' ? 'counting' : 'winner', clamp01(local / step.duration));
  } else if (step.kind === 'takeBack' || step.kind === 'clear') {
    view.roundOver = null;
  }
  for (const m of step.motions) {
    const p = clamp01((local - m.delay) / m.duration);
    const started = local >= m.delay;
    if (m.kind === 'tally') {
      if (started) view.roundOver!.counting = m.colour;
      continue;
    }
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

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

const STILL: SocketPhase = Object.freeze({ kind: 'still' });

/** The reusable objects behind one VisualState: one of each per socket. */
interface ViewParts {
sockets: SocketView[];
arriving: { kind: 'arriving'; slot: number; progress: number }[];
leaving: { kind: 'leaving'; slot: number; progress: number }[];
rolling: { kind: 'rolling'; from: Colour; progress: number }[];
counting: { kind: 'counting'; progress: number }[];
throwBall: ThrowView;
roundOver: RoundOverView;
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
    throwBall: { index: 0, colour: 'red', inPlay: false, seed: 0, progress: 0, boxed: 0 },
    roundOver: { result: { scores: {}, playerScores: [], winners: [] }, phase: 'done', counted: {}, counting: null, winners: [], progress: 0 },
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

function throwInto(view: ThrowView, thrown: NonNullable<TableModel['throwBall']>, progress: number, boxed = 0): ThrowView {
  view.index = thrown.index;
  view.colour = thrown.colour;
  view.inPlay = thrown.inPlay;
  view.seed = thrown.seed;
  view.progress = progress;
  view.boxed = boxed;
  return view;
}

function phaseInto<P extends { slot: number; progress: number }>(phase: P, slot: number, progress: number): P {
  phase.slot = slot;
  phase.progress = progress;
  return phase;
}

/**
 * The round-over part of table `m` (its result and winners) in `phase`: counted from `m`'s board,
 * or nothing yet when `board` is null (the count step adds up as its balls hop).
 */
function roundOverInto(parts: ViewParts, m: TableModel, board: TableModel | null, phase: RoundOverView['phase'], progress: number): RoundOverView {
  const roundOver = parts.roundOver;
  const result = m.result!;
  roundOver.result = result;
  roundOver.phase = phase;
  roundOver.progress = progress;
  roundOver.counting = null;
  roundOver.winners = m.winners;
  for (const c of COLOURS) delete roundOver.counted[c];
  if (board) for (const c of board.colours) if (c && result.scores[c] !== undefined) roundOver.counted[c] = (roundOver.counted[c] ?? 0) + 1;
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
  view.roundOver = m.result ? roundOverInto(parts, m, m, 'done', 1) : null;
  view.step = null;
  return view;
}
