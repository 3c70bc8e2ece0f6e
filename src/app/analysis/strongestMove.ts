/**
 * The strongest move on demand (Analysis panel, shortcut A): the master level, in a worker of its
 * own, searches the position on the board (live, replay or a variation) and answers its move and
 * each player's root value, normalised into win chances. Asked only when the viewer asks; a
 * change of position cancels the question and clears the answer, so a marker never stands on a
 * position it does not belong to.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { computerSeed, seatOptions } from '../../ai/index';
import { type FromWorker, thinkRequest, type WorkerLike } from '../../ai/browser/messages';
import { type BoardSize, Game, type GameEvent, moveName } from '../../engine/index';
import { analysisTexts } from './analysisTexts';
import { toChances } from './evaluation';
import type { RoundSnapshot } from '../session/roundSnapshot';
import type { SessionState } from '../session/session';
import type { StrongestView } from '../page/handle';

export interface StrongestMoveState {
  status: 'idle' | 'thinking' | 'done' | 'unavailable' | 'failed';
  /** Why there is no answer (unavailable, failed). */
  reason: string | null;
  /** The position's event log the question and answer belong to. */
  events: readonly GameEvent[] | null;
  /** The master's move as written in records ("f4", "e3+e6"). */
  move: string | null;
  /** Per player of the round (RoundSetup.players), summing to 1. */
  chances: number[] | null;
  /** Asks about the position on the board now (a question already open for it is kept). */
  ask(): void;
}

export interface StrongestMoveOptions {
  createWorker: () => WorkerLike;
  /** Milliseconds of search. */
  movetime?: number;
  /** No answer this long (ms) after the movetime: the worker is gone. */
  silentMs?: number;
}

export function createStrongestMove(session: StoreApi<SessionState>, options: StrongestMoveOptions): { store: StoreApi<StrongestMoveState>; stop(): void } {
  const movetime = options.movetime ?? 2000;
  const silentMs = options.silentMs ?? 5000;
  let worker: WorkerLike | null = null;
  let asked: { id: number; size: BoardSize; timer: ReturnType<typeof setTimeout> } | null = null;
  let nextId = 1;
  const cleared = { status: 'idle' as const, reason: null, events: null, move: null, chances: null };

  const forget = () => {
    if (!asked) return;
    clearTimeout(asked.timer);
    worker?.postMessage({ type: 'cancel', id: asked.id });
    asked = null;
  };
  const fail = (reason: string) => {
    if (asked) clearTimeout(asked.timer);
    asked = null;
    worker?.terminate();
    worker = null;
    store.setState({ status: 'failed', reason });
  };
  const receive = (data: FromWorker) => {
    if (!asked || data.id !== asked.id) return; // an answer to a question since dropped
    if (data.type === 'error') return fail(data.message);
    if (data.type !== 'evaluation') return;
    clearTimeout(asked.timer);
    const size = asked.size;
    asked = null;
    store.setState({ status: 'done', move: moveName(size, data.move), chances: toChances(data.values) });
  };

  const store = createStore<StrongestMoveState>()((set, get) => ({
    ...cleared,
    ask() {
      const { snapshot } = session.getState();
      if (get().events === snapshot.events && (get().status === 'thinking' || get().status === 'done')) return;
      forget();
      const base = { ...cleared, events: snapshot.events };
      if (snapshot.over) return set({ ...base, status: 'unavailable', reason: analysisTexts.roundOver });
      const game = Game.fromEvents(snapshot.events);
      const { owners, misere } = seatOptions(game.setup);
      const request = thinkRequest(game.positionCopy(), owners, misere, { seed: computerSeed(game), movetime });
      try {
        if (!worker) {
          worker = options.createWorker();
          worker.onmessage = ({ data }) => receive(data);
          worker.onerror = () => fail(analysisTexts.workerStopped);
        }
        const id = nextId++;
        asked = { id, size: snapshot.setup.size, timer: setTimeout(() => fail(analysisTexts.workerSilent), movetime + silentMs) };
        set({ ...base, status: 'thinking' });
        worker.postMessage({ type: 'evaluate', id, request });
      } catch {
        fail(analysisTexts.workerStopped);
      }
    },
  }));

  const unsubscribe = session.subscribe((state) => {
    const { events, status } = store.getState();
    if (status !== 'idle' && state.snapshot.events !== events) {
      forget();
      store.setState(cleared);
    }
  });
  return {
    store,
    stop() {
      unsubscribe();
      forget();
      worker?.terminate();
      worker = null;
    },
  };
}

/** The squares an answer marks: each socket of the move ("e3+e6" marks two). */
export function markedSquares(move: string | null): string[] {
  return move ? move.split('+') : [];
}

let page: { store: StoreApi<StrongestMoveState>; stop(): void } | null = null;

/** The page's strongest-move analysis (main.tsx), replacing any earlier one. */
export function initStrongestMove(session: StoreApi<SessionState>, options: StrongestMoveOptions): StoreApi<StrongestMoveState> {
  page?.stop();
  page = createStrongestMove(session, options);
  return page.store;
}

export function useStrongestMove<T>(selector: (state: StrongestMoveState) => T): T {
  if (!page) throw new Error('the strongest-move analysis is not started: call initStrongestMove first');
  return useStore(page.store, selector);
}

/** The page's store outside React (shortcuts, window.rolit), or null before main.tsx starts it. */
export function strongestMoveStore(): StoreApi<StrongestMoveState> | null {
  return page?.store ?? null;
}

/** What the page handle (window.rolit.strongest) reports of the strongest move. */
/** What window.rolit.strongest() reports: null until asked or when the answer is of another position. */
export function strongestView(state: StrongestMoveState, snapshot: RoundSnapshot): StrongestView | null {
  if (state.status === 'idle' || state.events !== snapshot.events) return null;
  const chances = state.chances && snapshot.setup.players.map((colours, p) => ({ colours: [...colours], chance: state.chances![p] }));
  return { status: state.status, move: state.move, chances };
}
