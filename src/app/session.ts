/**
 * The game session: the wiring of the current round (an engine Game, private to the session),
 * the seats, settings, match standings, pointer input, the move clock and computer turns. After
 * every change of the round it publishes an immutable RoundSnapshot that components select from.
 *
 * The event log is the source of truth: the director animates `snapshot.events`, and replay,
 * undo, save and share are the log plus the seed. Rules live in the engine only: every click
 * goes through Game.check / Game.play and an illegal one changes nothing but `message`.
 *
 * Computer turns: the session asks the computer only when the director reports that the
 * animations have finished (setAnimating(false)), so computer games can be watched, and
 * applies a move only if the round has not changed meanwhile.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { Game, matchStandings, type MatchStandings, RuleError, type RoundResult } from '../engine/index';
import { createComputerAsker, type ThinkingState } from './askComputer';
import type { ComputerPlayer } from './computer';
import { clickableSquares, clickOutcome, type Preview, previewOf } from './input';
import { makeRound, type Match, type Seat, startingPoint, startMatch } from './matchSetup';
import { type Clock, createMoveClock } from './moveClock';
import { type RoundSnapshot, seatOf, takeSnapshot } from './roundSnapshot';
import { type ShownRound, shownRound, throwTexts } from './shownRound';
import { type AppSettings, type NewGameOptions, type PlayerSpec, saveSettings } from './settings';

export type { Seat } from './matchSetup';
export type { Preview } from './input';
export type { Clock } from './moveClock';
export type { ThinkingState } from './askComputer';
export type { RoundSnapshot } from './roundSnapshot';
export type { ShownRound } from './shownRound';

export interface Message {
  text: string;
  kind: 'refusal' | 'notice';
  /** Grows with every message, so the same text shown twice is still news. */
  id: number;
}

export interface SessionState {
  /** The round now, as of its last change. */
  snapshot: RoundSnapshot;
  /** The round as the board has shown it (the director's position in the log): what the HUD says. */
  shown: ShownRound;
  /** A dialog is open: clocks, computer thinking and animations wait. */
  paused: boolean;
  seats: Seat[];
  /** The people (or programs) of the match, in the order of the new-game dialog. */
  players: PlayerSpec[];
  /** 0-based round of the match. */
  round: number;
  /** Results of the rounds already finished and left (not the current one). */
  results: RoundResult[];
  /** Standings including the current round once it is over. */
  standings: MatchStandings;
  settings: AppSettings;
  hovered: string | null;
  preview: Preview | null;
  /** Squares a human may play now (both squares of Pro doubles); empty on a computer's turn. */
  legalSquares: string[];
  /** First ball of a Pro double chosen by a click, waiting for the second. */
  pendingDouble: string | null;
  message: Message | null;
  /** Problems with the URL or the saved settings, for the page's banner. */
  problems: string[];
  thinking: ThinkingState | null;
  animating: boolean;
  clock: Clock | null;

  hoverSquare(square: string | null): void;
  clickSquare(square: string): void;
  newGame(options: NewGameOptions): void;
  nextRound(): void;
  undo(): void;
  setSpeed(speed: number): void;
  setSocketDots(on: boolean): void;
  setCoordinates(on: boolean): void;
  /** The rules panel was shown: it does not open by itself again. */
  rulesSeen(): void;
  setAnimating(busy: boolean): void;
  /** The director reports how many events of the log the board has shown. */
  setShown(count: number): void;
  setPaused(paused: boolean): void;
  moveNow(): void;
  /** For a human to move: the strongest level's move, shown as the preview and in the message. */
  suggest(): void;
  dismissProblems(): void;
  /** Stops timers and thinking (page unload, tests). */
  dispose(): void;
}

export interface SessionDeps {
  computer: ComputerPlayer;
  levels: readonly string[];
  defaultLevel: string;
  /** Level of the computers in the first game when nothing is saved (default: defaultLevel). */
  firstGameLevel?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Milliseconds; default Date.now. */
  now?: () => number;
  /**
   * Whether a director reports what the board has shown (setShown). Without one (tests, the
   * command line) every event counts as shown at once.
   */
  shownByDirector?: boolean;
}

export interface SessionStart {
  /** location.search */
  search?: string;
}

