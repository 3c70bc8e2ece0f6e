/**
 * The presentation clock: the round as the board has SHOWN it so far, i.e. the fold of the first
 * `count` events of the log (the director reports how many it has played). Everything the HUD
 * says about the board (scores, whose turn, last move, the start-throw caption) reads this, so
 * it never runs ahead of the balls. The engine's latest state stays in RoundSnapshot.
 */
import { colourName, fixedTexts, t } from '../../i18n/index';
import { applyEvent, ballCounts, type Colour, type GameEvent, type GameState, type PlayedMove, type Seat, seatOfColour } from '../../engine/index';

export interface ShownRound {
  /** Events of the log shown (0..events.length). */
  readonly count: number;
  /** Whether the board shows the whole log (nothing is waiting to be animated). */
  readonly caughtUp: boolean;
  readonly toMove: Colour | null;
  readonly seatToMove: number | null;
  readonly scores: Partial<Record<Colour, number>>;
  readonly playerScores: readonly number[];
  readonly moves: readonly PlayedMove[];
  readonly over: boolean;
  /** What the start throw has shown, until the first move: null before the throw is shown. */
  readonly startThrow: StartThrow | null;
}

export type StartThrow =
  /** The ball is still in the air or rolling. */
  | { kind: 'rolling' }
  /** It rested on a colour that is not in play: thrown again. */
  | { kind: 'rethrow'; colour: Colour }
  /** It rested on the colour that starts. */
  | { kind: 'starts'; colour: Colour };

/** Texts of the start throw (one place, for a later translation). */
export const throwTexts = fixedTexts('captions', ['rolling', 'stillRolling', 'notYet', 'throwMissing'] as const, {
  rethrow: (colour: Colour) => t('captions:rethrow', { colour: colourName(colour) }),
  starts: (colour: Colour) => t('captions:starts', { colour: colourName(colour) }),
});

/** The start throw's caption; with reduced motion the ball does not roll on screen, so the words do not say it does. */
export function captionOf(start: StartThrow, reducedMotion = false): string {
  if (start.kind === 'rolling') return t('captions:rolling', { context: reducedMotion ? 'still' : undefined });
  return start.kind === 'rethrow' ? throwTexts.rethrow(start.colour) : throwTexts.starts(start.colour);
}

/**
 * The start throw as shown, until the first move is: rolling until a throw has ended; a throw
 * of a colour not in play says so while the ball is thrown again; then who starts.
 */
function startThrowOf(events: readonly GameEvent[], count: number, state: GameState | null): StartThrow | null {
  if (!state || state.moves.length > 0) return null;
  const last = state.throws[state.throws.length - 1];
  if (state.toMove) return { kind: 'starts', colour: state.toMove };
  if (!last) return events[count]?.type === 'ballThrown' ? { kind: 'rolling' } : null;
  return events[count]?.type === 'turn' ? { kind: 'starts', colour: last } : { kind: 'rethrow', colour: last };
}

/** The round after the first `count` events of `events` (clamped to the log). */
export function shownRound(events: readonly GameEvent[], count: number, seats: readonly Seat[]): ShownRound {
  const n = Math.max(0, Math.min(events.length, count));
  let state: GameState | null = null;
  for (let i = 0; i < n; i++) state = applyEvent(state, events[i]);
  const counts = state ? ballCounts(state.setup, state.board) : { scores: {}, playerScores: seats.map(() => 0) };
  return Object.freeze({
    count: n,
    caughtUp: n === events.length,
    toMove: state?.toMove ?? null,
    seatToMove: state && !state.over && state.toMove ? seatOfColour(state.setup.players, state.toMove) : null,
    scores: Object.freeze(counts.scores),
    playerScores: Object.freeze([...counts.playerScores]),
    moves: Object.freeze(state ? state.moves : []),
    over: state?.over ?? false,
    startThrow: startThrowOf(events, n, state),
  });
}
