/**
 * Who is at the room's table: the persons' connections and seat keys, the host role, and what
 * each client is told of itself (`you`). The match flow hears of drops, returns and leaves
 * (rolitRoom.ts) and decides who plays a seat; this module keeps the room's side of it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { YouMessage } from '../../wire/contract';
import { SEAT_TAKEN_BACK } from '../../wire/contract';
import { roomAlive, type RoomPhase, seatFreed } from '../players/playing';
import { serverLog } from '../front/foldedLog';
import { type Client, faultText, isBot, playerOf, refuse, type RoomCore } from './core';
import { publishSeats } from './publish';

/** A new seat key: 128 random bits, in URL-safe base64 (22 characters). */
export function newSeatKey(): string {
  return randomBytes(16).toString('base64url');
}

/** Compares a key given with a seat's in constant time, so answer times tell nothing of the key. */
function sameKey(seat: string, given: string): boolean {
  const [a, b] = [Buffer.from(seat), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The match player whose seat a seat key takes back; refused when none has it. */
export function seatWithKey(room: RoomCore, key: string): number {
  const player = room.people.findIndex((p) => p.seatKey !== null && sameKey(p.seatKey, key));
  if (player < 0) throw refuse('badSeatKey', 'no seat of this room has that key');
  return player;
}

/**
 * A person takes their seat back with its key, from this or another device: a connection still in
 * the seat is told why and closed, a pending reconnection is given up, a computer standing in hands
 * the seat back on the spot (its pending move is dropped), and the turn's deadline stands.
 */
export function takeSeatBack(room: RoomCore, client: Client, player: number): void {
  const person = room.people[player];
  const previous = person.sessionId;
  person.sessionId = client.sessionId;
  person.bot = isBot(client);
  const reconnection = person.reconnection;
  person.reconnection = null;
  room.flow.back(player, 'takeOver');
  if (previous !== null && room.hostSession === previous) room.hostSession = client.sessionId;
  // The earlier connection no longer holds a seat: its leaving (now or after the grace) changes nothing.
  reconnection?.reject(new Error('the seat was taken back on another device'));
  room.clients.find((c) => c.sessionId === previous)?.leave(SEAT_TAKEN_BACK, 'your seat was taken back with its key on another device');
  if (room.hostSession === null) passHost(room);
  publishSeats(room);
  welcome(room, client);
}

/** A seat freed (in the lobby) or the room closing: its player no longer plays here. */
export function releasePlayer(room: RoomCore, player: number): void {
  const person = room.people[player];
  if (person.playerId === null) return;
  seatFreed(room.presence, person.playerId, room.roomId).catch((e: unknown) => console.error(`rolit room ${room.roomId}: seat freed: ${faultText(e)}`));
  person.playerId = null;
}

/** The room's process lives: its phase and its seated players are renewed in the presence, which drops them when the process dies. */
export function renewPresence(room: RoomCore): void {
  const players = room.people.flatMap((p) => (p.playerId === null ? [] : [p.playerId]));
  // One line a minute however many rooms fail alike (Redis gone): the room's code, quoted, folds.
  roomAlive(room.presence, room.roomId, room.state.phase as RoomPhase, players, room.config.presenceSeconds).catch((e: unknown) =>
    serverLog.line(`rolit room "${room.roomId}": presence not renewed: ${faultText(e)}`),
  );
}

/**
 * "Forget me" for `id` (players/playing.ts tells every room): each seat of the player here is given
 * up at once (a stand-in plays it to the round's end) and goes on unnamed, the player's id leaves
 * the room (a round ending later keeps none), and its client is told who it is without it.
 */
export function forgetPlayer(room: RoomCore, id: string): void {
  for (const [sessionId, watcher] of room.watcherIds) if (watcher === id) room.watcherIds.delete(sessionId);
  room.people.forEach((person, player) => {
    if (person.playerId !== id) return;
    releasePlayer(room, player);
    room.flow.forget(player);
    const client = room.clients.find((c) => c.sessionId === person.sessionId);
    if (client) tellWho(room, client);
  });
  publishSeats(room);
}

/**
 * Nobody is connected and no round is being played: dropped players' seats are given up, so the
 * room can close. (While a round is played, computers play it to the end and the record is kept.)
 */
export function releaseIfDeserted(room: RoomCore): void {
  if (room.clients.length > 0 || room.flow.phase === 'playing') return;
  for (const person of room.people) {
    person.reconnection?.reject(new Error('the room is closing'));
    person.reconnection = null;
  }
}

/**
 * The host role passes to the person at the table seated longest (connected, no computer standing
 * in); none when nobody is. Every client is told again who it is, so each page shows the new host.
 */
export function passHost(room: RoomCore): void {
  const present = room.people.filter((p, i) => p.sessionId !== null && room.flow.player(i).presence === 'here');
  const next = present.sort((a, b) => a.seatedAt - b.seatedAt)[0]?.sessionId ?? null;
  if (next === room.hostSession) return;
  room.hostSession = next;
  for (const client of room.clients) tellWho(room, client);
}

/** Tells a client who it is, and the round's events so far. */
export function welcome(room: RoomCore, client: Client): void {
  tellWho(room, client);
  const game = room.flow.game;
  if (game) client.send('events', { round: room.flow.round, from: 0, events: [...game.events] });
  if (room.closesAt) client.send('closing', { seconds: Math.max(0, Math.ceil((room.closesAt - Date.now()) / 1000)) });
}

/** The `you` message: the client's seat's colour ('' for a spectator) and whether it hosts. */
export function tellWho(room: RoomCore, client: Client): void {
  const player = playerOf(room, client.sessionId);
  const person = player < 0 ? null : room.people[player];
  const you: YouMessage = { colour: person ? room.flow.colourOf(player) : '', host: client.sessionId === room.hostSession };
  if (person?.seatKey) you.seatKey = person.seatKey;
  const id = person?.playerId ?? room.watcherIds.get(client.sessionId);
  if (id) you.player = id;
  client.send('you', you);
}
