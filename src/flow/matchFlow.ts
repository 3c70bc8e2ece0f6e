/**
 * The match flow: a match around its rounds, in one place for every host (the game server's room,
 * the arena, tests on a fake clock). It owns the seats and who holds each, and why (its person, a
 * computer of its own, a computer standing in for a person away, gone or resigned); the match's
 * start, its rounds (each a TurnFlow), their results and the standings; the rematch (the next
 * round, seats rotated by the engine) and the pause before a computers-only match's next round.
 * What happens is told to the host as flow events (moves, time-outs, drops, stand-ins, returns,
 * resignations, failing computers, round ends), and the match as it stands is one MatchSnapshot
 * (src/wire). Pure TypeScript on the engine: the clock and the computers are passed in.
 */
import {
  type Colour, type Game, type GameEvent, type Match, matchStandings, type MatchOptions, type MatchStandings, outcomeWinners, playerInSeat, type RoundResult, roundSetup,
  type RoundSetup, seatOfColour, seatOfPlayer, startMatch,
} from '../engine';
import { isGivenUp, standInLeft } from './givingUp';
import type { HoldReason, MatchSnapshot, SeatSnapshot, StandInReason } from '../wire/matchSnapshot';
import type { RoomResult } from '../wire/contractCodes';
import { computerFor, type Holder, type Mover, type PlayRefusal, TurnFlow, type TurnFlowHost } from './turnFlow';

/** A seat as the match is set up: a person's (named when they sit down), or a computer's. */
export interface SeatSpec {
  kind: 'human' | 'computer';
  /** A computer's level; for a person's seat, the level of the computer that stands in for them. */
  level: string;
  /** A computer's name; a person's is given when they take the seat. */
  name?: string;
}

/** Where a match's person is: at the table, dropped (within the grace), away past it, gone, or not yet come. */
export type Presence = 'none' | 'here' | 'dropped' | 'away' | 'left';

/** What happened in the match, as the flow tells its host. Players are the match's (seats rotate, players stay). */
export type MatchEvent =
  | { type: 'roundStarted'; round: number }
  /** Moves were played (from `from` in the round's log): by a person, a computer, or the clock. */
  | { type: 'moved'; round: number; from: number; events: GameEvent[]; mover: Mover }
  /** The mover's time ran out: the engine's time-out move was played for them (after its `moved`). */
  | { type: 'timedOut'; round: number; player: number; colour: Colour }
  | { type: 'dropped'; player: number; until: number }
  /** A dropped person's grace ended (before the match starts, nobody stands in: the host frees the seat). */
  | { type: 'graceOver'; player: number }
  /** A computer now plays the person's seat. */
  | { type: 'standIn'; player: number; reason: StandInReason }
  /** The person is back in their seat: by reconnecting, or by taking it over with its key. */
  | { type: 'back'; player: number; by: 'reconnect' | 'takeOver' }
  | { type: 'resigned'; player: number; colour: Colour }
  /** A computer could not give a move (its search failed, or it answered a move the rules refuse): its fallback plays. */
  | { type: 'computerFailed'; level: string; colour: Colour | null; error: unknown }
  | { type: 'roundOver'; round: number; result: RoomResult }
  /** A computers-only match's next round is due at `at` (ms since 1970), or no longer (0: nobody to play on for). */
  | { type: 'nextRoundDue'; at: number }
  /** Seats taken, freed or filled before the match starts, or handed over at the host's own table (reseat). */
  | { type: 'seatsChanged' };

/** What a MatchFlow asks of its host; the clock, the computer's pause and fallback, and what the host holds back are its rounds' (TurnFlowHost), passed through. */
export interface MatchFlowHost extends Pick<TurnFlowHost, 'clock' | 'computerDelayMs' | 'fallbackMove' | 'turnMayRun' | 'holdsComputers' | 'timing' | 'questionDropped'> {
  /** Asks a computer of `level` for the move in `game` (TurnFlowHost.askComputer). */
  askComputer(game: Game, level: string, wanted: () => boolean): Promise<string | null>;
  /** How long a dropped person keeps the seat before a computer stands in (ms). */
  graceMs: number;
  /** The pause before a computers-only match's next round (ms); undefined: a next round waits for nextRound(). */
  nextRoundPauseMs?: number;
  /** Finished rounds whose results the flow keeps (the last ones; TV plays on for as long as anyone watches); all without it. */
  keptResults?: number;
  /** Whether a computers-only match's next round may start now (the room: someone watches); asked when its pause ends. */
  mayPlayOn?(): boolean;
  /** Whether the pause may run now (the page: the round's end shown, nothing paused), else it stops and starts over, whole, once it may (playOn); without it always. */
  pauseMayRun?(): boolean;
  /** The pause ended: the host plays on itself (the page's watch: the next round, or the demo's next match); without it the flow starts the next round while mayPlayOn allows. */
  pauseOver?(): void;
  /** Round `round`'s game when the host sets its rounds up itself (the arena's seeds), else the match's own. */
  roundGame?(match: Match, round: number): Game;
  event(event: MatchEvent): void;
  /** A throw while playing a computer's answer, or a failure with no fallback: a fault of the host. */
  fault(error: unknown): void;
}

