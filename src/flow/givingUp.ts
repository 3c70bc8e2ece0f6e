/**
 * When a person's seat counts as given up (docs/online.md, Players and ratings), in one place for
 * the match flow, the room, the page and the replay: the person resigned, or a stand-in computer
 * played more than half of the seat's moves. "Half" is fixed when the round starts, so a person
 * who leaves can be told how many of their moves a computer may play before it counts: the
 * seat's moves are its colours' share of the balls to place (each move placing one), and the
 * round counts as given up once a stand-in has played more than half of them. Pro's double
 * placements make fewer moves: at the round's end a stand-in that played more than half of the
 * seat's moves made counts too.
 */
import type { RoundSetup } from '../engine';

/** Moves of the seat in a round where every move places one ball: its colours' share of the balls placed, the remainder aside. */
export function seatMoves(setup: Pick<RoundSetup, 'size' | 'colours' | 'players'>, seat: number): number {
  return Math.floor((setup.size * setup.size - 4) / setup.colours.length) * setup.players[seat].length;
}

/** Stand-in moves after which the seat counts as given up: more than half of its moves. */
export function givenUpAt(setup: Pick<RoundSetup, 'size' | 'colours' | 'players'>, seat: number): number {
  return Math.floor(seatMoves(setup, seat) / 2) + 1;
}

/**
 * Whether a person's seat is given up: resigned, or its stand-in played givenUpAt moves; at the
 * round's end (`moves`: the seat's moves made), also more than half of the moves it made.
 */
export function isGivenUp(setup: Pick<RoundSetup, 'size' | 'colours' | 'players'>, seat: number, resigned: boolean, standInMoves: number, moves?: number): boolean {
  return resigned || standInMoves >= givenUpAt(setup, seat) || (moves !== undefined && 2 * standInMoves > moves);
}

/** Stand-in moves left before the seat counts as given up (0 once it does). */
export function standInLeft(setup: Pick<RoundSetup, 'size' | 'colours' | 'players'>, seat: number, resigned: boolean, standInMoves: number): number {
  return resigned ? 0 : Math.max(0, givenUpAt(setup, seat) - standInMoves);
}
