/**
 * The one way the session asks the computer for a move (a computer seat's turn, asked by the
 * round's turn flow, or a suggestion for a human): one question at a time, shown as "thinking"
 * while open; a cancelled question's answer is dropped, never applied.
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
  /**
   * Asks, shown as thinking until answered: resolves with the move, or null once cancelled (a
   * later question cancels an open one); rejects when the computer failed.
   */
  ask(question: ComputerQuestion, thinking: Omit<ThinkingState, 'since'>): Promise<string | null>;
  /** Drops the open question (its answer is never used). */
  cancel(): void;
  /** Answers the open question now with the best move found so far. */
  moveNow(): void;
}

export interface AskerHost {
  now(): number;
  showThinking(thinking: ThinkingState | null): void;
}

export function createComputerAsker(computer: ComputerPlayer, host: AskerHost): ComputerAsker {
  let open: { thinking: Thinking; settle: (move: string | null) => void } | null = null;
  const cancel = () => {
    const cancelled = open;
    open = null;
    host.showThinking(null);
    cancelled?.thinking.cancel();
    cancelled?.settle(null);
  };
  return {
    get busy() {
      return open !== null;
    },
    ask(question, thinking) {
      cancel();
      host.showThinking({ ...thinking, since: host.now() });
      const asked = computer.think(question);
      return new Promise<string | null>((resolve, reject) => {
        const mine = (open = { thinking: asked, settle: resolve });
        /** Settles with the answer only while this question is still the open one. */
        const settle = <T>(then: (value: T) => void) => (value: T) => {
          if (open !== mine) return;
          open = null;
          host.showThinking(null);
          then(value);
        };
        asked.result.then(settle(resolve), settle(reject));
      });
    },
    cancel,
    moveNow() {
      open?.thinking.moveNow();
    },
  };
}
