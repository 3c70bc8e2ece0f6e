/**
 * The move a room's computer seat plays when its own level cannot search (its search thread fails
 * to start, or the search throws): the fallback level's, searched on the rooms' thread. Greedy
 * looks one move ahead (well under a millisecond), so it holds up no room and needs no thread.
 */
import { chooseMove, computerSeed, seatOptions } from '../ai';
import { type Game, type Level, moveName } from '../engine';

export const FALLBACK_LEVEL: Level = 'greedy';

/** The fallback level's move for the colour to move in `game`, in the protocol's notation. Does not change `game`. */
export function fallbackMove(game: Game): string {
  return moveName(game.setup.size, chooseMove(game.positionCopy(), { level: FALLBACK_LEVEL, seed: computerSeed(game), ...seatOptions(game.setup) }));
}
