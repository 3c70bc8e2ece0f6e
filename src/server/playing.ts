/**
 * Where each player holds a seat (`GET /players/<id>/playing`): a set per player in Colyseus'
 * presence, so with Redis every process sees every process's rooms. A room adds its seated
 * players' ids and takes them out when the seat is freed or the room closes.
 */
import { matchMaker, type Presence } from '@colyseus/core';

const key = (player: string) => `rolit:playing:${player}`;

export async function seatHeld(presence: Presence, player: string, roomId: string): Promise<void> {
  await presence.sadd(key(player), roomId);
}

export async function seatFreed(presence: Presence, player: string, roomId: string): Promise<void> {
  await presence.srem(key(player), roomId);
}

/** The rooms where `player` holds a seat, still open (a process that crashed left its rooms in the set: they are dropped here). */
export async function roomsPlaying(player: string): Promise<string[]> {
  const rooms = (await matchMaker.presence.smembers(key(player))).sort();
  const open = await Promise.all(rooms.map(async (roomId) => Boolean(await matchMaker.driver.findOne({ roomId }))));
  const gone = rooms.filter((_, i) => !open[i]);
  for (const roomId of gone) await matchMaker.presence.srem(key(player), roomId);
  return rooms.filter((_, i) => open[i]);
}
