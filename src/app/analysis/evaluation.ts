/**
 * The evaluation bar's numbers: after every change of the round a background search of the
 * master level (its own worker, so it never delays a computer's move) values the position for
 * each player; the values are normalised into win chances that sum to 1. The last chances stay
 * until new ones arrive (no flicker between moves), and each move's chances are kept for the
 * round's graph. A finished round's chances are its result; an endgame the exact solver solved
 * (two players: perfect play; three and four: max^n play, src/ai/maxnSolver.ts) comes back as its
 * exact result (1 to the winner, a shared win split equally, 0 to the others). An answer without an
 * estimate (a forced move is not searched) keeps the last chances: no point of the graph is made
 * up, so it shows no swing the search did not find. One question is open at a time: moves that
 * come faster than a search (computers, an online room) wait for its answer, which is kept, and
 * then the latest position is asked, so the bar and the graph fill as the round goes rather than
 * each new move dropping the answer on its way. A worker that fails or goes silent is replaced at
 * the next question; meanwhile the bar keeps its last numbers. Nothing is searched while engine help
 * is not shown (hidden by the viewer, or online without the host's leave): no core busy for numbers
 * nobody sees; the position of the moment is asked when help is shown again.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { computerSeed, seatOptions } from '../../ai/index';
import { thinkRequest, type WorkerLike } from '../../ai/browser/messages';
import { Game } from '../../engine/index';
import { pageOwned } from '../page/pageOwned';
import type { SessionState } from '../session/session';

export interface ChancePoint {
  /** Moves played when the chances were estimated. */
  move: number;
  /** Per player of the round (RoundSetup.players), summing to 1. */
  chances: number[];
  /** The round's result (winners 1, shared wins split), not an estimate. */
  final?: boolean;
}

/** The points of positions the board has shown: up to its move count, the result once the end is shown. */
export function shownHistory(history: readonly ChancePoint[], shownMoves: number, shownOver: boolean): ChancePoint[] {
  return history.filter((p) => p.move <= shownMoves && (!p.final || shownOver));
}

export interface EvaluationState {
  /** The latest estimate, or null before the first answer of the round. */
  latest: ChancePoint | null;
  /** One point per move count estimated so far in this round, in move order. */
  history: ChancePoint[];
  /** A question about the position is open: its answer will change the bar. */
  waiting: boolean;
}

export const EVALUATION_MEASURE = 'rolit:evaluation-update';

export interface EvaluatorOptions {
  createWorker: () => WorkerLike;
  /** Milliseconds of search per position. */
  movetime?: number;
  /** A question unanswered this long (ms) after its movetime means the worker is gone. */
  silentMs?: number;
  now?: () => number;
  /** Whether engine help shows (the bar and graph with it), and a way to hear the viewer's switch: searched only while it does. Always, without it. */
  help?: { shown(state: SessionState): boolean; subscribe(listener: () => void): () => void };
}

/** Normalises values into chances summing to 1 (misère rewards do not sum to 1 by themselves). */
export function toChances(values: readonly number[]): number[] {
  const sum = values.reduce((a, b) => a + Math.max(0, b), 0);
  return sum > 0 ? values.map((v) => Math.max(0, v) / sum) : values.map(() => 1 / values.length);
}

