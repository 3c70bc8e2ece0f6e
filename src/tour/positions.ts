/** The tour's rounds, played by the engine and written as records for the session's replay (the one path to the board). */
import { Game, toRecord } from '../engine/index';
import type { TourPosition } from './steps';

/** The round of `position` as the engine plays it: red first, so the rule sheets' worked example applies. */
export function tourGame(position: TourPosition): Game {
  const players = position.variant === 'team' ? 2 : 4;
  const game = new Game({ size: position.size, players, variant: position.variant, misere: position.misere ?? false, first: 'red', seed: 0 });
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

