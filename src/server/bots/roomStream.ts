/**
 * A bot's room stream, `GET /bot/rooms/<code>/stream` (docs/online.md, Bots over HTTP): the bot
 * joins the room with its player key through a client of the room on this process's own port (a
 * seat the bridge holds for it, a seat the key holds there, a free colour, or watching; TV by
 * `tv`), and reads the room as NDJSON lines for as long as it reads: `you`, the room's messages,
 * `state` lines (stateLine.ts) and `gone` last.
 *
 * The stream and its room connection end together. A caller that hangs up, at any moment (its
 * join still under way included), or stops reading, is a drop: a seat is held for the grace and
 * the key takes it back; a spectator leaves at once, so no hang-up leaves a client in a room.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CloseCode, matchMaker, type Presence } from '@colyseus/core';
import { Client, type Room } from '@colyseus/sdk';
import { type EventsMessage, parseJoinOptions, type ServerMessageType, TV_ROOM } from '../../wire/contract';
import type { DecodedRoom } from '../../wire/roomSnapshot';
import { LIMIT_STATUS, requestAddress } from '../front/admission';
import type { BotCallers } from '../front/botCallers';
import { SERVER_UNAVAILABLE } from '../front/front';
import { playerIdOf } from '../players/playerId';
import { takeHeldSeat } from './heldSeats';
import { LineStream } from './lineStream';
import { StateLines } from './stateLine';

/** The room's messages a stream passes on, each as a line `{ "type": T, ...payload }`. */
const PASSED: ServerMessageType[] = ['you', 'emote', 'resigned', 'computerFallback', 'error', 'closing', 'fault', 'rated'];

/** The path a bot asks for TV by, in place of a room code. */
export const TV_PATH = 'tv';

/** What every room stream of a process shares. */
export interface StreamContext {
  /** This process's own address, where the streams' room clients connect. */
  endpoint: string;
  callers: BotCallers;
  presence: Presence;
  keepAliveMs: number;
  /** The open streams, by player id and room code: a bot's posts go through its stream. */
  rooms: Map<string, Room>;
  /** Every open stream, told when the server stops (botApi.ts). */
  open: Set<OpenStream>;
}

/** An open stream as the server's stop sees it. */
export interface OpenStream {
  /** The server stops: its notice (`closing`), then `gone` after `seconds` (a room of this process tells its own). */
  stop(seconds: number): void;
  /** The notice is over: `gone`, and the stream ends. */
  end(): void;
}

/** Ends a stream as the server stopped: `gone` with Colyseus' close code of a server shutdown. */
export function stoppedLine(stream: LineStream): void {
  if (stream.ended) return;
  stream.line({ type: 'gone', code: CloseCode.SERVER_SHUTDOWN, reason: 'the server stopped' });
  stream.end();
}

/** The key of a stream in StreamContext.rooms. */
export const streamKey = (player: string, code: string) => `${player} ${code}`;

/** Answers a refusal before the stream starts: JSON `{ error }`. */
export type Refuse = (status: number, error: string) => void;

/**
 * Opens the stream of the player of `key` to room `target` (a room code, or TV_PATH), or answers
 * why not: 400 for bad parameters, 409 for the room's refusal (or no such room), 429 for a limit of
 * the caller's address, 503 while the server stops.
 */
