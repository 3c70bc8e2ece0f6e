/**
 * The limits per client address (limits.ts) applied to Colyseus: every request and WebSocket
 * upgrade is marked with the client's address, which Colyseus then reports as `context.ip`; the
 * matchmaker's requests (create, join, joinById, reconnect) pass the limits first; an upgrade
 * from an address cooling down after a flood is refused, so its SDK cannot reconnect by itself
 * (its refusals held a second each, COOLING_DOWN_ANSWER_MS), and one without a seat
 * reservation counts as a join.
 * A refusal is code 429 with the text `<code>: <explanation>` (contract.ts LIMIT_CODES).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { BlockList } from 'node:net';
import { type AuthContext, type BeforeUpgradeHandler, type Client, CloseCode, ErrorCode, matchMaker, ServerError } from '@colyseus/core';
import { createOptions, issuesText, LOBBY_ROOM, PLAYER_KEY_PATTERN, QUICK_ROOM, ROOM_NAME, TV_ROOM } from '../../wire/contract';
import type { BotCallers } from './botCallers';
import { kickedForFrames } from './frames';
import { clientAddress, type ClientLimiter, type LimitRefusal } from './limits';

/** Rooms that serve everyone, one of each (more only when one is full): nobody's own rooms. */
const SHARED_ROOMS: readonly string[] = [LOBBY_ROOM, QUICK_ROOM, TV_ROOM];

/** HTTP status of a request refused by a limit: Too Many Requests. */
export const LIMIT_STATUS = 429;

/**
 * How long the refusal of an address cooling down after a flood is held before it is sent. A
 * flooder that tries again at once would otherwise be answered as fast as it asks, and its
 * thousands of refusals a second would slow every room; held, each of its connections tries at
 * most once a second, for the cost of a timer.
 */
export const COOLING_DOWN_ANSWER_MS = 1000;

const held = () => new Promise<void>((resolve) => setTimeout(resolve, COOLING_DOWN_ANSWER_MS));

/**
 * Sets `X-Real-IP`, the header Colyseus reads the client's address from first, to the address
 * the limits count (the socket's peer, or X-Forwarded-For from a trusted proxy; for a bot
 * stream's own request, the stream's caller: botCallers.ts), whatever the client sent, before
 * any other listener sees the request.
 */
/** A room that tells whether it has a spectator's place for an address (the room's seating.ts), asked before reserving. */
export interface WatchedRoom {
  spectatorRefusal(options: unknown, address: string): string | null;
}

export function markClientAddresses(http: HttpServer, trusted: BlockList | null, bots: BotCallers): void {
  const mark = (req: IncomingMessage) => {
    const caller = bots.callerOf(req);
    req.headers['x-real-ip'] = caller ?? clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted);
    // A bot stream's own requests are the bot API's players (docs/online.md, Bots known as bots); nobody else can say so.
    if (caller === null) delete req.headers[BOT_HEADER];
    else req.headers[BOT_HEADER] = '1';
  };
  http.prependListener('request', mark);
  http.prependListener('upgrade', mark);
}

/** The address a request counts by, as markClientAddresses marked it. */
export function requestAddress(req: IncomingMessage): string {
  const marked = req.headers['x-real-ip'];
  return typeof marked === 'string' ? marked : 'unknown';
}

/** The address Colyseus gives a request (marked by markClientAddresses). */
export function addressOf(context: Pick<AuthContext, 'ip'> | undefined): string {
  return context?.ip ?? 'unknown';
}

/** The header markClientAddresses sets on a bot stream's own requests, and takes off everyone else's. */
const BOT_HEADER = 'x-rolit-bot';

/** What a room's onAuth gives each client (client.auth): the address its limits count, and whether it is a bot's stream. */
export interface ClientAuth {
  address: string;
  /** The client is a bot's stream of the bot API (botApi.ts): its seat is shown as a bot's. */
  bot?: boolean;
}

/** A client's auth from its matchmaking request (marked by markClientAddresses). */
export function clientAuthOf(context: Pick<AuthContext, 'ip' | 'headers'> | undefined): ClientAuth {
  return { address: addressOf(context), bot: context?.headers?.get(BOT_HEADER) === '1' };
}

/**
 * Starts the cool-down of a client's address when the frame guard (frames.ts) closed it with 4002:
 * past its frame allowance, or for a message that does not decode; other 4002 closes (a
 * connection replaced by a reconnection) do not. Whether it did.
 */
export function coolDownIfFlooded(limiter: ClientLimiter, client: Client, code: number | undefined): boolean {
  const flooded = code === CloseCode.WITH_ERROR && kickedForFrames(client);
  const address = (client.auth as ClientAuth | undefined)?.address;
  if (flooded && address) limiter.kicked(address);
  return flooded;
}

function refused(refusal: LimitRefusal): ServerError {
  return new ServerError(LIMIT_STATUS, `${refusal.code}: ${refusal.text}`);
}

const invoke = matchMaker.controller.invokeMethod;

