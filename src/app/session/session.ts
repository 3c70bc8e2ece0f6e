/**
 * The game session: the wiring of the current round, the seats, settings, match standings and
 * pointer input. The round comes from one current source (roundSource.ts): the page's own match,
 * a replay over it, or an online room's round, each owning its engine Game; the session asks the
 * source who may play here, never a mode flag. A round played at the page (its own match, a
 * replay) runs on a TurnFlow (src/flow), as a room's round does at the server: whose turn, the
 * move clock and its time-out move, when a computer is asked and whether its answer counts. The
 * session gives the flow its gate (the board has shown the last move, no dialog is open, the round
 * is on the table), the spectator's hold on the computers, and the page's computer. After every
 * change of the round it publishes an immutable RoundSnapshot that components select from.
 * Its other jobs are modules lent the store and the table: the page's computer and suggestions
 * (computerTurns.ts), the spectator's controls (spectator.ts), replay (replaySession.ts) and
 * keeping games on the device (keeping.ts).
 *
 * The event log is the source of truth: the director animates `snapshot.events`, and replay,
 * undo, save and share are the log plus the seed. Rules live in the engine only: every click
 * goes through Game.check / Game.play and an illegal one changes nothing but `message`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Game, type GameEvent, makeRound, matchStandings, RuleError, type Seat, seatsOf, startMatch } from '../../engine/index';
import { createComputerTurns } from './computerTurns';
import { clickableSquares, clickOutcome, previewOf } from './input';
import { createKeeping, loadKept } from './keeping';
import { startingPoint } from '../setup/matchSetup';
import { follow, namedSeats } from '../replay/replay';
import { createReplayActions } from './replaySession';
import { replayTexts } from '../replay/replayTexts';
import { RemoteSource } from './remoteSource';
import { localRound, type PageFlow, type PageTable, replayRound, type RoundSource } from './roundSource';
import { type RoundSnapshot, takeSnapshot, undoRefusal } from './roundSnapshot';
import { type Mover, TurnFlow, wallClock, whoseTurn } from '../../flow/turnFlow';
import { sessionTexts } from './sessionTexts';
import type { Message, SessionDeps, SessionStart, SessionState, WritableTable } from './sessionTypes';
import { shownRound, throwTexts } from './shownRound';
import { createSpectator } from './spectator';
import { engineHelpShown } from './remoteRound';
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

    /** A turn flow for a round played here: it runs while its round is on the table, the board has shown the last move and no dialog is open. */
    const pageFlow: PageFlow = (match, round, game, timed) => {
      const flow: TurnFlow = new TurnFlow(match, round, {
        clock: { now, setTimeout: wallClock.setTimeout },
        holder(player) {
          const seat = get().seats.find((s) => s.player === player);
          if (!seat) throw new Error(`no seat of player ${player} on the table`);
          return seat;
        },
        askComputer: (asked, level) => computer.askMove(asked, level),
        // The page asks after the current task: a director reacting to the newest events reports that it is animating first.
        computerDelayMs: 0,
        moved,
        computerFailed: (e) => console.warn('the computer could not move', e),
        fault: (e) => console.error('playing the computer\'s move', e),
        turnMayRun: () => source().flow === flow && !get().animating && !get().paused,
        holdsComputers: () => spectator.holdsComputers(),
        timing: timed ? 'persons' : 'none',
        questionDropped: () => computer.cancel(),
      }, game);
      return flow;
    };
    /** The page's own match: on the table unless a replay or an online room's round is (they lie over it, and it waits as it stood). */
    const local = localRound(firstMatch, firstGame, resumed?.round ?? 0, resumed?.results ?? [], pageFlow, (snapshot) => keeping.roundChanged(snapshot));
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
      putGame: (next: Game) => pageTable().put(next),
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
    const computer = createComputerTurns(deps, now, lent, table, { seatToMove, notice });
    const spectator = createSpectator(lent, table, { changed, computersHeld: flowChanged, notice });
    const replay = createReplayActions(deps, lent, table, {
      seatsChanged: flowChanged,
      changed,
      notice,
      openTable(next) {
        const followed = (snapshot: RoundSnapshot) => set({ replay: follow(get().replay!, snapshot.state.moves) });
        replaying = replayRound({ ...pageTable().match }, next, pageFlow, followed, () => replayTexts.noNextRound);
      },
      closeTable() {
        replaying?.flow.stop();
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

    /**
     * What the page's turn flows are given changed (the table, the seats, the gate, the held
     * computers): the flow on the table runs on, one under another source waits; the clock is shown.
     */
    function flowChanged(): void {
      for (const page of replaying ? [local, replaying] : [local]) page.flow.hostChanged();
      const flow = source().flow;
      // A dialog keeps the clock shown as it stood (the flow keeps the time left); a room's round shows the server's.
      if (!flow || get().paused) return;
      const turn = flow.turn();
      const shown = get().clock;
      const clock = flow.deadline > 0 && turn ? { colour: turn.colour, moveNumber: turn.moveNumber, deadline: flow.deadline } : null;
      if (clock?.deadline !== shown?.deadline || clock?.moveNumber !== shown?.moveNumber || clock?.colour !== shown?.colour) set({ clock });
    }

    /** A move was played by the flow on the table (a person's, a computer's, or the clock's time-out move): published. */
    function moved(events: GameEvent[], mover: Mover): void {
      computer.cancelSuggestion();
      spectator.moved();
      const timedOut = events.find((e) => e.type === 'timeExpired');
      if (mover.by === 'clock' && timedOut) {
        const placed = events.flatMap((e) => (e.type === 'ballPlaced' ? [e.square] : []));
        set({ pendingDouble: null });
        // The engine's time-out move (rules.md): the most balls, the fewest in misère.
        notice(sessionTexts.timeRanOut(timedOut.colour, placed.join('+'), game().setup.misere));
      } else {
        // The pointer's square is now taken: its preview ("f4 is occupied") waits for the pointer to move.
        set({ message: null, pendingDouble: null, hovered: null, tapped: false });
      }
      changed();
    }

    /** After every change of the round: a new snapshot, standings, input state, the turn flow and its clock, save. */
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
      flowChanged();
    }

    /** A new round of the page's own match on the table: nothing of the old one's input, clock or thinking is left. */
    function newRound(round: number, results: SessionState['results'], extra: Partial<SessionState>): void {
      computer.cancel();
      replaying?.flow.stop();
      replaying = null;
      const made = makeRound(local.match, round);
      Object.assign(local, { round, results });
      local.put(made.game);
      set({ ...extra, seats: made.seats, round, results, clock: null, message: null, pendingDouble: null });
      changed();
    }

    /** A person's move, played by the source: here (its flow publishes it through moved), or sent to the server (its events come back through showRemote). */
    function play(text: string): void {
      computer.cancelSuggestion();
      if (source().play(text)) return;
      set({ message: null, pendingDouble: null });
      updateInput();
    }

    refresh = changed;

    const snapshot = takeSnapshot(firstGame, firstSeats);
    return {
      snapshot,
      shown: shownRound(snapshot.events, deps.shownByDirector ? 0 : snapshot.events.length, firstSeats),
      paused: deps.startPaused ?? false,
      seats: firstSeats,
      players: firstMatch.players,
      round: local.round,
      results: local.results,
      standings: matchStandings(local.results, firstMatch.players.length, firstMatch.misere),
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
      // Asked by the flow (about to be, or thinking), or a suggestion being found.
      computerPending: () => computer.busy() || (source().flow?.asking() ?? false),
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
          if (get().replay) get().leaveReplay();
          else showLive();
          return;
        }
        if (!remote) {
          // Into a room: a replay closes, and the page's own round waits as it stands.
          if (get().replay) get().leaveReplay();
          computer.cancel();
          // The page's own round waits under the room's (its flow's gate closes with the next change).
          remote = new RemoteSource(next);
          return showRemoteRound(remote.underWay());
        }
        const jump = remote.update(next);
        // A replay open over the room's round (a finished round, a look back) stays; the room's round is shown on leaving it.
        if (!get().replay) showRemoteRound(jump);
      },

      hoverSquare(square, tap = false) {
        // A refusal answered a click; pointing at another socket moves on from it.
        const movedOn = square !== null && square !== get().hovered && get().message?.kind === 'refusal';
        set({ hovered: square, tapped: tap && square !== null, preview: previewFor(square), ...(movedOn ? { message: null } : {}) });
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
        const flow = source().flow;
        // An online room's round (run by the server's flow) has take-backs off.
        if (!flow) return notice(sessionTexts.takeBacksOff, 'refusal');
        const refusal = undoRefusal(game(), get().seats);
        if (refusal) return notice(sessionTexts[refusal], 'refusal');
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
        remote?.refused();
        notice(text, 'refusal');
        updateInput();
      },

      dispose() {
        computer.cancel();
        local.flow.stop();
        replaying?.flow.stop();
      },
    };
  });

  // The first round may start with a computer to move or a clock: the same path as every change.
  refresh();
  return store;
}
