/**
 * The game session: the current round (an engine Game), its event log, the seats, settings,
 * match standings, hover preview, messages and computer players' thinking.
 *
 * The event log is the source of truth: the director animates `events`, and replay, undo,
 * save and share are the log plus the seed. Rules live in the engine only: every click goes
 * through Game.check / Game.play and an illegal one changes nothing but `message`.
 *
 * Computer turns: the session asks the computer only when the director reports that the
 * animations have finished (setAnimating(false)), so computer games can be watched, and
 * applies a move only if the round has not changed meanwhile.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import {
  type Colour,
  Game,
  type GameEvent,
  matchStandings,
  type MatchStandings,
  playerInSeat,
  RuleError,
  type RoundResult,
  Random,
  freshSeed,
} from '../engine/index';
import type { ComputerPlayer, Thinking } from './computer';
import { computerName, defaultPlayers, loadSettings, type NewGameOptions, type PlayerSpec, saveSettings, type Settings } from './settings';
import { defaultPlayerCount, describeProblem, parseUrlParams, type SeatChoice } from './url';

export interface Seat extends PlayerSpec {
  /** Colours this seat plays this round (RoundSetup.players). */
  colours: Colour[];
  /** Index into the match's players (seats rotate between rounds). */
  player: number;
}

export interface Preview {
  square: string;
  legal: boolean;
  /** Why the move is illegal (the engine's words). */
  reason?: string;
  /** Balls the move would roll, in rolling order. */
  rolls: string[];
  /** Pro double being built: the first square already chosen. */
  first?: string;
}

export interface Message {
  text: string;
  kind: 'refusal' | 'notice';
  /** Grows with every message, so the same text shown twice is still news. */
  id: number;
}

export interface ThinkingState {
  seat: number;
  colour: Colour;
  level: string;
  since: number;
  /** 'hint': the strongest level thinks for the human to move (suggest()). */
  purpose: 'move' | 'hint';
}

export interface Clock {
  colour: Colour;
  moveNumber: number;
  /** Time (ms, the session's clock) at which the move is played for the mover. */
  deadline: number;
}

export interface SessionState {
  game: Game;
  /** The round's event log; a new array whenever it grows or is reset. */
  events: readonly GameEvent[];
  seats: Seat[];
  /** The people (or programs) of the match, in the order of the new-game dialog. */
  players: PlayerSpec[];
  /** 0-based round of the match. */
  round: number;
  /** Results of the rounds already finished and left (not the current one). */
  results: RoundResult[];
  /** Standings including the current round once it is over. */
  standings: MatchStandings;
  settings: Settings;
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
  /** Whether undo() would take something back now. */
  canUndo(): boolean;
  setSpeed(speed: number): void;
  setHints(on: boolean): void;
  setAnimating(busy: boolean): void;
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
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Milliseconds; default Date.now. */
  now?: () => number;
}

export interface SessionStart {
  /** location.search */
  search?: string;
}

/** Seed of round `round` of a match seeded with `seed`: round 0 uses the seed itself. */
export function roundSeed(seed: number, round: number): number {
  if (round === 0) return seed;
  const random = new Random(seed);
  let s = 0;
  for (let i = 0; i < round; i++) s = random.nextUint32();
  return s;
}