/** A match player's seat as the flow holds it. */
export interface MatchPlayer {
  name: string;
  kind: 'human' | 'computer';
  level: string;
  presence: Presence;
  /** The person resigned this round: a computer plays on to the round's end, even while they are here. */
  resigned: boolean;
  dropDeadline: number;
  grace: { clear(): void } | null;
  standInMoves: number;
}

/** The rules of the match's rounds: a MatchOptions without its players. */
export type MatchRules = Omit<MatchOptions, 'players'>;

export class MatchFlow {
  phase: MatchSnapshot['phase'] = 'waiting';
  match: Match | null = null;
  /** The round being played, or the last one; null before the match starts. */
  turns: TurnFlow | null = null;
  readonly results: RoomResult[] = [];
  private readonly seated: MatchPlayer[];
  /** The seats' colours before the match starts (round 0's). */
  readonly lobby: RoundSetup;
  private next: { at: number; timer: { clear(): void } } | null = null;
  /** The round after which no next round comes by itself (holdNextRound), or -1. */
  private held = -1;

  constructor(
    readonly rules: MatchRules,
    seats: readonly SeatSpec[],
    private readonly host: MatchFlowHost,
  ) {
    // The engine refuses seats that do not fit the colours in play (RuleError).
    this.lobby = roundSetup({ players: seats.length, size: rules.size, colours: rules.colours, variant: rules.variant, misere: rules.misere, moveTimeLimit: rules.moveTimeLimit, seed: 0 });
    this.seated = seats.map((s) => ({
      name: s.kind === 'computer' ? (s.name ?? `computer (${s.level})`) : '',
      kind: s.kind,
      level: s.level,
      presence: 'none',
      resigned: false,
      dropDeadline: 0,
      grace: null,
      standInMoves: 0,
    }));
  }

  get players(): number {
    return this.seated.length;
  }

  get round(): number {
    return this.turns?.round ?? 0;
  }

  /** The round being played (or the last one), or null before the match starts. */
  get game(): Game | null {
    return this.turns?.game ?? null;
  }

  /** The seats' colours of the round being played (or the lobby's). */
  setup(): RoundSetup {
    return this.game?.setup ?? this.lobby;
  }

  /** Match player `player`'s seat this round. */
  seatOf = (player: number): number => seatOfPlayer(player, this.round, this.players);

  /** The match player whose seat plays `colour` this round; -1 when it is not in play. */
  playerOfColour(colour: Colour): number {
    const seat = seatOfColour(this.setup().players, colour);
    return seat < 0 ? -1 : playerInSeat(seat, this.round, this.players);
  }

  /** Match player `player`'s first colour this round. */
  colourOf(player: number): Colour {
    return this.setup().players[this.seatOf(player)][0];
  }

  /** Match player `player`'s seat as the flow holds it. */
  player = (player: number): Readonly<MatchPlayer> => this.seated[player];

  /** Who holds match player `player`'s seat for its moves (TurnFlow's Holder). */
  holder(player: number): Holder {
    const p = this.seated[player];
    const standIn = p.kind === 'human' && this.phase !== 'waiting' && (p.resigned || p.presence === 'away' || p.presence === 'left');
    return { kind: p.kind, level: p.level, standIn };
  }

  /** Why match player `player`'s seat is played the way it is. */
  reason(player: number): HoldReason {
    const p = this.seated[player];
    if (p.kind === 'computer') return 'computerSeat';
    if (p.resigned) return 'resigned';
    return p.presence === 'none' ? 'free' : p.presence === 'here' ? 'seated' : p.presence;
  }

  // --- seats before the match -----------------------------------------------------------------

  /** A person takes match player `player`'s free seat (before the match starts, or one who came back by a new connection). */
  sit(player: number, name: string): void {
    Object.assign(this.seated[player], { name, presence: 'here' });
    this.clearGrace(this.seated[player]);
    this.host.event({ type: 'seatsChanged' });
  }

