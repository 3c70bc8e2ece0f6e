/**
 * The session's public shape (its state and actions, what it is built from) and the narrow
 * handles its modules are lent: the store's get/set and the round on the table.
 */
import type { Colour, Game, Match, MatchOptions, MatchStandings, PlayerSpec, RoundResult, Seat } from '../../engine/index';
import type { SeatSpec } from '../../flow/matchFlow';
import type { ThinkingState } from '../computer/askComputer';
import type { ComputerPlayer } from '../computer/computer';
import type { Preview } from './input';
import type { StartingDeps } from '../setup/matchSetup';
import type { HistoryEntry } from '../persistence/history';
import type { Replay } from '../replay/replay';
import type { RemoteRound } from './remoteRound';
import type { RoundSnapshot } from './roundSnapshot';
import type { ShownRound } from './shownRound';
import type { AppSettings } from '../setup/settings';
import type { Words } from './words';

/** Why the game is not being kept: a save that could not be read (its raw text to download), storage refusing, rounds leaving the history. */
export interface SaveNotice {
  text: string;
  /** The unreadable (or newer) save, or the history's damaged rounds, for the player to keep. */
  raw?: string;
  /** The name `raw` is downloaded under; default rolit-unreadable-save.json. */
  rawFile?: string;
  /** Storage refused a write: the game and the history are offered for download. */
  storageFull?: boolean;
  /** The oldest rounds that left the history (a history file), offered for export. */
  dropped?: string;
}

/** What an import of a history file did: how many rounds it added and skipped, how many old ones left, whether storage took it; or why nothing was added. */
export type ImportOutcome =
  | { ok: true; added: number; skipped: number; dropped: number; stored: boolean }
  | { ok: false; reason: string };

/** The move clock the page shows: one move of one round. */
export interface Clock {
  colour: Colour;
  moveNumber: number;
  /** Time (ms, the session's clock) at which the move is played for the mover. */
  deadline: number;
}

export type { Words } from './words';

export interface Message {
  /** The message in the page's language now (worded at each reading). */
  readonly text: string;
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
  /**
   * The colours a person at this page plays in the round on the table when not every colour is
   * theirs: an online room's round (its seat's; none for a spectator or once resigned); null where
   * every colour is played here (the page's own round, a replay, also one over a room's round).
   * The view reads this fact rather than asking whether the page is online or in a replay.
   */
  ownColours: readonly Colour[] | null;
  /** In an online room's round, the seats whose person resigned, by their first colour, with the level playing on for each; else null. */
  resignedSeats: Readonly<Partial<Record<Colour, string>>> | null;
  /** Per seat, the moves a computer played for its person this round (an online room's round); null for a round played here. */
  standInMoves: readonly number[] | null;
  /** Per seat, whether its person gave the round up (an online room's round); null for a round played here (a replay's: gaveUpShown). */
  gaveUp: readonly boolean[] | null;
  /** Whether this page runs the round's turns and its computer seats (its own round, a replay): not an online room's round, which the server runs. */
  turnsHere: boolean;
  /** Who deals the round after this one: this page (`here`), the room's host by a rematch (`host`), or nobody (a replay's one round: the way on is out of it). */
  nextRoundBy: 'here' | 'host' | null;
  /** Standings including the current round once it is over. */
  standings: MatchStandings;
  settings: AppSettings;
  hovered: string | null;
  /** Whether the hovered socket was previewed by a first tap on a touch screen (a second tap plays it). */
  tapped: boolean;
  preview: Preview | null;
  /** Squares a human may play now (both squares of Pro doubles); empty on a computer's turn. */
  legalSquares: string[];
  /** First ball of a Pro double chosen by a click, waiting for the second. */
  pendingDouble: string | null;
  /**
   * A feature narrowing which clicks it takes (the guided tour: only its example move): says why a
   * click is not taken, or null to let the engine decide. Asked before the engine, after the turn checks.
   */
  clickGuard: ((square: string) => string | null) | null;
  message: Message | null;
  /** Problems with the URL or the saved settings, for the page's banner. */
  problems: string[];
  thinking: ThinkingState | null;
  /**
   * The computer failed for good (its worker crashed): the level that now plays for every computer
   * seat and finds the suggestions, or null while the computer works.
   */
  standIn: string | null;
  /** The page says that a stand-in plays, until the person deals with it: dismisses it, takes a computer seat over, or starts a new game. */
  standInNotice: boolean;
  animating: boolean;
  clock: Clock | null;
  /** Computer seats wait (a spectator's pause, apart from the dialogs' `paused`); humans may still move. */
  spectatorPaused: boolean;
  /**
   * When the page's own computers-only match starts its next round by itself (ms, the session's
   * clock: its match flow's pause, once the round's end has been shown and nothing is paused, while
   * the watch sets one), or 0 when none is due.
   */
  nextRoundAt: number;
  /** A recorded round being stepped through (and its variations), or null in a live game. */
  replay: Replay | null;
  /** Grows on every jump in a replay that the board shows at once (not animated); 1 at the start of a resumed game. */
  jumps: number;
  saveNotice: SaveNotice | null;
  /** The round of an online room this page shows (its moves go to the server), or null in local play. */
  remote: RemoteRound | null;
  /** Finished rounds kept on this device, newest first (when the page keeps games). */
  history: HistoryEntry[];