export function createSession(deps: SessionDeps, start: SessionStart = {}): StoreApi<SessionState> {
  const now = deps.now ?? (() => Date.now());
  const storage = deps.storage ?? null;
  const loaded = loadSettings(storage, deps.levels, deps.defaultLevel);
  const url = parseUrlParams(start.search ?? '', deps.levels, deps.defaultLevel);
  const problems = [...url.problems.map((p) => `URL parameter ${describeProblem(p)}.`), ...loaded.problems];

  // The match as a whole: options are fixed for all its rounds.
  let match: NewGameOptions & { seed: number };
  let thinking: Thinking | null = null;
  let thinkToken = 0;
  let clockTimer: ReturnType<typeof setTimeout> | null = null;
  let scheduleTimer: ReturnType<typeof setTimeout> | null = null;
  let messageId = 0;
  let refresh: () => void = () => undefined;

  const settings: Settings = { ...loaded.settings };
  if (url.options.speed !== undefined) settings.speed = url.options.speed;
  if (url.options.hints !== undefined) settings.hints = url.options.hints;
  const first = firstMatch();

  /** The first game: the URL's choices, the last game's (saved) for the rest where they fit. */
  function firstMatch(): NewGameOptions {
    const o = url.options;
    const saved = settings.newGame;
    const fits = (count: number) => !(o.size === 4 && count > 2) && !(o.variant === 'team' && count !== 2);
    const players = o.seats ? playersFromUrl(o.seats) : fits(saved.players.length) ? saved.players : defaultPlayers(defaultPlayerCount(o), deps.defaultLevel);
    const n = players.length;
    const size = o.size ?? (saved.size === 4 && n > 2 ? 8 : saved.size);
    const variant = o.variant ?? (saved.variant === 'team' && n !== 2 ? 'standard' : saved.variant);
    return { players, size, variant, misere: o.misere ?? saved.misere, takeBacks: settings.takeBacks, moveTimeLimit: settings.moveTimeLimit, seed: o.seed };
  }

  function playersFromUrl(choices: SeatChoice[]): PlayerSpec[] {
    const humans = choices.filter((c) => c.kind === 'human').length;
    let human = 0;
    return choices.map((c, i): PlayerSpec => {
      if (c.kind === 'computer') return { kind: 'computer', level: c.level!, name: computerName(c.level!, i) };
      return { kind: 'human', name: humans === 1 ? 'You' : `Player ${++human}` };
    });
  }

  function makeRound(round: number): { game: Game; seats: Seat[] } {
    const n = match.players.length;
    const game = new Game({
      size: match.size,
      players: n,
      variant: match.variant,
      misere: match.misere,
      moveTimeLimit: match.moveTimeLimit,
      takeBacks: match.takeBacks,
      seed: roundSeed(match.seed, round),
    });
    const seats = game.setup.players.map((colours, seat): Seat => {
      const player = playerInSeat(seat, round, n);
      return { ...match.players[player], colours, player };
    });
    return { game, seats };
  }

  function startMatch(options: NewGameOptions): Pick<SessionState, 'game' | 'events' | 'seats' | 'players' | 'round' | 'results'> {
    match = { ...options, seed: options.seed ?? freshSeed() };
    const { game, seats } = makeRound(0);
    return { game, events: [...game.events], seats, players: options.players, round: 0, results: [] };
  }

  const store = createStore<SessionState>()((set, get) => {
    const notice = (text: string, kind: Message['kind'] = 'notice') => set({ message: { text, kind, id: ++messageId } });

    function seatToMove(): Seat | null {
      const { game, seats } = get();
      const colour = game.state.toMove;
      if (!colour || game.state.over) return null;
      return seats.find((s) => s.colours.includes(colour)) ?? null;
    }

    function humanToMove(): boolean {
      return seatToMove()?.kind === 'human';
    }

    function legalSquares(): string[] {
      if (!humanToMove()) return [];
      return [...new Set(get().game.legalMoves().flatMap((m) => m.split('+')))];
    }

    function computePreview(square: string | null): Preview | null {
      const { game, pendingDouble } = get();
      if (!square || !humanToMove()) return null;
      if (pendingDouble && square !== pendingDouble) {
        const check = game.check(`${pendingDouble}+${square}`);
        return check.ok ? { square, legal: true, rolls: check.rolls, first: pendingDouble } : { square, legal: false, reason: check.reason, rolls: [], first: pendingDouble };
      }
      const check = game.check(square);
      if (check.ok) return { square, legal: true, rolls: check.rolls };
      // In Pro a square may be illegal alone but the first ball of a legal double.
      if (doublesWith(square).length) return { square, legal: true, rolls: [] };
      return { square, legal: false, reason: check.reason, rolls: [] };
    }

    function doublesWith(square: string): string[] {
      return get().game.legalMoves().filter((m) => m.includes('+') && m.split('+').includes(square));
    }

    /** After every change of the round: new log reference, standings, preview, clock, computer. */
    function changed(extra: Partial<SessionState> = {}): void {
      set(extra);
      const { game, results } = get();
      set({ events: [...game.events], standings: standingsOf(results, game), legalSquares: legalSquares(), preview: computePreview(get().hovered) });
      updateClock();
      schedule();
    }
    refresh = changed;

    function standingsOf(results: RoundResult[], game: Game): MatchStandings {
      const all = game.state.over && game.state.result ? [...results, game.state.result] : results;
      return matchStandings(all, match.players.length, match.misere);
    }

    function play(text: string): void {
      if (get().thinking?.purpose === 'hint') cancelThinking();
      get().game.play(text);
      set({ message: null, pendingDouble: null });
      changed();
    }

    // --- clock (moves with a time limit; humans only: computers answer well within it) ----------

    function stopClock(): void {
      if (clockTimer) clearTimeout(clockTimer);
      clockTimer = null;
    }

    function updateClock(): void {
      const { game, animating, clock } = get();
      const limit = game.setup.moveTimeLimit;
      const colour = game.state.toMove;
      const moveNumber = game.state.moves.length + 1;
      // The clock waits while the previous move is still being animated.
      const runs = limit > 0 && colour !== null && humanToMove() && !animating;
      if (runs && clock && clock.moveNumber === moveNumber && clock.colour === colour) return;
      stopClock();
      if (!runs) {
        if (clock) set({ clock: null });
        return;
      }
      set({ clock: { colour, moveNumber, deadline: now() + limit * 1000 } });
      clockTimer = setTimeout(() => expire(game, moveNumber), limit * 1000);
    }

    function expire(game: Game, moveNumber: number): void {
      clockTimer = null;
      if (get().game !== game || game.state.over || game.state.moves.length + 1 !== moveNumber) return;
      const colour = game.state.toMove!;
      const events = game.expireClock();
      const placed = events.flatMap((e) => (e.type === 'ballPlaced' ? [e.square] : []));
      set({ clock: null, pendingDouble: null });
      notice(`${colour}'s time ran out: ${placed.join('+')} was played (the move that rolls the most balls).`);
      changed();
    }

    // --- computer turns ----------------------------------------------------------------------

    function cancelThinking(): void {
      thinkToken++;
      thinking?.cancel();
      thinking = null;
      if (scheduleTimer) clearTimeout(scheduleTimer);
      scheduleTimer = null;
      if (get().thinking) set({ thinking: null });
    }

    /**
     * Asks the computer for its move once the director is idle. Deferred by a task so a director
     * that reacts to the new events reports setAnimating(true) first.
     */
    function schedule(): void {
      if (scheduleTimer || thinking) return;
      scheduleTimer = setTimeout(() => {
        scheduleTimer = null;
        think();
      }, 0);
    }

    function think(): void {
      const { game, animating, seats } = get();
      const seat = seatToMove();
      if (thinking || animating || !seat || seat.kind !== 'computer') return;
      const token = ++thinkToken;
      const seatIndex = seats.indexOf(seat);
      const limit = game.setup.moveTimeLimit;
      const job = deps.computer.think({
        game,
        level: seat.level!,
        movetime: limit > 0 ? Math.min(limit * 500, 5000) : undefined,
      });
      thinking = job;
      set({ thinking: { seat: seatIndex, colour: game.state.toMove!, level: seat.level!, since: now(), purpose: 'move' } });
      job.result.then(
        (move) => {
          if (token !== thinkToken) return;
          thinking = null;
          set({ thinking: null });
          try {
            play(move);
          } catch (e) {
            // A computer player must only ever return legal moves: say so rather than hang.
            notice(`The computer (${seat.level}) chose ${move}, which is not legal: ${(e as Error).message}. Start a new game.`);
          }
        },
        (error: unknown) => {
          if (token !== thinkToken) return;
          thinking = null;
          set({ thinking: null });
          notice(`The computer player failed: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    }

    deps.computer.onNotice?.((text) => notice(text));

    const initial = startMatch(first);

    return {
      ...initial,
      standings: matchStandings([], first.players.length, first.misere),
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
        set({ hovered: square, preview: computePreview(square) });
      },

      clickSquare(square) {
        const { game, pendingDouble } = get();
        if (game.state.over) return notice('The round is over: start the next round or a new game.', 'refusal');
        const seat = seatToMove();
        if (seat && seat.kind !== 'human') return notice(`It is ${game.state.toMove}'s turn: ${seat.name} (computer) is thinking.`, 'refusal');
        try {
          if (pendingDouble) {
            set({ pendingDouble: null });
            if (square === pendingDouble) {
              const single = game.check(square);
              if (single.ok) play(square);
              else notice(`Second ball cancelled; ${single.reason}.`, 'refusal');
            } else {
              play(`${pendingDouble}+${square}`);
            }
            return;
          }
          if (doublesWith(square).length) {
            set({ pendingDouble: square, preview: computePreview(get().hovered) });
            const single = game.check(square).ok;
            return notice(
              single
                ? `Pro: click ${square} again to place one ball, or another socket to place two.`
                : `Pro: now click the second socket, on a line with ${square} across other colours' balls.`,
            );
          }
          play(square);
        } catch (e) {
          if (!(e instanceof RuleError)) throw e;
          notice(e.message, 'refusal');
          set({ preview: computePreview(get().hovered) });
        }
      },

      newGame(options) {
        cancelThinking();
        stopClock();
        const s = get().settings;
        const next: Settings = {
          ...s,
          takeBacks: options.takeBacks,
          moveTimeLimit: options.moveTimeLimit,
          newGame: { players: options.players, size: options.size, variant: options.variant, misere: options.misere },
        };
        saveSettings(storage, next);
        const started = startMatch(options);
        set({ ...started, settings: next, clock: null, message: null, pendingDouble: null, standings: matchStandings([], options.players.length, options.misere) });
        changed();
      },

      nextRound() {
        const { game, round, results } = get();
        if (!game.state.over || !game.state.result) return notice('Finish this round first.', 'refusal');
        cancelThinking();
        stopClock();
        const nextResults = [...results, game.state.result];
        const made = makeRound(round + 1);
        set({ ...made, round: round + 1, clock: null, message: null, pendingDouble: null });
        changed({ results: nextResults });
      },

      canUndo() {
        const { game, seats } = get();
        return game.setup.takeBacks && game.state.moves.length > 0 && seats.some((s) => s.kind === 'human');
      },

      undo() {
        const { game, seats } = get();
        if (!game.setup.takeBacks) return notice('Take-backs are off (strict play).', 'refusal');
        if (!seats.some((s) => s.kind === 'human')) return notice('Only a game with a human player can take moves back.', 'refusal');
        if (game.state.moves.length === 0) return notice('There is no move to take back.', 'refusal');
        cancelThinking();
        stopClock();
        // Back to the last position where a human was to move, so they can try again.
        do game.takeBack();
        while (game.state.moves.length > 0 && !humanToMove());
        set({ message: null, pendingDouble: null, clock: null });
        changed();
      },

      setSpeed(speed) {
        const settings = { ...get().settings, speed };
        saveSettings(storage, settings);
        set({ settings });
      },

      setHints(on) {
        const settings = { ...get().settings, hints: on };
        saveSettings(storage, settings);
        set({ settings });
      },

      setAnimating(busy) {
        if (get().animating === busy) return;
        set({ animating: busy });
        updateClock();
        if (!busy) schedule();
      },

      moveNow() {
        thinking?.moveNow();
      },

      suggest() {
        const { game, seats } = get();
        const seat = seatToMove();
        if (!seat || seat.kind !== 'human') return notice('Suggestions are for a human player to move.', 'refusal');
        if (thinking) return;
        const token = ++thinkToken;
        const job = deps.computer.think({ game, level: deps.defaultLevel });
        thinking = job;
        set({ thinking: { seat: seats.indexOf(seat), colour: game.state.toMove!, level: deps.defaultLevel, since: now(), purpose: 'hint' } });
        job.result.then(
          (move) => {
            if (token !== thinkToken) return;
            thinking = null;
            const check = game.check(move);
            const rolls = check.ok ? check.rolls : [];
            const first = move.split('+')[0];
            set({ thinking: null, hovered: first, preview: { square: first, legal: true, rolls } });
            notice(`Suggestion (${deps.defaultLevel}): ${move}${rolls.length ? `, rolling ${rolls.join(', ')}` : ''}.`);
          },
          (error: unknown) => {
            if (token !== thinkToken) return;
            thinking = null;
            set({ thinking: null });
            notice(`No suggestion: ${error instanceof Error ? error.message : String(error)}`);
          },
        );
      },

      dismissProblems() {
        set({ problems: [] });
      },

      dispose() {
        cancelThinking();
        stopClock();
      },
    };
  });

  // The first round may start with a computer to move or a clock: the same path as every change.
  refresh();
  return store;
}

// --- the page's session ---------------------------------------------------------------------

let pageSession: StoreApi<SessionState> | null = null;

/** Creates the page's session (main.tsx; tests create their own with createSession). */
export function initSession(deps: SessionDeps, start: SessionStart = {}): StoreApi<SessionState> {
  pageSession?.getState().dispose();
  pageSession = createSession(deps, start);
  return pageSession;
}

export function sessionStore(): StoreApi<SessionState> {
  if (!pageSession) throw new Error('the session is not started: call initSession first');
  return pageSession;
}

/**
 * React hook on the page's session: `useSession((s) => s.events)`. Also, outside React,
 * `useSession.getState()` and `useSession.subscribe(listener)`.
 */
export const useSession = Object.assign(<T>(selector: (state: SessionState) => T): T => useStore(sessionStore(), selector), {
  getState: (): SessionState => sessionStore().getState(),
  subscribe: (listener: (state: SessionState, previous: SessionState) => void): (() => void) => sessionStore().subscribe(listener),
});
