/**
 * A round of an online room as a RoundSource: its Game is rebuilt from the server's events, a
 * move is checked with the engine first (refused at once, in the page's language, as locally)
 * and then sent; the server runs the clock and the computer seats and decides the move.
 */
import { type Colour, Game, type PlayerSpec } from '../../engine/index';
import { whoseTurn } from '../../flow/turnFlow';
import type { RoundSource, Seating } from './roundSource';
import { sessionTexts, timeOutNotice } from './sessionTexts';
import type { Clock } from './sessionTypes';
import type { RemoteRound } from './remoteRound';

export class RemoteSource implements RoundSource {
  /** The server runs the round's turn flow (its clock and computer seats). */
  readonly flow = null;
  game: Game;
  /** A move sent to the server, its events (or its refusal) not back yet. */
  private sent = false;
  /** The notice of a move the server's clock played among the last update's new events (timeOutNotice), else null. */
  timeOut: string | null = null;

  constructor(public round: RemoteRound) {
    this.game = Game.fromEvents(round.events);
  }

  notYours(colour: Colour | null): string | null {
    if (colour && this.round.mine.includes(colour)) return null;
    return this.round.mine.length ? sessionTexts.notYourColour : sessionTexts.spectatorsWatch;
  }

  awaitingMove(): boolean {
    return this.sent;
  }

  play(move: string): false {
    const check = this.game.check(move);
    if (!check.ok) throw check.refusal;
    this.round.send(move);
    this.sent = true;
    return false;
  }

  /** The server refused the move sent (its reason is shown): the turn is playable again. */
  refused(): void {
    this.sent = false;
  }

  /**
   * The server's next state of the room's round. Returns whether the board jumps to it: a round
   * joined under way (or a reload) is shown as it stands, not every move rolled again.
   */
  update(next: RemoteRound): boolean {
    const known = this.round.events;
    const sameRound = this.round.round === next.round && next.events.length >= known.length && known.every((e, i) => e === next.events[i]);
    const grown = !sameRound || next.events.length !== known.length;
    this.round = next;
    // A round joined or begun now tells no time-out of its past.
    this.timeOut = sameRound ? timeOutNotice(next.events.slice(known.length), this.game.setup.misere) : null;
    if (grown) {
      this.game = Game.fromEvents(next.events);
      this.sent = false;
    }
    return !sameRound && this.underWay();
  }

  /** Whether the round has had a move: joined now, it is shown as it stands. */
  underWay(): boolean {
    return this.round.events.some((e) => e.type === 'ballPlaced');
  }

  /** The server's move clock as the page shows it: the deadline of the move to play, or null. */
  clock(): Clock | null {
    const turn = whoseTurn(this.game, this.round.round, this.round.seats.length);
    return this.round.deadline > 0 && turn ? { colour: turn.colour, moveNumber: turn.moveNumber, deadline: this.round.deadline } : null;
  }

  /** The room's seats as the server sent them; the match's players in match order (seats rotate between rounds), as in local play. */
  seating(): Seating {
    const { seats, round, results, mine, resigned, standInMoves, gaveUp } = this.round;
    const players: PlayerSpec[] = seats.map(({ kind, level, name }) => ({ kind, level, name }));
    for (const seat of seats) players[seat.player] = { kind: seat.kind, level: seat.level, name: seat.name };
    return { players, seats, round, results, ownColours: mine, resignedSeats: resigned, standInMoves, gaveUp, turnsHere: false, nextRoundBy: 'host' };
  }

  standingsRules(): { players: number; misere: boolean } {
    // The room's seats and rules, not those of the local match waiting meanwhile.
    return { players: this.round.seats.length, misere: this.game.setup.misere };
  }

  nextRoundRefusal(): string {
    return sessionTexts.onlineRematch;
  }

  /** The room's rounds are the server's: nothing is kept on the device. */
  roundChanged(): void {}
}
