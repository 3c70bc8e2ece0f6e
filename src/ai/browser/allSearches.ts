/** Every search the worker brain runs (searches.ts): each level, the analysis and the exact solvers. */
import { createAnalysisSearcher, createSearcher } from '../index';
import { MctsSearcher } from '../mcts';
import { MaxnMoveValues } from '../maxnSolver';
import { MoveValues } from '../moveValues';
import type { Searches } from './searches';

export const allSearches: Searches = {
  create: createSearcher,
  analysis: createAnalysisSearcher,
  moveValues: (position, owners, options) => (Math.max(...owners) + 1 > 2 ? new MaxnMoveValues(position, { ...options, owners }) : new MoveValues(position, owners, options)),
  rootStats: (searcher) => (searcher instanceof MctsSearcher ? searcher.rootStats() : undefined),
};
