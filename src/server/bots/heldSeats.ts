/**
 * Seats the bot API took for a player and holds until their room stream takes them
 * (docs/online.md, Bots over HTTP): the seat reservation of a room made by `POST /bot/rooms`, or
 * of a quick-play table found by `POST /bot/quick`, kept in Colyseus' presence (with Redis, for
 * a stream opened on any process) for as long as the reservation holds.
 */
import type { Presence } from '@colyseus/core';
import type { SeatReservation } from '@colyseus/sdk';

export type { SeatReservation };

const key = (player: string, code: string) => `rolit:botSeat:${player}:${code}`;

/** Holds `reservation` for `player`'s stream to its room, `seconds` at most. */
export async function holdSeat(presence: Presence, player: string, reservation: SeatReservation, seconds: number): Promise<void> {
  await presence.setex(key(player, reservation.roomId), JSON.stringify(reservation), Math.max(1, Math.ceil(seconds)));
}

/** The reservation held for `player` in room `code`, taken (none is left after): null when none is held. */
export async function takeHeldSeat(presence: Presence, player: string, code: string): Promise<SeatReservation | null> {
  const text = (await presence.get(key(player, code))) as string | null | undefined;
  if (!text) return null;
  await presence.del(key(player, code));
  return JSON.parse(text) as SeatReservation;
}
