/**
 * The round on the table and the match around it. The round comes from one current source
 * (roundSource.ts): the page's own match, an online room's round while the page is in one, or a
 * replay open over either. A match played at the page (its own, a replay) runs on a MatchFlow
 * (src/flow), as a room's match does at the server, the page its host: its clock, its computer,
 * every person here, and the gate (the board has shown the last move, no dialog is open, the round
 * is on the table). After every change it publishes the round (an immutable RoundSnapshot, what
 * the board has shown, the standings) and the flow's move clock; the seating (players, seats,
 * round, results) is the source's, published by showSeating alone.
 */
import { type Colour, COLOURS, type Game, type GameEvent, type Match, type MatchOptions, matchStandings, type PlayerSpec, type RoundResult, type RoundSetup, roundOutcome, type Seat } from '../../engine/index';
import { MatchFlow } from '../../flow/matchFlow';
import { type Mover, wallClock, whoseTurn } from '../../flow/turnFlow';
import { follow, namedSeats } from '../replay/replay';
import { replayTexts } from '../replay/replayTexts';
import { gaveUpShown, type RemoteRound } from './remoteRound';
import { RemoteSource } from './remoteSource';
import { localRound, type PageTable, replayRound, type RoundSource } from './roundSource';
import { type RoundSnapshot, takeSnapshot } from './roundSnapshot';
import type { SessionDeps, SessionState, SessionStore, WritableTable } from './sessionTypes';
import { shownRound, type ShownRound } from './shownRound';

/** What the table writes: the round as published, its seating and clock, and what a new round or a jump resets. */
export type TableFields =
  | 'snapshot' | 'shown' | 'standings' | 'seats' | 'players' | 'round' | 'results' | 'ownColours' | 'resignedSeats' | 'standInMoves' | 'gaveUp' | 'turnsHere' | 'nextRoundBy' | 'clock' | 'remote' | 'jumps' | 'message' | 'pendingDouble' | 'replay' | 'standInNotice' | 'nextRoundAt';

/** What the table asks of the session's other modules. */
export interface RoundTableHost {
  /** The page's computer, asked by a turn flow for a computer seat's move (null: no move, the flow asks again). */
  askComputer(game: Game, level: string): Promise<string | null>;
  /** Drops the computer's open question (a new round, into or out of a room). */
  dropQuestion(): void;
  /** Whether the spectator holds the computer seats. */
  holdsComputers(): boolean;
  /** A move was played by the flow on the table. */
  moved(events: GameEvent[], mover: Mover): void;
  /** A computer gave no move (it failed, or answered a move the rules refuse): its flow plays the fallback move in its place. */
  computerFailed(level: string, error: unknown): void;
  /** The page's computer's fallback move (ComputerPlayer.fallback). */
  fallbackMove?(game: Game): string;
  /** The page's own round changed: keep it on the device. */
  keep(snapshot: RoundSnapshot): void;
  /** The round or what the board shows changed: the pointer's input follows. */
  inputChanged(): void;
}

/** The match the page starts with: a new one of these options, or one kept on the device at a round in progress. */
export interface FirstMatch {
  options: MatchOptions;
  resumed: { match: Match; game: Game; round: number; results: RoundResult[] } | null;
}

