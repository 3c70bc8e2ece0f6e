/**
 * The turn flow of a round, in one place for the page's session and the game server's room:
 * whose turn it is (the seat and the match's player in it), the move clock (the turn's deadline
 * and the engine's time-out move), who plays a turn (a person, or a computer: a computer seat or
 * one standing in for a missing person), and when a round starts and ends. Pure TypeScript on the
 * engine: the clock and the computer are passed in, so both hosts (and tests, with a fake clock)
 * run the same rules.
 */
import { type Colour, type Game, type GameEvent, makeRound, type Match, playerInSeat, type RoundSetup, type RuleError, seatOfColour } from '../engine';

/** Time and timers, passed in: the room's clock, the page's, or a test's fake. */
export interface FlowClock {
  /** Milliseconds since 1970. */
  now(): number;
  setTimeout(run: () => void, ms: number): { clear(): void };
}

/** The wall clock and the global timers. */
export const wallClock: FlowClock = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const timer = setTimeout(run, ms);
    return { clear: () => clearTimeout(timer) };
  },
};

/** Whose turn it is. */
export interface Turn {
  /** The seat to move this round (an index into RoundSetup.players). */
  seat: number;
  /** The match's player in that seat (seats rotate between rounds, players stay). */
  player: number;
  colour: Colour;
  /** 1 for the round's first move. */
  moveNumber: number;
}

/** Whose turn it is in `game`, round `round` of a match of `players` players; null when nobody is to move (the round is over). */
export function whoseTurn(game: Game, round: number, players: number): Turn | null {
  const colour = game.state.over ? null : game.state.toMove;
  if (!colour) return null;
  const seat = seatOfColour(game.setup.players, colour);
  if (seat < 0) throw new Error(notInPlay(game.setup, colour));
  return { seat, player: playerInSeat(seat, round, players), colour, moveNumber: game.state.moves.length + 1 };
}

/** Why `colour` has no seat in a round of this setup. */
export function notInPlay(setup: RoundSetup, colour: Colour): string {
  return `${colour} is not in play (colours: ${setup.colours.join(', ')})`;
}

/** Who holds a match player's seat now, as far as moves go (the room's players, the page's seats). */
export interface Holder {
  kind: 'human' | 'computer';
  /** A computer's level, or the level that stands in for the person. */
  level?: string;
  /** A computer plays for the person (away past the grace, left, or resigned this round). */
  standIn?: boolean;
}

/** The level of the computer that plays this seat's moves now (a computer seat, or a stand-in), or null when its person does. */
export function computerFor(holder: Holder): string | null {
  return holder.kind === 'computer' || holder.standIn ? (holder.level ?? null) : null;
}

/** When a turn that starts at `startedAt` ends by the clock (ms since 1970); 0 without a time limit. */
export function turnDeadline(setup: RoundSetup, startedAt: number): number {
  return setup.moveTimeLimit > 0 ? startedAt + setup.moveTimeLimit * 1000 : 0;
}

/** The move clock: the turn's deadline, and the engine's time-out move once it has passed. */
export interface MoveClock {
  /** Runs `expire` at `deadline` (ms since 1970), stopping any earlier clock. */
  start(deadline: number, expire: () => void): void;
  stop(): void;
}

export function createMoveClock(clock: FlowClock): MoveClock {
  let timer: { clear(): void } | null = null;
  const stop = () => {
    timer?.clear();
    timer = null;
  };
  return {
    start(deadline, expire) {
      stop();
      // A timer can fire a little early (the room's clock advances by ticks): the deadline rules.
      const wait = () => {
        const left = deadline - clock.now();
        if (left > 0) timer = clock.setTimeout(wait, left);
        else {
          timer = null;
          expire();
        }
      };
      timer = clock.setTimeout(wait, Math.max(0, deadline - clock.now()));
    },
    stop,
  };
}

/** What a TurnFlow asks of the host that runs it. */
export interface TurnFlowHost {
  clock: FlowClock;
  /** Who holds match player `player`'s seat now. */
  holder(player: number): Holder;
  /**
   * Asks a computer of `level` for the turn's move in `game` (a copy of the events, or the game
   * itself: it must not change it). Resolves with the move, or null when it gave up (its answer no
   * longer `wanted`, or a failure the host has already told of): the turn then stays as it is, and
   * the next hostChanged() asks again. A move the rules refuse is a failure (computerFailed).
   */
  askComputer(game: Game, level: string, wanted: () => boolean): Promise<string | null>;
  /** Pause before a computer's turn is asked, so people can follow (ms). */
  computerDelayMs: number;
  /**
   * A move was played in match player `mover.player`'s seat, by `mover.by` (the person, a computer,
   * or the clock), and the turn handed on: the flow's turn() and deadline are the next turn's, or
   * the round is over (game.state.over). Publish it.
   */
  moved(events: GameEvent[], mover: Mover): void;
  /**
   * The computer of `level` could not search, or answered a move the rules refuse (a fault, never a
   * choice): the host tells of it. When its answer was still wanted, the flow then plays
   * fallbackMove's move for the seat instead.
   */
  computerFailed(error: unknown, level: string): void;
  /**
   * The move a computer seat plays when its level failed: a fallback level's, which needs no
   * search thread. Without it (a host whose askComputer tells of a failure and answers null), a
   * failure is a fault of the host.
   */
  fallbackMove?(game: Game): string;
  /** A throw while playing a computer's answer: a fault of the host. */
  fault(error: unknown): void;
  /**
   * Whether a turn may run now: its clock tick and its computer be asked. The page waits until the
   * board has shown the last move and no dialog is open; the clock keeps the time left meanwhile.
   * Without it (the room) always. Call hostChanged() when it may have changed.
   */
  turnMayRun?(): boolean;
  /** Whether the computer seats wait (the page's spectator pause; its single step lets one move through). Without it never. */
  holdsComputers?(): boolean;
  /** Which turns the move clock times: every turn, a computer's too (the room, the default); persons' turns only (the page); none (a replay). */
  timing?: 'every' | 'persons' | 'none';
  /** The open question's answer no longer counts: the host may stop the computer thinking. */
  questionDropped?(): void;
}

