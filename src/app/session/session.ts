/**
 * The game session: the wiring of the current round (an engine Game, private to the session),
 * the seats, settings, match standings and pointer input. After every change of the round it
 * publishes an immutable RoundSnapshot that components select from. Its other jobs are modules
 * lent the store and the table: the time limit (timeLimit.ts), computer turns and suggestions
 * (computerTurns.ts), the spectator's controls (spectator.ts), replay (replaySession.ts) and
 * keeping games on the device (keeping.ts).
 *
 * The event log is the source of truth: the director animates `snapshot.events`, and replay,
 * undo, save and share are the log plus the seed. Rules live in the engine only: every click
 * goes through Game.check / Game.play and an illegal one changes nothing but `message`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { Game, makeRound, type Match, matchStandings, RuleError, type Seat, seatsOf, startMatch } from '../../engine/index';
import { createComputerTurns } from '../computer/computerTurns';
import { clickableSquares, clickOutcome, previewOf } from './input';
import { createKeeping, loadKept } from '../persistence/keeping';
import { startingPoint } from '../setup/matchSetup';
import { follow, namedSeats } from '../replay/replay';
import { createReplayActions } from '../replay/replaySession';
import { replayTexts } from '../replay/replayTexts';
import { type RoundSnapshot, takeSnapshot, undoRefusal } from './roundSnapshot';
import { whoseTurn } from '../../flow/turnFlow';
import { sessionTexts } from './sessionTexts';
import type { Message, SessionDeps, SessionStart, SessionState, WritableTable } from './sessionTypes';
import { shownRound, throwTexts } from './shownRound';
import { createSpectator } from '../watch/spectator';
import { createTimeLimit } from './timeLimit';
import { engineHelpShown, type RemoteRound } from '../online/remoteRound';
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
  let match: Match = resumed?.match ?? startMatch(first);
  let { game, seats: firstSeats } = resumed ? { game: resumed.game, seats: seatsOf(resumed.match, resumed.round, resumed.game) } : makeRound(match, 0);
  const table: WritableTable = {
    game: () => game,
    match: () => match,
    putGame: (next: Game) => void (game = next),
    putMatch: (next: Match) => void (match = next),
  };
  let messageId = 0;
  /** Events the director reports as shown; the whole log when there is no director. */
  let directorCount = 0;
  let refresh: () => void = () => undefined;
  /** Online play: the round comes from a game server; the local game waits here meanwhile. */
  let remote: RemoteRound | null = null;
  let localTable: { match: Match; game: Game; seats: Seat[]; round: number; results: SessionState['results'] } | null = null;
  /** A move sent to the server, its events not back yet: no second click meanwhile. */
  let moveSent = false;
  /** The server's latest round while a replay is open in online play (a finished round, a look back): shown on leaving the replay. */
  let remoteWaiting: RemoteRound | null = null;
  /** The next showRemote puts the server's round back after a replay: rebuilt and shown at once. */
  let remoteReturning = false;

  const store = createStore<SessionState>()((set, get) => {
    const lent = { get, set };
    const notice = (text: string, kind: Message['kind'] = 'notice') => set({ message: { text, kind, id: ++messageId } });

    function seatToMove(): Seat | null {
      const { seats, round } = get();
      const turn = whoseTurn(game, round, seats.length);
      return turn ? seats[turn.seat] : null;
    }

    /** The table shows the server's round (online, no replay open): the server decides its moves. */
    const online = () => remote !== null && !get().replay;
    /** A person at this page is to move: in online play, only for this page's own colours. */
    const humanToMove = () => seatToMove()?.kind === 'human' && (!online() || remote!.mine.includes(game.state.toMove!));
    /** A human may move once the board shows their turn (the previous move has come to rest). */
    const humanMayMove = () => humanToMove() && get().shown.caughtUp && !(online() && moveSent);
    const previewFor = (square: string | null) => (square && humanMayMove() ? previewOf(game, square, get().pendingDouble) : null);
    const shownOf = (snapshot: RoundSnapshot) => shownRound(snapshot.events, deps.shownByDirector ? directorCount : snapshot.events.length, get().seats);
    const updateInput = () => set({ legalSquares: humanMayMove() ? clickableSquares(get().snapshot.legalMoves) : [], preview: previewFor(get().hovered) });

    const viewerSettings = createViewerSettings(deps, lent);
    const { setSpeed, setSocketDots, setCoordinates, rulesSeen } = viewerSettings;
    const keeping = createKeeping(kept, deps, now, lent, table);
    // Online, the server runs the clock and plays the computer seats.
    const timeLimit = createTimeLimit(now, lent, table, { humanToMove: () => !online() && humanToMove(), changed, notice });
    const computer = createComputerTurns(deps, now, lent, table, { seatToMove, play, notice, holdsComputers: () => online() || spectator.holdsComputers() });
    const spectator = createSpectator(lent, table, { computer, changed, notice });
    /** Leaving a replay with no live game before it: a new match of the first choices. */
    const freshGame = () => {
      const fresh = startMatch(first);
      return { match: fresh, round: 0, results: [], game: makeRound(fresh, 0).game };
    };
    const replay = createReplayActions(deps, lent, table, { cancelComputer: computer.cancel, stopClock: timeLimit.stop, changed, notice, freshGame });

    /** After every change of the round: a new snapshot, standings, input state, clock, computer, save. */
    function changed(): void {
      const { seats, replay } = get();
      const snapshot = takeSnapshot(game, seats, namedSeats(seats, replay));
      if (get().replay) set({ replay: follow(get().replay!, snapshot.state.moves) });
      else if (!remote) keeping.roundChanged(snapshot);
      const { results } = get();
      const all = snapshot.over && snapshot.result ? [...results, snapshot.result] : results;
      // The director (if linked) hears of the new log here and reports what it shows (setShown).
      // Online, the standings are the room's: its seats and rules, not those of the local match waiting meanwhile.
      const [players, misere] = online() ? [seats.length, game.setup.misere] : [match.players.length, match.misere];
      set({ snapshot, shown: shownOf(snapshot), standings: matchStandings(all, players, misere) });
      updateInput();
      timeLimit.update();
      computer.soon();
    }

    /** A new round (or match) on the table: nothing of the old one's input, clock or thinking is left. */
    function newRound(round: number, extra: Partial<SessionState>): void {
      computer.cancel();
      timeLimit.stop();
      const made = makeRound(match, round);
      game = made.game;
      set({ ...extra, seats: made.seats, round, clock: null, message: null, pendingDouble: null });
      changed();
    }

    function play(text: string): void {
      if (get().thinking?.purpose === 'suggestion') computer.cancel();
      if (online()) {
        // Refused here as locally ("d4 is occupied"), at once and in the page's language; the server
        // still decides a legal move: its events come back through showRemote.
        const check = game.check(text);
        if (!check.ok) throw check.refusal;
        remote!.send(text);
        moveSent = true;
        set({ message: null, pendingDouble: null });
        return updateInput();
      }
      spectator.moved();
      game.play(text);
      // The pointer's square is now taken: its preview ("f4 is occupied") waits for the pointer to move.
      set({ message: null, pendingDouble: null, hovered: null });
      changed();
    }

    refresh = changed;

    const snapshot = takeSnapshot(game, firstSeats);
    return {
      snapshot,
      shown: shownRound(snapshot.events, deps.shownByDirector ? 0 : snapshot.events.length, firstSeats),
      paused: false,
      seats: firstSeats,
      players: match.players,
      round: resumed?.round ?? 0,
      results: resumed?.results ?? [],
      standings: matchStandings(resumed?.results ?? [], match.players.length, match.misere),
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
      leaveReplay() {
        if (!get().replay) return;
        replay.leaveReplay();
        if (!remote) return;
        // Online: back to the server's round as it stands now.
        const latest = remoteWaiting ?? remote;
        remoteWaiting = null;
        remoteReturning = true;
        get().showRemote(latest);
      },
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
        if (online() && !humanToMove()) return notice(remote!.mine.length ? sessionTexts.notYourColour : sessionTexts.spectatorsWatch, 'refusal');
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
        // A replay open in online play (a finished round of the room, a look back) stays; the server's round waits for its end.
        if (next && remote && get().replay) return void (remoteWaiting = next);
        if (!next && remote && get().replay) {
          remoteWaiting = null;
          get().leaveReplay();
        }
        if (next && !remote) {
          if (get().replay) get().leaveReplay();
          computer.cancel();
          timeLimit.stop();
          localTable = { match, game, seats: get().seats, round: get().round, results: get().results };
        }
        if (!next) {
          if (!remote || !localTable) return;
          remote = null;
          ({ match, game } = localTable);
          const { seats, round, results } = localTable;
          localTable = null;
          moveSent = false;
          set({ remote: null, players: match.players, seats, round, results, clock: null, message: null, pendingDouble: null });
          changed();
          // The local game is shown as it stood, at once.
          return set({ jumps: get().jumps + 1 });
        }
        const known = remote ? remote.events : [];
        const returning = remoteReturning;
        remoteReturning = false;
        const sameRound = !returning && remote !== null && remote.round === next.round && next.events.length >= known.length && known.every((e, i) => e === next.events[i]);
        const grown = !sameRound || next.events.length !== known.length;
        // Joining a round under way (or a reload, or back from a replay): its position at once, not every move rolled again.
        const jump = returning || (!sameRound && next.events.some((e) => e.type === 'ballPlaced'));
        remote = next;
        if (grown) {
          game = Game.fromEvents(next.events);
          moveSent = false;
        }
        const toMove = game.state.toMove;
        // The server runs the clock: the page shows its deadline.
        const clock = next.deadline > 0 && toMove && !game.state.over ? { colour: toMove, moveNumber: game.state.moves.length + 1, deadline: next.deadline } : null;
        // The match's players in match order (seats rotate between rounds), as in local play.
        const players = next.seats.map(({ kind, level, name }) => ({ kind, level, name }));
        for (const seat of next.seats) players[seat.player] = { kind: seat.kind, level: seat.level, name: seat.name };
        set({ remote: next, seats: next.seats, players, round: next.round, results: next.results, clock });
        changed();
        if (jump) set({ jumps: get().jumps + 1 });
      },

      hoverSquare(square) {
        // A refusal answered a click; pointing at another socket moves on from it.
        const movedOn = square !== null && square !== get().hovered && get().message?.kind === 'refusal';
        set({ hovered: square, preview: previewFor(square), ...(movedOn ? { message: null } : {}) });
      },

      clickSquare(square) {
        if (game.state.over) return notice(sessionTexts.roundIsOver, 'refusal');
        const { shown } = get();
        if (!shown.caughtUp) return notice(shown.startThrow && shown.startThrow.kind !== 'starts' ? throwTexts.stillRolling : throwTexts.notYet, 'refusal');
        const seat = seatToMove();
        if (seat && seat.kind !== 'human') return notice(sessionTexts.computerThinking(game.state.toMove!, seat.name), 'refusal');
        if (online() && !humanToMove()) return notice(remote!.mine.length ? sessionTexts.notYourColour : sessionTexts.spectatorsWatch, 'refusal');
        if (online() && moveSent) return;
        const guarded = get().clickGuard?.(square);
        if (guarded) return notice(guarded, 'refusal');
        const outcome = clickOutcome(game, square, get().pendingDouble);
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
        match = startMatch(options);
        // The seats are chosen again, knowing the stand-in plays for the computer (the seats say so).
        newRound(0, { players: options.players, results: [], replay: null, standInNotice: false });
      },

      nextRound() {
        const { round, results } = get();
        if (!game.state.over || !game.state.result) return notice(sessionTexts.finishRoundFirst, 'refusal');
        if (get().replay) return notice(replayTexts.noNextRound, 'refusal');
        if (remote) return notice(sessionTexts.onlineRematch, 'refusal');
        newRound(round + 1, { results: [...results, game.state.result] });
      },

      undo() {
        const refusal = undoRefusal(game, get().seats);
        if (refusal) return notice(sessionTexts[refusal], 'refusal');
        computer.cancel();
        timeLimit.stop();
        // Back to the last position where a human was to move, so they can try again.
        do game.takeBack();
        while (game.state.moves.length > 0 && !humanToMove());
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
        moveSent = false;
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
