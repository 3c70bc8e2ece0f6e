/**
 * The game session: the wiring of the current round, the seats, settings, match standings and
 * pointer input. The round comes from one current source (roundSource.ts): the page's own match,
 * a replay over it, or an online room's round, each owning its engine Game; the session asks the
 * source who may play here and who runs the clock and the computers, never a mode flag. After
 * every change of the round it publishes an immutable RoundSnapshot that components select from.
 * Its other jobs are modules lent the store and the table: the time limit (timeLimit.ts),
 * computer turns and suggestions (computerTurns.ts), the spectator's controls (spectator.ts),
 * replay (replaySession.ts) and keeping games on the device (keeping.ts).
 *
 * The event log is the source of truth: the director animates `snapshot.events`, and replay,
 * undo, save and share are the log plus the seed. Rules live in the engine only: every click
 * goes through Game.check / Game.play and an illegal one changes nothing but `message`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Game, makeRound, matchStandings, RuleError, type Seat, seatsOf, startMatch } from '../../engine/index';
import { createComputerTurns } from '../computer/computerTurns';
import { clickableSquares, clickOutcome, previewOf } from './input';
import { createKeeping, loadKept } from '../persistence/keeping';
import { startingPoint } from '../setup/matchSetup';
import { follow, namedSeats } from '../replay/replay';
import { createReplayActions } from '../replay/replaySession';
import { replayTexts } from '../replay/replayTexts';
import { RemoteSource } from '../online/remoteSource';
import { localRound, type PageTable, replayRound, type RoundSource } from './roundSource';
import { type RoundSnapshot, takeSnapshot, undoRefusal } from './roundSnapshot';
import { whoseTurn } from '../../flow/turnFlow';
import { sessionTexts } from './sessionTexts';
import type { Message, SessionDeps, SessionStart, SessionState, WritableTable } from './sessionTypes';
import { shownRound, throwTexts } from './shownRound';
import { createSpectator } from '../watch/spectator';
import { createTimeLimit } from './timeLimit';
import { engineHelpShown } from '../online/remoteRound';
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
  const firstMatch = resumed?.match ?? startMatch(first);
  const { game: firstGame, seats: firstSeats } = resumed ? { game: resumed.game, seats: seatsOf(resumed.match, resumed.round, resumed.game) } : makeRound(firstMatch, 0);
  let messageId = 0;
  /** Events the director reports as shown; the whole log when there is no director. */
  let directorCount = 0;
  let refresh: () => void = () => undefined;

  const store = createStore<SessionState>()((set, get) => {
    const lent = { get, set };
    const notice = (text: string, kind: Message['kind'] = 'notice') => set({ message: { text, kind, id: ++messageId } });

    /** The page's own match: on the table unless a replay or an online room's round is (they lie over it, and it waits as it stood). */
    const local = localRound(firstMatch, firstGame, resumed?.round ?? 0, resumed?.results ?? [], (snapshot) => keeping.roundChanged(snapshot));
    /** An online room's round, while the page is in one. */
    let remote: RemoteSource | null = null;
    /** A replay open over the live round (local or online). */
    let replaying: PageTable | null = null;
    /** Where the round on the table comes from. */
    const source = (): RoundSource => replaying ?? remote ?? local;
    const game = () => source().game;
    /** The round the page plays itself (a replay, else its own match): the modules that replace a match or a game change this one. */
    const pageTable = () => replaying ?? local;
    const table: WritableTable = {
      game,
      match: () => pageTable().match,
      putGame: (next: Game) => void (pageTable().game = next),
      putMatch: (next) => void (pageTable().match = next),
    };

    function seatToMove(): Seat | null {
      const { seats, round } = get();
      const turn = whoseTurn(game(), round, seats.length);
      return turn ? seats[turn.seat] : null;
    }

    /** A person at this page is to move (online, only for this page's own colours). */
    const humanToMove = () => seatToMove()?.kind === 'human' && source().notYours(game().state.toMove) === null;
    /** A human may move once the board shows their turn (the previous move has come to rest) and no move of theirs is awaited. */
    const humanMayMove = () => humanToMove() && get().shown.caughtUp && !source().awaitingMove();
    const previewFor = (square: string | null) => (square && humanMayMove() ? previewOf(game(), square, get().pendingDouble) : null);
    const shownOf = (snapshot: RoundSnapshot) => shownRound(snapshot.events, deps.shownByDirector ? directorCount : snapshot.events.length, get().seats);
    const updateInput = () => set({ legalSquares: humanMayMove() ? clickableSquares(get().snapshot.legalMoves) : [], preview: previewFor(get().hovered) });

    const viewerSettings = createViewerSettings(deps, lent);
    const { setSpeed, setSocketDots, setCoordinates, rulesSeen } = viewerSettings;
    const keeping = createKeeping(kept, deps, now, lent, table);
    // The source says whether the page runs the clock and the computer seats (online, the server does).
    const timeLimit = createTimeLimit(now, lent, table, { humanToMove: () => source().runsClock && humanToMove(), changed, notice });
    const computer = createComputerTurns(deps, now, lent, table, { seatToMove, play, notice, holdsComputers: () => !source().runsComputers || spectator.holdsComputers() });
    const spectator = createSpectator(lent, table, { computer, changed, notice });
    const replay = createReplayActions(deps, lent, table, {
      cancelComputer: computer.cancel,
      stopClock: timeLimit.stop,
      changed,
      notice,
      openTable(next) {
        const followed = (snapshot: RoundSnapshot) => set({ replay: follow(get().replay!, snapshot.state.moves) });
        replaying = replayRound({ ...pageTable().match }, next, followed, () => replayTexts.noNextRound);
      },
      closeTable() {
        replaying = null;
        showLive();
      },
    });

    /** Puts the live round back on the table as it stands now, at once: the online room's, else the page's own. */
    function showLive(): void {
      set({ message: null, pendingDouble: null });
      if (remote) return showRemoteRound(true);
      const { match, round, results } = local;
      set({ remote: null, players: match.players, seats: seatsOf(match, round, local.game), round, results, clock: null });
      changed();
      set({ jumps: get().jumps + 1 });
    }

    /** Shows the online room's round as the server last sent it (`jump`: its position at once). */
    function showRemoteRound(jump: boolean): void {
      const { round } = remote!;
      // The server runs the clock: the page shows its deadline.
      set({ remote: round, seats: round.seats, players: remote!.players(), round: round.round, results: round.results, clock: remote!.clock() });
      changed();
      if (jump) set({ jumps: get().jumps + 1 });
    }

    /** After every change of the round: a new snapshot, standings, input state, clock, computer, save. */
    function changed(): void {
      const { seats, replay } = get();
      const snapshot = takeSnapshot(game(), seats, namedSeats(seats, replay));
      source().roundChanged(snapshot);
      const { results } = get();
      const all = snapshot.over && snapshot.result ? [...results, snapshot.result] : results;
      // The director (if linked) hears of the new log here and reports what it shows (setShown).
      const { players, misere } = source().standingsRules();
      set({ snapshot, shown: shownOf(snapshot), standings: matchStandings(all, players, misere) });
      updateInput();
      timeLimit.update();
      computer.soon();
    }

    /** A new round of the page's own match on the table: nothing of the old one's input, clock or thinking is left. */
    function newRound(round: number, results: SessionState['results'], extra: Partial<SessionState>): void {
      computer.cancel();
      timeLimit.stop();
      replaying = null;
      const made = makeRound(local.match, round);
      Object.assign(local, { game: made.game, round, results });
      set({ ...extra, seats: made.seats, round, results, clock: null, message: null, pendingDouble: null });
      changed();
    }

    /** A person's (or the page's computer's) move, played by the source: here, or sent to the server (its events come back through showRemote). */
    function play(text: string): void {
      if (get().thinking?.purpose === 'suggestion') computer.cancel();
      if (!source().play(text)) {
        set({ message: null, pendingDouble: null });
        return updateInput();
      }
      spectator.moved();
      // The pointer's square is now taken: its preview ("f4 is occupied") waits for the pointer to move.
      set({ message: null, pendingDouble: null, hovered: null });
      changed();
    }

    refresh = changed;

    const snapshot = takeSnapshot(firstGame, firstSeats);
    return {
      snapshot,
      shown: shownRound(snapshot.events, deps.shownByDirector ? 0 : snapshot.events.length, firstSeats),
      paused: false,
      seats: firstSeats,
      players: firstMatch.players,
      round: local.round,
      results: local.results,
      standings: matchStandings(local.results, firstMatch.players.length, firstMatch.misere),
      settings,
      hovered: null,
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
      replay: null,
      // A resumed game is shown as it stands, its animations settled.
      jumps: resumed ? 1 : 0,
      ...kept.initial,
      ...replay,
      setSpeed,
      setSocketDots,
      setCoordinates,
      rulesSeen,
      deleteFromHistory: keeping.deleteFromHistory,
      importHistory: keeping.importHistory,
      reloadHistory: keeping.reloadHistory,
      moveNow: computer.moveNow,
      computerPending: computer.pending,
      suggest() {
        // Online, a suggestion is for the player to move at this page, never for a spectator or another's turn.
        const notYours = source().notYours(game().state.toMove);
        if (notYours) return notice(notYours, 'refusal');
        return engineHelpShown(get()) ? computer.suggest() : notice(sessionTexts.noHelpOnline, 'refusal');
      },
      setSpectatorPaused: spectator.setSpectatorPaused,
      step: spectator.step,
      takeOver(seat, human) {
        spectator.takeOver(seat, human);
        // A person took a seat the stand-in played: the notice of it has been dealt with.
        if (human && get().seats[seat]?.kind === 'human') set({ standInNotice: false });
      },

      remote: null,

      showRemote(next) {
        if (!next) {
          if (!remote) return;
          // Out of the room: a replay open over its round closes, and the page's own round is back as it stood.
          remote = null;
          computer.cancel();
          timeLimit.stop();
          if (get().replay) get().leaveReplay();
          else showLive();
          return;
        }
        if (!remote) {
          // Into a room: a replay closes, and the page's own round waits as it stands.
          if (get().replay) get().leaveReplay();
          computer.cancel();
          timeLimit.stop();
          remote = new RemoteSource(next);
          return showRemoteRound(remote.underWay());
        }
        const jump = remote.update(next);
        // A replay open over the room's round (a finished round, a look back) stays; the room's round is shown on leaving it.
        if (!get().replay) showRemoteRound(jump);
      },

      hoverSquare(square) {
        // A refusal answered a click; pointing at another socket moves on from it.
        const movedOn = square !== null && square !== get().hovered && get().message?.kind === 'refusal';
        set({ hovered: square, preview: previewFor(square), ...(movedOn ? { message: null } : {}) });
      },

      clickSquare(square) {
        const { state } = game();
        if (state.over) return notice(sessionTexts.roundIsOver, 'refusal');
        const { shown } = get();
        if (!shown.caughtUp) return notice(shown.startThrow && shown.startThrow.kind !== 'starts' ? throwTexts.stillRolling : throwTexts.notYet, 'refusal');
        const seat = seatToMove();
        if (seat && seat.kind !== 'human') return notice(sessionTexts.computerThinking(state.toMove!, seat.name), 'refusal');
        const notYours = source().notYours(state.toMove);
        if (notYours) return notice(notYours, 'refusal');
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
          notice(sessionTexts.refusal(e), 'refusal');
          set({ preview: previewFor(get().hovered) });
        }
      },

      cancelDouble() {
        if (!get().pendingDouble) return false;
        set({ pendingDouble: null, message: null });
        set({ preview: previewFor(get().hovered) });
        return true;
      },

      newGame(options) {
        if (remote) get().showRemote(null);
        viewerSettings.newGameChosen(options);
        local.match = startMatch(options);
        // The seats are chosen again, knowing the stand-in plays for the computer (the seats say so).
        newRound(0, [], { players: options.players, replay: null, standInNotice: false });
      },

      nextRound() {
        const { result, over } = game().state;
        if (!over || !result) return notice(sessionTexts.finishRoundFirst, 'refusal');
        const refusal = source().nextRoundRefusal();
        if (refusal) return notice(refusal, 'refusal');
        newRound(local.round + 1, [...local.results, result], {});
      },

      undo() {
        const refusal = undoRefusal(game(), get().seats);
        if (refusal) return notice(sessionTexts[refusal], 'refusal');
        computer.cancel();
        timeLimit.stop();
        // Back to the last position where a human was to move, so they can try again.
        do game().takeBack();
        while (game().state.moves.length > 0 && !humanToMove());
        set({ message: null, pendingDouble: null, clock: null });
        changed();
      },

      setAnimating(busy) {
        if (get().animating === busy) return;
        set({ animating: busy });
        timeLimit.update();
        if (!busy) computer.soon();
      },

      setShown(count) {
        if (!deps.shownByDirector || count === directorCount) return;
        directorCount = count;
        const shown = shownOf(get().snapshot);
        // A refusal ("still rolling", "not yet") no longer applies once the board has caught up.
        const stale = shown.caughtUp && get().message?.kind === 'refusal';
        set({ shown, ...(stale ? { message: null } : {}) });
        updateInput();
      },

      setPaused(paused) {
        if (get().paused === paused) return;
        set({ paused });
        if (paused) {
          computer.cancel();
          timeLimit.pause();
        } else {
          timeLimit.update();
          computer.soon();
        }
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
        remote?.refused();
        notice(text, 'refusal');
        updateInput();
      },

      dispose() {
        computer.cancel();
        timeLimit.stop();
      },
    };
  });

  // The first round may start with a computer to move or a clock: the same path as every change.
  refresh();
  return store;
}
