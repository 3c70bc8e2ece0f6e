/**
 * The `state` lines of a bot's room stream (docs/online.md, Bots over HTTP): the table (its rules),
 * the round, whose turn and its deadline, each seat (who holds it, why, its stand-in and drop
 * deadline), the moves the bot may play, and what happened since the stream's previous line
 * (`events`: time-outs, drops, stand-ins, returns), so a bot needs neither the room's schema nor
 * the engine's events to follow a table.
 */
import type { EventsMessage } from '../../wire/contract';
import type { RoomSeat, RoomSnapshot } from '../../wire/roomSnapshot';

/** Something that happened at the table since the previous state line. */
export type TableEvent =
  | { type: 'timeExpired'; colour: string }
  | { type: 'dropped'; colour: string; dropDeadline: number }
  | { type: 'standIn'; colour: string; reason: string; level: string }
  | { type: 'back'; colour: string };

/** A seat as a state line gives it. */
function seatOf(s: RoomSeat) {
  return {
    colour: s.colour, colours: [...s.colours], name: s.name, kind: s.kind, bot: s.bot, level: s.level, holder: s.holder, reason: s.reason,
    connected: s.connected, standIn: s.standIn, dropDeadline: s.dropDeadline, score: s.score,
  };
}

/** What changed in a seat between two lines of one round: a drop, a stand-in, a return. */
function seatEvents(before: RoomSeat, now: RoomSeat): TableEvent[] {
  if (now.kind !== 'human' || before.kind !== 'human') return [];
  if (now.reason === 'dropped' && before.reason !== 'dropped') return [{ type: 'dropped', colour: now.colour, dropDeadline: now.dropDeadline }];
  if (now.holder === 'computer' && before.holder !== 'computer') return [{ type: 'standIn', colour: now.colour, reason: now.reason, level: now.level }];
  // Back: the person holds the seat again and is no longer away (a line while they are still away tells nothing of them).
  if (now.holder === 'person' && now.reason !== 'dropped' && (before.holder === 'computer' || before.reason === 'dropped')) return [{ type: 'back', colour: now.colour }];
  return [];
}

/** The state lines of one stream: each the table as it is, none when nothing changed since the last. */
export class StateLines {
  private last = '';
  private seats: RoomSeat[] = [];
  private round = -1;
  private pending: TableEvent[] = [];
  /** The round of the engine events heard, and how many of its events were heard (null before the first message: the log then sent is history). */
  private eventsRound = -1;
  private heardEvents: number | null = null;

  /** The room's `events` message: the time-outs in what follows the first log the stream got are news of the next line. */
  heard(message: EventsMessage): void {
    const end = message.from + message.events.length;
    if (this.heardEvents === null) [this.eventsRound, this.heardEvents] = [message.round, end];
    if (message.round !== this.eventsRound) [this.eventsRound, this.heardEvents] = [message.round, 0];
    const from = this.heardEvents;
    message.events.forEach((event, i) => {
      if (message.from + i >= from && event.type === 'timeExpired') this.pending.push({ type: 'timeExpired', colour: event.colour });
    });
    this.heardEvents = Math.max(from, end);
  }

  /** The line for `state` as the bot of `colour` sees it ('' for a spectator), or null when it would repeat the last. */
  line(state: RoomSnapshot, colour: string): ({ type: 'state' } & Record<string, unknown>) | null {
    if (state.round === this.round) state.seats.forEach((seat, i) => this.seats[i] && this.pending.push(...seatEvents(this.seats[i], seat)));
    this.round = state.round;
    this.seats = state.seats.map((s) => ({ ...s, colours: [...s.colours] }));
    const mine = state.seats.find((s) => s.colour === colour);
    const myTurn = colour !== '' && state.phase === 'playing' && state.toMove === colour && mine?.holder === 'person';
    const table = {
      phase: state.phase,
      round: state.round,
      size: state.size,
      variant: state.variant,
      misere: state.misere,
      timeLimit: state.timeLimit,
      host: state.host,
      toMove: state.toMove,
      moveDeadline: state.moveDeadline,
      moves: [...state.moves],
      seats: state.seats.map(seatOf),
      legalMoves: myTurn ? [...state.legal] : [],
    };
    const text = JSON.stringify(table);
    if (text === this.last && this.pending.length === 0) return null;
    this.last = text;
    return { type: 'state', ...table, events: this.pending.splice(0) };
  }
}
