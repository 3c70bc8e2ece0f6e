/**
 * The round on the table and the match around it. The round comes from one current source
 * (roundSource.ts): the page's own match, an online room's round while the page is in one, or a
 * replay open over either. A round played at the page runs on a TurnFlow (src/flow), as a room's
 * round does at the server; the table gives the flow its gate (the board has shown the last move,
 * no dialog is open, the round is on the table). After every change it publishes the round (an
 * immutable RoundSnapshot, what the board has shown, the standings) and the flow's move clock; the
 * seating (players, seats, round, results) is the source's, published by showSeating alone.
 */
import { type Game, type GameEvent, makeRound, type Match, matchStandings, type RoundResult, type Seat } from '../../engine/index';
import { type Mover, TurnFlow, wallClock, whoseTurn } from '../../flow/turnFlow';
import { follow, namedSeats } from '../replay/replay';
import { replayTexts } from '../replay/replayTexts';
import type { RemoteRound } from './remoteRound';
import { RemoteSource } from './remoteSource';
import { type LocalRound, localRound, type PageFlow, type PageTable, replayRound, type RoundSource } from './roundSource';
import { type RoundSnapshot, takeSnapshot } from './roundSnapshot';
import type { SessionDeps, SessionState, SessionStore, WritableTable } from './sessionTypes';
import { shownRound } from './shownRound';

/** What the table writes: the round as published, its seating and clock, and what a new round or a jump resets. */
export type TableFields =
  | 'snapshot' | 'shown' | 'standings' | 'seats' | 'players' | 'round' | 'results' | 'ownColours' | 'resignedSeats' | 'standInMoves' | 'turnsHere' | 'nextRoundBy' | 'clock' | 'remote' | 'jumps' | 'message' | 'pendingDouble' | 'replay' | 'standInNotice';

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
  /** The page's own round changed: keep it on the device. */
  keep(snapshot: RoundSnapshot): void;
  /** The round or what the board shows changed: the pointer's input follows. */
  inputChanged(): void;
}

/** The round a match starts from: resumed from the device, or the match's first. */
export interface FirstRound {
  match: Match;
  game: Game;
  round: number;
  results: RoundResult[];
}

export interface RoundTable {
  /** Where the round on the table comes from. */
  source(): RoundSource;
  game(): Game;
  /** The page's own match (it waits under a replay or a room's round). */
  readonly local: LocalRound;
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
  /** A new round of the page's own match on the table (`extra`: what else it resets). */
  newRound(round: number, results: RoundResult[], extra?: Partial<Pick<SessionState, 'replay' | 'standInNotice'>>): void;
  /** Puts a replay's game on the table over the live round, with a turn flow of its own. */
  openReplay(game: Game): void;
  /** Takes the replay off the table: the live round is shown again. */
  closeReplay(): void;
  /** An online room's round and each update of it; null: out of the room (SessionState.showRemote). */
  showRemote(next: RemoteRound | null): void;
  /** The server refused the move sent: the turn is playable again. */
  remoteRefused(): void;
  /** The director reports how many events the board has shown (SessionState.setShown). */
  setShown(count: number): void;
  /** Stops the turn flows' timers and questions. */
  dispose(): void;
}

export function createRoundTable(deps: Pick<SessionDeps, 'shownByDirector'>, now: () => number, store: SessionStore<TableFields>, first: FirstRound, host: RoundTableHost): RoundTable {
  const { get, set } = store;
  /** Events the director reports as shown; the whole log when there is no director. */
  let directorCount = 0;

  /** A turn flow for a round played here: it runs while its round is on the table, the board has shown the last move and no dialog is open. */
  const pageFlow: PageFlow = (match, round, game, timed) => {
    const flow: TurnFlow = new TurnFlow(match, round, {
      clock: { now, setTimeout: wallClock.setTimeout },
      holder(player) {
        const seat = get().seats.find((s) => s.player === player);
        if (!seat) throw new Error(`no seat of player ${player} on the table`);
        return seat;
      },
      askComputer: (asked, level) => host.askComputer(asked, level),
      // The page asks after the current task: a director reacting to the newest events reports that it is animating first.
      computerDelayMs: 0,
      moved: (events, mover) => host.moved(events, mover),
      computerFailed: (e) => console.warn('the computer could not move', e),
      fault: (e) => console.error('playing the computer\'s move', e),
      turnMayRun: () => source().flow === flow && !get().animating && !get().paused,
      holdsComputers: () => host.holdsComputers(),
      timing: timed ? 'persons' : 'none',
      questionDropped: () => host.dropQuestion(),
    }, game);
    return flow;
  };
  /** The page's own match: on the table unless a replay or an online room's round is (they lie over it, and it waits as it stood). */
  const local = localRound(first.match, first.game, first.round, first.results, pageFlow, (snapshot) => host.keep(snapshot));
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
    putGame: (next: Game) => pageTable().put(next),
    putMatch: (next) => void (pageTable().match = next),
  };
  const shownOf = (snapshot: RoundSnapshot) => shownRound(snapshot.events, deps.shownByDirector ? directorCount : snapshot.events.length, get().seats);

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
    const flow = source().flow;
    // A dialog keeps the clock shown as it stood (the flow keeps the time left); a room's round shows the server's.
    if (!flow || get().paused) return;
    const turn = flow.turn();
    const shown = get().clock;
    const clock = flow.deadline > 0 && turn ? { colour: turn.colour, moveNumber: turn.moveNumber, deadline: flow.deadline } : null;
    if (clock?.deadline !== shown?.deadline || clock?.moveNumber !== shown?.moveNumber || clock?.colour !== shown?.colour) set({ clock });
  }

  function changed(): void {
    const { seats, replay } = get();
    const snapshot = takeSnapshot(game(), seats, namedSeats(seats, replay));
    source().roundChanged(snapshot);
    const { results } = get();
    const all = snapshot.over && snapshot.result ? [...results, snapshot.result] : results;
    // The director (if linked) hears of the new log here and reports what it shows (setShown).
    const { players, misere } = source().standingsRules();
    set({ snapshot, shown: shownOf(snapshot), standings: matchStandings(all, players, misere) });
    host.inputChanged();
    flowChanged();
  }

  /** Closes a replay open over the live round (its turn flow stops). */
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

    newRound(round, results, extra = {}) {
      // Nothing of the old round's input, clock or thinking is left.
      host.dropQuestion();
      dropReplay();
      Object.assign(local, { round, results });
      local.put(makeRound(local.match, round).game);
      showSeating({ ...extra, clock: null, message: null, pendingDouble: null });
      changed();
    },

    openReplay(next) {
      const followed = (snapshot: RoundSnapshot) => set({ replay: follow(get().replay!, snapshot.state.moves) });
      replaying = replayRound({ ...pageTable().match }, next, pageFlow, followed, () => replayTexts.noNextRound);
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

    setShown(count) {
      if (!deps.shownByDirector || count === directorCount) return;
      directorCount = count;
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
