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
import { makeRound, type Match, type Seat, seatsOf, startingPoint, startMatch } from './matchSetup';
import { createGameKeeper, saveText } from './persistence/currentGame';
import { type HistoryEntry, historyEntry, loadHistory, mergeHistory, readHistoryFile, storeHistory } from './persistence/history';
import { follow, gameAt, openReplay, playLineMove, type Replay } from './replay';
import { replayTexts } from './replayTexts';
import { sessionTexts } from './sessionTexts';
import { errorText, ruleText } from '../i18n/engineReasons';
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
export type { Replay } from './replay';

/** Why the game is not being kept: a save that could not be read (its raw text to download), or storage refusing. */
export interface SaveNotice {
  text: string;
  /** The unreadable save, for the player to keep. */
  raw?: string;
}

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
  /** Computer seats wait (a spectator's pause, apart from the dialogs' `paused`); humans may still move. */
  spectatorPaused: boolean;
  /** A recorded round being stepped through (and its variations), or null in a live game. */
  replay: Replay | null;
  /** Grows on every jump in a replay that the board shows at once (not animated); 1 at the start of a resumed game. */
  jumps: number;
  saveNotice: SaveNotice | null;
  /** Finished rounds kept on this device, newest first (when the page keeps games). */
  history: HistoryEntry[];

  hoverSquare(square: string | null): void;
  clickSquare(square: string): void;
  /** Drops the first ball of a half-made Pro double (Escape); true when there was one. */
  cancelDouble(): boolean;
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
  /** Pauses or resumes the computer seats (Space). */
  setSpectatorPaused(paused: boolean): void;
  /** Lets the computer to move play exactly one move, then stays paused. */
  step(): void;
  /** A person takes a computer seat (`human` true; its next turn is theirs) or hands it back. */
  takeOver(seat: number, human: boolean): void;
  /** For a human to move: the strongest level's move, shown as the preview and in the message. */
  suggest(): void;
  dismissProblems(): void;
  /** Opens a record in replay at its start; a bad record changes nothing and returns the reason (line, column). */
  openRecord(text: string): string | null;
  /** In replay: one move back (the balls roll back) or forward along the followed line. */
  replayStep(delta: 1 | -1): void;
  /** In replay: to the position after `ply` moves of `line` (one move: animated; further: at once). */
  replayGo(line: number, ply: number): void;
  /**
   * In replay: play on from this move with these players (one per seat, human or computer with a
   * level), like a live game; the moves made a variation, the record's line stays. Stepping or
   * jumping returns to review (every seat human). Returns why not, or null.
   */
  replayContinue(players: PlayerSpec[]): string | null;
  dismissSaveNotice(): void;
  /** Forgets a finished round (by its record). */
  deleteFromHistory(record: string): void;
  /** Adds the rounds of a history export; says how many were added and skipped, or why none were. */
  importHistory(text: string): { ok: true; added: number; skipped: number } | { ok: false; reason: string };
  /** A notice from the page (a share link or file that cannot be read). */
  showNotice(text: string, kind?: Message['kind']): void;
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
  /** Keep the current game in `storage` after every move and resume it at the start (the page does). */
  keepGame?: boolean;
}

export interface SessionStart {
  /** location.search */
  search?: string;
}