  /** A computer of `level` takes a free seat (before the match starts). */
  fill(player: number, level: string): void {
    Object.assign(this.seated[player], { kind: 'computer', level, name: `computer (${level})`, presence: 'none' });
    this.host.event({ type: 'seatsChanged' });
  }

  /** The match starts (round 0); seats still free get a computer of `freeSeats`' level. Throws when free seats are left without it. */
  start(freeSeats?: string): void {
    if (this.phase !== 'waiting') throw new Error('the match has already started');
    for (const [player, p] of this.seated.entries()) {
      if (p.kind !== 'human' || p.presence !== 'none') continue;
      if (freeSeats === undefined) throw new Error(`seat ${player} is free`);
      Object.assign(p, { kind: 'computer', level: freeSeats, name: `computer (${freeSeats})` });
    }
    this.match = startMatch({ ...this.rules, players: this.seated.map((p) => ({ kind: p.kind, level: p.kind === 'computer' ? p.level : undefined, name: p.name })) });
    this.startRound(0);
  }

  // --- presence -------------------------------------------------------------------------------

  /** The person's connection is lost: they keep the seat for the grace, then a computer stands in (once the match has started). */
  dropped(player: number): void {
    const p = this.seated[player];
    this.clearGrace(p);
    p.presence = 'dropped';
    p.dropDeadline = this.host.clock.now() + this.host.graceMs;
    p.grace = this.host.clock.setTimeout(() => this.graceOver(player), this.host.graceMs);
    this.host.event({ type: 'dropped', player, until: p.dropDeadline });
  }

  /** The person is back in their seat (reconnected, or taking it over with its key): on their turn they play it, by its deadline. */
  back(player: number, by: 'reconnect' | 'takeOver'): void {
    const p = this.seated[player];
    this.clearGrace(p);
    p.presence = 'here';
    this.turns?.hostChanged();
    this.host.event({ type: 'back', player, by });
  }

  /** The person left for good: before the match their seat is free again; once it started a computer plays it on. */
  left(player: number): void {
    const p = this.seated[player];
    this.clearGrace(p);
    if (this.phase === 'waiting') {
      Object.assign(p, { name: '', presence: 'none' });
      return this.host.event({ type: 'seatsChanged' });
    }
    const was = this.holder(player).standIn === true;
    p.presence = 'left';
    this.standInChanged(player, was, 'left');
  }

  /** The person gives up the round: a computer plays their seat to its end (the next round seats them again). Null when done, or why not. */
  resign(player: number): 'notPlaying' | 'resigned' | null {
    if (this.phase !== 'playing') return 'notPlaying';
    const p = this.seated[player];
    if (p.resigned) return 'resigned';
    const was = this.holder(player).standIn === true;
    p.resigned = true;
    this.host.event({ type: 'resigned', player, colour: this.colourOf(player) });
    this.standInChanged(player, was, 'resigned');
    return null;
  }

  /** The person's player was forgotten ("Forget me"): the seat goes on unnamed, given up this round (a computer plays it). */
  forget(player: number): void {
    this.seated[player].name = '?';
    if (this.resign(player) !== null) this.host.event({ type: 'seatsChanged' });
  }

  // --- rounds ---------------------------------------------------------------------------------

  /** Match player `player` (a person holding their seat) plays `move`: null when played, or why not. */
  play(player: number, move: string): PlayRefusal | { code: 'notPlaying' } | null {
    if (this.phase !== 'playing' || !this.turns) return { code: 'notPlaying' };
    return this.turns.play(player, move);
  }

  /** The next round (a rematch: seats rotated) after a finished one; false when no round has finished. */
  nextRound(): boolean {
    if (this.phase !== 'over') return false;
    this.startRound(this.round + 1);
    return true;
  }

  /**
   * A computers-only match with a pause between rounds: its next round is due after the pause, if
   * none is and the host lets the pause run; a pause no longer due (a person took a seat, the host
   * holds it, the round was held) stops. Call again when mayPlayOn or pauseMayRun may have changed.
   */
  playOn(): void {
    const pause = this.host.nextRoundPauseMs;
    const due = pause !== undefined && this.phase === 'over' && this.held !== this.round && this.seated.every((p) => p.kind === 'computer') && (this.host.pauseMayRun?.() ?? true);
    if (!due) {
      if (this.next) this.host.event({ type: 'nextRoundDue', at: 0 });
      return this.clearNext();
    }
    if (this.next) return;
    const timer = this.host.clock.setTimeout(() => {
      this.next = null;
      if (this.phase !== 'over') return;
      if (this.host.pauseOver) this.host.pauseOver();
      else if (this.host.mayPlayOn?.() ?? true) this.nextRound();
      else this.host.event({ type: 'nextRoundDue', at: 0 });
    }, pause);
    this.next = { at: this.host.clock.now() + pause, timer };
    this.host.event({ type: 'nextRoundDue', at: this.next.at });
  }

