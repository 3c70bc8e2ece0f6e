/**
 * Computer turns and suggestions: a computer seat to move is asked once the director is idle
 * (setAnimating(false)), so computer games can be watched, and its move is applied only if the
 * round has not changed meanwhile; a human to move may ask the strongest level for a move.
 * Both go through the one question path of askComputer.ts.
 */
import { RuleError, type Seat } from '../../engine/index';
import { computerFor } from '../../flow/turnFlow';
import { ruleText } from '../../i18n/engineReasons';
import { createComputerAsker, type ThinkingState } from './askComputer';
import { sessionTexts } from '../session/sessionTexts';
import type { Notify, SessionDeps, SessionState, SessionStore, Table } from '../session/sessionTypes';

export interface ComputerTurns extends Pick<SessionState, 'moveNow' | 'suggest'> {
  /** After the current task: asks the computer to move, if a computer seat is to move and may. */
  soon(): void;
  /** Drops the open question (its answer is never used). */
  cancel(): void;
  /** Whether a question (a computer's move or a suggestion) is open or about to be asked. */
  pending(): boolean;
}

export interface ComputerTurnsHost {
  seatToMove(): Seat | null;
  /** Plays a move on the round (throws the engine's RuleError if it is illegal). */
  play(move: string): void;
  /** Whether computer seats must wait (the spectator's pause). */
  holdsComputers(): boolean;
  notice: Notify;
}

export function createComputerTurns(deps: Pick<SessionDeps, 'computer' | 'defaultLevel'>, now: () => number, store: SessionStore, table: Table, host: ComputerTurnsHost): ComputerTurns {
  const { get, set } = store;
  const computer = createComputerAsker(deps.computer, {
    now,
    notice: (text) => host.notice(text),
    showThinking: (thinking) => {
      if (thinking || get().thinking) set({ thinking });
    },
  });
  // The page says so until the person deals with it (dismissStandIn, a seat taken over, a new game).
  deps.computer.onStandIn?.((standIn) => set({ standIn, standInNotice: true }));

  /** Asks the computer about this round for `seat` (to move), shown as thinking until answered. */
  function askFor(seat: Seat, purpose: ThinkingState['purpose'], level: string, movetime: number | undefined, onMove: (move: string) => void, failure: string): void {
    const game = table.game();
    const thinking = { seat: get().seats.indexOf(seat), colour: game.state.toMove!, level, purpose };
    computer.ask({ game, level, movetime }, thinking, onMove, failure);
  }

  /** A computer's turn, once the director is idle (the session asks only then). */
  function think(): void {
    const seat = host.seatToMove();
    // The turn flow says who plays the seat: here, a computer seat (the page has no stand-ins per seat).
    const level = seat && computerFor(seat);
    if (computer.busy || get().animating || get().paused || host.holdsComputers() || !seat || !level) return;
    const limit = table.game().setup.moveTimeLimit;
    askFor(seat, 'move', level, limit > 0 ? Math.min(limit * 500, 5000) : undefined, (move) => {
      try {
        host.play(move);
      } catch (e) {
        // A computer player must only ever return legal moves: say so rather than hang.
        host.notice(sessionTexts.computerIllegal(level, move, e instanceof RuleError ? ruleText(e) : (e as Error).message));
      }
    }, sessionTexts.computerFailed(level));
  }

  return {
    soon: () => computer.soon(think),
    cancel: () => computer.cancel(),
    pending: () => computer.pending,

    moveNow() {
      computer.moveNow();
    },

    suggest() {
      const seat = host.seatToMove();
      if (!seat || seat.kind !== 'human') return host.notice(sessionTexts.suggestionsForHuman, 'refusal');
      if (computer.busy) return;
      const asked = table.game();
      askFor(seat, 'suggestion', deps.defaultLevel, undefined, (move) => {
        const check = asked.check(move);
        const rolls = check.ok ? check.rolls : [];
        const first = move.split('+')[0];
        set({ hovered: first, preview: { square: first, legal: true, rolls } });
        host.notice(sessionTexts.suggestion(deps.defaultLevel, move, rolls));
      }, sessionTexts.noSuggestion);
    },
  };
}
