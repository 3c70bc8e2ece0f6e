/**
 * The move a computer seat plays when its own level could not give one (its search failed, or it
 * answered a move the rules refuse): the fallback level's. Greedy looks one move ahead (well under
 * a millisecond), so it holds up no room and needs no search thread; the page plays it too, on its
 * own thread, with no more code than its one-move levels.
 */
import { type Game, type Level, moveName } from '../engine';
import { computerSeed, LEVEL_DEFAULT_MOVETIME, seatOptions } from './index';
import { SearchContext } from './searcher';
import { GreedySearcher } from './simple';

export const FALLBACK_LEVEL: Level = 'greedy';

/** The fallback level's move for the colour to move in `game`, in the protocol's notation (chooseMove's at that level). Does not change `game`. */
export function fallbackMove(game: Game): string {
  const options = { level: FALLBACK_LEVEL, seed: computerSeed(game), ...seatOptions(game.setup) };
  return moveName(game.setup.size, new GreedySearcher(new SearchContext(game.positionCopy(), options, LEVEL_DEFAULT_MOVETIME[FALLBACK_LEVEL])).best());
}
