/**
 * The one way the session asks the computer for a move (its own turn, or a suggestion for a
 * human): one question at a time; a cancelled question's answer is dropped, never applied.
 */
import type { ComputerPlayer, ComputerQuestion, Thinking } from './computer';

export interface ComputerAsker {
  /** Whether a question is open. */
  readonly busy: boolean;
  /** Asks; exactly one of the callbacks runs, unless the question is cancelled first. */
  ask(question: ComputerQuestion, onMove: (move: string) => void, onError: (message: string) => void): void;
  /** Drops the open question (its answer is never used). */
  cancel(): void;
  /** Answers the open question now with the best move found so far. */
  moveNow(): void;
}

export function createComputerAsker(computer: ComputerPlayer): ComputerAsker {
  let open: Thinking | null = null;
  let token = 0;
  return {
    get busy() {
      return open !== null;
    },
    ask(question, onMove, onError) {
      const mine = ++token;
      open = computer.think(question);
      open.result.then(
        (move) => {
          if (mine !== token) return;
          open = null;
          onMove(move);
        },
        (error: unknown) => {
          if (mine !== token) return;
          open = null;
          onError(error instanceof Error ? error.message : String(error));
        },
      );
    },
    cancel() {
      token++;
      open?.cancel();
      open = null;
    },
    moveNow() {
      open?.moveNow();
    },
  };
}