export function createEvaluator(session: StoreApi<SessionState>, options: EvaluatorOptions): { store: StoreApi<EvaluationState>; stop(): void } {
  const movetime = options.movetime ?? 600;
  const silentMs = options.silentMs ?? 3000;
  const now = options.now ?? (() => Date.now());
  const store = createStore<EvaluationState>()(() => ({ latest: null, history: [], waiting: false }));
  let worker: WorkerLike | null = null;
  let asked: { id: number; move: number; at: number } | null = null;
  let nextId = 1;
  let round: unknown = null;
  /** The position changed while a question was open: the latest is asked once it is answered. */
  let behind = false;

  const record = (point: ChancePoint) => {
    const history = store.getState().history.filter((p) => p.move < point.move);
    store.setState({ latest: point, history: [...history, point], waiting: asked !== null });
  };

  const dropWorker = () => {
    worker?.terminate();
    worker = null;
    asked = null;
    if (store.getState().waiting) store.setState({ waiting: false });
  };

  function ensureWorker(): WorkerLike | null {
    if (worker) return worker;
    try {
      worker = options.createWorker();
      worker.onmessage = ({ data }) => {
        if (data.type !== 'evaluation' || !asked || data.id !== asked.id) return;
        const move = asked.move;
        asked = null;
        if (data.values.some((v) => v > 0)) record({ move, chances: toChances(data.values) });
        else {
          // No estimate: the last one stands for this position (never an even split the search did not find).
          const last = store.getState().latest;
          if (last && !last.final) record({ move, chances: last.chances });
          else store.setState({ waiting: false });
        }
        if (behind) update(session.getState());
      };
      worker.onerror = () => dropWorker();
      return worker;
    } catch {
      return null;
    }
  }

  function update(state: SessionState, previous?: SessionState): void {
    const { snapshot } = state;
    if (previous && snapshot.events === previous.snapshot.events) return;
    if (snapshot.events[0] !== round) {
      round = snapshot.events[0];
      // A question about the last round is forgotten: its answer is dropped.
      asked = null;
      behind = false;
      store.setState({ latest: null, history: [], waiting: false });
    }
    const move = snapshot.state.moves.length;
    if (snapshot.over && snapshot.result) {
      const winners = snapshot.result.winners;
      asked = null;
      behind = false;
      return record({ move, chances: snapshot.setup.players.map((_, p) => (winners.includes(p) ? 1 / winners.length : 0)), final: true });
    }
    if (snapshot.toMove === null) return; // the start throw is still to come
    // Taken back: the graph forgets the moves that are gone.
    const { history } = store.getState();
    if (history.length && history[history.length - 1].move > move) store.setState({ history: history.filter((p) => p.move <= move) });
    if (asked && now() - asked.at > movetime + silentMs) dropWorker();
    if (options.help && !options.help.shown(state)) {
      // Nobody sees the numbers: an open question's answer is still kept, nothing more is asked.
      behind = false;
      return;
    }
    behind = asked !== null;
    if (behind) return;
    const target = ensureWorker();
    if (!target) return;
    const game = Game.fromEvents(snapshot.events);
    const { owners, misere } = seatOptions(game.setup);
    const request = thinkRequest(game.positionCopy(), owners, misere, { seed: computerSeed(game), movetime });
    asked = { id: nextId++, move, at: now() };
    if (!store.getState().waiting) store.setState({ waiting: true });
    try {
      target.postMessage({ type: 'evaluate', id: asked.id, request });
    } catch {
      dropWorker();
    }
  }

  // Each update's main-thread time is a user-timing entry (EVALUATION_MEASURE), for the browser test's figures.
  // Help shown again (the viewer's switch, a seat changing hands, the host's leave) asks the position as it stands.
  let helpShown = options.help?.shown(session.getState()) ?? true;
  const helpChanged = (s: SessionState): boolean => {
    const was = helpShown;
    helpShown = options.help?.shown(s) ?? true;
    return helpShown && !was;
  };
  const unsubscribe = session.subscribe((s, p) => {
    const start = performance.now();
    update(s, helpChanged(s) ? undefined : p);
    performance.measure(EVALUATION_MEASURE, { start, end: performance.now() });
  });
  const unsubscribeHelp = options.help?.subscribe(() => {
    const s = session.getState();
    if (helpChanged(s)) update(s);
  });
  update(session.getState());
  return {
    store,
    stop() {
      unsubscribe();
      unsubscribeHelp?.();
      dropWorker();
    },
  };
}

const page = pageOwned<{ store: StoreApi<EvaluationState>; stop(): void }>('the evaluator', 'initEvaluator', (earlier) => earlier.stop());

/** The page's evaluator (main.tsx), replacing any earlier one. */
export function initEvaluator(session: StoreApi<SessionState>, options: EvaluatorOptions): StoreApi<EvaluationState> {
  return page.start(() => createEvaluator(session, options)).store;
}

/** React hook on the page's evaluation. */
export function useEvaluation<T>(selector: (e: EvaluationState) => T): T {
  return useStore(page.current().store, selector);
}

/**
 * The biggest swings of a round: the `count` largest changes of any player's chance between
 * consecutive estimates (at least 10 points), told as the player who gained and by how much.
 */
export function biggestSwings(history: readonly ChancePoint[], count = 3): { move: number; player: number; change: number }[] {
  const swings: { move: number; player: number; change: number }[] = [];
  for (let i = 1; i < history.length; i++) {
    const before = history[i - 1].chances;
    const after = history[i].chances;
    let player = 0;
    for (let p = 1; p < after.length; p++) if (after[p] - before[p] > after[player] - before[player]) player = p;
    const change = after[player] - before[player];
    if (change >= 0.1) swings.push({ move: history[i].move, player, change });
  }
  return swings.sort((a, b) => b.change - a.change).slice(0, count).sort((a, b) => a.move - b.move);
}
