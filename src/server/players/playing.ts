/**
 * Where each player holds a seat (`GET /players/<id>/playing`): a set per player in Colyseus'
 * presence, so with Redis every process sees every process's rooms. A room adds its seated
 * players' ids and takes them out when the seat is freed or the room closes. Beside them, each
 * room's phase (a hash of room to phase), so a page offering to go back says what it goes back to.
 */
import { matchMaker, type Presence } from '@colyseus/core';
import type { MatchSnapshot } from '../../wire/matchSnapshot';

const key = (player: string) => `rolit:playing:${player}`;
const PHASES = 'rolit:phases';
/** Each seat's stand-in moves left before its round counts as given up, by `<room> <player>` (a round in play only). */
const STAND_IN_LEFT = 'rolit:standInLeft';
const seatField = (roomId: string, player: string) => `${roomId} ${player}`;

/** A room's phase, as the state's `phase` says it. */
export type RoomPhase = MatchSnapshot['phase'];

export async function seatHeld(presence: Presence, player: string, roomId: string): Promise<void> {
  await presence.sadd(key(player), roomId);
}

export async function seatFreed(presence: Presence, player: string, roomId: string): Promise<void> {
  await presence.srem(key(player), roomId);
  await presence.hdel(STAND_IN_LEFT, seatField(roomId, player));
}

/** The room's phase as it is now (written when it changes); none once it closes. */
export async function phaseNow(presence: Presence, roomId: string, phase: RoomPhase | null): Promise<void> {
  if (phase === null) await presence.hdel(PHASES, roomId);
  else await presence.hset(PHASES, roomId, phase);
}

/** The moves a stand-in may still play for `player`'s seat in `roomId` before the round counts as given up; null: no round in play. */
export async function standInLeftNow(presence: Presence, roomId: string, player: string, left: number | null): Promise<void> {
  if (left === null) await presence.hdel(STAND_IN_LEFT, seatField(roomId, player));
  else await presence.hset(STAND_IN_LEFT, seatField(roomId, player), String(left));
}

/**
 * The rooms where `player` holds a seat, still open, each with its phase (a process that crashed
 * left its rooms in the set: they are dropped here).
 */
export async function roomsPlaying(player: string): Promise<{ room: string; phase: RoomPhase; standInLeft: number | null }[]> {
  const rooms = (await matchMaker.presence.smembers(key(player))).sort();
  const open = await Promise.all(rooms.map(async (roomId) => Boolean(await matchMaker.driver.findOne({ roomId }))));
  const gone = rooms.filter((_, i) => !open[i]);
  for (const roomId of gone) {
    await matchMaker.presence.srem(key(player), roomId);
    await matchMaker.presence.hdel(PHASES, roomId);
  }
  const kept = rooms.filter((_, i) => open[i]);
  const phases = await Promise.all(kept.map((roomId) => matchMaker.presence.hget(PHASES, roomId)));
  const left = await Promise.all(kept.map((roomId) => matchMaker.presence.hget(STAND_IN_LEFT, seatField(roomId, player))));
  return kept.map((room, i) => {
    const phase = (phases[i] ?? 'waiting') as RoomPhase;
    return { room, phase, standInLeft: phase === 'playing' && left[i] !== null && /^\d+$/.test(left[i]!) ? Number(left[i]) : null };
  });
}

/** The channel on which "Forget me" tells every room of every process (with Redis) whose player was forgotten. */
const FORGOTTEN = 'rolit:forgotten';

/** Tells every room that `player` was forgotten: each gives up the player's seat at once and keeps it unnamed. */
export async function announceForgotten(player: string): Promise<void> {
  await matchMaker.presence.publish(FORGOTTEN, player);
}

/** The rooms listening for "Forget me" on each presence: one subscription a process, whatever its rooms. */
const listeners = new WeakMap<Presence, Set<(player: string) => void>>();

/** Calls `forget` with each player forgotten while the room is open; gives the call that stops listening. */
export function whenForgotten(presence: Presence, forget: (player: string) => void): () => void {
  let rooms = listeners.get(presence);
  if (!rooms) {
    const all = new Set<(player: string) => void>();
    rooms = all;
    listeners.set(presence, all);
    void presence.subscribe(FORGOTTEN, (player: unknown) => {
      if (typeof player === 'string') for (const room of all) room(player);
    });
  }
  const mine = rooms;
  mine.add(forget);
  return () => mine.delete(forget);
}
