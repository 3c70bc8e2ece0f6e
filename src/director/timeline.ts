/**
 * The director: turns a round's engine events into a timed animation queue and tells, for any
 * moment, what the table looks like. Pure TypeScript (no three, react or DOM) so it is tested
 * without WebGL; the scene only samples it.
 *
 * Each engine event becomes steps (steps.ts) on a timeline measured in script seconds. Steps never
 * overlap; the clock runs at `speed` script seconds per real second and is always at most the end
 * of the timeline, so new steps start at once when the director is idle and queue up when it is
 * busy. A moment of the timeline is sampled into a VisualState (view.ts).
 */
import type { Colour } from '../engine/colours';
import type { GameEvent } from '../engine/events';
import { type Step, type StepDraft, type StepKind, StepWriter, type TableModel } from './steps';
import { emptyVisualState, sampleInto, type VisualState } from './view';

/** Steps that are all motion and no news: with reduced motion they are passed at once (the result follows the last move). */
const SHOWN_ONLY_IN_MOTION: ReadonlySet<StepKind> = new Set(['count', 'winner']);

function sameEvent(a: GameEvent, b: GameEvent): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export type DirectorListener = () => void;

/** Whether a step may start playing now: the clock waits at the start of a step it refuses. */
export type StepGate = (step: Step) => boolean;

export class Director {
  private steps: Step[] = [];
  private known: GameEvent[] = [];
  private writer = new StepWriter();
  private clock = 0;
  private rate = 1;
  private paused = false;
  private reducedMotion = false;
  private gate: StepGate | null = null;
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

  /** With reduced motion the count at the end of a round and the winner's moment are passed at once. */
  setReducedMotion(reduced: boolean): void {
    this.reducedMotion = reduced;
  }

  /** While paused (a dialog is open) the clock stands still; skip still jumps to the end. */
  setPaused(paused: boolean): void {
    this.paused = paused;
  }

  /**
   * Lets `gate` hold each step at its start until it agrees (null: none held). The scene holds a
   * throw until its physics is simulated, so that its flight is shown from the first moment rather
   * than joined part way; without a 3D view nothing holds. Skipping to the end passes every gate.
   */
  setGate(gate: StepGate | null): void {
    this.gate = gate;
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

  /**
   * While the board is emptied into the supply or the start balls go into it (a new round's 'clear'
   * and 'start' steps), the balls at rest in its sockets by colour, as drawn now: the seats' counts
   * follow them there rather than the events' (the new round's, nought until its start balls have
   * all landed). Null at any other time.
   */
  ballsAtRest(): Partial<Record<Colour, number>> | null {
    const step = this.stepAt(this.clock);
    if (!step || (step.kind !== 'clear' && step.kind !== 'start')) return null;
    const counts: Partial<Record<Colour, number>> = {};
    for (const socket of this.sample().sockets) {
      if (!socket) continue;
      const { phase } = socket;
      const atRest = phase.kind === 'still' || phase.kind === 'rolling' || (phase.kind === 'arriving' && phase.progress >= 1) || (phase.kind === 'leaving' && phase.progress <= 0);
      if (atRest) counts[socket.colour] = (counts[socket.colour] ?? 0) + 1;
    }
    return counts;
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
    this.passMotionOnly();
    this.revisions++;
    this.notify();
  }

  /** Advances the clock by real seconds (times speed). Returns whether anything is still playing. */
  advance(realSeconds: number): boolean {
    if (!(realSeconds >= 0) || this.paused) return this.busy;
    const wasBusy = this.busy;
    const from = this.clock;
    const to = Math.min(this.end, from + realSeconds * this.rate);
    this.clock = this.heldStart(from, to) ?? to;
    this.passMotionOnly();
    // Held at a gate, nothing changed: no news (the canvas draws no frame for it).
    if (wasBusy && this.clock !== from) this.notify();
    return this.busy;
  }

  /** The start of the first step from `from` (a step starting there included) to `to` that the gate holds, or null. */
  private heldStart(from: number, to: number): number | null {
    if (!this.gate) return null;
    let held: number | null = null;
    for (let i = this.steps.length - 1; i >= 0 && this.steps[i].start + this.steps[i].duration > from; i--) {
      const step = this.steps[i];
      if (step.start >= from && step.start < to && !this.gate(step)) held = step.start;
    }
    return held;
  }

  /** Snaps to the final state of everything queued. */
  skip(): void {
    if (!this.busy) return;
    this.skipSilently();
    this.notify();
  }

  /** With reduced motion, moves the clock past the motion-only steps it has reached. */
  private passMotionOnly(): void {
    if (!this.reducedMotion) return;
    for (let step = this.stepAt(this.clock); step && SHOWN_ONLY_IN_MOTION.has(step.kind); step = this.stepAt(this.clock)) this.clock = step.start + step.duration;
  }

  private skipSilently(): void {
    this.clock = this.end;
  }

  /** Rebuilds the timeline for a shorter log and shows its end at once (no animation). */
  private rebuild(events: readonly GameEvent[]): void {
    this.known = [];
    this.writer = new StepWriter();
    this.steps = [];
    this.appended = 0;
    this.sync(events);
    this.skipSilently();
  }

  private push(draft: StepDraft): void {
    this.steps.push({ ...draft, start: this.end, through: draft.kind === 'clear' ? 0 : this.appended }); // a clear starts a log
  }

  private append(events: readonly GameEvent[]): void {
    for (const event of events) {
      this.appended++;
      for (const draft of this.writer.write(event)) this.push(draft);
    }
  }

  /** Empties the board into the supply (when the log is emptied). */
  private clearBoard(): void {
    for (const draft of this.writer.clear()) this.push(draft);
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
    const step = this.stepAt(t);
    return sampleInto(view, t, step, step ? step.before : this.modelAt(t));
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
    return this.steps.length ? this.steps[0].before : this.writer.model;
  }
}