  /**
   * Shows a round of an online room (the local game waits in memory), and each update of it; null
   * goes back to the local game as it was. Clicks then send moves to the server; the computer
   * seats and the clock are the server's.
   */
  showRemote(round: RemoteRound | null): void;
  /** Points at a socket (null: at none); `tap`: a first tap on a touch screen, whose preview a second tap plays. */
  hoverSquare(square: string | null, tap?: boolean): void;
  clickSquare(square: string): void;
  /** Drops the first ball of a half-made Pro double (Escape); true when there was one. */
  cancelDouble(): boolean;
  newGame(options: MatchOptions): void;
  nextRound(): void;
  /** The pause before a computers-only match's next round at this page (ms; null: none, a next round waits for nextRound) and what ends it (default nextRound; the demo's next match). */
  setNextRoundPause(ms: number | null, next?: (session: SessionState) => void): void;
  /** No next round comes by itself after this round (its countdown cancelled): nextRound starts it. */
  cancelNextRound(): void;
  undo(): void;
  setSpeed(speed: number): void;
  setSocketDots(on: boolean): void;
  setCoordinates(on: boolean): void;
  /** The rules panel was shown: it does not open by itself again. */
  rulesSeen(): void;
  setAnimating(busy: boolean): void;
  /**
   * The director reports how many events of the log the board has shown, and while it is emptied
   * or its start balls placed, the balls at rest on it by colour (the seats count those then).
   */
  setShown(count: number, ballsAtRest?: Partial<Record<Colour, number>> | null): void;
  setPaused(paused: boolean): void;
  moveNow(): void;
  /**
   * Whether the computer is thinking or about to (a computer's move or a suggestion asked, its
   * answer still to come): what is shown will change by itself. `thinking` says what is shown.
   */
  computerPending(): boolean;
  /** Pauses or resumes the computer seats (Space). */
  setSpectatorPaused(paused: boolean): void;
  /** Lets the computer to move play exactly one move, then stays paused. */
  step(): void;
  /** A person takes a computer seat (`human` true; its next turn is theirs) or hands it back. */
  takeOver(seat: number, human: boolean): void;
  /** For a human to move: the strongest level's move, shown as the preview and in the message. */
  suggest(): void;
  dismissProblems(): void;
  /** The person has read that a stand-in plays for the computer (the seats still say so). */
  dismissStandIn(): void;
  /**
   * Opens a record in replay after `at.ply` of its moves (default: all, the round as it ended or
   * stands); a bad record changes nothing and returns the reason (line, column). `at.players`
   * names the seats of a record that does not name them (older history).
   */
  openRecord(text: string, at?: { ply?: number; players?: readonly PlayerSpec[] }): string | null;
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
  /** Puts a replay shown earlier back on the board at `ply` moves of its followed line (in review: every seat human). */
  reopenReplay(replay: Replay, ply: number): void;
  /** Leaves a replay for the live game as it was in memory when the replay opened. */
  leaveReplay(): void;
  dismissSaveNotice(): void;
  /** Forgets a finished round (by its record). */
  deleteFromHistory(record: string): void;
  /**
   * Adds the rounds of a history export, read in chunks so the page stays responsive (`progress`
   * hears rounds read of all); says what was added, or why none were.
   */
  importHistory(text: string, progress?: (done: number, total: number) => void): Promise<ImportOutcome>;
  /** Another tab changed the stored history: read it again. */
  reloadHistory(): void;
  /** A notice from the page (a share link or file that cannot be read). */
  showNotice(text: Words, kind?: Message['kind']): void;
  /** Online: the server refused a message (most often the move just sent); says why, and the turn is playable again. */
  remoteRefused(text: string): void;
  /** Stops timers and thinking (page unload, tests). */
  dispose(): void;
}

/** The computer levels and the storage (StartingDeps), the computer player, the clock and what the page adds. */
export interface SessionDeps extends StartingDeps {
  computer: ComputerPlayer;
  /** Milliseconds; default Date.now. */
  now?: () => number;
  /**
   * Whether a director reports what the board has shown (setShown). Without one (tests, the
   * command line) every event counts as shown at once.
   */
  shownByDirector?: boolean;
  /** Keep the current game in `storage` after every move and resume it at the start (the page does). */
  keepGame?: boolean;
  /** The key the game is kept under (each tab's own, page/tabGame.ts); default GAME_KEY. */
  gameKey?: string;
  /**
   * Start paused: computers, clocks and animations wait until setPaused(false). The page's view
   * says when the round may go (its loading screen, a first visit's rules): until it has rendered,
   * no computer may move unseen.
   */
  startPaused?: boolean;
}

export interface SessionStart {
  /** location.search */
  search?: string;
}

/**
 * The session's store as one of its modules sees it: it reads all of it and writes only its own
 * fields `K`, so each field has its writers named in their types (the seats: roundTable.ts alone).
 */
export interface SessionStore<K extends keyof SessionState> {
  get(): SessionState;
  set(partial: Partial<Pick<SessionState, K>>): void;
}

/** The round on the table and its match: the session's own, read (and replaced) through this handle only. */
export interface Table {
  game(): Game;
  match(): Match;
}

/** A table whose game a module may replace and whose seats it may hand over (replay, taking a seat over), through its match flow. */
export interface WritableTable extends Table {
  /** Another position of the round on the table (MatchFlow.putGame). */
  putGame(game: Game): void;
  /** Who plays match player `player`'s seat changes (MatchFlow.reseat). */
  reseat(player: number, spec: SeatSpec): void;
}

export type Notify = (text: Words, kind?: Message['kind']) => void;
