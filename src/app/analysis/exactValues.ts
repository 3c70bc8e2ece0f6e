/**
 * Exact values on demand: while on, every two-player position with at most MAX_EMPTIES empty
 * sockets (live, replay or a branch) is handed to the solver (in a worker on the page), which
 * answers each legal move's final ball difference from the mover's side. A new position cancels
 * the open solve, so a value is never shown on a position it does not belong to.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { seatOptions } from '../../ai/index';
import { Game, type GameEvent, moveName, type Position } from '../../engine/index';
import { analysisTexts } from './analysisTexts';
import type { RoundSnapshot } from '../session/roundSnapshot';
import { pageOwned } from '../page/pageOwned';
import type { SessionState } from '../session/session';

/** The exact solver answers within seconds up to here (docs/ai.md: 14 empties). */
export const MAX_EMPTIES = 14;

/** What solves the moves of a position (SolveClient in the page, a fake in tests). */
export interface MoveSolver {
  solve(position: Position, owners: number[], misere: boolean, listener: { value(move: number, value: number): void; done(ms: number): void; failed(reason: string): void }): { cancel(): void };
}

export interface ExactValuesState {
  on: boolean;
  status: 'off' | 'unavailable' | 'solving' | 'done' | 'failed';
  /** Why there are no values for this position (unavailable, failed). */
  reason: string | null;
  /** Legal moves of the position ("f4", "e3+e6"), and how many there are to solve. */
  moves: number;
  /** Solved moves: move text -> final ball difference for the mover's side under perfect play. */
  values: Readonly<Record<string, number>>;
  /** The position's event log the values belong to. */
  events: readonly GameEvent[] | null;
  misere: boolean;
  setOn(on: boolean): void;
}

/** Why the solver cannot value this position, or null when it can. */
export function exactProblem(snapshot: RoundSnapshot, position: Position): string | null {
  if (snapshot.over) return analysisTexts.roundOver;
  if (snapshot.setup.players.length !== 2) return analysisTexts.twoPlayersOnly(snapshot.setup.players.length);
  if (position.empties > MAX_EMPTIES) return analysisTexts.tooManyEmpties(position.empties, MAX_EMPTIES);
  return null;
}

export function createExactValues(session: StoreApi<SessionState>, solver: MoveSolver): StoreApi<ExactValuesState> {
  let open: { cancel(): void } | null = null;
  const store = createStore<ExactValuesState>()((set, get) => {
    const idle = { status: 'off' as const, reason: null, moves: 0, values: {}, events: null };
    function solveNow(snapshot: RoundSnapshot): void {
      open?.cancel();
      open = null;
      if (!get().on) return set(idle);
      const position = Game.fromEvents(snapshot.events).positionCopy();
      const problem = exactProblem(snapshot, position);
      const base = { events: snapshot.events, values: {}, misere: snapshot.setup.misere };
      if (problem) return set({ ...base, status: 'unavailable', reason: problem, moves: 0 });
      const { owners, misere } = seatOptions(snapshot.setup);
      set({ ...base, status: 'solving', reason: null, moves: snapshot.legalMoves.length });
      open = solver.solve(position, owners, misere, {
        value: (move, value) => set({ values: { ...get().values, [moveName(position.size, move)]: value } }),
        done: () => set({ status: 'done' }),
        failed: (reason) => set({ status: 'failed', reason }),
      });
    }
    session.subscribe((state, previous) => {
      if (state.snapshot !== previous.snapshot) solveNow(state.snapshot);
    });
    return {
      on: false,
      ...idle,
      misere: false,
      setOn(on) {
        set({ on });
        solveNow(session.getState().snapshot);
      },
    };
  });
  return store;
}

/**
 * The value written on each socket: a single ball's move, or in Pro the best move that places a
 * ball there (highest difference; lowest in misere).
 */
export function socketValues(values: Readonly<Record<string, number>>, misere: boolean): Map<string, number> {
  const better = (a: number, b: number) => (misere ? a < b : a > b);
  const bySocket = new Map<string, number>();
  for (const [move, value] of Object.entries(values)) {
    for (const square of move.split('+')) {
      const known = bySocket.get(square);
      if (known === undefined || better(value, known)) bySocket.set(square, value);
    }
  }
  return bySocket;
}

/** "+4", "-2", "0". */
export function signedValue(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

// The page starts it once; createExactValues offers no way to end an earlier one.
const pageValues = pageOwned<StoreApi<ExactValuesState>>('the exact values', 'initExactValues', () => undefined);

/** The page's exact values, on the page's session (main.tsx). */
export function initExactValues(session: StoreApi<SessionState>, solver: MoveSolver): StoreApi<ExactValuesState> {
  return pageValues.start(() => createExactValues(session, solver));
}

/** The page's exact values, or null before the page started them. */
export function exactValuesStore(): StoreApi<ExactValuesState> | null {
  return pageValues.held();
}

export function useExactValues<T>(selector: (state: ExactValuesState) => T): T {
  return useStore(pageValues.current(), selector);
}