export interface RoundTable extends Pick<SessionState, 'setNextRoundPause' | 'cancelNextRound'> {
  /** Where the round on the table comes from. */
  source(): RoundSource;
  game(): Game;
  /** The page's own match (it waits under a replay or a room's round). */
  readonly local: PageTable;
  /** The round the page plays itself (a replay, else its own match), for the modules that replace a match or a game. */
  readonly handle: WritableTable;
  seatToMove(): Seat | null;
  /** Publishes the seating of the source on the table: the one place the seats, players, round, results and own colours are written. */
  showSeating(): void;
  /** After every change of the round: a new snapshot, standings, input state, the turn flow and its clock, save. */
  changed(): void;
  /** What the page's turn flows are given changed (the table, the seats, the gate, the held computers). */
  flowChanged(): void;
  /** Puts the live round back on the table as it stands now, at once: the online room's, else the page's own. */
  showLive(): void;
  /** A new match of the page's own on the table, its first round (`extra`: what else it resets). */
  newMatch(options: MatchOptions, extra: Partial<Pick<SessionState, 'replay' | 'standInNotice'>>): void;
  /** The next round of the page's own match (its flow rotates the seats). */
  nextRound(): void;
  /** Puts a replay's game on the table over the live round (a replay open before closes), a one-round match of its own played by `players`. */
  openReplay(game: Game, players: readonly PlayerSpec[]): void;
  /** Takes the replay off the table: the live round is shown again. */
  closeReplay(): void;
  /** An online room's round and each update of it; null: out of the room (SessionState.showRemote). */
  showRemote(next: RemoteRound | null): void;
  /** The server refused the move sent: the turn is playable again. */
  remoteRefused(): void;
  /** The director reports how many events the board has shown, and the balls at rest on it while it is emptied or set (SessionState.setShown). */
  setShown(count: number, ballsAtRest?: Partial<Record<Colour, number>> | null): void;
  /** Stops the match flows' timers and questions. */
  dispose(): void;
}

