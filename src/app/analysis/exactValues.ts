/**
 * Exact values on demand: while on, every position (live, replay or a branch) of a two-player
 * round with at most MAX_EMPTIES empty sockets, or of a three- or four-player round with at most
 * MAXN_SOLVE_EMPTIES, is handed to the solver (in a worker on the page). For two players it
 * answers each legal move's final ball difference from the mover's side; for three and four, the
 * final balls of every player under max^n play after each move (maxnSolver.ts), kept here as what
 * they mean for the mover: its balls and place. A new position cancels the open solve, so a value
 * is never shown on a position it does not belong to.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { MAXN_SOLVE_EMPTIES, seatOptions } from '../../ai/index';
import { type PlayerOutcome, playerOutcome, playerUtilities } from '../../ai/maxnSolver';
import { Game, type GameEvent, moveName, type Position } from '../../engine/index';
import { analysisTexts } from './analysisTexts';
import type { RoundSnapshot } from '../session/roundSnapshot';
import { pageOwned } from '../page/pageOwned';
import type { SessionState } from '../session/session';

/** The exact solver answers within seconds up to here for two players (docs/ai.md: 14 empties). */
export const MAX_EMPTIES = 14;

/** The most empty sockets the exact values take in a round of `players` players (max^n for three and four). */
export function exactMaxEmpties(players: number): number {
  return players > 2 ? MAXN_SOLVE_EMPTIES : MAX_EMPTIES;
}

/** What solves the moves of a position (SolveClient in the page, a fake in tests). */
export interface MoveSolver {
  solve(
    position: Position,
    owners: number[],
    misere: boolean,
    listener: { value(move: number, value: number): void; scores(move: number, scores: number[]): void; done(ms: number): void; failed(reason: string): void },
  ): { cancel(): void };
}

/** A move's exact result for the mover in a three- or four-player round: its final balls and place under max^n play. */
export interface MoveOutcome extends PlayerOutcome {
  /** How much the mover wants it (maxnSolver's playerUtilities: win share, then place, then balls); higher is better. */
  utility: number;
}

export interface ExactValuesState {
  on: boolean;
  status: 'off' | 'unavailable' | 'solving' | 'done' | 'failed';
  /** Why there are no values for this position (unavailable, failed). */
  reason: string | null;
  /** Legal moves of the position ("f4", "e3+e6"), and how many there are to solve. */
  moves: number;
  /** Two players: solved moves, move text -> final ball difference for the mover's side under perfect play. */
  values: Readonly<Record<string, number>>;
  /** Three and four players: solved moves, move text -> the mover's outcome under max^n play. */
  outcomes: Readonly<Record<string, MoveOutcome>>;
  /** The position's event log the values belong to. */
  events: readonly GameEvent[] | null;
  misere: boolean;
  setOn(on: boolean): void;
}

/** Why the solver cannot value this position, or null when it can. */
export function exactProblem(snapshot: RoundSnapshot, position: Position): string | null {
  if (snapshot.over) return analysisTexts.roundOver;
  const players = snapshot.setup.players.length;
  if (players < 2) return analysisTexts.twoToFourPlayers(players);
  const max = exactMaxEmpties(players);
  if (position.empties > max) return analysisTexts.tooManyEmpties(position.empties, max);
  return null;
}

export function createExactValues(session: StoreApi<SessionState>, solver: MoveSolver): StoreApi<ExactValuesState> {
  let open: { cancel(): void } | null = null;
  const store = createStore<ExactValuesState>()((set, get) => {
    const idle = { status: 'off' as const, reason: null, moves: 0, values: {}, outcomes: {}, events: null };
    function solveNow(snapshot: RoundSnapshot): void {
      open?.cancel();
      open = null;
      if (!get().on) return set(idle);
      const position = Game.fromEvents(snapshot.events).positionCopy();
      const problem = exactProblem(snapshot, position);
      const base = { events: snapshot.events, values: {}, outcomes: {}, misere: snapshot.setup.misere };
      if (problem) return set({ ...base, status: 'unavailable', reason: problem, moves: 0 });
      const { owners, misere } = seatOptions(snapshot.setup);
      set({ ...base, status: 'solving', reason: null, moves: snapshot.legalMoves.length });
      open = solver.solve(position, owners, misere, {
        value: (move, value) => set({ values: { ...get().values, [moveName(position.size, move)]: value } }),
        scores: (move, scores) => {
          const mover = owners[position.toMove];
          const outcome = { ...playerOutcome(scores, mover, misere), utility: playerUtilities(scores, misere)[mover] };
          set({ outcomes: { ...get().outcomes, [moveName(position.size, move)]: outcome } });
        },
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

/** Each socket's value: its single ball's move, or in Pro the best move (by `better`) that places a ball there. */
function bySocket<T>(values: Readonly<Record<string, T>>, better: (a: T, b: T) => boolean): Map<string, T> {
  const sockets = new Map<string, T>();
  for (const [move, value] of Object.entries(values)) {
    for (const square of move.split('+')) {
      const known = sockets.get(square);
      if (known === undefined || better(value, known)) sockets.set(square, value);
    }
  }
  return sockets;
}

/** The ball difference written on each socket (two players): in Pro the highest of the moves placing a ball there (lowest in misere). */
export function socketValues(values: Readonly<Record<string, number>>, misere: boolean): Map<string, number> {
  return bySocket(values, (a, b) => (misere ? a < b : a > b));
}

/** The outcome written on each socket (three and four players): in Pro the one the mover wants most of the moves placing a ball there. */
export function socketOutcomes(outcomes: Readonly<Record<string, MoveOutcome>>): Map<string, MoveOutcome> {
  return bySocket(outcomes, (a, b) => a.utility > b.utility);
}

/** The mover's best moves among the solved ones (three and four players): those it wants most, all of them on a tie. */
export function bestMoves(outcomes: Readonly<Record<string, MoveOutcome>>): Set<string> {
  const top = Math.max(...Object.values(outcomes).map((o) => o.utility));
  return new Set(Object.keys(outcomes).filter((move) => outcomes[move].utility === top));
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
