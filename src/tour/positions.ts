/** The tour's rounds, played by the engine and written as records for the session's replay (the one path to the board). */
import { Game, toRecord } from '../engine/index';
import type { TourPosition } from './steps';

/** The seed of the tour's rounds: its start-ball throw shows red, so the rule sheets' worked example (red first) applies. */
export const TOUR_SEED = 1;

/** The round of `position` as the engine plays it, from the start throw on. */
export function tourGame(position: TourPosition): Game {
  const players = position.variant === 'team' ? 2 : 4;
  const game = new Game({ size: position.size, players, variant: position.variant, misere: position.misere ?? false, seed: TOUR_SEED });
  if (game.state.toMove !== 'red') throw new Error(`the tour's seed ${TOUR_SEED} throws ${game.state.throws.join(', ')} first, not red`);
  if (position.moves === 'fill') {
    // Any full round will do: the first legal move each turn, until one socket is left.
    const sockets = position.size * position.size;
    while (!game.state.over && sockets - Object.keys(game.state.board).length > 1) game.play(game.legalMoves()[0]);
  } else for (const move of position.moves) game.play(move);
  return game;
}

export function tourRecord(position: TourPosition): string {
  return toRecord(tourGame(position));
}

