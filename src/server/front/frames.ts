/**
 * What every room does with a client's frames before Colyseus reads them: a client past its frame
 * allowance (a token bucket per client of a room, limits.ts: `maxMessagesPerSecond` at once,
 * refilled at a quarter of that a second) or sending a message whose payload does not decode is
 * closed with 4002 by Colyseus' own flood path, and marked, so the room starts its address's
 * cool-down (admission.ts coolDownIfFlooded). Colyseus' own count restarts every second, which a
 * client could slip across (twice the allowance around the edge); the bucket has no edge. An
 * undecodable payload would otherwise print a stack trace per frame, or, as a request, be
 * answered and leave the socket open.
 */
import { type Client, ClientState, Protocol, Room } from '@colyseus/core';
import { decode } from '@colyseus/schema';
import { unpack } from 'msgpackr';
import { type TokenBucket, TokenBuckets } from './limits';

/** The frame's kind: its first byte without Colyseus' modifier bits (PROTOCOL_CODE_MASK). */
const CODE_MASK = 0x1f;

/** Colyseus' per-client fields its flood check reads: set here so that its check closes the client. */
interface Counted {
  _numMessagesLastSecond?: number;
  _messageCountResetsAt?: number;
}

/** Each room's frame allowances, by client (its session id), of the room's allowance and clock. */
const allowances = new WeakMap<Room, TokenBuckets>();
const kicked = new WeakSet<Client>();

/** The client's frame bucket in `room`; a client new to the room first has those gone (full again by now) forgotten. */
function frameBucket(room: Room, client: Client, max: number): TokenBucket {
  let buckets = allowances.get(room);
  if (!buckets) allowances.set(room, (buckets = new TokenBuckets(max, max / 4, () => room.clock.currentTime)));
  if (!buckets.has(client.sessionId)) buckets.prune();
  return buckets.of(client.sessionId);
}

/** Whether the frame guard closed this client (for flooding or an undecodable message). */
export function kickedForFrames(client: Client): boolean {
  return kicked.has(client);
}

/** A message frame (ROOM_DATA, or ROOM_REQUEST with its id) whose type and payload decode; other frames pass. */
export function decodable(buffer: Uint8Array): boolean {
  const code = buffer[0] & CODE_MASK;
  if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_REQUEST) return true;
  try {
    const it = { offset: 1 };
    // As Colyseus reads it (RoomMessages.ts): the request's id, the type, then the msgpack payload.
    if (code === Protocol.ROOM_REQUEST) decode.number(buffer, it);
    if (decode.stringCheck(buffer, it)) decode.string(buffer, it);
    else decode.number(buffer, it);
    if (it.offset > buffer.byteLength) return false;
    if (buffer.byteLength > it.offset) unpack(buffer.subarray(it.offset));
    return true;
  } catch {
    return false;
  }
}

let installed = false;

/** Puts the guard in front of every room's frames (once per process). */
export function guardFrames(): void {
  if (installed) return;
  installed = true;
  const proto = Room.prototype as unknown as { _onMessage(this: Room, client: Client, buffer: Uint8Array): void };
  const onMessage = proto._onMessage;
  proto._onMessage = function (this: Room, client: Client, buffer: Uint8Array) {
    const max = this.maxMessagesPerSecond;
    if (client.state === ClientState.LEAVING || !buffer || max === Infinity) return onMessage.call(this, client, buffer);
    const counted = client as unknown as Counted;
    if (frameBucket(this, client, max).take() && decodable(buffer)) {
      // Colyseus' window restarts with every frame: the bucket alone decides.
      counted._messageCountResetsAt = 0;
    } else {
      kicked.add(client);
      counted._numMessagesLastSecond = max;
      counted._messageCountResetsAt = Infinity;
    }
    return onMessage.call(this, client, buffer);
  };
}
