import type { Colour } from './colours';
import type { BoardSize } from './geometry';

/**
 * Everything that happens in a round, as events. Each event carries all a viewer needs to
 * animate it without knowing the rules; the game state is a fold of these events (state.ts).
 * Squares are named as in docs/rules.md ("f4"), for the board size of the round.
 */
export type Variant = 'standard' | 'pro' | 'team';

export interface RoundSetup {
  size: BoardSize;
  /** Colours in play, clockwise (seat order). */
  colours: Colour[];
  /** The players and the colours each plays, in seat order (solo: one player, red and green). */
  players: Colour[][];
  variant: Variant;
  misere: boolean;
  /** Seconds per move, 0 when there is no time limit. */
  moveTimeLimit: number;
  /** Whether take-backs are allowed (off for strict play). */
  takeBacks: boolean;
  seed: number;
}

export interface Roll {
  square: string;
  from: Colour;
  to: Colour;
}

export type GameEvent =
  /** A round begins: the empty board gets the four start balls. */
  | { type: 'roundStarted'; setup: RoundSetup; start: { square: string; colour: Colour }[] }
  /** The start ball is thrown; inPlay false means the colour is not in play and it is thrown again. */
  | { type: 'ballThrown'; colour: Colour; inPlay: boolean }
  /** The colour to move next (first player after the throw, then after every move). */
  | { type: 'turn'; colour: Colour; moveNumber: number }
  /** The mover's clock ran out; the move that follows was played for them. */
  | { type: 'timeExpired'; colour: Colour }
  /** A ball from the supply goes into an empty socket, `colour` on top. */
  | { type: 'ballPlaced'; colour: Colour; square: string }
  /** Captured balls roll in their sockets, in this order (outward from the new ball, line by line). */
  | { type: 'ballsRolled'; colour: Colour; rolls: Roll[] }
  /** The last move is taken back: its balls return to the supply and the rolls are reversed. */
  | { type: 'moveTakenBack'; colour: Colour; removed: string[]; unrolled: Roll[] }
  /** The board is full. Scores per colour in play and per player; winners are player indices. */
  | { type: 'roundOver'; scores: Partial<Record<Colour, number>>; playerScores: number[]; winners: number[] };
