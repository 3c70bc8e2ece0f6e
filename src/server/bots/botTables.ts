/**
 * How a bot gets to a table over HTTP (docs/online.md, Bots over HTTP), beside challenges
 * (challenges.ts): `POST /bot/rooms` creates a room with the key's player its host, `POST
 * /bot/quick` waits in quick play's queue for a table, and `GET /bot/lobby` lists the open
 * tables. The seat of a room created or found is held for the player (heldSeats.ts) until their
 * stream takes it. Each goes through the matchmaker with the caller's address, as a page's
 * request would: its limits are the caller's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { createOptions, issuesText, QUICK_ROOM, quickOptions, ROOM_NAME, type TableListing } from '../../wire/contract';
import { LIMIT_STATUS, requestAddress } from '../front/admission';
import { SERVER_UNAVAILABLE } from '../front/front';
import { tellPlayer } from '../players/playerEvents';
import { playerIdOf } from '../players/playerId';
import { holdSeat, type SeatReservation } from './heldSeats';
import type { StreamContext } from './roomStream';

/** An answer of the bot API: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** How long `POST /bot/quick` waits for a table before it gives up (the queue seats a lone player after its wait, 15 s by default). */
const QUICK_WAIT_LIMIT_MS = 120_000;

/** The body of a POST as a JSON object, or why not. */
export function jsonObject(body: string): Record<string, unknown> | { problem: string } {
  let value: unknown;
  try {
    value = body.trim() === '' ? {} : JSON.parse(body);
  } catch {
    return { problem: 'the body is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'the body is not a JSON object' };
  return value as Record<string, unknown>;
}

/** The answer to a matchmaking request that failed: 429 and 503 as they are, the room's refusals (526) 400, any other 409. */
export function refusedMatchmaking(e: unknown, refusedStatus: number): Answer {
  const code = (e as { code?: unknown }).code;
  const status = code === LIMIT_STATUS || code === SERVER_UNAVAILABLE ? code : code === 526 ? refusedStatus : 409;
  return { status, body: { error: e instanceof Error ? e.message : String(e) } };
}

/** `POST /bot/rooms`: the body's create options, the key's player the host; 201 `{ code }`, the creator's seat held for their stream. */
export async function createBotRoom(ctx: StreamContext, req: IncomingMessage, key: string, body: string, holdSeconds: number): Promise<Answer> {
  const options = jsonObject(body);
  if ('problem' in options) return { status: 400, body: { error: options.problem } };
  if ('player' in options && options.player !== key) return { status: 400, body: { error: 'player: the key is the one of the Authorization header (leave player out)' } };
  const parsed = createOptions.safeParse({ ...options, player: key });
  if (!parsed.success) return { status: 400, body: { error: `badOptions: ${issuesText(parsed.error, 'options')}` } };
  let reservation: SeatReservation;
  try {
    const client = new Client(ctx.endpoint, { headers: ctx.callers.headersFor(requestAddress(req)) });
    reservation = (await client.http.post(`/matchmake/create/${ROOM_NAME}`, { headers: { accept: 'application/json', 'content-type': 'application/json' }, body: { ...options, player: key } })).data as SeatReservation;
  } catch (e) {
    return refusedMatchmaking(e, 400);
  }
  await holdSeat(ctx.presence, playerIdOf(key), reservation, holdSeconds);
  return { status: 201, body: { code: reservation.roomId } };
}

/**
 * `POST /bot/quick` with `{ "name" }`: waits in quick play's queue until the player has a table,
 * then answers 201 `{ code }` (and `gameStart` on the player's events), the seat held for their
 * stream. A caller that hangs up leaves the queue.
 */
export async function quickTable(ctx: StreamContext, req: IncomingMessage, res: ServerResponse, key: string, body: string, holdSeconds: number): Promise<Answer | null> {
  const options = jsonObject(body);
  if ('problem' in options) return { status: 400, body: { error: options.problem } };
  const parsed = quickOptions.safeParse({ ...options, player: key });
  if (!parsed.success) return { status: 400, body: { error: `badOptions: ${issuesText(parsed.error, 'options')}` } };
  const client = new Client(ctx.endpoint, { headers: ctx.callers.headersFor(requestAddress(req)) });
  let queue;
  try {
    queue = await client.joinOrCreate(QUICK_ROOM, parsed.data);
  } catch (e) {
    return refusedMatchmaking(e, 400);
  }
  queue.reconnection.enabled = false;
  const seat = await new Promise<SeatReservation | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), QUICK_WAIT_LIMIT_MS);
    queue.onMessage('seat', (reservation: SeatReservation) => {
      clearTimeout(timer);
      queue.send('confirm');
      resolve(reservation);
    });
    queue.onMessage('*', () => undefined);
    queue.onLeave(() => resolve(null));
    res.on('close', () => resolve(null));
  });
  if (res.destroyed || seat === null) {
    queue.leave(true).catch(() => undefined);
    return res.destroyed ? null : { status: 503, body: { error: 'no table was found: try again' } };
  }
  const player = playerIdOf(key);
  await holdSeat(ctx.presence, player, seat, holdSeconds);
  await tellPlayer(ctx.presence, player, { type: 'gameStart', room: seat.roomId });
  return { status: 201, body: { code: seat.roomId } };
}

/** `GET /bot/lobby`: the open tables of the lobby, each its code and listing (docs/online.md, Lobby). */
export async function lobbyTables(): Promise<Answer> {
  const rooms = await matchMaker.query({ name: ROOM_NAME, private: false, unlisted: false });
  const listed = rooms.filter((room) => Array.isArray((room.metadata as Partial<TableListing> | undefined)?.free));
  return { status: 200, body: listed.map((room) => ({ code: room.roomId, ...(room.metadata as TableListing) })) };
}
