/**
 * Where the guided tour is: open or not, and its step. The step is remembered in localStorage
 * while the tour is unfinished, so leaving it at any step and opening it again resumes there.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { excerpt } from '../engine/index';
import { TOUR_STEPS } from './steps';

export const TOUR_KEY = 'rolit.tour.v1';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TourState {
  open: boolean;
  /** The step shown (0-based), kept while closed. */
  step: number;
  /** A step to resume at (an unfinished tour, remembered), or null: the tour starts at its beginning. */
  resumeAt: number | null;
  /** Why the remembered step could not be read (reported once, then forgotten). */
  problem: string | null;
  /** Moves of the step's round before its example (set when the round is put on the board). */
  before: number;
  /** Opens the tour where it was left, or at its start. */
  start(): void;
  go(step: number): void;
  /** Leaves the tour; the step is kept for resuming. */
  exit(): void;
  /** The last step's Finish: the tour is done and starts at the beginning next time. */
  finish(): void;
}

/** The remembered step: null when none, or what is wrong with the stored text (its excerpt is in the problem). */
export function readTourStep(text: string | null): { step: number | null; problem: string | null } {
  if (text === null) return { step: null, problem: null };
  let step: unknown;
  try {
    step = (JSON.parse(text) as { step?: unknown } | null)?.step;
  } catch {
    step = undefined;
  }
  if (Number.isInteger(step) && (step as number) >= 0 && (step as number) < TOUR_STEPS.length) return { step: step as number, problem: null };
  return { step: null, problem: excerpt(text) };
}

export function createTourStore(storage: StorageLike | null): UseBoundStore<StoreApi<TourState>> {
  const saved = readTourStep(storage?.getItem(TOUR_KEY) ?? null);
  if (saved.problem) storage?.removeItem(TOUR_KEY);
  const remember = (step: number | null) => {
    try {
      if (step === null) storage?.removeItem(TOUR_KEY);
      else storage?.setItem(TOUR_KEY, JSON.stringify({ step }));
    } catch {
      // Storage refused (private mode, full): the tour works, it is just not resumable.
    }
  };
  return create<TourState>((set, get) => ({
    open: false,
    step: saved.step ?? 0,
    resumeAt: saved.step,
    problem: saved.problem,
    before: 0,
    start() {
      set({ open: true, step: get().resumeAt ?? 0, problem: null });
    },
    go(step) {
      const next = Math.max(0, Math.min(TOUR_STEPS.length - 1, step));
      remember(next);
      set({ step: next, resumeAt: next });
    },
    exit() {
      remember(get().step);
      set({ open: false, resumeAt: get().step });
    },
    finish() {
      remember(null);
      set({ open: false, step: 0, resumeAt: null });
    },
  }));
}