/** A computer's answer the rules refuse: a fault of that computer, never a choice (TurnFlowHost.computerFailed). */
export class IllegalAnswer extends Error {
  constructor(
    readonly level: string,
    readonly move: string,
    readonly refusal: RuleError,
  ) {
    super(`the ${level} computer answered ${JSON.stringify(move.slice(0, 20))}, a move the rules refuse: ${refusal.message}`);
  }
}

/** Who played a move: the match player whose seat it was, and what played it. */
export interface Mover {
  player: number;
  by: 'person' | 'computer' | 'clock';
}

/** Why a person's move was not played. */
export type PlayRefusal = { code: 'notYourTurn'; colour: Colour | null } | { code: 'illegalMove'; refusal: RuleError };

/**
 * One round of a match, run turn by turn: each turn gets its deadline (a round with a time limit),
 * and a computer holding the mover's seat is asked for its move. A person coming back to their
 * seat plays the turn themselves, by the same deadline: the deadline belongs to the turn, never
 * to who holds the seat. Answers and clocks of a turn that has passed are dropped. The host may
 * hold a turn back (turnMayRun: its clock stops, keeping the time left, and no computer is asked)
 * and hold the computer seats (holdsComputers).
 */
export class TurnFlow {
  /** When the turn to move ends by the clock (ms since 1970); 0 without a time limit or a turn, or while the turn is held back. */
  deadline = 0;
  /** Bumped whenever the turn changes hands (or the flow stops), so a late computer answer or clock is dropped. */
  private turnId = 0;
  /** Bumped with every question to a computer, and whenever one is dropped: only the latest question's answer counts. */
  private questionId = 0;
  /** The question open for the turn (its ids and level), so a change of another seat asks nothing twice. */
  private open: { turnId: number; questionId: number; level: string } | null = null;
  /** The time left on the turn's clock while the host holds the turn back (ms), or null. */
  private left: number | null = null;
  private readonly clock: MoveClock;
  private stopped = false;

  /** Round `round` of `match` from its first move, or from `game`, a position of it (a resumed game, a replay's). */
  constructor(
    readonly match: Match,
    readonly round: number,
    private readonly host: TurnFlowHost,
    readonly game: Game = makeRound(match, round).game,
  ) {
    this.clock = createMoveClock(host.clock);
  }

  /** Starts the turn to move (its deadline, a computer to ask). */
  start(): void {
    this.nextTurn();
    this.askComputerIfItsTurn();
  }

  /** Whose turn it is; null once the round is over. */
  turn(): Turn | null {
    return whoseTurn(this.game, this.round, this.match.players.length);
  }

  /** Whether a computer's question for the turn is open (asked, or about to be). */
  asking(): boolean {
    return this.open !== null;
  }

  /** Match player `player` (a person holding their seat) plays `move`: null when played, or why not. */
  play(player: number, move: string): PlayRefusal | null {
    const turn = this.turn();
    if (this.stopped || !turn || turn.player !== player || computerFor(this.host.holder(player)) !== null) {
      return { code: 'notYourTurn', colour: turn?.colour ?? null };
    }
    const check = this.game.check(move);
    if (!check.ok) return { code: 'illegalMove', refusal: check.refusal };
    this.apply(this.game.play(move), { player, by: 'person' });
    return null;
  }

  /**
   * Takes moves back (the page's undo) to the last turn a person holds, or to the round's start:
   * the turn changes hands (its clock and any open question are dropped) and the turn taken back
   * to starts. Throws the engine's RuleError (take-backs off, nothing to take back), changing nothing.
   */
  takeBack(): void {
    do this.game.takeBack();
    while (this.game.state.moves.length > 0 && this.computerOfTurn() !== null);
    this.start();
  }

