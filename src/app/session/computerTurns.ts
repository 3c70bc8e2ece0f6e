/**
 * The page's computer: a computer seat's move, asked by the round's turn flow (src/flow, which
 * decides when a computer is asked and whether its answer still counts), and the human's
 * suggestion from the strongest level. Both go through the one question path of askComputer.ts,
 * which shows the thinking; the stand-in after the worker failed is said here.
 */
import { type Game, type Seat, seatOfColour } from '../../engine/index';
import { IllegalAnswer } from '../../flow/turnFlow';
import { ruleText } from '../../i18n/engineReasons';
import { createComputerAsker, type ThinkingState } from '../computer/askComputer';
import { sessionTexts } from './sessionTexts';
import type { Notify, SessionDeps, SessionState, SessionStore, Table } from './sessionTypes';

export interface ComputerTurns extends Pick<SessionState, 'moveNow' | 'suggest'> {
  /**
   * Asks the computer of `level` for its move in `game` (the match flow's askComputer): the move,
   * or null when the question was dropped; it rejects when the computer failed. The flow checks the
   * move, and plays the fallback level's in place of a failure or a move the rules refuse (failed).
   */
  askMove(game: Game, level: string): Promise<string | null>;
  /** The computer of `level` gave no move (the flow's computerFailed): what the page says (the fallback level plays in its place); the detail goes to the console. */
  failed(level: string, error: unknown): string;
  /** Drops the open question (its answer is never used). */
  cancel(): void;
  /** Drops a suggestion being found (a computer's move being thought about stays). */
  cancelSuggestion(): void;
  /** Whether a question (a computer's move or a suggestion) is open. */
  busy(): boolean;
}

export interface ComputerTurnsHost {
  seatToMove(): Seat | null;
  /** Shows the suggested move as the pointer's preview, its first ball's socket pointed at. */
  showSuggestion(square: string, rolls: string[]): void;
  notice: Notify;
}

export function createComputerTurns(deps: Pick<SessionDeps, 'computer' | 'defaultLevel'>, now: () => number, store: SessionStore<'thinking' | 'standIn' | 'standInNotice'>, table: Table, host: ComputerTurnsHost): ComputerTurns {
  const { get, set } = store;
  const computer = createComputerAsker(deps.computer, {
    now,
    showThinking: (thinking) => {
      if (thinking || get().thinking) set({ thinking });
    },
  });
  // The page says so until the person deals with it (dismissStandIn, a seat taken over, a new game).
  deps.computer.onStandIn?.((standIn) => set({ standIn, standInNotice: true }));

  /** Asks the computer about `game` for the seat to move, shown as thinking until answered. */
  function ask(game: Game, purpose: ThinkingState['purpose'], level: string, movetime?: number): Promise<string | null> {
    const colour = game.state.toMove!;
    const seat = seatOfColour(get().seats, colour);
    return computer.ask({ game, level, movetime }, { seat, colour, level, purpose });
  }

  /** The player reads the translated notice; the technical detail (English) goes to the console. */
  function tell(text: string, error: unknown): null {
    console.warn(text, error);
    host.notice(text);
    return null;
  }

  return {
    askMove(game, level) {
      // The page does not time a computer's turn: with a time limit, it still answers briskly.
      const limit = game.setup.moveTimeLimit;
      return ask(game, 'move', level, limit > 0 ? Math.min(limit * 500, 5000) : undefined);
    },
    failed(level, error) {
      // A computer player must only ever give legal moves: one the rules refuse is a fault, said as such.
      const fallback = deps.computer.fallback?.level ?? '';
      const text = error instanceof IllegalAnswer ? sessionTexts.computerIllegal(level, error.move, ruleText(error.refusal), fallback) : sessionTexts.computerFailed(level, fallback);
      console.warn(text, error);
      return text;
    },
    cancel: () => computer.cancel(),
    cancelSuggestion() {
      if (get().thinking?.purpose === 'suggestion') computer.cancel();
    },
    busy: () => computer.busy,

    moveNow() {
      computer.moveNow();
    },

    suggest() {
      const seat = host.seatToMove();
      if (!seat || seat.kind !== 'human') return host.notice(() => sessionTexts.suggestionsForHuman, 'refusal');
      if (computer.busy) return;
      const asked = table.game();
      void ask(asked, 'suggestion', deps.defaultLevel).then((move) => {
        if (move === null) return;
        const check = asked.check(move);
        const rolls = check.ok ? check.rolls : [];
        const first = move.split('+')[0];
        host.showSuggestion(first, rolls);
        host.notice(() => sessionTexts.suggestion(deps.defaultLevel, move, rolls));
      }, (error: unknown) => tell(sessionTexts.noSuggestion, error));
    },
  };
}