export function createSession(deps: SessionDeps, start: SessionStart = {}): StoreApi<SessionState> {
  const now = deps.now ?? (() => Date.now());
  const storage = deps.storage ?? null;
  const { settings, first, problems, urlStartsGame } = startingPoint(deps, start.search ?? '');
  const moveClock = createMoveClock(now);
  const keeper = deps.keepGame ? createGameKeeper(storage, deps.levels) : null;
  // A game in progress resumes unless the URL chooses a new one.
  const kept = keeper && !urlStartsGame ? keeper.load() : { resumed: null, unreadable: null };
  const resumed = kept.resumed;
  let match: Match = resumed?.match ?? startMatch(first);
  let { game, seats: firstSeats } = resumed ? { game: resumed.game, seats: seatsOf(resumed.match, resumed.round, resumed.game) } : makeRound(match, 0);
  let saveFailed = false;
  const storedHistory: ReturnType<typeof loadHistory> = keeper ? loadHistory(storage) : { entries: [], problem: null };
  let messageId = 0;
  /** One computer move allowed while paused (step). */
  let stepping = false;
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

    /** After every change of the round: a new snapshot, standings, input state, clock, computer, save. */
    function changed(): void {
      const snapshot = takeSnapshot(game, get().seats);
      if (get().replay) set({ replay: follow(get().replay!, snapshot.state.moves) });
      else {
        keep(snapshot.record);
        if (snapshot.over) remember(historyEntry(snapshot.record, get().seats, new Date(now())));
      }
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

    /** Saves the live game; the first refusal by storage is reported, the game goes on. */
    function keep(record: string): void {
      if (!keeper) return;
      const { round, results } = get();
      if (keeper.save(saveText(match, round, results, record, new Date(now())))) saveFailed = false;
      else if (!saveFailed) {
        saveFailed = true;
        set({ saveNotice: { text: replayTexts.saveRefused } });
      }
    }

    /** Adds finished rounds to the history (a record already there is skipped) and stores it. */
    function remember(...entries: HistoryEntry[]): { added: number; skipped: number } {
      if (!keeper) return { added: 0, skipped: entries.length };
      const merged = mergeHistory(get().history, entries);
      const counts = { added: merged.added, skipped: merged.skipped };
      if (merged.added === 0) return counts;
      set({ history: merged.entries });
      if (!storeHistory(storage, merged.entries) && !saveFailed) {
        saveFailed = true;
        set({ saveNotice: { text: replayTexts.saveRefused } });
      }
      return counts;
    }

    /** The replay's players: `players`, or for review every seat human (so any move may be tried). */
    function replayPlayers(players?: PlayerSpec[]): Pick<SessionState, 'players' | 'seats'> {
      players ??= game.setup.players.map((colours) => ({ kind: 'human' as const, name: colours.join(' + ') }));
      // The replay is a match of its own (one round): standings count its seats.
      match = { ...match, players, misere: game.setup.misere };
      return { players, seats: seatsOf(match, 0, game) };
    }

    /** Back to review after playing on with computer seats: their thinking stops, every seat is human. */
    function review(): void {
      if (get().seats.every((s) => s.kind === 'human')) return;
      computer.cancel();
      set(replayPlayers());
    }

    /** Puts `next` on the table in replay at once (all seats human, so any move may be tried from there). */
    function showReplay(next: Game, replay: Replay): void {
      computer.cancel();
      moveClock.stop();
      game = next;
      set({ replay, ...replayPlayers(), round: 0, results: [], clock: null, message: null, pendingDouble: null });
      changed();
      // After the new log reached the director: it shows the position at once.
      set({ jumps: get().jumps + 1 });
    }

    function play(text: string): void {
      if (get().thinking?.purpose === 'suggestion') computer.cancel();
      stepping = false;
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
      // The engine's time-out move (rules.md): the most balls, the fewest in misère.
      notice(sessionTexts.timeRanOut(colour, placed.join('+'), game.setup.misere));
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
      if (computer.busy || get().animating || get().paused || (get().spectatorPaused && !stepping) || !seat || seat.kind !== 'computer') return;
      const limit = game.setup.moveTimeLimit;
      const level = seat.level!;
      askFor(seat, 'move', level, limit > 0 ? Math.min(limit * 500, 5000) : undefined, (move) => {
        try {
          play(move);
        } catch (e) {
          // A computer player must only ever return legal moves: say so rather than hang.
          notice(sessionTexts.computerIllegal(level, move, e instanceof RuleError ? ruleText(e) : (e as Error).message));
        }
      }, sessionTexts.computerFailed(level));
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
      round: resumed?.round ?? 0,
      results: resumed?.results ?? [],
      standings: matchStandings(resumed?.results ?? [], match.players.length, match.misere),
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
      spectatorPaused: false,
      replay: null,
      // A resumed game is shown as it stands, its animations settled.
      jumps: resumed ? 1 : 0,
      saveNotice: kept.unreadable
        ? { text: replayTexts.unreadableSave(kept.unreadable), raw: kept.unreadable.raw }
        : storedHistory.problem
          ? { text: replayTexts.unreadableHistory(storedHistory.problem.reason), raw: storedHistory.problem.raw }
          : null,
      history: storedHistory.entries,

      hoverSquare(square) {
        set({ hovered: square, preview: previewFor(square) });
      },

      clickSquare(square) {
        if (game.state.over) return notice(sessionTexts.roundIsOver, 'refusal');
        const { shown } = get();
        if (!shown.caughtUp) return notice(shown.startThrow && shown.startThrow.kind !== 'starts' ? throwTexts.stillRolling : throwTexts.notYet, 'refusal');
        const seat = seatToMove();
        if (seat && seat.kind !== 'human') return notice(sessionTexts.computerThinking(game.state.toMove!, seat.name), 'refusal');
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
        const next: AppSettings = {
          ...get().settings,
          takeBacks: options.takeBacks,
          moveTimeLimit: options.moveTimeLimit,
          newGame: { players: options.players, size: options.size, variant: options.variant, misere: options.misere },
        };
        keepSettings(next);
        match = startMatch(options);
        newRound(0, { players: options.players, results: [], replay: null });
      },

      nextRound() {
        const { round, results } = get();
        if (!game.state.over || !game.state.result) return notice(sessionTexts.finishRoundFirst, 'refusal');
        if (get().replay) return notice(replayTexts.noNextRound, 'refusal');
        newRound(round + 1, { results: [...results, game.state.result] });
      },

      undo() {
        const { seats } = get();
        if (!game.setup.takeBacks) return notice(sessionTexts.takeBacksOff, 'refusal');
        if (!seats.some((s) => s.kind === 'human')) return notice(sessionTexts.takeBacksNeedHuman, 'refusal');
        if (game.state.moves.length === 0) return notice(sessionTexts.nothingToTakeBack, 'refusal');
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

      setSpectatorPaused(paused) {
        if (get().spectatorPaused === paused) return;
        stepping = false;
        set({ spectatorPaused: paused });
        // A move being thought about is dropped: paused means the board stays as it is.
        if (paused && get().thinking?.purpose === 'move') computer.cancel();
        if (!paused) computer.soon(think);
      },

      step() {
        // Running: the move being thought about is the step. Paused: ask for one.
        stepping = true;
        set({ spectatorPaused: true });
        computer.soon(think);
      },

      takeOver(index, human) {
        const seat = get().seats[index];
        if (!seat) return notice(`There is no seat ${index + 1}.`, 'refusal');
        if (!seat.level) return notice(`Seat ${index + 1} (${seat.name}) was never a computer: there is none to hand it back to.`, 'refusal');
        if ((seat.kind === 'human') === human) return;
        if (get().thinking?.seat === index) computer.cancel();
        const kind = human ? 'human' : 'computer';
        // The match's player changes too, so the take-over lasts through the next rounds until handed back.
        match = { ...match, players: match.players.map((p, i) => (i === seat.player ? { ...p, kind } : p)) };
        set({ seats: get().seats.map((s, i) => (i === index ? { ...s, kind } : s)), players: match.players, pendingDouble: null });
        changed();
      },

      suggest() {
        const seat = seatToMove();
        if (!seat || seat.kind !== 'human') return notice(sessionTexts.suggestionsForHuman, 'refusal');
        if (computer.busy) return;
        const asked = game;
        askFor(seat, 'suggestion', deps.defaultLevel, undefined, (move) => {
          const check = asked.check(move);
          const rolls = check.ok ? check.rolls : [];
          const first = move.split('+')[0];
          set({ hovered: first, preview: { square: first, legal: true, rolls } });
          notice(sessionTexts.suggestion(deps.defaultLevel, move, rolls));
        }, sessionTexts.noSuggestion);
      },

      dismissProblems() {
        set({ problems: [] });
      },

      openRecord(text) {
        let replay: Replay;
        try {
          replay = openReplay(text);
        } catch (e) {
          const reason = replayTexts.badRecord(errorText(e));
          notice(reason, 'refusal');
          return reason;
        }
        showReplay(gameAt(replay, 0, 0), replay);
        return null;
      },

      replayStep(delta) {
        const replay = get().replay;
        if (!replay) return;
        review();
        const ply = game.state.moves.length;
        if (delta < 0) {
          if (ply === 0) return;
          computer.cancel();
          game.takeBack(true);
          set({ message: null, pendingDouble: null });
          changed();
          return;
        }
        const next = replay.lines[replay.line][ply];
        if (!next) return;
        playLineMove(game, next);
        set({ message: null, pendingDouble: null });
        changed();
      },

      replayGo(line, ply) {
        const replay = get().replay;
        if (!replay || !replay.lines[line]) return;
        const target = Math.max(0, Math.min(ply, replay.lines[line].length));
        const here = game.state.moves.length;
        if (line === replay.line && Math.abs(target - here) === 1) return get().replayStep(target > here ? 1 : -1);
        if (line === replay.line && target === here) return;
        showReplay(gameAt(replay, line, target), { ...replay, line });
      },

      replayContinue(players) {
        if (!get().replay) return replayTexts.continueOutsideReplay;
        if (game.state.over) return replayTexts.continueRoundOver;
        if (players.length !== game.setup.players.length) return replayTexts.continueSeatCount(players.length, game.setup.players.length);
        const unknown = players.find((p) => p.kind === 'computer' && !deps.levels.includes(p.level ?? ''));
        if (unknown) return replayTexts.continueUnknownLevel(unknown.level ?? '', deps.levels);
        computer.cancel();
        set({ ...replayPlayers(players), message: null, pendingDouble: null });
        changed();
        return null;
      },

      dismissSaveNotice() {
        set({ saveNotice: null });
      },

      deleteFromHistory(record) {
        const history = get().history.filter((e) => e.record !== record);
        set({ history });
        storeHistory(storage, history);
      },

      importHistory(text) {
        let entries: HistoryEntry[];
        try {
          entries = readHistoryFile(text);
        } catch (e) {
          return { ok: false, reason: (e as Error).message };
        }
        return { ok: true, ...remember(...entries) };
      },

      showNotice(text, kind = 'notice') {
        notice(text, kind);
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
