/**
 * The online side of a room's round: its event log as the server's `events` messages build it,
 * and the tab's title while it is this page's turn.
 */
import type { GameEvent } from '../../engine/index';
import type { EventsMessage } from '../../wire/contractCodes';

/** The tab's title while it is your turn ("Your turn · Rolit 3D"), else the page's own. */
export function turnTitle(title: string, yourTurn: boolean, words: string): string {
  return yourTurn ? `${words} · ${title}` : title;
}

/** The log of the room's current round after an `events` message (a new round starts a new log). */
export function mergeEvents(log: { round: number; events: readonly GameEvent[] } | null, message: EventsMessage): { round: number; events: readonly GameEvent[] } {
  const base = log && log.round === message.round ? log.events.slice(0, message.from) : [];
  if (base.length < message.from) throw new Error(`events of round ${message.round + 1} from ${message.from}, but only ${base.length} known`);
  return { round: message.round, events: [...base, ...message.events] };
}
