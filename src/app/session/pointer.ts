/**
 * The pointer on the board: hovering a socket previews what it would do, a click plays it through
 * the round's source (here, or sent to the server), the first ball of a Pro double waits for the
 * second, and a click that is not taken says why. Who may move is the source's answer (a person at
 * this page, once the board shows their turn), never a mode flag. Rules live in the engine: every
 * click goes through Game.check / Game.play and an illegal one changes nothing but `message`.
 */
import { type Game, RuleError, type Seat } from '../../engine/index';
import { clickableSquares, clickOutcome, previewOf } from './input';
import type { RoundSource } from './roundSource';
import { sessionTexts } from './sessionTexts';
import type { Notify, SessionState, SessionStore } from './sessionTypes';
import { throwTexts } from './shownRound';

export interface Pointer extends Pick<SessionState, 'hoverSquare' | 'clickSquare' | 'cancelDouble'> {
  /** The round or what the board shows changed: the legal sockets and the preview follow. */
  updateInput(): void;
  /** Shows a suggested move as the preview, its first ball's socket pointed at. */
  showSuggestion(square: string, rolls: string[]): void;
  /** A move was played: the pointer's square is taken now, its preview waits for the pointer to move. */
  moved(): void;
}

export interface PointerTable {
  source(): RoundSource;
  game(): Game;
  seatToMove(): Seat | null;
}

export interface PointerHost {
  notice: Notify;
  /** A person plays: a suggestion being found is dropped. */
  cancelSuggestion(): void;
}

export function createPointer(store: SessionStore<'hovered' | 'tapped' | 'preview' | 'legalSquares' | 'pendingDouble' | 'message'>, table: PointerTable, host: PointerHost): Pointer {
  const { get, set } = store;
  const { source, game, seatToMove } = table;
  const { notice } = host;

  /** A person at this page is to move (online, only for this page's own colours). */
  const humanToMove = () => seatToMove()?.kind === 'human' && source().notYours(game().state.toMove) === null;
  /** A human may move once the board shows their turn (the previous move has come to rest) and no move of theirs is awaited. */
  const humanMayMove = () => humanToMove() && get().shown.caughtUp && !source().awaitingMove();
  const previewFor = (square: string | null) => (square && humanMayMove() ? previewOf(game(), square, get().pendingDouble) : null);
  const updateInput = () => set({ legalSquares: humanMayMove() ? clickableSquares(get().snapshot.legalMoves) : [], preview: previewFor(get().hovered) });

  /** A person's move, played by the source: here (its flow publishes it), or sent to the server (its events come back through showRemote). */
  function play(text: string): void {
    host.cancelSuggestion();
    if (source().play(text)) return;
    set({ message: null, pendingDouble: null });
    updateInput();
  }

  return {
    updateInput,

    showSuggestion(square, rolls) {
      set({ hovered: square, preview: { square, legal: true, rolls } });
    },

    moved() {
      set({ message: null, pendingDouble: null, hovered: null, tapped: false });
    },

    hoverSquare(square, tap = false) {
      // A refusal answered a click; pointing at another socket moves on from it.
      const movedOn = square !== null && square !== get().hovered && get().message?.kind === 'refusal';
      set({ hovered: square, tapped: tap && square !== null, preview: previewFor(square), ...(movedOn ? { message: null } : {}) });
    },

    clickSquare(square) {
      const { state } = game();
      if (state.over) return notice(() => sessionTexts.roundIsOver, 'refusal');
      const { shown } = get();
      if (!shown.caughtUp) {
        const rolling = shown.startThrow && shown.startThrow.kind !== 'starts';
        return notice(() => (rolling ? throwTexts.stillRolling : throwTexts.notYet), 'refusal');
      }
      const seat = seatToMove();
      if (seat && seat.kind !== 'human') {
        const colour = state.toMove!;
        return notice(() => sessionTexts.computerThinking(colour, seat.name), 'refusal');
      }
      const toMove = state.toMove;
      const notYours = source().notYours(toMove);
      if (notYours) return notice(() => source().notYours(toMove) ?? notYours, 'refusal');
      if (source().awaitingMove()) return;
      const guarded = get().clickGuard?.(square);
      if (guarded) return notice(guarded, 'refusal');
      const outcome = clickOutcome(game(), square, get().pendingDouble);
      set({ pendingDouble: null });
      if (outcome.kind === 'refuse') return notice(outcome.reason, 'refusal');
      if (outcome.kind === 'startDouble') {
        set({ pendingDouble: outcome.square, preview: previewFor(get().hovered) });
        return notice(outcome.notice);
      }
      try {
        play(outcome.move);
      } catch (e) {
        if (!(e instanceof RuleError)) throw e;
        notice(() => sessionTexts.refusal(e), 'refusal');
        set({ preview: previewFor(get().hovered) });
      }
    },

    cancelDouble() {
      if (!get().pendingDouble) return false;
      set({ pendingDouble: null, message: null });
      set({ preview: previewFor(get().hovered) });
      return true;
    },
  };
}