export async function openRoomStream(ctx: StreamContext, req: IncomingMessage, res: ServerResponse, target: string, key: string, refuse: Refuse): Promise<void> {
  const params = Object.fromEntries(new URL(req.url ?? '/', 'http://server').searchParams);
  const extra = Object.keys(params).filter((k) => k !== 'name' && k !== 'colour');
  if (extra.length > 0) return refuse(400, `${extra[0].slice(0, 40)}: unknown parameter (parameters: name, colour)`);
  const tv = target === TV_PATH;
  // The join options as the query gives them: a colour to take a free seat, else watch (in either case a seat the key holds comes back).
  const options = { name: params.name ?? '', ...(params.colour !== undefined && !tv ? { colour: params.colour } : { spectator: true as const }), player: key };
  const parsed = parseJoinOptions(options);
  if (!parsed.ok) return refuse(400, parsed.problem);
  const player = playerIdOf(key);
  const stream = new LineStream(res, ctx.keepAliveMs);
  const client = new Client(ctx.endpoint, { headers: ctx.callers.headersFor(requestAddress(req)) });
  let room: Room;
  try {
    const held = tv ? null : await takeHeldSeat(ctx.presence, player, target);
    room = held ? await client.consumeSeatReservation(held) : tv ? await client.joinOrCreate(TV_ROOM, parsed.options) : await client.joinById(target, parsed.options);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    // A limit of the caller's address (429, contract.ts LIMIT_CODES) and the server stopping are answered as such; the room's refusals 409.
    return refuse(code === LIMIT_STATUS || code === SERVER_UNAVAILABLE ? code : 409, e instanceof Error ? e.message : String(e));
  }
  // The caller hung up while its join was under way: it never had its stream, so it leaves.
  if (stream.ended) return void room.leave(true).catch(() => undefined);
  followRoom(ctx, req, stream, room, player);
}

/** The stream of a joined room: its lines until the room lets the bot go or the bot goes. */
function followRoom(ctx: StreamContext, req: IncomingMessage, stream: LineStream, room: Room, player: string): void {
  const id = streamKey(player, room.roomId);
  ctx.rooms.get(id)?.leave(true).catch(() => undefined);
  ctx.rooms.set(id, room);
  const lines = new StateLines();
  // The client's colour, from the room's `you` message; null until it came (the first state line follows it, so a bot knows its seat).
  let colour: string | null = null;
  let gone = false;
  const publish = () => {
    if (colour === null) return;
    const state = (room.state as DecodedRoom | undefined)?.toJSON();
    if (!state || !Array.isArray(state.seats)) return;
    const line = lines.line(state, colour);
    if (line) stream.line(line);
  };
  for (const type of PASSED) {
    room.onMessage(type, (message: Record<string, unknown>) => {
      if (type === 'you') colour = String(message.colour ?? '');
      stream.line({ type, ...message });
      if (type === 'you') publish();
    });
  }
  room.onMessage('events', (message: EventsMessage) => {
    lines.heard(message);
    publish();
  });
  room.onStateChange(publish);
  room.onLeave((code, reason) => {
    gone = true;
    stream.line({ type: 'gone', code, reason: reason ?? '' });
    stream.end();
  });
  const open: OpenStream = { stop: (seconds) => stopping(stream, room, seconds), end: () => stoppedLine(stream) };
  ctx.open.add(open);
  stream.onEnd(() => {
    ctx.open.delete(open);
    if (ctx.rooms.get(id) === room) ctx.rooms.delete(id);
    // The bot hung up (or stopped reading): a player drops, held for the grace (the key takes the seat back); a spectator leaves.
    if (!gone) leaveRoom(room, colour !== null && colour !== '');
  });
  stream.open(req);
  publish();
}

/** The room connection of a stream that ended: a drop for a seat (never tried again by the SDK), a leave for a spectator. */
function leaveRoom(room: Room, seated: boolean): void {
  room.reconnection.enabled = false;
  room.leave(!seated).catch(() => undefined);
}

/**
 * The server stops: a room of this process tells its clients (`closing`) and lets them go after
 * its notice (`gone`, 4001); a stream to another process's room gets the same from the bridge, and
 * drops its seat there (the key takes it back through another process).
 */
function stopping(stream: LineStream, room: Room, seconds: number): void {
  if (matchMaker.getLocalRoomById(room.roomId)) return;
  stream.line({ type: 'closing', seconds });
  setTimeout(() => stoppedLine(stream), seconds * 1000).unref();
}
