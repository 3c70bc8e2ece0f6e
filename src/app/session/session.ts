/**
 * The game session: the page's store (zustand) of the current round, its seats, settings, match
 * standings and pointer input, wired here from modules of one concern each, every one lent the
 * store's fields it writes (SessionStore<K>):
 * - the round on the table and the match around it (roundTable.ts): its source (the page's own
 *   match, a replay, an online room's round; roundSource.ts), the turn flow that runs a round
 *   played here (src/flow), the snapshot published after every change, and the seating;
 * - the pointer on the board (pointer.ts);
 * - the page's computer and suggestions (computerTurns.ts), the spectator's controls
 *   (spectator.ts), replay (replaySession.ts), keeping games on the device (keeping.ts) and the
 *   viewer's settings (viewerSettings.ts).
 * This file holds what joins them: a move played, the match's rounds (new game, next round, undo),
 * the dialogs' pause and the notices.
 *
 * The event log is the source of truth: the director animates `snapshot.events`, and replay,
 * undo, save and share are the log plus the seed.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type GameEvent, matchStandings } from '../../engine/index';
import type { Mover } from '../../flow/turnFlow';
import { startingPoint } from '../setup/matchSetup';
import { createComputerTurns } from './computerTurns';
import { createKeeping, loadKept } from './keeping';
import { createPointer } from './pointer';
import { engineHelpShown } from './remoteRound';
import { createReplayActions } from './replaySession';
import { createRoundTable } from './roundTable';
import { takeSnapshot, undoRefusal } from './roundSnapshot';
import { sessionTexts, timeOutNotice } from './sessionTexts';
import type { Message, SessionDeps, SessionStart, SessionState, Words } from './sessionTypes';
import { shownRound } from './shownRound';
import { createSpectator } from './spectator';
import { createViewerSettings } from './viewerSettings';

export type { Clock, Message, SaveNotice, SessionDeps, SessionStart, SessionState } from './sessionTypes';
export type { Preview } from './input';
export type { ThinkingState } from '../computer/askComputer';
export type { RoundSnapshot } from './roundSnapshot';
export type { ShownRound } from './shownRound';
export type { Replay } from '../replay/replay';

export function createSession(deps: SessionDeps, start: SessionStart = {}): StoreApi<SessionState> {
  const now = deps.now ?? (() => Date.now());
  const { settings, first, problems, urlStartsGame } = startingPoint(deps, start.search ?? '');
  // A game in progress resumes unless the URL chooses a new one.
  const kept = loadKept(deps, urlStartsGame);
  const resumed = kept.resumed;
  let messageId = 0;
  /** What the page says of a computer that gave no move, shown with the fallback level's move played in its place. */
  let failure: string | null = null;
  let refresh: () => void = () => undefined;

  const store = createStore<SessionState>()((set, get) => {
    const lent = { get, set };
    const notice = (words: Words, kind: Message['kind'] = 'notice') =>
      set({
        message: {
          get text() {
            return typeof words === 'function' ? words() : words;
          },
          kind,
          id: ++messageId,
        },
      });

    const table = createRoundTable(deps, now, lent, { options: first, resumed }, {
      askComputer: (asked, level) => computer.askMove(asked, level),
      fallbackMove: deps.computer.fallback?.move,
      computerFailed(level, error) {
        failure = computer.failed(level, error);
      },
      dropQuestion: () => computer.cancel(),
      holdsComputers: () => spectator.holdsComputers(),
      moved,
      keep: (snapshot) => keeping.roundChanged(snapshot),
      inputChanged: () => pointer.updateInput(),
    });
    const { changed, flowChanged, local } = table;
    const viewerSettings = createViewerSettings(deps, lent);
    const keeping = createKeeping(kept, deps, now, lent, table.handle);
    const computer = createComputerTurns(deps, now, lent, table.handle, {
      seatToMove: table.seatToMove,
      showSuggestion: (square, rolls) => pointer.showSuggestion(square, rolls),
      notice,
    });
    const pointer = createPointer(lent, table, { notice, cancelSuggestion: () => computer.cancelSuggestion() });
    const spectator = createSpectator(lent, table.handle, {
      seatingChanged() {
        table.showSeating();
        changed();
      },
      computersHeld: flowChanged,
      notice,
    });
    const replay = createReplayActions(deps, lent, table.handle, {
      seatingChanged: table.showSeating,
      flowChanged,
      changed,
      notice,
      openTable: table.openReplay,
      closeTable: table.closeReplay,
    });

    /** A move was played by the flow on the table (a person's, a computer's, or the clock's time-out move): published. */
    function moved(events: GameEvent[], mover: Mover): void {
      computer.cancelSuggestion();
      spectator.moved();
      const timeOut = mover.by === 'clock' ? timeOutNotice(events, table.game().setup.misere) : null;
      if (timeOut) {
        set({ pendingDouble: null });
        notice(timeOut);
      } else pointer.moved();
      if (failure) notice(failure);
      failure = null;
      changed();
    }

    refresh = changed;

    const seating = local.seating();
    const snapshot = takeSnapshot(local.game, seating.seats);
    return {
      snapshot,
      shown: shownRound(snapshot.events, deps.shownByDirector ? 0 : snapshot.events.length, seating.seats),
      paused: deps.startPaused ?? false,
      ...seating,
      standings: matchStandings(seating.results, seating.players.length, local.match.misere),
      settings,
      hovered: null,
      tapped: false,
      preview: null,
      legalSquares: [],
      pendingDouble: null,
      clickGuard: null,
      message: null,
      problems,
      thinking: null,
      standIn: null,
      standInNotice: false,
      animating: false,
      clock: null,
      spectatorPaused: false,
      nextRoundAt: 0,
      replay: null,
      // A resumed game is shown as it stands, its animations settled.
      jumps: resumed ? 1 : 0,
      remote: null,
      ...kept.initial,
      ...replay,
      setSpeed: viewerSettings.setSpeed,
      setSocketDots: viewerSettings.setSocketDots,
      setCoordinates: viewerSettings.setCoordinates,
      rulesSeen: viewerSettings.rulesSeen,
      hoverSquare: pointer.hoverSquare,
      clickSquare: pointer.clickSquare,
      cancelDouble: pointer.cancelDouble,
      deleteFromHistory: keeping.deleteFromHistory,
      importHistory: keeping.importHistory,
      reloadHistory: keeping.reloadHistory,
      moveNow: computer.moveNow,
      // Asked by the flow (about to be, or thinking), or a suggestion being found.
      computerPending: () => computer.busy() || (table.source().flow?.turns?.asking() ?? false),
      suggest() {
        // Online, a suggestion is for the player to move at this page, never for a spectator or another's turn.
        const toMove = table.game().state.toMove;
        const notYours = table.source().notYours(toMove);
        if (notYours) return notice(() => table.source().notYours(toMove) ?? notYours, 'refusal');
        return engineHelpShown(get()) ? computer.suggest() : notice(() => sessionTexts.noHelpOnline, 'refusal');
      },
      setSpectatorPaused: spectator.setSpectatorPaused,
      setNextRoundPause: table.setNextRoundPause,
      cancelNextRound: table.cancelNextRound,
      step: spectator.step,
      takeOver(seat, human) {
        spectator.takeOver(seat, human);
        // A person took a seat the stand-in played: the notice of it has been dealt with.
        if (human && get().seats[seat]?.kind === 'human') set({ standInNotice: false });
      },
      showRemote: table.showRemote,

      newGame(options) {
        if (get().remote) get().showRemote(null);
        viewerSettings.newGameChosen(options);
        // The seats are chosen again, knowing the stand-in plays for the computer (the seats say so).
        table.newMatch(options, { replay: null, standInNotice: false });
      },

      nextRound() {
        const { result, over } = table.game().state;
        if (!over || !result) return notice(() => sessionTexts.finishRoundFirst, 'refusal');
        const refusal = table.source().nextRoundRefusal();
        if (refusal) return notice(refusal, 'refusal');
        table.nextRound();
      },

      undo() {
        const flow = table.source().flow;
        // An online room's round (run by the server's flow) has take-backs off.
        if (!flow) return notice(() => sessionTexts.takeBacksOff, 'refusal');
        const refusal = undoRefusal(table.game(), get().seats);
        if (refusal) return notice(() => sessionTexts[refusal], 'refusal');
        computer.cancelSuggestion();
        // Back to the last position where a person was to move, so they can try again.
        flow.takeBack();
        set({ message: null, pendingDouble: null });
        changed();
      },

      setAnimating(busy) {
        if (get().animating === busy) return;
        set({ animating: busy });
        flowChanged();
      },

      setShown: table.setShown,

      setPaused(paused) {
        if (get().paused === paused) return;
        set({ paused });
        // The flow's computer question waits with the turn; a suggestion being found is dropped.
        if (paused) computer.cancelSuggestion();
        flowChanged();
      },

      dismissProblems() {
        set({ problems: [] });
      },

      dismissStandIn() {
        set({ standInNotice: false });
      },

      dismissSaveNotice() {
        set({ saveNotice: null });
      },

      showNotice(text, kind = 'notice') {
        notice(text, kind);
      },

      remoteRefused(text) {
        // The server answered the move sent with a refusal, not with events: the turn is playable again.
        table.remoteRefused();
        notice(text, 'refusal');
        pointer.updateInput();
      },

      dispose() {
        computer.cancel();
        table.dispose();
      },
    };
  });

  // The first round may start with a computer to move or a clock: the same path as every change.
  refresh();
  return store;
}
