/**
 * Where each player holds a seat (`GET /players/<id>/playing`), in Colyseus' presence, so with
 * Redis every process sees every process's rooms: a set of rooms per player, and a key per room
 * holding its phase, so a page offering to go back says what it goes back to, and a hash per room
 * of its persons' stand-in moves left before their round counts as given up. Every key expires
 * unless the room's process renews it (roomAlive, every third of the time): the rooms of a process
 * that died leave within that time (docs/online.md, Failures), and a renewal after Redis lost them
 * puts them back.
 */
import { matchMaker, type Presence } from '@colyseus/core';
import type { MatchSnapshot } from '../../wire/matchSnapshot';

const playerKey = (player: string) => `rolit:playing:${player}`;
const roomKey = (roomId: string) => `rolit:room:${roomId}`;
/** A room's persons' stand-in moves left before the round counts as given up, by player (a round in play only). */
const standInKey = (roomId: string) => `rolit:standInLeft:${roomId}`;

/** Seconds a room stays in the presence without its process renewing it, unless told otherwise. */
export const DEFAULT_PRESENCE_SECONDS = 30;

/** A room's phase, as the state's `phase` says it. */
export type RoomPhase = MatchSnapshot['phase'];

export async function seatHeld(presence: Presence, player: string, roomId: string, seconds: number): Promise<void> {
  await presence.sadd(playerKey(player), roomId);
  await presence.expire(playerKey(player), seconds);
}

export async function seatFreed(presence: Presence, player: string, roomId: string): Promise<void> {
  await presence.srem(playerKey(player), roomId);
  await presence.hdel(standInKey(roomId), player);
}

/** The room's phase as it is now (written when it changes, for `seconds`); none once it closes. */
export async function phaseNow(presence: Presence, roomId: string, phase: RoomPhase | null, seconds: number): Promise<void> {
  if (phase === null) {
    await presence.del(roomKey(roomId));
    await presence.del(standInKey(roomId));
  } else await presence.setex(roomKey(roomId), phase, seconds);
}

/** The room's process lives: its phase and its players' seats are renewed for `seconds` more. */
export async function roomAlive(presence: Presence, roomId: string, phase: RoomPhase, players: string[], seconds: number): Promise<void> {
  await phaseNow(presence, roomId, phase, seconds);
  await presence.expire(standInKey(roomId), seconds);
  for (const player of players) await seatHeld(presence, player, roomId, seconds);
}

/** The moves a stand-in may still play for `player`'s seat in `roomId` before the round counts as given up; null: no round in play. */
export async function standInLeftNow(presence: Presence, roomId: string, player: string, left: number | null): Promise<void> {
  if (left === null) await presence.hdel(standInKey(roomId), player);
  else await presence.hset(standInKey(roomId), player, String(left));
}

/**
 * The rooms where `player` holds a seat, still open, each with its phase. A room whose key expired
 * (its process died) or that no process holds is dropped from the player's set here.
 */
export async function roomsPlaying(player: string): Promise<{ room: string; phase: RoomPhase; standInLeft: number | null }[]> {
  const presence = matchMaker.presence;
  const rooms = (await presence.smembers(playerKey(player))).sort();
  const phases = await Promise.all(rooms.map(async (roomId) => ((await presence.get(roomKey(roomId))) as RoomPhase | null | undefined) ?? null));
  const open = await Promise.all(rooms.map(async (roomId, i) => phases[i] !== null && Boolean(await matchMaker.driver.findOne({ roomId }))));
  for (const [i, roomId] of rooms.entries()) if (!open[i]) await presence.srem(playerKey(player), roomId);
  const left = await Promise.all(rooms.map((roomId, i) => (open[i] && phases[i] === 'playing' ? presence.hget(standInKey(roomId), player) : null)));
  return rooms.flatMap((room, i) => (open[i] ? [{ room, phase: phases[i]!, standInLeft: left[i] !== null && /^\d+$/.test(left[i]!) ? Number(left[i]) : null }] : []));
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
