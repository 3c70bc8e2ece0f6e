/**
 * The one way the session asks the computer for a move (its own turn, or a suggestion for a
 * human): one question at a time, shown as "thinking" while open; a cancelled question's answer
 * is dropped, never applied.
 */
import type { Colour } from '../../engine/index';
import type { ComputerPlayer, ComputerQuestion, Thinking } from './computer';

export interface ThinkingState {
  seat: number;
  colour: Colour;
  level: string;
  since: number;
  /** 'suggestion': the strongest level thinks for the human to move (suggest()). */
  purpose: 'move' | 'suggestion';
}

export interface ComputerAsker {
  /** Whether a question is open. */
  readonly busy: boolean;
  /** Whether a question is open or about to be asked (soon() has scheduled one). */
  readonly pending: boolean;
  /**
   * Runs `think` after the current task, once, unless a question is open: a director reacting
   * to the newest events reports that it is animating first.
   */
  soon(think: () => void): void;
  /** Asks; `onMove` gets the answer, a failure becomes the notice `failure` (its detail goes to the console). */
  ask(question: ComputerQuestion, thinking: Omit<ThinkingState, 'since'>, onMove: (move: string) => void, failure: string): void;
  /** Drops the open question (its answer is never used) and any question about to be asked. */
  cancel(): void;
  /** Answers the open question now with the best move found so far. */
  moveNow(): void;
}

export interface AskerHost {
  now(): number;
  showThinking(thinking: ThinkingState | null): void;
  notice(text: string): void;
}

export function createComputerAsker(computer: ComputerPlayer, host: AskerHost): ComputerAsker {
  let open: Thinking | null = null;
  let token = 0;
  let soonTimer: ReturnType<typeof setTimeout> | null = null;
  /** Runs `then` with the answer only if this question is still the open one. */
  const settle = <T>(mine: number, then: (value: T) => void) => (value: T) => {
    if (mine !== token) return;
    open = null;
    host.showThinking(null);
    then(value);
  };
  return {
    get busy() {
      return open !== null;
    },
    get pending() {
      return open !== null || soonTimer !== null;
    },
    soon(think) {
      if (soonTimer || open) return;
      soonTimer = setTimeout(() => {
        soonTimer = null;
        think();
      }, 0);
    },
    ask(question, thinking, onMove, failure) {
      const mine = ++token;
      host.showThinking({ ...thinking, since: host.now() });
      open = computer.think(question);
      open.result.then(
        settle(mine, onMove),
        settle(mine, (error: unknown) => {
          // The player reads the translated notice; the technical detail (English) goes to the console.
          console.warn(failure, error);
          host.notice(failure);
        }),
      );
    },
    cancel() {
      token++;
      open?.cancel();
      open = null;
      if (soonTimer) clearTimeout(soonTimer);
      soonTimer = null;
      host.showThinking(null);
    },
    moveNow() {
      open?.moveNow();
    },
  };
}
