import type { Colour } from './colours';
import type { GameEvent, Roll, RoundSetup } from './events';

/** A move as it was played: one square, or two for a Pro double, and the balls it rolled. */
export interface PlayedMove {
  colour: Colour;
  squares: string[];
  rolls: Roll[];
  /** Played for the mover when their clock ran out. */
  timedOut: boolean;
}

export interface RoundResult {
  scores: Partial<Record<Colour, number>>;
  playerScores: number[];
  winners: number[];
}

/** What a round looks like after its events: the fold of GameEvent (see applyEvent). */
export interface GameState {
  setup: RoundSetup;
  /** Ball colour on each occupied square, by square name. */
  board: Record<string, Colour>;
  throws: Colour[];
  toMove: Colour | null;
  moves: PlayedMove[];
  /** Between a move's first ball and the next turn (balls of a double join the same move). */
  moveInProgress: boolean;
  over: boolean;
  result: RoundResult | null;
}

/** Applies one event to a state (mutating it). The single place where events change a round. */
export function applyEvent(state: GameState | null, event: GameEvent): GameState {
  if (event.type === 'roundStarted') {
    const board: Record<string, Colour> = {};
    for (const ball of event.start) board[ball.square] = ball.colour;
    return { setup: event.setup, board, throws: [], toMove: null, moves: [], moveInProgress: false, over: false, result: null };
  }
  if (!state) throw new Error(`event "${event.type}" before roundStarted`);
  switch (event.type) {
    case 'ballThrown':
      state.throws.push(event.colour);
      break;
    case 'turn':
      state.toMove = event.colour;
      state.moveInProgress = false;
      break;
    case 'timeExpired':
      state.moves.push({ colour: event.colour, squares: [], rolls: [], timedOut: true });
      state.moveInProgress = true;
      break;
    case 'ballPlaced':
      // The balls of one move (a Pro double, or a move played on time-out) join until the next turn.
      if (state.moveInProgress) state.moves[state.moves.length - 1].squares.push(event.square);
      else state.moves.push({ colour: event.colour, squares: [event.square], rolls: [], timedOut: false });
      state.moveInProgress = true;
      state.board[event.square] = event.colour;
      break;
    case 'ballsRolled': {
      for (const roll of event.rolls) state.board[roll.square] = roll.to;
      state.moves[state.moves.length - 1].rolls = event.rolls;
      break;
    }
    case 'moveTakenBack': {
      for (const square of event.removed) delete state.board[square];
      for (const roll of event.unrolled) state.board[roll.square] = roll.to;
      state.moves.pop();
      state.over = false;
      state.result = null;
      break;
    }
    case 'roundOver':
      state.toMove = null;
      state.moveInProgress = false;
      state.over = true;
      state.result = { scores: event.scores, playerScores: event.playerScores, winners: event.winners };
      break;
  }
  return state;
}

export function foldEvents(events: readonly GameEvent[]): GameState {
  let state: GameState | null = null;
  for (const e of events) state = applyEvent(state, e);
  if (!state) throw new Error('no roundStarted event');
  return state;
}
