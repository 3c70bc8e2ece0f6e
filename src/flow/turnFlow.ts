/**
 * The turn flow of a round, in one place for the page's session and the game server's room:
 * whose turn it is (the seat and the match's player in it), the move clock (the turn's deadline
 * and the engine's time-out move), who plays a turn (a person, or a computer: a computer seat or
 * one standing in for a missing person), and when a round starts and ends. Pure TypeScript on the
 * engine: the clock and the computer are passed in, so both hosts (and tests, with a fake clock)
 * run the same rules.
 */
import { type Colour, type Game, type GameEvent, makeRound, type Match, playerInSeat, type RoundSetup, type RuleError } from '../engine';

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
  const seat = seatOfColour(game.setup, colour);
  return { seat, player: playerInSeat(seat, round, players), colour, moveNumber: game.state.moves.length + 1 };
}

/** The seat that plays `colour` in a round of this setup. */
export function seatOfColour(setup: RoundSetup, colour: Colour): number {
  const seat = setup.players.findIndex((colours) => colours.includes(colour));
  if (seat < 0) throw new Error(`${colour} is not in play (colours: ${setup.colours.join(', ')})`);
  return seat;
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
   * itself: it must not change it). Resolves with the move, or null when it gave up because its
   * answer was no longer `wanted`.
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
  /** The computer could not move: the flow plays the engine's time-out move (or the first legal one) instead. */
  computerFailed(error: unknown): void;
  /** A throw while playing a computer's answer: a fault of the host. */
  fault(error: unknown): void;
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
 * to who holds the seat. Answers and clocks of a turn that has passed are dropped.
 */
export class TurnFlow {
  readonly game: Game;
  /** When the turn to move ends by the clock (ms since 1970); 0 without a time limit or a turn. */
  deadline = 0;
  /** Bumped whenever the turn changes hands (or the flow stops), so a late computer answer or clock is dropped. */
  private turnId = 0;
  /** Bumped with every question to a computer, and when a person takes the seat back: only the latest question's answer counts. */
  private questionId = 0;
  /** The question open for the turn (its turn and question ids), so a change of another seat asks nothing twice. */
  private open: { turnId: number; questionId: number } | null = null;
  private readonly clock: MoveClock;
  private stopped = false;

  constructor(
    readonly match: Match,
    readonly round: number,
    private readonly host: TurnFlowHost,
  ) {
    this.game = makeRound(match, round).game;
    this.clock = createMoveClock(host.clock);
  }

  /** Starts the round's first turn (its deadline, a computer to ask). */
  start(): void {
    this.nextTurn();
    this.askComputerIfItsTurn();
  }

  /** Whose turn it is; null once the round is over. */
  turn(): Turn | null {
    return whoseTurn(this.game, this.round, this.match.players.length);
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
   * Who holds a seat changed (a computer stands in, or a person is back): a computer now holding
   * the mover's seat is asked; a person back in it plays the turn (the computer's answer is
   * dropped). The turn, and so its deadline, stays.
   */
  holdersChanged(): void {
    const turn = this.turn();
    if (!turn) return;
    // A person holds the mover's seat: the open question no longer counts, even if they leave it again.
    if (computerFor(this.host.holder(turn.player)) === null) this.questionId++;
    else this.askComputerIfItsTurn();
  }

  /** Nothing plays on: no clock, no computer answer (the room closes, or faulted). */
  stop(): void {
    this.stopped = true;
    this.turnId++;
    this.clock.stop();
    this.deadline = 0;
  }

  private apply(events: GameEvent[], mover: Mover): void {
    this.nextTurn();
    this.host.moved(events, mover);
    this.askComputerIfItsTurn();
  }

  /** The turn changes hands: the last one's clock and computer answer are dropped, the new one gets its deadline. */
  private nextTurn(): void {
    this.turnId++;
    this.clock.stop();
    this.deadline = 0;
    if (this.stopped || this.game.state.over) return;
    this.deadline = turnDeadline(this.game.setup, this.host.clock.now());
    if (this.deadline > 0) {
      const turnId = this.turnId;
      const player = this.turn()!.player;
      this.clock.start(this.deadline, () => {
        if (turnId === this.turnId) this.apply(this.game.expireClock(), { player, by: 'clock' });
      });
    }
  }

  /** When a computer holds the mover's seat: asks for its move after the pause, and plays it unless the turn moved on. */
  private askComputerIfItsTurn(): void {
    const turn = this.turn();
    if (!turn || this.stopped) return;
    const level = computerFor(this.host.holder(turn.player));
    if (level === null || (this.open?.turnId === this.turnId && this.open.questionId === this.questionId)) return;
    const [turnId, questionId] = [this.turnId, ++this.questionId];
    this.open = { turnId, questionId };
    // The answer counts only while the turn is the same, no later question was asked, and a computer still holds the seat.
    const wanted = () => turnId === this.turnId && questionId === this.questionId && computerFor(this.host.holder(turn.player)) !== null;
    this.host.clock.setTimeout(() => {
      if (!wanted()) return;
      this.host
        .askComputer(this.game, level, wanted)
        .then(
          (move) => {
            if (move !== null && wanted()) this.apply(this.game.play(move), { player: turn.player, by: 'computer' });
          },
          (e: unknown) => {
            this.host.computerFailed(e);
            // The computer could not move: the engine's time-out move keeps the round going.
            if (wanted()) this.apply(this.game.setup.moveTimeLimit > 0 ? this.game.expireClock() : this.game.play(this.game.legalMoves()[0]), { player: turn.player, by: 'computer' });
          },
        )
        .catch((e: unknown) => this.host.fault(e));
    }, this.host.computerDelayMs);
  }
}