  /** When the next round starts by itself (ms since 1970), or 0 when none is due. */
  get nextRoundAt(): number {
    return this.next?.at ?? 0;
  }

  /** No next round comes by itself after this round (the page's cancel of its countdown): it waits for nextRound(). */
  holdNextRound(): void {
    this.held = this.round;
    this.playOn();
  }

  /** Nothing plays on: no clock, no computer answer, no grace, no next round. */
  stop(): void {
    this.turns?.stop();
    for (const p of this.seated) this.clearGrace(p);
    this.clearNext();
  }

  // --- the host's own table (the page: every person here, take-backs, positions put on) -------

  /**
   * The match goes on from where its host kept it (the page's game kept on the device, a replay's
   * position): round `round` of `match` at `game`, a position of it (its end, too), after the
   * rounds whose results are `results`. A host that keeps results keeps no stand-in moves (at the
   * page nobody stands in for a person): they count 0.
   */
  resume(match: Match, round: number, results: readonly RoundResult[], game: Game): void {
    if (this.phase !== 'waiting') throw new Error('the match has already started');
    if (match.players.length !== this.players) throw new Error(`the match has ${this.players} players, not ${match.players.length}`);
    this.match = match;
    this.results.push(...results.map(({ scores, playerScores, winners }, r) => ({ round: r, scores, playerScores, winners, standInMoves: playerScores.map(() => 0), gaveUp: playerScores.map(() => false) })));
    this.startRound(round, game);
  }

  /**
   * Who plays match player `player`'s seat changes at the host's own table: a person takes a
   * computer's seat over or hands it back (the page's take-over: the level stays the computer's),
   * or a replay's seats go to those who play on from it. A person seated so is here (at the page
   * every person is: hot-seat); the match's players say it too, so the next rounds keep it.
   */
  reseat(player: number, spec: SeatSpec): void {
    const p = this.seated[player];
    Object.assign(p, { kind: spec.kind, level: spec.level, name: spec.name ?? p.name, presence: spec.kind === 'human' ? 'here' : 'none' });
    if (this.match) {
      const players = this.match.players.map((m, i) => (i === player ? { kind: p.kind, name: p.name, ...(p.level ? { level: p.level } : {}) } : m));
      this.match = { ...this.match, players };
    }
    this.hostChanged();
    this.host.event({ type: 'seatsChanged' });
  }

  /** Takes moves back to the last turn a person holds (the host's undo, TurnFlow.takeBack): a finished round plays on, its result withdrawn. Throws the engine's RuleError, changing nothing. */
  takeBack(): void {
    if (!this.turns) throw new Error('the match has not started');
    this.turns.takeBack();
    if (this.phase !== 'over' || this.turns.game.state.over) return;
    this.withdrawResult(this.round);
    this.clearNext();
    this.phase = 'playing';
  }

  /** Puts `game`, another position of the round being played, on the table (a replay's jump): the round's turn flow starts again from it. */
  putGame(game: Game): void {
    if (!this.match) throw new Error('the match has not started');
    this.putRound(this.round, game);
  }

  /** What the host answers changed (its gate, its held computers, whether the pause may run): the round's turn flow asks a computer or holds the turn back (TurnFlow.hostChanged), and the pause runs or stops. */
  hostChanged(): void {
    this.turns?.hostChanged();
    this.playOn();
  }

  /** The standings the results kept make (all of them but at a host that keeps the last ones only). */
  standings(): MatchStandings {
    return matchStandings(this.results, this.players, this.rules.misere);
  }

  snapshot(): MatchSnapshot {
    const game = this.game;
    const setup = this.setup();
    const seats = setup.players.map((colours, seat): SeatSnapshot => {
      const player = playerInSeat(seat, this.round, this.players);
      const p = this.seated[player];
      const holder = this.holder(player);
      return {
        colours: [...colours],
        player,
        name: p.name,
        kind: p.kind,
        level: p.level,
        holder: computerFor(holder) !== null ? 'computer' : p.presence === 'none' ? 'nobody' : 'person',
        reason: this.reason(player),
        dropDeadline: p.presence === 'dropped' ? p.dropDeadline : 0,
        standInMoves: p.standInMoves,
        standInLeft: p.kind === 'human' ? standInLeft(setup, seat, p.resigned, p.standInMoves) : 0,
        gaveUp: p.kind === 'human' && isGivenUp(setup, seat, p.resigned, p.standInMoves),
      };
    });
    const playing = this.phase === 'playing' && game !== null;
    return {
      phase: this.phase,
      round: this.round,
      seats,
      toMove: playing ? (game.state.toMove ?? null) : null,
      moveDeadline: playing ? this.turns!.deadline : 0,
      results: this.results.map((r) => ({ ...r })),
      nextRoundAt: this.nextRoundAt,
    };
  }

