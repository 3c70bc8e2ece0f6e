/**
 * Demo mode (`?demo`, or `?demo=beginner,greedy` to draw the levels from a list): endless computer
 * matches for an unattended screen. Each match has a random player count, board size, variant and
 * levels (always a setup the engine accepts); its rounds follow one another after the countdown,
 * then a new match starts. A match that stops making progress (a failed computer, a move the
 * session refused) is replaced by a new one, so the screen keeps going by itself.
 */
import { fixedTexts, t } from '../../i18n/index';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { type BoardSize, type MatchOptions, setupProblem, type Variant } from '../../engine/index';
import { initRoundCountdown } from './roundCountdown';
import type { SessionState } from '../session/session';
import { computerName } from '../setup/settings';

export const demoTexts = fixedTexts('watch', ['demoStalled'] as const, {
  badLevel: (value: string, levels: readonly string[]) => t('watch:demoBadLevel', { value, levels: levels.join(', ') }),
});

export interface DemoSetup {
  /** Levels the computer seats are drawn from. */
  levels: string[];
}

/**
 * The `demo` parameter of a query string: null when absent. Returns the query string without it
 * (the session reads the rest as usual) and any problem with its value.
 */
export function readDemo(search: string, levels: readonly string[]): { demo: DemoSetup | null; rest: string; problem: string | null } {
  const params = new URLSearchParams(search);
  if (!params.has('demo')) return { demo: null, rest: search, problem: null };
  const value = params.get('demo') ?? '';
  params.delete('demo');
  const rest = params.toString() ? `?${params}` : '';
  const chosen = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = chosen.find((l) => !levels.includes(l));
  if (unknown !== undefined) return { demo: { levels: [...levels] }, rest, problem: demoTexts.badLevel(unknown, levels) };
  return { demo: { levels: chosen.length ? chosen : [...levels] }, rest, problem: null };
}

/** A random match the engine accepts: 1-4 computer seats, a size, a variant, sometimes misère. */
export function randomMatch(random: () => number, levels: readonly string[]): MatchOptions {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  for (;;) {
    const count = pick([1, 2, 2, 3, 4, 4, 4]);
    const size: BoardSize = pick([8, 8, 8, 6, 4]);
    const variant: Variant = pick(['standard', 'standard', 'standard', 'pro', 'team']);
    const misere = random() < 0.15;
    if (setupProblem({ players: count, size, variant, misere })) continue;
    const players = Array.from({ length: count }, (_, i) => {
      const level = pick(levels);
      return { kind: 'computer' as const, level, name: computerName(level, i) };
    });
    return { players, size, variant, misere, moveTimeLimit: 0, takeBacks: false };
  }
}

export interface DemoOptions {
  random?: () => number;
  /** Seconds without a change of the round (not paused, nothing animating) after which a new match starts. */
  stallSeconds?: number;
  /** Seconds of the countdown between rounds. */
  countdownSeconds?: number;
}

/** Whether the demo is running on the page (its pause button shows while it does). */
const running = createStore<{ on: boolean }>()(() => ({ on: false }));
export const useDemoRunning = (): boolean => useStore(running, (s) => s.on);

/** Runs the demo on the page's session; returns the function that stops it. */
export function startDemo(session: StoreApi<SessionState>, demo: DemoSetup, options: DemoOptions = {}): () => void {
  const random = options.random ?? Math.random;
  const stallMs = (options.stallSeconds ?? 30) * 1000;
  const fresh = () => session.getState().newGame(randomMatch(random, demo.levels));
  // An unattended screen: the rules panel (offered on a first visit) must not open and pause it.
  session.setState((s) => ({ settings: { ...s.settings, rulesSeen: true } }));
  initRoundCountdown(session, {
    seconds: options.countdownSeconds ?? 5,
    next: (s) => (s.round + 1 < s.players.length ? s.nextRound() : fresh()),
  });
  fresh();
  running.setState({ on: true });

  // Progress: the event log changes; waiting (paused, animating, counting down) is not a stall.
  let lastChange = Date.now();
  const unsubscribe = session.subscribe((s, previous) => {
    if (s.snapshot.events !== previous.snapshot.events || s.paused || s.spectatorPaused || s.animating || s.snapshot.over) lastChange = Date.now();
  });
  const watchdog = setInterval(() => {
    const s = session.getState();
    if (s.paused || s.spectatorPaused || s.animating || s.snapshot.over) lastChange = Date.now();
    else if (Date.now() - lastChange > stallMs) {
      console.warn(demoTexts.demoStalled);
      lastChange = Date.now();
      fresh();
    }
  }, 1000);
  return () => {
    unsubscribe();
    clearInterval(watchdog);
    running.setState({ on: false });
  };
}
