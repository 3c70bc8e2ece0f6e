/** Which games people watch and which they play against the computer: what decides the watch controls and engine help. */
import type { Seat } from '../../engine/index';

/**
 * A game the computers play and people watch: no seat is a person's from the start (a seat taken
 * over still has its computer's level). Only then are the watch controls (pause, step, take over)
 * offered: in a game a person plays they are clutter.
 */
export function watchedByComputers(seats: readonly Pick<Seat, 'kind' | 'level'>[]): boolean {
  return seats.every((seat) => seat.kind === 'computer' || seat.level !== undefined);
}

/** A person plays against the computer: engine help (the win chance) stays hidden until asked for. */
export function againstComputer(seats: readonly Pick<Seat, 'kind' | 'level'>[]): boolean {
  return !watchedByComputers(seats) && seats.some((seat) => seat.kind === 'computer');
}