export function createRoundTable(deps: Pick<SessionDeps, 'shownByDirector'>, now: () => number, store: SessionStore<TableFields>, first: FirstMatch, host: RoundTableHost): RoundTable {
  const { get, set } = store;
  /** Events the director reports as shown; the whole log when there is no director. */
  let directorCount = 0;
  /** The session's store is made (its first change): until then no flow of the page may run. */
  let running = false;
  /** The pause before a computers-only match's next round, and what ends it (SessionState.setNextRoundPause); null: none. */
  let pause: { ms: number; next(session: SessionState): void } | null = null;

  /**
   * A match played here: every person at this page (hot-seat), its computers the page's; the
   * page's own match (`own`) times its persons' turns and pauses before a computers-only match's
   * next round as the watch asks, a replay does neither. Its turns run while its round is on the
   * table, the board has shown the last move and no dialog is open; the pause also waits for the
   * spectator's pause.
   */
  function pageMatch({ players, ...rules }: MatchOptions, own: boolean): MatchFlow {
    const onTable = () => running && source().flow === flow && !get().animating && !get().paused;
    const flow: MatchFlow = new MatchFlow(rules, players.map((p) => ({ kind: p.kind, level: p.level ?? '', name: p.name })), {
      clock: { now, setTimeout: wallClock.setTimeout },
      askComputer: (asked, level) => host.askComputer(asked, level),
      // The page asks after the current task: a director reacting to the newest events reports that it is animating first.
      computerDelayMs: 0,
      fallbackMove: host.fallbackMove,
      // Nobody drops at the page: every person is here.
      graceMs: 0,
      event(e) {
        if (e.type === 'moved') host.moved(e.events, e.mover);
        if (e.type === 'computerFailed') host.computerFailed(e.level, e.error);
      },
      fault: (e) => console.error('playing the computer\'s move', e),
      turnMayRun: onTable,
      holdsComputers: () => host.holdsComputers(),
      timing: own ? 'persons' : 'none',
      questionDropped: () => host.dropQuestion(),
      get nextRoundPauseMs() {
        return own ? pause?.ms : undefined;
      },
      pauseMayRun: () => onTable() && !get().spectatorPaused,
      pauseOver: () => pause?.next(get()),
    });
    players.forEach((p, player) => p.kind === 'human' && flow.sit(player, p.name));
    return flow;
  }

  /** The page's own match: on the table unless a replay or an online room's round is (they lie over it, and it waits as it stood). */
  const local = localRound(pageMatch(first.resumed?.match ?? first.options, true), (snapshot) => host.keep(snapshot));
  if (first.resumed) local.flow.resume(first.resumed.match, first.resumed.round, first.resumed.results, first.resumed.game);
  else local.flow.start();
  /** An online room's round, while the page is in one. */
  let remote: RemoteSource | null = null;
  /** A replay open over the live round (local or online). */
  let replaying: PageTable | null = null;
  const source = (): RoundSource => replaying ?? remote ?? local;
  const game = () => source().game;
  const pageTable = () => replaying ?? local;
  const handle: WritableTable = {
    game,
    match: () => pageTable().match,
    putGame: (next: Game) => pageTable().flow.putGame(next),
    reseat: (player, spec) => pageTable().flow.reseat(player, spec),
  };
  /** The balls at rest on the board by colour while it is emptied or set (the director's), else null. */
  let directorBalls: Partial<Record<Colour, number>> | null = null;
  const shownOf = (snapshot: RoundSnapshot) => {
    const shown = shownRound(snapshot.events, deps.shownByDirector ? directorCount : snapshot.events.length, get().seats);
    return deps.shownByDirector && directorBalls ? countedFromBoard(shown, snapshot.setup, directorBalls) : shown;
  };

  /** The one writer of the seating, with what changes beside it in the same update. */
  function showSeating(alongside: Partial<Pick<SessionState, TableFields>> = {}): void {
    set({ ...alongside, ...source().seating() });
  }

  function showLive(): void {
    set({ message: null, pendingDouble: null });
    if (remote) return showRemoteRound(true);
    showSeating({ remote: null, clock: null });
    changed();
    set({ jumps: get().jumps + 1 });
  }

  /** Shows the online room's round as the server last sent it (`jump`: its position at once). */
  function showRemoteRound(jump: boolean): void {
    // The server runs the clock: the page shows its deadline.
    showSeating({ remote: remote!.round, clock: remote!.clock() });
    changed();
    if (jump) set({ jumps: get().jumps + 1 });
  }

  function flowChanged(): void {
    for (const page of replaying ? [local, replaying] : [local]) page.flow.hostChanged();
    if (get().nextRoundAt !== local.flow.nextRoundAt) set({ nextRoundAt: local.flow.nextRoundAt });
    const turns = source().flow?.turns;
    // A dialog keeps the clock shown as it stood (the flow keeps the time left); a room's round shows the server's.
    if (!turns || get().paused) return;
    const turn = turns.turn();
    const shown = get().clock;
    const clock = turns.deadline > 0 && turn ? { colour: turn.colour, moveNumber: turn.moveNumber, deadline: turns.deadline } : null;
    if (clock?.deadline !== shown?.deadline || clock?.moveNumber !== shown?.moveNumber || clock?.colour !== shown?.colour) set({ clock });
  }

  function changed(): void {
    running = true;
    const { seats, replay } = get();
    const snapshot = takeSnapshot(game(), seats, namedSeats(seats, replay));
    source().roundChanged(snapshot);
    const { results } = get();
    const { players, misere } = source().standingsRules();
    // A seat given up wins nothing, whatever its balls (src/engine/outcome.ts).
    const all = snapshot.over && snapshot.result ? [...results, roundOutcome(snapshot.result, misere, gaveUpShown(get()))] : results;
    // The director (if linked) hears of the new log here and reports what it shows (setShown).
    set({ snapshot, shown: shownOf(snapshot), standings: matchStandings(all, players, misere) });
    host.inputChanged();
    flowChanged();
  }

  /** A new round of the page's own match is on the table: nothing of the old round's input, clock or thinking is left, nor a replay. */
  function showNewRound(extra: Partial<Pick<SessionState, 'replay' | 'standInNotice'>> = {}): void {
    host.dropQuestion();
    dropReplay();
    showSeating({ ...extra, clock: null, message: null, pendingDouble: null });
    changed();
  }

  /** Closes a replay open over the live round (its match flow stops). */
  function dropReplay(): void {
    replaying?.flow.stop();
    replaying = null;
  }

  return {
    source,
    game,
    local,
    handle,
    seatToMove() {
      const { seats, round } = get();
      const turn = whoseTurn(game(), round, seats.length);
      return turn ? seats[turn.seat] : null;
    },
    showSeating: () => showSeating(),
    changed,
    flowChanged,
    showLive,

    newMatch(options, extra) {
      local.flow.stop();
      local.flow = pageMatch(options, true);
      local.flow.start();
      showNewRound(extra);
    },

    nextRound() {
      local.flow.nextRound();
      showNewRound();
    },

    setNextRoundPause(ms, next = (session) => session.nextRound()) {
      pause = ms === null ? null : { ms, next };
      flowChanged();
    },

    cancelNextRound() {
      local.flow.holdNextRound();
      flowChanged();
    },

    openReplay(next, players) {
      const followed = (snapshot: RoundSnapshot) => set({ replay: follow(get().replay!, snapshot.state.moves) });
      const { size, colours, variant, misere, moveTimeLimit, takeBacks, seed } = next.setup;
      const match = { size, colours, variant, misere, moveTimeLimit, takeBacks, seed, players: [...players] };
      dropReplay();
      replaying = replayRound(pageMatch(match, false), followed, () => replayTexts.noNextRound);
      replaying.flow.resume(match, 0, [], next);
    },

    closeReplay() {
      dropReplay();
      showLive();
    },

    showRemote(next) {
      if (!next) {
        if (!remote) return;
        // Out of the room: a replay open over its round closes, and the page's own round is back as it stood.
        remote = null;
        host.dropQuestion();
        if (get().replay) get().leaveReplay();
        else showLive();
        return;
      }
      if (!remote) {
        // Into a room: a replay closes, and the page's own round waits as it stands (its flow's gate closes with the next change).
        if (get().replay) get().leaveReplay();
        host.dropQuestion();
        remote = new RemoteSource(next);
        return showRemoteRound(remote.underWay());
      }
      const jump = remote.update(next);
      // A replay open over the room's round (a finished round, a look back) stays; the room's round is shown on leaving it.
      if (get().replay) return;
      showRemoteRound(jump);
      // The server's clock played a move: said as for a round played here.
      if (remote.timeOut) {
        set({ pendingDouble: null });
        get().showNotice(remote.timeOut);
      }
    },

    remoteRefused() {
      remote?.refused();
    },

    setShown(count, ballsAtRest = null) {
      if (!deps.shownByDirector || (count === directorCount && sameCounts(ballsAtRest, directorBalls))) return;
      directorCount = count;
      directorBalls = ballsAtRest;
      const shown = shownOf(get().snapshot);
      // A refusal ("still rolling", "not yet") no longer applies once the board has caught up.
      const stale = shown.caughtUp && get().message?.kind === 'refusal';
      set({ shown, ...(stale ? { message: null } : {}) });
      host.inputChanged();
    },

    dispose() {
      local.flow.stop();
      replaying?.flow.stop();
    },
  };
}

/** Whether two counts by colour (or none) are the same. */
function sameCounts(a: Partial<Record<Colour, number>> | null, b: Partial<Record<Colour, number>> | null): boolean {
  if (!a || !b) return a === b;
  return COLOURS.every((c) => (a[c] ?? 0) === (b[c] ?? 0));
}

/** The shown round with its counts those of the balls at rest on the board (the round's colours and players). */
function countedFromBoard(shown: ShownRound, setup: RoundSetup, balls: Partial<Record<Colour, number>>): ShownRound {
  const scores: Partial<Record<Colour, number>> = {};
  for (const c of setup.colours) scores[c] = balls[c] ?? 0;
  const playerScores = setup.players.map((colours) => colours.reduce((sum, c) => sum + (scores[c] ?? 0), 0));
  return Object.freeze({ ...shown, scores: Object.freeze(scores), playerScores: Object.freeze(playerScores) });
}