export function createSession(deps: SessionDeps, start: SessionStart = {}): StoreApi<SessionState> {
  const now = deps.now ?? (() => Date.now());
  const storage = deps.storage ?? null;
  const { settings, first, problems } = startingPoint(deps, start.search ?? '');
  const moveClock = createMoveClock(now);
  let match: Match = startMatch(first);
  let { game, seats: firstSeats } = makeRound(match, 0);
  let messageId = 0;
  /** Events the director reports as shown; the whole log when there is no director. */
  let directorCount = 0;
  /** Milliseconds left on the move clock when a dialog paused it. */
  let clockLeft: number | null = null;
  let refresh: () => void = () => undefined;

  const store = createStore<SessionState>()((set, get) => {
    const notice = (text: string, kind: Message['kind'] = 'notice') => set({ message: { text, kind, id: ++messageId } });
    /** Applies settings now and stores them for the next visit. */
    const keepSettings = (settings: AppSettings) => {
      saveSettings(storage, settings);
      set({ settings });
    };
    const computer = createComputerAsker(deps.computer, {
      now,
      notice,
      showThinking: (thinking) => {
        if (thinking || get().thinking) set({ thinking });
      },
    });

    function seatToMove(): Seat | null {
      const { seats } = get();
      const seat = game.state.over ? null : seatOf(seats, game.state.toMove);
      return seat === null ? null : seats[seat];
    }

    const humanToMove = () => seatToMove()?.kind === 'human';
    /** A human may move once the board shows their turn (the previous move has come to rest). */
    const humanMayMove = () => humanToMove() && get().shown.caughtUp;
    const previewFor = (square: string | null) => (square && humanMayMove() ? previewOf(game, square, get().pendingDouble) : null);
    const shownOf = (snapshot: RoundSnapshot) => shownRound(snapshot.events, deps.shownByDirector ? directorCount : snapshot.events.length, get().seats);
    const updateInput = () => set({ legalSquares: humanMayMove() ? clickableSquares(get().snapshot.legalMoves) : [], preview: previewFor(get().hovered) });

    /** After every change of the round: a new snapshot, standings, input state, clock, computer. */
    function changed(): void {
      const snapshot = takeSnapshot(game, get().seats);
      const { results } = get();
      const all = snapshot.over && snapshot.result ? [...results, snapshot.result] : results;
      // The director (if linked) hears of the new log here and reports what it shows (setShown).
      set({ snapshot, shown: shownOf(snapshot), standings: matchStandings(all, match.players.length, match.misere) });
      updateInput();
      updateClock();
      computer.soon(think);
    }

    /** A new round (or match) on the table: nothing of the old one's input, clock or thinking is left. */
    function newRound(round: number, extra: Partial<SessionState>): void {
      computer.cancel();
      moveClock.stop();
      const made = makeRound(match, round);
      game = made.game;
      set({ ...extra, seats: made.seats, round, clock: null, message: null, pendingDouble: null });
      changed();
    }

    function play(text: string): void {
      if (get().thinking?.purpose === 'suggestion') computer.cancel();
      game.play(text);
      set({ message: null, pendingDouble: null });
      changed();
    }

    function updateClock(): void {
      const { animating, clock, paused } = get();
      if (paused) return; // setPaused keeps the time left
      const limit = game.setup.moveTimeLimit;
      const colour = game.state.toMove;
      const moveNumber = game.state.moves.length + 1;
      const timed = game;
      const onExpire = () => expire(timed, moveNumber);
      // The clock waits while the previous move is still being animated.
      const runs = limit > 0 && colour !== null && humanToMove() && !animating;
      const left = clockLeft;
      clockLeft = null;
      if (runs && clock && clock.moveNumber === moveNumber && clock.colour === colour) {
        // Resumed after a dialog: the time that was left, not a fresh limit.
        if (left !== null) set({ clock: moveClock.start(colour, moveNumber, left / 1000, onExpire) });
        return;
      }
      moveClock.stop();
      if (runs) set({ clock: moveClock.start(colour, moveNumber, limit, onExpire) });
      else if (clock) set({ clock: null });
    }

    function expire(timed: Game, moveNumber: number): void {
      if (game !== timed || game.state.over || game.state.moves.length + 1 !== moveNumber) return;
      const colour = game.state.toMove!;
      const events = game.expireClock();
      const placed = events.flatMap((e) => (e.type === 'ballPlaced' ? [e.square] : []));
      set({ clock: null, pendingDouble: null });
      const most = game.setup.misere ? 'fewest' : 'most'; // the engine's time-out move (rules.md)
      notice(`${colour}'s time ran out: ${placed.join('+')} was played (the move that rolls the ${most} balls).`);
      changed();
    }

    /** Asks the computer about this round for `seat` (to move), shown as thinking until answered. */
    function askFor(seat: Seat, purpose: ThinkingState['purpose'], level: string, movetime: number | undefined, onMove: (move: string) => void, failure: string): void {
      const thinking = { seat: get().seats.indexOf(seat), colour: game.state.toMove!, level, purpose };
      computer.ask({ game, level, movetime }, thinking, onMove, failure);
    }

    /** A computer's turn, once the director is idle (the session asks only then). */
    function think(): void {
      const seat = seatToMove();
      if (computer.busy || get().animating || get().paused || !seat || seat.kind !== 'computer') return;
      const limit = game.setup.moveTimeLimit;
      const level = seat.level!;
      askFor(seat, 'move', level, limit > 0 ? Math.min(limit * 500, 5000) : undefined, (move) => {
        try {
          play(move);
        } catch (e) {
          // A computer player must only ever return legal moves: say so rather than hang.
          notice(`The computer (${level}) chose ${move}, which is not legal: ${(e as Error).message}. Start a new game.`);
        }
      }, 'The computer player failed');
    }

    deps.computer.onNotice?.((text) => notice(text));
    refresh = changed;

    const snapshot = takeSnapshot(game, firstSeats);
    return {
      snapshot,
      shown: shownRound(snapshot.events, deps.shownByDirector ? 0 : snapshot.events.length, firstSeats),
      paused: false,
      seats: firstSeats,
      players: match.players,
      round: 0,
      results: [],
      standings: matchStandings([], match.players.length, match.misere),
      settings,
      hovered: null,
      preview: null,
      legalSquares: [],
      pendingDouble: null,
      message: null,
      problems,
      thinking: null,
      animating: false,
      clock: null,

      hoverSquare(square) {
        set({ hovered: square, preview: previewFor(square) });
      },

      clickSquare(square) {
        if (game.state.over) return notice('The round is over: start the next round or a new game.', 'refusal');
        const { shown } = get();
        if (!shown.caughtUp) return notice(shown.startThrow && shown.startThrow.kind !== 'starts' ? throwTexts.stillRolling : throwTexts.notYet, 'refusal');
        const seat = seatToMove();
        if (seat && seat.kind !== 'human') return notice(`It is ${game.state.toMove}'s turn: ${seat.name} (computer) is thinking.`, 'refusal');
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
          notice(e.message, 'refusal');
          set({ preview: previewFor(get().hovered) });
        }
      },

      newGame(options) {
        const next: AppSettings = {
          ...get().settings,
          takeBacks: options.takeBacks,
          moveTimeLimit: options.moveTimeLimit,
          newGame: { players: options.players, size: options.size, variant: options.variant, misere: options.misere },
        };
        keepSettings(next);
        match = startMatch(options);
        newRound(0, { players: options.players, results: [] });
      },

      nextRound() {
        const { round, results } = get();
        if (!game.state.over || !game.state.result) return notice('Finish this round first.', 'refusal');
        newRound(round + 1, { results: [...results, game.state.result] });
      },

      undo() {
        const { seats } = get();
        if (!game.setup.takeBacks) return notice('Take-backs are off (strict play).', 'refusal');
        if (!seats.some((s) => s.kind === 'human')) return notice('Only a game with a human player can take moves back.', 'refusal');
        if (game.state.moves.length === 0) return notice('There is no move to take back.', 'refusal');
        computer.cancel();
        moveClock.stop();
        // Back to the last position where a human was to move, so they can try again.
        do game.takeBack();
        while (game.state.moves.length > 0 && !humanToMove());
        set({ message: null, pendingDouble: null, clock: null });
        changed();
      },

      setSpeed(speed) {
        keepSettings({ ...get().settings, speed });
      },

      setSocketDots(on) {
        keepSettings({ ...get().settings, socketDots: on });
      },

      setCoordinates(on) {
        keepSettings({ ...get().settings, coordinates: on });
      },

      rulesSeen() {
        if (!get().settings.rulesSeen) keepSettings({ ...get().settings, rulesSeen: true });
      },

      setAnimating(busy) {
        if (get().animating === busy) return;
        set({ animating: busy });
        updateClock();
        if (!busy) computer.soon(think);
      },

      setShown(count) {
        if (!deps.shownByDirector || count === directorCount) return;
        directorCount = count;
        set({ shown: shownOf(get().snapshot) });
        updateInput();
      },

      setPaused(paused) {
        if (get().paused === paused) return;
        set({ paused });
        if (paused) {
          computer.cancel();
          const { clock } = get();
          if (clock) clockLeft = Math.max(0, clock.deadline - now());
          moveClock.stop();
        } else {
          updateClock();
          computer.soon(think);
        }
      },

      moveNow() {
        computer.moveNow();
      },

      suggest() {
        const seat = seatToMove();
        if (!seat || seat.kind !== 'human') return notice('Suggestions are for a human player to move.', 'refusal');
        if (computer.busy) return;
        const asked = game;
        askFor(seat, 'suggestion', deps.defaultLevel, undefined, (move) => {
          const check = asked.check(move);
          const rolls = check.ok ? check.rolls : [];
          const first = move.split('+')[0];
          set({ hovered: first, preview: { square: first, legal: true, rolls } });
          notice(`Suggestion (${deps.defaultLevel}): ${move}${rolls.length ? `, rolling ${rolls.join(', ')}` : ''}.`);
        }, 'No suggestion');
      },

      dismissProblems() {
        set({ problems: [] });
      },

      dispose() {
        computer.cancel();
        moveClock.stop();
      },
    };
  });

  // The first round may start with a computer to move or a clock: the same path as every change.
  refresh();
  return store;
}