  private startRound(round: number, game = this.host.roundGame?.(this.match!, round)): void {
    for (const p of this.seated) Object.assign(p, { standInMoves: 0, resigned: false });
    this.putRound(round, game);
    this.host.event({ type: 'roundStarted', round });
  }

  /** Round `round`'s turn flow from `game` (from its first move without it), the last one stopped; a round put on at its end is over, with its result. */
  private putRound(round: number, game: Game | undefined): void {
    this.turns?.stop();
    this.clearNext();
    const match = this.match!;
    this.turns = new TurnFlow(match, round, {
      clock: this.host.clock,
      holder: (player) => this.holder(player),
      askComputer: (game, level, wanted) => this.host.askComputer(game, level, wanted),
      computerDelayMs: this.host.computerDelayMs,
      moved: (events, mover) => this.moved(events, mover),
      computerFailed: (error, level) => this.host.event({ type: 'computerFailed', level, colour: this.game?.state.toMove ?? null, error }),
      fallbackMove: this.host.fallbackMove,
      fault: (e) => this.host.fault(e),
      turnMayRun: () => this.host.turnMayRun?.() ?? true,
      holdsComputers: () => this.host.holdsComputers?.() ?? false,
      timing: this.host.timing,
      questionDropped: () => this.host.questionDropped?.(),
    }, game);
    this.withdrawResult(round);
    const over = this.turns.game.state.over;
    this.phase = over ? 'over' : 'playing';
    if (over) this.results.push(this.resultOf(round));
    this.turns.start();
  }

  /** Round `round`'s result, once it is over: the moves computers played for persons, the seats given up, the winners among the others. */
  private resultOf(round: number): RoomResult {
    const { setup, state } = this.game!;
    const seated = setup.players.map((_, seat) => this.seated[playerInSeat(seat, round, this.players)]);
    const moves = setup.players.map((colours) => state.moves.filter((m) => colours.includes(m.colour)).length);
    const gaveUp = seated.map((p, seat) => p.kind === 'human' && isGivenUp(setup, seat, p.resigned, p.standInMoves, moves[seat]));
    const { scores, playerScores } = state.result!;
    return { round, scores, playerScores, winners: outcomeWinners(playerScores, setup.misere, gaveUp), standInMoves: seated.map((p) => p.standInMoves), gaveUp };
  }

  /** Round `round` is played again (taken back, or another position of it put on): its result goes. */
  private withdrawResult(round: number): void {
    if (this.results.at(-1)?.round === round) this.results.pop();
  }

  private moved(events: GameEvent[], mover: Mover): void {
    const game = this.game!;
    const round = this.round;
    const p = this.seated[mover.player];
    if (mover.by === 'computer' && p.kind === 'human') p.standInMoves++;
    const over = game.state.over;
    if (over) this.phase = 'over';
    this.host.event({ type: 'moved', round, from: game.events.length - events.length, events, mover });
    const timedOut = events.find((e) => e.type === 'timeExpired');
    if (mover.by === 'clock' && timedOut) this.host.event({ type: 'timedOut', round, player: mover.player, colour: timedOut.colour });
    if (!over) return;
    const result = this.resultOf(round);
    this.results.push(result);
    if (this.host.keptResults !== undefined) this.results.splice(0, Math.max(0, this.results.length - this.host.keptResults));
    this.host.event({ type: 'roundOver', round, result });
    this.playOn();
  }

  private graceOver(player: number): void {
    const p = this.seated[player];
    p.grace = null;
    p.dropDeadline = 0;
    const was = this.holder(player).standIn === true;
    p.presence = 'away';
    this.host.event({ type: 'graceOver', player });
    if (this.phase !== 'waiting') this.standInChanged(player, was, 'away');
  }

  /** A computer now holds the person's seat (unless one already did): on their turn it is asked, by the turn's deadline. */
  private standInChanged(player: number, was: boolean, reason: StandInReason): void {
    if (was || this.seated[player].kind !== 'human') return;
    this.turns?.hostChanged();
    this.host.event({ type: 'standIn', player, reason });
  }

  private clearNext(): void {
    this.next?.timer.clear();
    this.next = null;
  }

  private clearGrace(p: MatchPlayer): void {
    p.grace?.clear();
    p.grace = null;
    p.dropDeadline = 0;
  }
}
