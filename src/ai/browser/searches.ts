/**
 * What the worker brain searches with. The browser's worker starts with the one-move levels alone
 * (oneMoveSearches: its first script stays small) and fetches every search (allSearches.ts) the
 * first time a request needs more: a level that looks ahead, the analysis' evaluation, exact move
 * values (worker.ts).
 */
import type { Position } from '../../engine';
import type { MctsSearcher } from '../mcts';
import type { MaxnMoveValues } from '../maxnSolver';
import type { MoveValues } from '../moveValues';
import type { AiOptions } from '../options';
import type { RootStats } from '../rootStats';
import type { Searcher } from '../searcher';
import { createOneMoveSearcher, isOneMoveLevel } from '../simple';
import type { ToWorker } from './messages';

export interface Searches {
  /** The search for a think request; throws for a level it has not. */
  create(position: Position, options: AiOptions): Searcher;
  /** The analysis' search for an evaluate request: the master's, with each player's root value. */
  analysis(position: Position, options: AiOptions): MctsSearcher;
  /** Each move's exact value for a solve request (two players: the ball difference; more: max^n scores). */
  moveValues(position: Position, owners: number[], options: { misere: boolean; shouldStop: () => boolean }): MoveValues | MaxnMoveValues;
  /** A finished search's statistics of the root's moves, where it keeps them (the master's). */
  rootStats(searcher: Searcher): RootStats | undefined;
}

const notHere = (what: string) => () => {
  throw new Error(`${what} is not loaded in this worker`);
};

/** The one-move levels (beginner, greedy, tactician), and nothing else. */
export const oneMoveSearches: Searches = {
  create: createOneMoveSearcher,
  analysis: notHere('the analysis'),
  moveValues: notHere('the exact solver'),
  rootStats: () => undefined,
};

/** Whether the one-move searches answer a message (stop and cancel need no search). */
export function oneMoveAnswers(message: ToWorker): boolean {
  return message.type === 'stop' || message.type === 'cancel' || (message.type === 'think' && isOneMoveLevel(message.request.level));
}