  /**
   * What the host answers changed: who holds a seat (a computer stands in, a person is back or
   * takes a seat over), whether a turn may run, whether the computers are held. A computer now
   * holding the mover's seat is asked; a person back in it plays the turn (the open question is
   * dropped). The turn, and so its deadline, stays: its clock only stops (keeping the time left)
   * while the host holds the turn back.
   */
  hostChanged(): void {
    this.runClock();
    const level = this.computerToAsk();
    if (level === null || (this.open && this.open.level !== level)) this.dropQuestion();
    if (level !== null) this.askComputerIfItsTurn();
  }

  /** Nothing plays on: no clock, no computer answer (the room closes, or faulted; the page puts another round on the table). */
  stop(): void {
    this.stopped = true;
    this.turnId++;
    this.dropQuestion();
    this.clock.stop();
    this.deadline = 0;
    this.left = null;
  }

  private apply(events: GameEvent[], mover: Mover): void {
    this.nextTurn();
    this.host.moved(events, mover);
    this.askComputerIfItsTurn();
  }

  /** The turn changes hands: the last one's clock and computer question are dropped, the new one gets its deadline. */
  private nextTurn(): void {
    this.turnId++;
    this.dropQuestion();
    this.clock.stop();
    this.deadline = 0;
    this.left = null;
    this.runClock();
  }

  private gateOpen(): boolean {
    return this.host.turnMayRun?.() ?? true;
  }

  /** The level of the computer holding the mover's seat, or null when a person holds it (or the round is over). */
  private computerOfTurn(): string | null {
    const turn = this.turn();
    return turn ? computerFor(this.host.holder(turn.player)) : null;
  }

  /** The level of the computer to ask for the turn now, or null when none may be asked (a person's turn, held back, computers held). */
  private computerToAsk(): string | null {
    if (this.stopped || !this.gateOpen() || this.host.holdsComputers?.()) return null;
    return this.computerOfTurn();
  }

  /** Whether the move clock times this turn: the round has a time limit, and the host times turns like it. */
  private timed(turn: Turn): boolean {
    const timing = this.host.timing ?? 'every';
    if (this.game.setup.moveTimeLimit <= 0 || timing === 'none') return false;
    return timing === 'every' || computerFor(this.host.holder(turn.player)) === null;
  }

  /** Runs the turn's clock as the host allows now: held back it stops and keeps the time left, and it runs on the turns the host times. */
  private runClock(): void {
    const turn = this.stopped ? null : this.turn();
    if (turn && !this.gateOpen()) {
      if (this.deadline > 0) this.left = Math.max(0, this.deadline - this.host.clock.now());
      this.clock.stop();
      this.deadline = 0;
      return;
    }
    if (!turn || !this.timed(turn)) {
      this.clock.stop();
      this.deadline = 0;
      this.left = null;
      return;
    }
    if (this.deadline > 0) return;
    const now = this.host.clock.now();
    this.deadline = this.left !== null ? now + this.left : turnDeadline(this.game.setup, now);
    this.left = null;
    const turnId = this.turnId;
    this.clock.start(this.deadline, () => {
      if (turnId === this.turnId) this.apply(this.game.expireClock(), { player: turn.player, by: 'clock' });
    });
  }

  /** The open question's answer no longer counts. */
  private dropQuestion(): void {
    if (!this.open) return;
    this.open = null;
    this.questionId++;
    this.host.questionDropped?.();
  }

  /** When a computer holds the mover's seat and may be asked: asks for its move after the pause, and plays it unless the turn moved on. */
  private askComputerIfItsTurn(): void {
    const turn = this.turn();
    const level = this.computerToAsk();
    if (!turn || level === null || (this.open?.turnId === this.turnId && this.open.questionId === this.questionId)) return;
    const [turnId, questionId] = [this.turnId, ++this.questionId];
    this.open = { turnId, questionId, level };
    // The answer counts only while the turn is the same, no later question was asked, and a computer still holds the seat.
    const wanted = () => turnId === this.turnId && questionId === this.questionId && computerFor(this.host.holder(turn.player)) !== null;
    /** The question is answered (or given up): it is no longer open. */
    const closed = () => {
      if (this.open?.questionId === questionId) this.open = null;
    };
    /** The computer gave no move: told of, and the fallback level plays its move, so the round goes on. */
    const failed = (e: unknown) => {
      this.host.computerFailed(e, level);
      if (!this.host.fallbackMove) throw e;
      if (wanted()) this.apply(this.game.play(this.host.fallbackMove(this.game)), { player: turn.player, by: 'computer' });
    };
    this.host.clock.setTimeout(() => {
      if (!wanted()) return;
      this.host
        .askComputer(this.game, level, wanted)
        .then(
          (move) => {
            closed();
            if (move === null || !wanted()) return;
            const check = this.game.check(move);
            if (check.ok) this.apply(this.game.play(move), { player: turn.player, by: 'computer' });
            else failed(new IllegalAnswer(level, move, check.refusal));
          },
          (e: unknown) => {
            closed();
            failed(e);
          },
        )
        .catch((e: unknown) => this.host.fault(e));
    }, this.host.computerDelayMs);
  }
}
