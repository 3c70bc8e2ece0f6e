/**
 * A match as its flow (src/flow/matchFlow.ts) publishes it: the seats and who holds each, and why;
 * the round, whose turn and its deadline; the finished rounds' results. The room copies it into
 * its synchronised state (src/server/room/state.ts); a page or a test reads the same shape.
 */
import type { Colour } from '../engine';
import type { RoomResult } from './contractCodes';

/**
 * Why a seat is played the way it is:
 * - `free`: no person has taken it yet (the lobby);
 * - `seated`: its person plays it;
 * - `dropped`: its person's connection is lost; they keep the seat until `dropDeadline`;
 * - `computerSeat`: a computer's own seat;
 * - `away`: a computer stands in, its person away past the grace;
 * - `left`: a computer stands in, its person left;
 * - `resigned`: a computer stands in to the round's end, its person resigned.
 */
export const HOLD_REASONS = ['free', 'seated', 'dropped', 'computerSeat', 'away', 'left', 'resigned'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** The reasons a computer plays a person's seat. */
export const STAND_IN_REASONS = ['away', 'left', 'resigned'] as const satisfies readonly HoldReason[];
export type StandInReason = (typeof STAND_IN_REASONS)[number];

/** A seat of the round being played (or about to be): seats rotate between rounds, so its player changes. */
export interface SeatSnapshot {
  /** All colours the seat plays this round (two in the team variant and solo). */
  colours: Colour[];
  /** The match's player in it. */
  player: number;
  /** The player's name; empty for a free seat. */
  name: string;
  kind: 'human' | 'computer';
  /** A computer's level; for a person, the level of the computer that stands in for them. */
  level: string;
  /** Who plays its moves now: its person, a computer (its own seat, or standing in), or nobody yet. */
  holder: 'person' | 'computer' | 'nobody';
  reason: HoldReason;
  /** A dropped person: when a computer takes over (ms since 1970), 0 otherwise. */
  dropDeadline: number;
  /** Moves a computer played for the person this round. */
  standInMoves: number;
  /** A person's seat: the moves a stand-in may still play before the round counts as given up (0 once it does, and for a computer's seat). */
  standInLeft: number;
  /** A person's seat counts as given up this round (resigned, or a stand-in played more than half of its moves). */
  gaveUp: boolean;
}

export interface MatchSnapshot {
  /** `waiting` (seats being taken), `playing`, `over` (a round ended; a rematch or the next round may follow). */
  phase: 'waiting' | 'playing' | 'over';
  /** Round of the match, from 0. */
  round: number;
  seats: SeatSnapshot[];
  /** The colour to move; null when no one is. */
  toMove: Colour | null;
  /** When the mover's time runs out (ms since 1970), 0 without a time limit. */
  moveDeadline: number;
  /** The finished rounds' results, in order. */
  results: RoomResult[];
  /** A computers-only match: when its next round starts by itself (ms since 1970), 0 when none is due. */
  nextRoundAt: number;
}