/** Puts the limits in front of the matchmaker's requests; the returned function takes them away. */
export function guardMatchmaking(limiter: ClientLimiter): () => void {
  const controller = matchMaker.controller;
  controller.invokeMethod = async (method, roomName, clientOptions, authContext) => {
    const address = addressOf(authContext);
    const call = () => invoke.call(controller, method, roomName, clientOptions, authContext);
    const coolingDown = limiter.coolingDown(address);
    if (coolingDown) {
      await held();
      throw refused(coolingDown);
    }
    const keyRefusal = countedKey(clientOptions, (key) => limiter.takeKey(address, key));
    if (keyRefusal) throw refused(keyRefusal);
    if (SHARED_ROOMS.includes(roomName) && method !== 'joinById' && method !== 'reconnect') {
      // Entering the lobby, the queue or TV is a join, even when it opens the room; a create joins the one open.
      const refusal = limiter.takeJoin(address);
      if (refusal) throw refused(refusal);
      return invoke.call(controller, method === 'create' ? 'joinOrCreate' : method, roomName, clientOptions, authContext);
    }
    switch (method) {
      case 'reconnect': {
        // A reconnection token is a secret like a room code: a wrong one is a guess.
        const refusal = limiter.guessesLeft(address);
        if (refusal) throw refused(refusal);
        try {
          return await call();
        } catch (e) {
          limiter.wrongGuess(address);
          throw e;
        }
      }
      case 'joinById': {
        const refusal = limiter.guessesLeft(address) ?? limiter.takeJoin(address);
        if (refusal) throw refused(refusal);
        // A room of this process says at once when it has no spectator's place (seating.ts); its reservation would refuse it anyway.
        const room = matchMaker.getLocalRoomById(roomName) as Partial<WatchedRoom> | undefined;
        const noPlace = room?.spectatorRefusal?.(clientOptions, address);
        if (noPlace) throw new ServerError(ErrorCode.APPLICATION_ERROR, `spectatorsFull: ${noPlace}`);
        try {
          return await call();
        } catch (e) {
          const error = e as { code?: number; message?: string };
          if (error.code === ErrorCode.MATCHMAKE_INVALID_ROOM_ID && /not found/.test(error.message ?? '')) limiter.wrongGuess(address);
          throw e;
        }
      }
      case 'create':
      case 'joinOrCreate': {
        // Checked before Colyseus merges the options with the server's, where `config` and `__proto__` would vanish unseen.
        if (roomName === ROOM_NAME) {
          const parsed = createOptions.safeParse(clientOptions);
          if (!parsed.success) throw new ServerError(ErrorCode.APPLICATION_ERROR, `badOptions: ${issuesText(parsed.error, 'options')}`);
        }
        // A client's rooms are reached by their code only, listed ones too: joinOrCreate creates.
        let held = limiter.reserveRoom(address);
        if ('code' in held) {
          await forgetClosedRooms(limiter, address);
          held = limiter.reserveRoom(address);
        }
        if ('code' in held) throw refused(held);
        const refusal = limiter.takeJoin(address);
        if (refusal) {
          limiter.roomClosed(held.ticket);
          throw refused(refusal);
        }
        try {
          const reservation = (await invoke.call(controller, 'create', roomName, clientOptions, authContext)) as { roomId: string };
          limiter.roomOpened(held.ticket, reservation.roomId);
          return reservation;
        } catch (e) {
          limiter.roomClosed(held.ticket);
          throw e;
        }
      }
      default: {
        if (method === 'join' && roomName === ROOM_NAME) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `${ROOM_NAME} rooms are joined by their code (joinById)`);
        const refusal = limiter.takeJoin(address);
        if (refusal) throw refused(refusal);
        return call();
      }
    }
  };
  return () => {
    controller.invokeMethod = invoke;
  };
}

/**
 * The player key of a create's or join's options counted against the address's keys of the hour
 * (limits.ts takeKey), by a hash of it: the limits keep no key. Null when it may go on.
 */
function countedKey(options: unknown, take: (counted: string) => LimitRefusal | null): LimitRefusal | null {
  const key = (options as { player?: unknown } | null)?.player;
  if (typeof key !== 'string' || !PLAYER_KEY_PATTERN.test(key)) return null;
  return take(createHash('sha256').update(key).digest('base64url'));
}

/**
 * Rooms closed on another process (with Redis) are not seen closing here: before refusing an
 * address its last room, the rooms it is counted for are looked up.
 */
async function forgetClosedRooms(limiter: ClientLimiter, address: string): Promise<void> {
  for (const roomId of limiter.roomsOf(address)) {
    if (!matchMaker.getLocalRoomById(roomId) && !(await matchMaker.driver.findOne({ roomId }))) limiter.roomClosed(roomId);
  }
}

/**
 * Guards the WebSocket upgrades: an address cooling down is refused; an upgrade that holds no
 * seat reservation of a room of this process (a raw connection, an expired or made-up session,
 * a reconnection token that is no longer valid) spends one of the address's joins, and once they
 * are spent is refused (429) before Colyseus reads it.
 */
export function guardUpgrades(limiter: ClientLimiter): BeforeUpgradeHandler {
  return async (request, context) => {
    const address = addressOf(context);
    const coolingDown = limiter.coolingDown(address);
    if (coolingDown) {
      await held();
      return new Response(`${coolingDown.code}: ${coolingDown.text}`, { status: LIMIT_STATUS });
    }
    if (holdsReservation(request.url)) return undefined;
    const refusal = limiter.takeJoin(address);
    return refusal ? new Response(`${refusal.code}: ${refusal.text}`, { status: LIMIT_STATUS }) : undefined;
  };
}

/** Whether an upgrade's URL (`/<process>/<room>?sessionId=…[&reconnectionToken=…]`, as the transport reads it) names a seat reserved in a room here. */
function holdsReservation(url: string): boolean {
  const parsed = URL.parse(url, 'ws://server');
  const roomId = parsed && /\/[a-zA-Z0-9_-]+\/([a-zA-Z0-9_-]+)$/.exec(parsed.pathname)?.[1];
  const sessionId = parsed?.searchParams.get('sessionId');
  if (!roomId || !sessionId) return false;
  const room = matchMaker.getLocalRoomById(roomId);
  return room?.hasReservedSeat(sessionId, parsed.searchParams.get('reconnectionToken') ?? undefined) ?? false;
}
